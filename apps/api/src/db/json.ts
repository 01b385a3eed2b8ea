// JSON as PostgreSQL's jsonb takes it, for the statements that hand it whole relations as one parameter.

/** JSON text PostgreSQL's jsonb takes: it refuses \u0000 (the importer should never hand one over). */
export const jsonText = (value: unknown) => noNul(JSON.stringify(value));
/** JSON text without the \u0000 escapes jsonb refuses. */
export const noNul = (json: string) => (json.includes('\\u0000') ? json.replace(/\\u0000/g, '') : json);
