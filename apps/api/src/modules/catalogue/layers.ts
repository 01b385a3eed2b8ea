// A stored product row as the catalog's product (productOf), and back (customOf): the source layer, the custom
// attributes and the merchant's override layer, as every module that judges, edits or exports products reads them.
import type { TProduct } from '@feedloom/catalog';
import type { TProductRow } from '../../db/schema';

/** The override layer as stored: the product's and each variant's. */
export interface TStoredCustom {
  overrides?: Record<string, unknown>;
  variants?: Record<string, Record<string, unknown>>;
}

/** What productOf reads of a product row (the rest may come along). */
export type TProductLayers = Pick<
  TProductRow,
  'product_key' | 'offer_id' | 'item_group_id' | 'source' | 'source_custom' | 'variants' | 'custom'
> &
  Partial<TProductRow>;

/** The stored product as the model's product: source layer, custom attributes and override layer. */
export const productOf = (row: TProductLayers): TProduct => {
  const custom = row.custom as TStoredCustom;
  const stored = row.variants as { id: string; offer_id: string; source: TProduct['source'] }[];
  // What importedToProduct makes of the imported shape, with the override layer laid in: built in one pass
  // (the import judges every product it brings through here).
  const variants = new Array<TProduct['variants'][number]>(stored.length);
  for (let i = 0; i < stored.length; i++) {
    const v = stored[i] as (typeof stored)[number];
    variants[i] = {
      id: v.id,
      offer_id: v.offer_id,
      source: v.source,
      overrides: custom.variants?.[v.id] ?? {},
      rules: {},
    };
  }
  return {
    id: row.product_key,
    offer_id: row.offer_id,
    ...(row.item_group_id ? { item_group_id: row.item_group_id } : {}),
    source: row.source,
    overrides: custom.overrides ?? {},
    rules: {},
    variants,
  };
};

/** The override layer of a product as `products.custom` stores it (the one writer of that shape). */
export const customOf = (p: TProduct): TStoredCustom => ({
  overrides: p.overrides,
  variants: Object.fromEntries(
    p.variants
      .filter((v) => Object.keys(v.overrides).length > 0)
      .map((v) => [v.id, v.overrides as Record<string, unknown>]),
  ),
});
