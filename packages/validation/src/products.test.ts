import { describe, expect, it } from 'vitest';
import {
  excludedFromChannel,
  listCallFiltersOf,
  PRODUCT_STATE_LABELS,
  PRODUCT_TAB_LABELS,
  productStateLabel,
  ZAvailableOptionsQuerySchema,
  ZElkSearchQuerySchema,
  ZProductDebugQuerySchema,
  ZProductListQuerySchema,
  ZProductUpdateSchema,
} from './products';

const parse = (q: Record<string, unknown>) => ZProductListQuerySchema.parse(q);
const row = (c: Record<string, unknown>) => JSON.stringify([{ row: [{ unit: null, ...c }] }]);

describe('product list query', () => {
  it('has defaults', () => {
    expect(parse({})).toMatchObject({
      page: 1,
      limit: 25,
      order: 1,
      tab: 'all',
      active_channel: 'free_listings',
      sort_col: 'created_at',
      filters: [],
    });
  });

  it('falls back to defaults for a bad page, limit, order, tab, channel or sort', () => {
    expect(
      parse({ page: '0', limit: '7', order: '2', tab: 'x', active_channel: 'y', sort_col: 'price' }),
    ).toMatchObject({
      page: 1,
      limit: 25,
      order: 1,
      tab: 'all',
      active_channel: 'free_listings',
      sort_col: 'created_at',
    });
    expect(parse({ page: '-4' }).page).toBe(1);
    expect(parse({ page: 'abc' }).page).toBe(1);
  });

  it('keeps allowed values', () => {
    for (const limit of [5, 10, 25, 50, 100]) expect(parse({ limit: String(limit) }).limit).toBe(limit);
    expect(
      parse({ page: '4000', order: '-1', tab: 'error', active_channel: 'bing_ads', sort_col: 'brand' }),
    ).toMatchObject({
      page: 4000,
      order: -1,
      tab: 'error',
      active_channel: 'bing_ads',
      sort_col: 'brand',
    });
  });

  it('takes keyset cursors only as positive whole numbers', () => {
    expect(parse({ last_internal_product_id: '42' }).last_internal_product_id).toBe(42);
    expect(parse({ first_internal_product_id: '-1' }).first_internal_product_id).toBeUndefined();
    expect(parse({ last_internal_product_id: '1e3' }).last_internal_product_id).toBeUndefined();
    expect(parse({ last_internal_product_id: 'x' }).last_internal_product_id).toBeUndefined();
  });

  it('forces limit 1 for detail navigation', () => {
    expect(parse({ use_case: 'product_detail', limit: '50' }).limit).toBe(1);
    expect(parse({ use_case: 'other', limit: '50' }).limit).toBe(50);
  });

  it('ignores invalid filter JSON and entries without a row of complete items', () => {
    expect(parse({ filters: '{oops' }).filters).toEqual([]);
    expect(parse({ filters: '{"row":[]}' }).filters).toEqual([]);
    const partial = JSON.stringify([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'a' }] },
      { row: [{ field_name: 'brand', operator: 'equals', value: 'b', unit: null }] },
    ]);
    expect(parse({ filters: partial }).filters).toEqual([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'b', unit: null }] },
    ]);
  });

  it('refuses a kept row that breaks the filter rules, with their message', () => {
    const fail = (c: Record<string, unknown>) => {
      const r = ZProductListQuerySchema.safeParse({ filters: row(c) });
      expect(r.success).toBe(false);
      return r.error?.issues[0]?.message;
    };
    expect(fail({ field_name: 'price', operator: 'contains', value: '1' })).toBe(
      'Filter: This operator cannot be used with this field.',
    );
    expect(fail({ field_name: 'price', operator: 'greater_than', value: '1e3' })).toBe(
      'Filter: Enter a positive number without exponent notation (for example 12.5).',
    );
    expect(fail({ field_name: 'brand', operator: 'equals', value: 'x'.repeat(71) })).toBe(
      'Filter: Value cannot exceed 70 characters.',
    );
    expect(fail({ field_name: 'gtin', operator: 'equals', value: '123' })).toBe(
      'Filter: GTIN must be 8, 12, 13 or 14 characters long.',
    );
    expect(fail({ field_name: 'product_weight', operator: 'equals', value: '2', unit: null })).toBe(
      'Filter: Unit is required.',
    );
    expect(fail({ field_name: 'brand', operator: 'equals', value: '' })).toBe('Filter: Value is required.');
    expect(
      ZProductListQuerySchema.safeParse({
        filters: row({ field_name: 'product_weight', operator: 'has_value', value: '' }),
      }).success,
    ).toBe(true);
  });

  it('refuses a search with control characters', () => {
    expect(ZProductListQuerySchema.safeParse({ search: 'a\u0007b' }).success).toBe(false);
  });
});

