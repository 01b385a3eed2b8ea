const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids in the database; anything else cannot match a row (and must not reach a uuid cast). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);
