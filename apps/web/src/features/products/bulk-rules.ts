import type { TSubmissionControlKey } from '@feedloom/validation';
import {
  countText,
  BULK_FIELDS,
  isBulkField,
  type TBulkField,
  type TBulkSelection,
  type TCustomisationMode,
} from '@feedloom/validation';
import type { RouterInputs, RouterOutputs } from '@/lib/trpc';
import { issueFilterOf, type ProductListParams } from './use-products';

export type BulkDraft = RouterOutputs['productsBulk']['drafts'][number];
export type BulkRun = RouterOutputs['productsBulk']['run'];
export type BulkDraftInput = RouterInputs['productsBulk']['createDraft'];
type BulkRule = BulkDraftInput['rules'][number];

export const MODE_LABELS: Record<TCustomisationMode, string> = {
  add_update_value: 'Add or update value',
  reset_to_source: 'Reset to source',
  delete_entirely: 'Delete entirely',
};

/** One field row of the bulk form, as typed. */
export interface BulkRow {
  field_name: string;
  mode: TCustomisationMode;
  value: string;
  unit: string;
  /** The submission-control radio group's controls. */
  controls: Partial<Record<TSubmissionControlKey, boolean>>;
}

export const emptyRow = (field_name = ''): BulkRow => ({
  field_name,
  mode: 'add_update_value',
  value: '',
  unit: '',
  controls: {},
});

export const fieldOf = (name: string): TBulkField | undefined =>
  isBulkField(name) ? BULK_FIELDS[name] : undefined;

/** A row as the rule the api keeps; multi-select values split on commas. */
export function ruleOf(row: BulkRow): BulkRule {
  const field = fieldOf(row.field_name);
  const type = field?.type ?? 'text';
  const base = { field_name: row.field_name, isDeleteExistValue: row.mode, type };
  if (row.mode !== 'add_update_value') return base;
  if (type === 'radio') return { ...base, value: { ...row.controls } };
  if (type === 'multi_select') {
    return {
      ...base,
      value: row.value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  }
  if (type === 'input_list') {
    return {
      ...base,
      value: row.value.trim(),
      unit: row.unit,
      ...(row.field_name === 'unit_pricing_base_measure' ? { base_pricing_value: row.value.trim() } : {}),
    };
  }
  return { ...base, value: row.value.trim() };
}

/** A kept rule back as a form row. */
export function rowOf(rule: BulkDraft['rules'][number]): BulkRow {
  const row = emptyRow(rule.field_name);
  row.mode = rule.isDeleteExistValue;
  if (Array.isArray(rule.value)) row.value = rule.value.map(String).join(', ');
  else if (rule.value && typeof rule.value === 'object')
    row.controls = { ...(rule.value as BulkRow['controls']) };
  else if (rule.value !== undefined && rule.value !== null) row.value = String(rule.value);
  row.unit = rule.unit ?? '';
  return row;
}

/** "All matching the current view": the list's own parameters (tab, search, channel, advanced filter). */
export function viewSelection(q: ProductListParams): TBulkSelection {
  return {
    kind: 'filter',
    tab: q.tab,
    active_channel: q.active_channel,
    ...(q.search ? { search: q.search } : {}),
    ...(q.advance_filter ? { filters: q.advance_filter } : {}),
    ...issueFilterOf(q),
  };
}

export function draftInputOf(
  shopId: string,
  name: string,
  selection: TBulkSelection,
  rows: readonly BulkRow[],
): BulkDraftInput {
  return { shop_id: shopId, name, selection, rules: rows.filter((r) => r.field_name).map(ruleOf) };
}

/** Same content (for "unsaved changes"): the draft as it would be saved, compared as JSON. */
export const sameDraft = (a: BulkDraftInput, b: BulkDraftInput): boolean =>
  JSON.stringify([a.name.trim(), a.selection, a.rules]) ===
  JSON.stringify([b.name.trim(), b.selection, b.rules]);

export function selectionText(selection: TBulkSelection): string {
  if (selection.kind === 'ids') {
    return countText(selection.ids.length, 'checked product');
  }
  const parts = [
    selection.tab && selection.tab !== 'all' ? `${selection.tab} tab` : null,
    selection.search ? `search “${selection.search}”` : null,
    selection.filters ? 'advanced filter' : null,
  ].filter(Boolean);
  return `All products matching ${parts.length ? parts.join(', ') : 'the whole store'}`;
}

export const isRunDone = (run: BulkRun | undefined) =>
  run !== undefined && (run.status === 'succeeded' || run.status === 'failed');

/** Progress in percent (0 until the worker has a total). */
export const progressOf = (run: BulkRun): number =>
  run.total > 0 ? Math.min(100, Math.round((run.processed / run.total) * 100)) : 0;
