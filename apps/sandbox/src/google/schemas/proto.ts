import { z } from 'zod';

// How Google's API front end reads a JSON request into its proto message, and how it says no. The canonical
// proto3 JSON mapping is the contract: message fields by their lowerCamelCase JSON name (the proto's
// snake_case name is read too), int64/uint64 as decimal strings, double and float as numbers, enums by
// their value names, repeated fields as arrays, Timestamps as RFC 3339 text, `null` as "not set". An unknown
// field or query parameter, a value of the wrong JSON type and a missing required field are refused with
// 400 INVALID_ARGUMENT and a google.rpc.BadRequest naming the field by its proto path
// (`product_input.product_attributes.availability`).

/** One entry of google.rpc.BadRequest.fieldViolations. */
export interface TFieldViolation {
  field?: string;
  description: string;
}

/**
 * A type error's message is the type's name as Google prints it: a scalar's `TYPE_STRING`, a message's or an
 * enum's `type.googleapis.com/…` name. Any other message is a rule of the method, printed as it is.
 */
const isTypeName = (message: string) => message.startsWith('TYPE_') || message.startsWith('type.googleapis.com/');

export const string = () => z.string({ error: 'TYPE_STRING' });
export const bool = () => z.boolean({ error: 'TYPE_BOOL' });
export const double = () => z.number({ error: 'TYPE_DOUBLE' });
export const float = () => z.number({ error: 'TYPE_FLOAT' });

const INT64_MAX = 9_223_372_036_854_775_807n;
const INT64_MIN = -9_223_372_036_854_775_808n;
/** int64 in JSON: a decimal string within range (a JSON number is refused: it cannot carry 64 bits). */
export const int64 = () =>
  z
    .string({ error: 'TYPE_INT64' })
    .refine((s) => /^-?\d{1,20}$/.test(s) && BigInt(s) <= INT64_MAX && BigInt(s) >= INT64_MIN, { error: 'TYPE_INT64' });

/** An int32 query parameter (`pageSize=25`). */
export const int32Text = () =>
  z
    .string({ error: 'TYPE_INT32' })
    .refine((s) => /^-?\d{1,10}$/.test(s) && Math.abs(Number(s)) <= 2_147_483_647, { error: 'TYPE_INT32' });

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
/** google.protobuf.Timestamp: RFC 3339 with a zone (`2026-03-01T00:00:00Z`, `…+01:00`). */
export const timestamp = () =>
  z
    .string({ error: 'type.googleapis.com/google.protobuf.Timestamp' })
    .refine((s) => RFC3339.test(s) && !Number.isNaN(Date.parse(s)), { error: 'type.googleapis.com/google.protobuf.Timestamp' });

/** A proto enum: its value names only (never the feed spelling, never the number). */
export const protoEnum = <const T extends readonly [string, ...string[]]>(typeName: string, values: T) =>
  z.enum(values, { error: `type.googleapis.com/${typeName}` });

/** A repeated field: a JSON array of its element type (a single value is refused). */
export const repeated = <T extends z.ZodType>(element: T, elementType: string) =>
  z.array(element, { error: elementType });

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A proto message: its fields by JSON name (the proto name is read as the same field), unknown fields
 * refused, `null` meaning not set.
 */
export const message = <S extends z.ZodRawShape>(typeName: string, shape: S) => {
  const known = new Set(Object.keys(shape));
  return z.preprocess(
    (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        if (v === null) continue;
        const name = !known.has(key) && known.has(camel(key)) ? camel(key) : key;
        out[name] = v;
      }
      return out;
    },
    z.strictObject(shape, { error: `type.googleapis.com/${typeName}` }),
  );
};

/** Query parameters every Google API takes besides the method's own (system parameters). */
const SYSTEM_PARAMETERS = new Set(['$.xgafv', 'access_token', 'alt', 'callback', 'fields', 'key', 'prettyPrint', 'quotaUser', 'upload_protocol', 'uploadType']);

export const withoutSystemParameters = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([key]) => !SYSTEM_PARAMETERS.has(key)));

/** The proto path of a JSON path: `productAttributes.gtins.0` → `product_attributes.gtins[0]`. */
const protoPath = (root: string, path: readonly PropertyKey[]): string => {
  let out = root;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${snake(String(part))}` : snake(String(part));
  }
  return out;
};

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value));

/** Google's words for what was wrong with one zod issue. */
const violationsOf = (issue: z.core.$ZodIssue, root: string, where: 'body' | 'query'): TFieldViolation[] => {
  const field = protoPath(root, issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) =>
      where === 'query'
        ? {
            description: `Invalid JSON payload received. Unknown name "${key}": Cannot bind query parameter. Field '${key}' could not be found in request message.`,
          }
        : {
            ...(field ? { field } : {}),
            description: `Invalid JSON payload received. Unknown name "${key}"${field ? ` at '${field}'` : ''}: Cannot find field.`,
          },
    );
  }
  const input = (issue as { input?: unknown }).input;
  if (input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return [{ field, description: `Required field ${field} is not set.` }];
  }
  if (isTypeName(issue.message)) {
    return [{ field, description: `Invalid value at '${field}' (${issue.message}), ${shown(input)}` }];
  }
  return [{ field, description: issue.message }];
};

/**
 * Reads `value` as `schema` would at `root` (`product_input` for a request body that is that field, '' for a
 * body that is the whole request message): the parsed message, or Google's field violations.
 */
export const readAs = <T extends z.ZodType>(
  schema: T,
  value: unknown,
  root: string,
  where: 'body' | 'query' = 'body',
): { ok: true; value: z.output<T> } | { ok: false; violations: TFieldViolation[] } => {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, violations: parsed.error.issues.flatMap((issue) => violationsOf(issue, root, where)) };
};
