import { importedToProduct, type TProduct } from '@feedloom/catalog';
import { describe, expect, it } from 'vitest';
import { productOf, type TProductLayers } from '../catalogue';

// productOf builds the product in one pass; this pins it to what it made through importedToProduct before.
const before = (row: TProductLayers): TProduct => {
  const custom = row.custom as { overrides?: TProduct['overrides']; variants?: Record<string, TProduct['overrides']> };
  const base = importedToProduct({
    kind: 'product',
    product_id: row.product_key,
    offer_id: row.offer_id,
    ...(row.item_group_id ? { item_group_id: row.item_group_id } : {}),
    source: row.source as TProduct['source'],
    custom: row.source_custom as Record<string, string>,
    variants: (
      row.variants as { id: string; offer_id: string; source: never; custom: Record<string, string> }[]
    ).map((v) => ({ ...v, row_number: 0 })),
    row_numbers: [],
  });
  return {
    ...base,
    overrides: custom.overrides ?? {},
    variants: base.variants.map((v) => ({ ...v, overrides: custom.variants?.[v.id] ?? {} })),
  };
};

const rows: TProductLayers[] = [
  { product_key: 'p1', offer_id: 'o1', item_group_id: null, source: { title: 'T' }, source_custom: {}, variants: [], custom: {} },
  { product_key: 'p2', offer_id: 'o2', item_group_id: '', source: {}, source_custom: { a: 'b' }, variants: [], custom: { overrides: { title: 'O' } } },
  {
    product_key: 'p3',
    offer_id: 'p3',
    item_group_id: 'p3',
    source: { brand: 'B' },
    source_custom: {},
    variants: [
      { id: 'v1', offer_id: 'v1', source: { size: 'M' }, custom: {} },
      { id: 'v2', offer_id: 'v2', source: { size: 'L' }, custom: { x: 'y' } },
    ],
    custom: { overrides: { color: null }, variants: { v2: { size: 'XL' }, gone: { size: 'S' } } },
  },
] as unknown as TProductLayers[];

describe('productOf', () => {
  it('makes the same product as through importedToProduct, keys in the same order', () => {
    for (const row of rows) {
      expect(productOf(row)).toStrictEqual(before(row));
      expect(JSON.stringify(productOf(row))).toBe(JSON.stringify(before(row)));
    }
  });
});
