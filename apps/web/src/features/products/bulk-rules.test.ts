import { describe, expect, it } from 'vitest';
import {
  draftInputOf,
  emptyRow,
  progressOf,
  rowOf,
  ruleOf,
  sameDraft,
  selectionText,
  viewSelection,
} from './bulk-rules';
import type { BulkRun } from './bulk-rules';
import { ZProductListParamsSchema } from './use-products';

describe('bulk rules', () => {
  it('sends multi-select values as lists split on commas, and measures with their unit', () => {
    expect(ruleOf({ ...emptyRow('size_type'), value: 'petite, plus ,' })).toEqual({
      field_name: 'size_type',
      isDeleteExistValue: 'add_update_value',
      type: 'multi_select',
      value: ['petite', 'plus'],
    });
    expect(ruleOf({ ...emptyRow('unit_pricing_base_measure'), value: '100', unit: 'ml' })).toMatchObject({
      value: '100',
      base_pricing_value: '100',
      unit: 'ml',
      type: 'input_list',
    });
    expect(ruleOf({ ...emptyRow('product_submission_control'), controls: { control2: true } })).toMatchObject(
      {
        type: 'radio',
        value: { control2: true },
      },
    );
  });

  it('sends no value for reset_to_source and delete_entirely, and reads a kept rule back', () => {
    const rule = ruleOf({ ...emptyRow('brand'), mode: 'delete_entirely', value: 'ignored' });
    expect(rule).toEqual({ field_name: 'brand', isDeleteExistValue: 'delete_entirely', type: 'text' });
    expect(
      rowOf({ field_name: 'size_type', isDeleteExistValue: 'add_update_value', value: ['a', 'b'] }).value,
    ).toBe('a, b');
  });

  it('selects all matching the view with the list parameters, and tells unsaved changes apart', () => {
    const q = ZProductListParamsSchema.parse({
      tab: 'error',
      search: 'shirt',
      advance_filter: '[]',
      page: '3',
    });
    expect(viewSelection(q)).toEqual({
      kind: 'filter',
      tab: 'error',
      active_channel: 'free_listings',
      search: 'shirt',
      filters: '[]',
    });
    expect(selectionText(viewSelection(q))).toBe(
      'All products matching error tab, search “shirt”, advanced filter',
    );
    expect(selectionText({ kind: 'ids', ids: [1] })).toBe('1 checked product');
    const a = draftInputOf('s1', 'Summer', { kind: 'ids', ids: [1] }, [
      { ...emptyRow('brand'), value: 'Acme' },
      emptyRow(),
    ]);
    const b = draftInputOf('s1', 'Summer ', { kind: 'ids', ids: [1] }, [
      { ...emptyRow('brand'), value: 'Acme' },
    ]);
    expect(a.rules).toHaveLength(1);
    expect(sameDraft(a, b)).toBe(true);
    expect(sameDraft(a, { ...b, rules: [] })).toBe(false);
  });

  it('shows progress as processed over total', () => {
    expect(progressOf({ total: 200, processed: 50 } as BulkRun)).toBe(25);
    expect(progressOf({ total: 0, processed: 0 } as BulkRun)).toBe(0);
  });
});