describe('product update and options', () => {
  it('checks the edit with the spec messages', () => {
    const r = ZProductUpdateSchema.safeParse({ shop_id: 's', product_id: 1, data: { custom_title: ' ' } });
    expect(r.error?.issues[0]?.message).toBe('Title is required.');
    expect(ZProductUpdateSchema.safeParse({ shop_id: 's', product_id: 0, data: {} }).success).toBe(false);
  });
  it('offers options only for fields that have them', () => {
    expect(ZAvailableOptionsQuerySchema.safeParse({ field: 'brand' }).success).toBe(true);
    expect(ZAvailableOptionsQuerySchema.safeParse({ field: 'price' }).success).toBe(false);
  });
});

describe('submission controls, the filter parameter, debug view and search', () => {
  it('excludes a catalog channel only when every destination it serves is excluded', () => {
    expect(excludedFromChannel('meta', { control5: true })).toBe(true);
    expect(excludedFromChannel('microsoft', { control5: true })).toBe(false);
    expect(excludedFromChannel('google', { control1: true, control2: true })).toBe(false);
    expect(excludedFromChannel('google', { control1: true, control2: true, control3: true })).toBe(true);
    expect(excludedFromChannel('google', undefined)).toBe(false);
  });

  it("maps the address's advance_filter to the list call's filters", () => {
    expect(listCallFiltersOf({ advance_filter: '[]' })).toEqual({ filters: '[]' });
    expect(listCallFiltersOf({})).toEqual({});
  });

  it('defaults the debug channel and refuses a blank or dirty search', () => {
    expect(ZProductDebugQuerySchema.parse({})).toEqual({ channel: 'google' });
    expect(ZProductDebugQuerySchema.parse({ channel: 'bing' })).toEqual({ channel: 'google' });
    const shop_id = '9b2f7a1e-0000-4000-8000-000000000001';
    expect(ZElkSearchQuerySchema.parse({ shop_id, search_value: ' shirt ' })).toEqual({
      shop_id,
      search_value: 'shirt',
    });
    expect(ZElkSearchQuerySchema.safeParse({ shop_id, search_value: ' ' }).success).toBe(false);
    expect(ZElkSearchQuerySchema.safeParse({ shop_id, search_value: 'a\u0000b' }).success).toBe(false);
  });
});

describe('one vocabulary of product states', () => {
  it('the tabs use the state words', () => {
    for (const [state, label] of Object.entries(PRODUCT_STATE_LABELS)) {
      if (state !== 'integration_pending') expect(PRODUCT_TAB_LABELS[state as keyof typeof PRODUCT_TAB_LABELS]).toBe(label);
    }
  });
  it("a row's badge says Published for a product the channel approved, as its tab does", () => {
    expect(productStateLabel('submitted', 'published')).toBe(PRODUCT_TAB_LABELS.published);
    expect(productStateLabel('submitted_with_variants', 'published')).toBe('Published (variants)');
    expect(productStateLabel('submitted', 'submitted')).toBe(PRODUCT_TAB_LABELS.submitted);
    expect(productStateLabel('warnings_with_variants', 'published')).toBe('Warning (variants)');
    expect(productStateLabel('errors', 'error')).toBe(PRODUCT_TAB_LABELS.error);
    expect(productStateLabel('disapproved_with_variants', 'disapproved')).toBe('Disapproved (variants)');
    expect(productStateLabel('excluded', 'excluded')).toBe(PRODUCT_TAB_LABELS.excluded);
    expect(productStateLabel('pending', null)).toBe(PRODUCT_TAB_LABELS.pending);
    expect(productStateLabel('integration_pending', 'integration_pending')).toBe('Channel not connected');
  });
});
