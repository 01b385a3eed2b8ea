import { z } from 'zod';
import { ZListQuerySchema } from './limits';
import { MSG } from './messages';
import { isAbsoluteUrl } from './url';

export const ZStoreSchema = z.object({
  shop_name: z.string({ error: MSG.storeNameRequired }).trim().min(1, MSG.storeNameRequired).max(100),
  shop_url: z
    .string({ error: MSG.storeUrlRequired })
    .trim()
    .min(1, MSG.storeUrlRequired)
    .refine(isAbsoluteUrl, MSG.storeUrlInvalid),
  shop_currency: z.string({ error: MSG.currencyRequired }).regex(/^[A-Z]{3}$/, MSG.currencyRequired),
  shop_timezone: z.string({ error: MSG.timezoneRequired }).min(1, MSG.timezoneRequired),
  utc_offset: z.string({ error: MSG.utcOffsetRequired }).regex(/^[+-]\d{2}:\d{2}$/, MSG.utcOffsetRequired),
  is_testing: z.boolean().default(false),
});
export type TStoreInput = z.input<typeof ZStoreSchema>;
export type TStore = z.infer<typeof ZStoreSchema>;

/** Columns the store list can be sorted by (spec §7 shop-list sort_col). */
export const SHOP_SORT_COLUMNS = ['shop_name', 'created_at', 'shop_currency'] as const;
export type TShopSortColumn = (typeof SHOP_SORT_COLUMNS)[number];

/** Query of the store list: page, limit, search, sort_col, order; bad values fall back to defaults. */
export const ZShopListQuerySchema = ZListQuerySchema.extend({
  sort_col: z.enum(SHOP_SORT_COLUMNS).catch('created_at').default('created_at'),
});
export type TShopListQueryInput = z.input<typeof ZShopListQuerySchema>;
export type TShopListQuery = z.infer<typeof ZShopListQuerySchema>;
