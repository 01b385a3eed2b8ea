import type { TCompiledRow } from '../channels/engine';
import { isPresent, spellEnum, spellUnit } from '../channels/engine';
import type { TMeasure } from '../model/fields';
import { formatMoney } from '../model/money';
import type { TMoney } from '../model/money';
import { compositePart } from './escape';

// The text form of a value in a feed file, per attribute type; the same for XML and delimited files
// (delimited files add the list and sub-attribute joining).

const formatNumber = (n: number): string =>
  Number.isInteger(n) ? String(n) : String(Math.round(n * 1e6) / 1e6);

const isMoney = (v: unknown): v is TMoney =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TMoney).value === 'number' &&
  typeof (v as TMoney).currency === 'string';
const isMeasure = (v: unknown): v is TMeasure =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TMeasure).value === 'number' &&
  typeof (v as TMeasure).unit === 'string';

/**
 * Feed text of one scalar value (not a record, not a list). A value that is not of its row's type can only
 * reach a feed through a warning-level ([U]) rule: it is written as the merchant gave it, for the channel to judge.
 */
export const scalarText = (row: TCompiledRow, v: unknown): string => {
  if ((row.type === 'price' && !isMoney(v)) || (row.type === 'measure' && !isMeasure(v))) {
    return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  }
  switch (row.type) {
    case 'enum':
      return typeof v === 'string' ? (spellEnum(row, v) ?? v) : String(v);
    case 'boolean':
      return v ? 'yes' : 'no';
    case 'price':
      return formatMoney(v as TMoney);
    case 'measure': {
      const m = v as TMeasure;
      return `${formatNumber(m.value)}${row.compactUnit ? '' : ' '}${spellUnit(row, m.unit)}`;
    }
    case 'integer':
    case 'number':
      return formatNumber(v as number);
    default:
      return typeof v === 'string' ? v : String(v);
  }
};

/** The values of a row as a list (a repeated row's array, or the single value). */
export const listOf = (row: TCompiledRow, v: unknown): readonly unknown[] =>
  row.repeated && Array.isArray(v) ? (v as readonly unknown[]) : [v];

const LIST_SEPARATORS = /,/;
const PART_SEPARATORS = /[,:]/;

/** A record in the positional `a:b:c` form of delimited feeds; trailing empty slots are dropped. */
export const recordText = (row: TCompiledRow, rec: Record<string, unknown>): string => {
  const slots = row.textSlots ?? [];
  const parts: string[] = [];
  for (const slot of slots) {
    const keys = typeof slot === 'string' ? [slot] : slot;
    let text = '';
    for (const key of keys) {
      const value = rec[key];
      if (!isPresent(value)) continue;
      const child = row.children?.find((c) => (c.key ?? c.attribute) === key);
      text = child ? scalarText(child, value) : String(value);
      break;
    }
    parts.push(compositePart(text, PART_SEPARATORS));
  }
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join(':');
};

/** The cell text of a row in a delimited feed: lists comma-joined, records in their positional form. */
export const cellText = (row: TCompiledRow, v: unknown): string => {
  if (row.type === 'record') {
    return listOf(row, v)
      .filter(isPresent)
      .map((r) => recordText(row, r as Record<string, unknown>))
      .join(',');
  }
  if (row.repeated) {
    return listOf(row, v)
      .filter(isPresent)
      .map((x) => compositePart(scalarText(row, x), LIST_SEPARATORS))
      .join(',');
  }
  return scalarText(row, v);
};
