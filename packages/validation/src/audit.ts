import type { z } from 'zod';

// Used by the contract and gateway tests to keep those holes closed: every string an input schema accepts
// must be bounded and refuse control characters, so a new field cannot slip in as a bare z.string().

interface TDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

/** Every string schema inside `schema`, with its path; a `.catch` ends the walk (it cannot fail). */
const stringLeaves = (schema: z.ZodType, path: string): [string, z.ZodType][] => {
  const def = (schema as unknown as { def: TDef }).def;
  const children: [string, z.ZodType | undefined][] = [];
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'catch':
      return [];
    case 'object':
      for (const [k, v] of Object.entries(def.shape ?? {})) children.push([`${path}.${k}`, v]);
      break;
    case 'array':
      children.push([`${path}[]`, def.element]);
      break;
    case 'record':
      children.push([`${path}{key}`, def.keyType], [`${path}{}`, def.valueType]);
      break;
    case 'union':
      (def.options ?? []).forEach((o, i) => children.push([`${path}|${i}`, o]));
      break;
    case 'intersection':
      children.push([path, def.left], [path, def.right]);
      break;
    case 'pipe':
      children.push([path, def.in], [path, def.out]);
      break;
    default:
      children.push([path, def.innerType]);
  }
  return children.flatMap(([p, c]) => (c ? stringLeaves(c, p) : []));
};

/**
 * The strings inside an input schema that accept a megabyte, a NUL or a lone surrogate, as
 * '<path>: <what>' lines (none for a sound schema). Each string is tried on its own, outside its object.
 */
export const looseStringsOf = (schema: z.ZodType, path = '$'): string[] => {
  const loose: string[] = [];
  for (const [at, leaf] of stringLeaves(schema, path)) {
    if (leaf.safeParse('x'.repeat(1_000_000)).success) loose.push(`${at}: no maximum length`);
    if (leaf.safeParse('ab\u0000c').success) loose.push(`${at}: accepts NUL`);
    if (leaf.safeParse('ab\uD800c').success) loose.push(`${at}: accepts a lone surrogate`);
  }
  return loose;
};
