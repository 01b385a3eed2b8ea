import { CHANNELS, CONDITIONS, ZIdSchema, ZShopListQuerySchema, ZShopFormSchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs, ORG } from './endpoint';

export const SHOP_STATUSES = ['active', 'deleted'] as const;

/** The Shop, with its status (a deleted shop can be reactivated) and timestamps (ISO 8601). */
export const ZShopSchema = z.object({
  id: z.string(),
  shop_name: z.string(),
  shop_email: z.string().nullable(),
  shop_url: z.string(),
  is_testing: z.boolean(),
  shop_currency: z.string(),
  shop_timezone: z.string(),
  utc_offset: z.string(),
  status: z.enum(SHOP_STATUSES),
  /** The condition of the shop's products whose source (and edits) give none. */
  default_condition: z.enum(CONDITIONS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TShop = z.infer<typeof ZShopSchema>;

/** An entry of the shop select list (header switcher). */
export const ZShopOptionSchema = ZShopSchema.pick({
  id: true,
  shop_name: true,
  shop_url: true,
  shop_currency: true,
  is_testing: true,
});
export type TShopOption = z.infer<typeof ZShopOptionSchema>;

export const ZShopPageSchema = z.object({ data: z.array(ZShopSchema), total_records: z.number().int() });
export type TShopPage = z.infer<typeof ZShopPageSchema>;

/** Shop details beyond its settings: its organisation, connected channels and product count. */
export const ZShopInfoSchema = ZShopSchema.extend({
  business_name: z.string(),
  connected_channels: z.array(z.enum(CHANNELS)),
  total_products: z.number().int(),
});
export type TShopInfo = z.infer<typeof ZShopInfoSchema>;

/** Shop counts of the active organisation by status; products arrive with imports (0 until then). */
export const ZShopStatisticsSchema = z.object({
  total_shops: z.number().int(),
  active_shops: z.number().int(),
  deleted_shops: z.number().int(),
  testing_shops: z.number().int(),
  total_products: z.number().int(),
});
export type TShopStatistics = z.infer<typeof ZShopStatisticsSchema>;

const ZShopIdParams = z.object({ id: ZIdSchema('Store id') });
const READ = needs('store_management', 'read');
const MANAGE = needs('store_management', 'manage');

export const shopsContract = {
  /** Active shops the caller may use in the active organisation. */
  selectList: endpoint({
    method: 'GET',
    path: '/shop-select-list',
    access: ORG,
    response: z.array(ZShopOptionSchema),
  }),
  switchShop: endpoint({
    method: 'GET',
    path: '/capture-last-active-shop/:id',
    access: ORG,
    params: ZShopIdParams,
    response: z.object({ active_shop_id: z.string(), shop: ZShopSchema }),
  }),
  find: endpoint({
    method: 'GET',
    path: '/shop-list',
    access: READ,
    query: ZShopListQuerySchema,
    response: ZShopPageSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/shop-list/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZShopSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/add-new-shop',
    access: MANAGE,
    body: ZShopFormSchema,
    response: ZShopSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    body: ZShopFormSchema,
    response: ZShopSchema,
  }),
  /** Soft delete: the shop keeps its data with status 'deleted' and can be reactivated. */
  delete: endpoint({
    method: 'DELETE',
    path: '/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: ZShopSchema,
  }),
  reactivate: endpoint({
    method: 'POST',
    path: '/shop/:id',
    access: MANAGE,
    params: ZShopIdParams,
    response: ZShopSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/shop-info/:id',
    access: READ,
    params: ZShopIdParams,
    response: ZShopInfoSchema,
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/shop-statistics',
    access: READ,
    response: ZShopStatisticsSchema,
  }),
} as const;
