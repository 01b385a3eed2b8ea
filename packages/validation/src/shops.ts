import { z } from 'zod';
import { ZListQuerySchema } from './limits';
import { MSG } from './messages';
import { CONDITIONS } from './product';
import { TEXT_LIMITS, ZTextSchema } from './text';
import { isAbsoluteUrl } from './url';

export const ZShopFormSchema = z.object({
  shop_name: ZTextSchema({
    label: 'Store name',
    trim: true,
    min: 1,
    max: 100,
    requiredMessage: MSG.shopNameRequired,
  }),
  shop_url: ZTextSchema({
    label: 'Store URL',
    trim: true,
    min: 1,
    max: TEXT_LIMITS.url,
    requiredMessage: MSG.shopUrlRequired,
  }).refine(isAbsoluteUrl, MSG.shopUrlInvalid),
  shop_currency: z.string({ error: MSG.currencyRequired }).regex(/^[A-Z]{3}$/, MSG.currencyRequired),
  shop_timezone: ZTextSchema({
    label: 'Timezone',
    min: 1,
    max: 64,
    requiredMessage: MSG.timezoneRequired,
  }),
  utc_offset: z.string({ error: MSG.utcOffsetRequired }).regex(/^[+-]\d{2}:\d{2}$/, MSG.utcOffsetRequired),
  is_testing: z.boolean().default(false),
  /**
   * The condition of the store's products whose source gives none. Left out, an edit keeps the store's and a
   * new store gets `new`.
   */
  default_condition: z.enum(CONDITIONS, { error: MSG.defaultConditionInvalid }).optional(),
});
export type TShopFormInput = z.input<typeof ZShopFormSchema>;
export type TShopForm = z.infer<typeof ZShopFormSchema>;

/** Columns the store list can be sorted by. */
export const SHOP_SORT_COLUMNS = ['shop_name', 'created_at', 'shop_currency'] as const;
export type TShopSortColumn = (typeof SHOP_SORT_COLUMNS)[number];

/** Query of the store list: page, limit, search, sort_col, order; bad values fall back to defaults. */
export const ZShopListQuerySchema = ZListQuerySchema.extend({
  sort_col: z.enum(SHOP_SORT_COLUMNS).catch('created_at').default('created_at'),
});
export type TShopListQueryInput = z.input<typeof ZShopListQuerySchema>;
export type TShopListQuery = z.infer<typeof ZShopListQuerySchema>;
