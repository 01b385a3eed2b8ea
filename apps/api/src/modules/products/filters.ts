// Advanced filter rows compiled to parameterised SQL over `products p`. Pure: no database,
// so every operator of every field type is unit-tested by rendering. Conditions of a row must all hold; a
// product matches the filter when any row holds. Every value and field name is a bound parameter; only the
// operator (checked against FILTER_OPERATORS) picks the SQL shape.
import { FILTER_FIELDS, type TFilter, type TFilterCondition } from '@feedloom/validation';
import { sql, type SQL } from 'drizzle-orm';

/** The effective value of a field as jsonb: the override layer when it speaks (a JSON null empties), else source. */
export const effectiveValue = (field: string): SQL => {
  if (field === 'item_group_id') return sql`to_jsonb(p.item_group_id)`;
  if (field === 'data_source_name') {
    return sql`(select to_jsonb(d.data_source_name) from data_sources d where d.id = p.data_source_id)`;
  }
  return sql`coalesce(p.custom -> 'overrides' -> ${field}::text, p.source -> ${field}::text)`;
};

const asText = (e: SQL): SQL => sql`(${e} #>> '{}')`;
/** A number, or the `value` of a price or measure object; null for anything else. */
const asNumber = (e: SQL): SQL =>
  sql`(case jsonb_typeof(${e}) when 'number' then (${e})::numeric when 'object' then case when jsonb_typeof(${e} -> 'value') = 'number' then (${e} -> 'value')::numeric end end)`;
const elements = (e: SQL): SQL =>
  sql`jsonb_array_elements_text(case jsonb_typeof(${e}) when 'array' then ${e} when 'string' then jsonb_build_array(${e}) else '[]'::jsonb end)`;

/** LIKE pattern text with its wildcards escaped (backslash is PostgreSQL's default LIKE escape). */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const valuesOf = (c: TFilterCondition): string[] => {
  const raw = Array.isArray(c.value) ? c.value : c.value === undefined ? [] : [c.value];
  return raw.map((v) => String(v).trim()).filter((v) => v !== '');
};

const any = (parts: SQL[]): SQL => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
const all = (parts: SQL[]): SQL => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`);
const FALSE = sql`false`;

const textCondition = (e: SQL, op: string, values: string[]): SQL => {
  const v = asText(e);
  const blank = sql`coalesce(${v}, '')`;
  if (op === 'has_value') return sql`${blank} <> ''`;
  if (op === 'has_no_value') return sql`${blank} = ''`;
  if (values.length === 0) return FALSE;
  const like = (pattern: (s: string) => string, negate: boolean) =>
    negate
      ? all(values.map((s) => sql`${blank} not ilike ${pattern(escapeLike(s))}::text`))
      : any(values.map((s) => sql`${v} ilike ${pattern(escapeLike(s))}::text`));
  switch (op) {
    case 'equals':
      return any(values.map((s) => sql`lower(${v}) = lower(${s}::text)`));
    case 'not_equals':
      return all(values.map((s) => sql`lower(${blank}) <> lower(${s}::text)`));
    case 'contains':
      return like((s) => `%${s}%`, false);
    case 'does_not_contain':
      return like((s) => `%${s}%`, true);
    case 'starts_with':
      return like((s) => `${s}%`, false);
    case 'does_not_start_with':
      return like((s) => `${s}%`, true);
    case 'ends_with':
      return like((s) => `%${s}`, false);
    case 'does_not_end_with':
      return like((s) => `%${s}`, true);
    default:
      return FALSE;
  }
};

const COMPARATORS: Readonly<Record<string, SQL>> = {
  equals: sql`=`,
  greater_than: sql`>`,
  less_than: sql`<`,
  greater_than_or_equal: sql`>=`,
  less_than_or_equal: sql`<=`,
};

const numberCondition = (n: SQL, op: string, values: string[]): SQL => {
  if (op === 'has_value') return sql`${n} is not null`;
  if (op === 'has_no_value') return sql`${n} is null`;
  const cmp = COMPARATORS[op];
  const [first] = values;
  if (!cmp || first === undefined) return FALSE;
  return sql`${n} ${cmp} ${first}::numeric`;
};

const listCondition = (e: SQL, op: string, values: string[]): SQL => {
  if (values.length === 0) return FALSE;
  const v = sql`lower(coalesce(${asText(e)}, ''))`;
  if (op === 'equals') return any(values.map((s) => sql`${v} = lower(${s}::text)`));
  if (op === 'not_equals') return all(values.map((s) => sql`${v} <> lower(${s}::text)`));
  return FALSE;
};

const multiSelectCondition = (e: SQL, op: string, values: string[]): SQL => {
  if (values.length === 0) return FALSE;
  const match = sql`exists (select 1 from ${elements(e)} as x(v) where lower(x.v) in (${sql.join(
    values.map((s) => sql`lower(${s}::text)`),
    sql`, `,
  )}))`;
  if (op === 'equals_any_of') return match;
  if (op === 'does_not_equal_any_of') return sql`not ${match}`;
  return FALSE;
};

const measureCondition = (e: SQL, op: string, values: string[], unit: string | null | undefined): SQL => {
  const isMeasure = sql`jsonb_typeof(${e}) = 'object'`;
  if (op === 'has_value') return isMeasure;
  if (op === 'has_no_value') return sql`not coalesce(${isMeasure}, false)`;
  if (!unit) return FALSE;
  return sql`(lower(${e} ->> 'unit') = lower(${unit}::text) and ${numberCondition(asNumber(e), op, values)})`;
};

/** One condition; an unknown field or an operator its type does not have matches nothing. */
export const compileCondition = (c: TFilterCondition): SQL => {
  const type = Object.hasOwn(FILTER_FIELDS, c.field_name) ? FILTER_FIELDS[c.field_name] : undefined;
  const e = effectiveValue(c.field_name);
  const values = valuesOf(c);
  switch (type) {
    case 'text':
      return textCondition(e, c.operator, values);
    case 'number':
      return numberCondition(asNumber(e), c.operator, values);
    case 'list':
      return listCondition(e, c.operator, values);
    case 'multi_select':
      return multiSelectCondition(e, c.operator, values);
    case 'input_list':
      return measureCondition(e, c.operator, values, c.unit);
    default:
      return FALSE;
  }
};

/** The whole filter as one condition, or undefined when it has no row. */
export const compileFilter = (filter: TFilter): SQL | undefined => {
  const rows = filter.filter((r) => r.row.length > 0).map((r) => all(r.row.map(compileCondition)));
  if (rows.length === 0) return undefined;
  return any(rows);
};
