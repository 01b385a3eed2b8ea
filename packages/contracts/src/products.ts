import {
  CATALOG_CHANNELS,
  PRODUCT_ICON_STATES,
  type TProductIconState,
  FILTER_OPERATORS,
  PRODUCT_TABS,
  ZAvailableOptionsQuerySchema,
  ZCountStatisticsQuerySchema,
  ZIdSchema,
  ZElkSearchQuerySchema,
  ZProductDebugQuerySchema,
  ZProductDetailQuerySchema,
  ZProductListQuerySchema,
  ZProductUpdateSchema,
  ZVariantListQuerySchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';

// Products.
// A product's values come in layers: `source` (its data source, untouched by edits) and `override` (the
// merchant's edits, untouched by imports); `rule` is reserved for automated rules. Each product is judged for
// every channel whenever a layer changes; its status and issues per channel are stored.

export const CHANNEL_STATUSES = [
  'pending',
  'submitted',
  'published',
  'warning',
  'error',
  'disapproved',
  'excluded',
  'integration_pending',
] as const;
/** Where a value comes from: the shop's default (a product whose layers give none), its source, an edit, a rule. */
export const VALUE_LAYERS = ['shop_default', 'source', 'override', 'rule'] as const;
export const ISSUE_ORIGINS = ['feedloom', 'channel'] as const;
export type TChannelStatusName = (typeof CHANNEL_STATUSES)[number];
export type TProductIconStateName = TProductIconState;
export type TValueLayer = (typeof VALUE_LAYERS)[number];

/** One finding of a channel validator: what is wrong, how to fix it, and the layer whose value caused it. */
export const ZProductIssueSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  attribute: z.string(),
  message: z.string(),
  layer: z.enum(VALUE_LAYERS),
  /** The channel item (offer id) it concerns: the product's or one variant's. */
  item_id: z.string().nullable(),
  /**
   * Who found it: Feedloom's own check (`feedloom`, its `layer` says where the value came from) or the channel's
   * review (`channel`: its verdict, e.g. what only it sees, like the landing page's price).
   */
  origin: z.enum(ISSUE_ORIGINS),
});
export type TProductIssue = z.infer<typeof ZProductIssueSchema>;

export const ZProductListItemSchema = z.object({
  /** The internal id: keyset cursor and detail address. */
  id: z.number().int(),
  offer_id: z.string(),
  item_group_id: z.string().nullable(),
  title: z.string().nullable(),
  brand: z.string().nullable(),
  category_name: z.string().nullable(),
  product_type: z.string().nullable(),
  /** Feed form, e.g. `15.00 USD`. */
  price: z.string().nullable(),
  sale_price: z.string().nullable(),
  sku: z.string().nullable(),
  gtin: z.string().nullable(),
  image_link: z.string().nullable(),
  availability: z.string().nullable(),
  inventory_qty: z.number().nullable(),
  data_source_name: z.string().nullable(),
  variant_count: z.number().int(),
  /** Status on the active channel's catalog channel; null before the product was first judged. */
  status: z.enum(CHANNEL_STATUSES).nullable(),
  icon_state: z.enum(PRODUCT_ICON_STATES),
  error_count: z.number().int(),
  warning_count: z.number().int(),
  /** The active channel's issues (for the product errors popup). */
  issues: z.array(ZProductIssueSchema),
  created_at: z.string(),
});
export type TProductListItem = z.infer<typeof ZProductListItemSchema>;

/** "Product list page". */
export const ZProductPageSchema = z.object({
  data: z.array(ZProductListItemSchema),
  /** Products matching tab, search and filters. */
  total_records: z.number().int(),
  /** Products of the shop. */
  total_products: z.number().int(),
  /** When statuses were last recomputed (the last finished import), ISO 8601. */
  last_error_refreshed: z.string().nullable(),
  google_enabled: z.boolean(),
  bing_enabled: z.boolean(),
  fb_enabled: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  has_previous: z.boolean(),
  has_next: z.boolean(),
});
export type TProductPage = z.infer<typeof ZProductPageSchema>;

/** "Status counts" (tab counts) on one channel. */
export const ZStatusCountsSchema = z.object(
  Object.fromEntries([...PRODUCT_TABS, 'integration_pending'].map((k) => [k, z.number().int()])) as Record<
    (typeof PRODUCT_TABS)[number] | 'integration_pending',
    z.ZodNumber
  >,
);
export type TStatusCounts = z.infer<typeof ZStatusCountsSchema>;

export const ZProductVariantSchema = z.object({
  id: z.string(),
  offer_id: z.string(),
  title: z.string().nullable(),
  variant_title: z.string().nullable(),
  sku: z.string().nullable(),
  gtin: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  price: z.string().nullable(),
  availability: z.string().nullable(),
  status: z.enum(CHANNEL_STATUSES).nullable(),
  issues: z.array(ZProductIssueSchema),
});
export type TProductVariant = z.infer<typeof ZProductVariantSchema>;

export const ZVariantPageSchema = z.object({
  data: z.array(ZProductVariantSchema),
  total_records: z.number().int(),
});
export type TVariantPage = z.infer<typeof ZVariantPageSchema>;

/** One field of the detail: the effective value, the layer it comes from, and the source value beneath. */
export const ZProductFieldSchema = z.object({
  value: z.unknown(),
  layer: z.enum(VALUE_LAYERS),
  source_value: z.unknown(),
});
export type TProductField = z.infer<typeof ZProductFieldSchema>;

export const ZProductChannelStateSchema = z.object({
  channel: z.enum(CATALOG_CHANNELS),
  status: z.enum(CHANNEL_STATUSES).nullable(),
  issues: z.array(ZProductIssueSchema),
});

export const ZProductDetailSchema = z.object({
  id: z.number().int(),
  offer_id: z.string(),
  item_group_id: z.string().nullable(),
  data_source_name: z.string().nullable(),
  /** Every field a layer speaks about, by model field name (title, description, brand, gtin …). */
  fields: z.record(z.string(), ZProductFieldSchema),
  variants: z.array(
    z.object({ id: z.string(), offer_id: z.string(), fields: z.record(z.string(), ZProductFieldSchema) }),
  ),
  channels: z.array(ZProductChannelStateSchema),
  /** The last resubmission asked for: the fields to send again and when it was asked. */
  resubmission: z.object({ fields: z.array(z.string()), requested_at: z.string() }).nullable(),
  /**
   * Other data sources of the shop that also bring this product's offer id: the source that brought it first
   * keeps it, and each of these is told on its import report; `message` says so on the product.
   */
  offer_claims: z.array(z.object({ data_source_name: z.string(), seen_at: z.string(), message: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProductDetail = z.infer<typeof ZProductDetailSchema>;

/** One channel attribute of an item as the debug view shows it: what is sent, from which layer, what is wrong. */
export const ZDebugAttributeSchema = z.object({
  /** The channel's attribute name (`gtin`, `shipping`, `product_highlight` …). */
  attribute: z.string(),
  /** The value the channel would receive (after the cleaning the feeds apply); null when absent. */
  value: z.unknown(),
  /** The product fields the value is read from. */
  fields: z.array(z.string()),
  layer: z.enum(VALUE_LAYERS),
  required: z.boolean(),
  issues: z.array(ZProductIssueSchema),
});
export type TDebugAttribute = z.infer<typeof ZDebugAttributeSchema>;

/** Product-debug-view: per channel item, each attribute's effective value, its layer and its issues. */
export const ZProductDebugViewSchema = z.object({
  channel: z.enum(CATALOG_CHANNELS),
  status: z.enum(CHANNEL_STATUSES).nullable(),
  items: z.array(
    z.object({
      offer_id: z.string(),
      variant_id: z.string().nullable(),
      attributes: z.array(ZDebugAttributeSchema),
      /** Issues about the item as a whole (not one attribute), e.g. a duplicate id. */
      issues: z.array(ZProductIssueSchema),
    }),
  ),
});
export type TProductDebugView = z.infer<typeof ZProductDebugViewSchema>;

/** Search/elk-search: products whose title, SKU, brand or GTIN matches (variant fields exactly). */
export const ZElkSearchResultSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      offer_id: z.string(),
      title: z.string().nullable(),
      brand: z.string().nullable(),
      sku: z.string().nullable(),
      gtin: z.string().nullable(),
      image_link: z.string().nullable(),
    }),
  ),
});
export type TElkSearchResult = z.infer<typeof ZElkSearchResultSchema>;

export const ZAvailableOptionsSchema = z.object({
  field: z.string(),
  options: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type TAvailableOptions = z.infer<typeof ZAvailableOptionsSchema>;

const FILTER_TYPES = Object.keys(FILTER_OPERATORS) as [keyof typeof FILTER_OPERATORS];
/** What a filter row may name: each field with its type, operators and (for lists) its values and units. */
export const ZFilterOptionDataSchema = z.object({
  fields: z.array(
    z.object({
      field_name: z.string(),
      label: z.string(),
      type: z.enum(FILTER_TYPES),
      operators: z.array(z.string()),
      options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
      units: z.array(z.string()).nullable(),
    }),
  ),
});
export type TFilterOptionData = z.infer<typeof ZFilterOptionDataSchema>;

const ZShopParams = z.object({ shop_id: ZIdSchema('Store id') });
const ZIntIdSchema = z
  .string()
  .max(20)
  .regex(/^[1-9][0-9]{0,15}$/, 'Product not found.')
  .transform(Number);
const ZShopProductParams = z.object({ shop_id: ZIdSchema('Store id'), id: ZIntIdSchema });

const READ = needs('product_and_promotions_feed', 'read');
const MANAGE = needs('product_and_promotions_feed', 'manage');

export const productsContract = {
  /** GET {shop}/products-data/: the list (keyset pages, tabs, search, filters, sort). */
  find: endpoint({
    method: 'GET',
    path: '/products-data/:shop_id',
    access: READ,
    params: ZShopParams,
    query: ZProductListQuerySchema,
    response: ZProductPageSchema,
  }),
  /** GET {shop}/count-statistics/: tab counts on a channel (kept current, never recounted). */
  counts: endpoint({
    method: 'GET',
    path: '/count-statistics/:shop_id',
    access: READ,
    params: ZShopParams,
    query: ZCountStatisticsQuerySchema,
    response: ZStatusCountsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/product-detail/:shop_id/:id',
    access: READ,
    params: ZShopProductParams,
    query: ZProductDetailQuerySchema,
    response: ZProductDetailSchema,
  }),
  variants: endpoint({
    method: 'GET',
    path: '/variants-data/:shop_id/:id',
    access: READ,
    params: ZShopProductParams,
    query: ZVariantListQuerySchema,
    response: ZVariantPageSchema,
  }),
  /** PUT product-update: edits, per-field reset_to_source and whole-product reset of the override layer. */
  update: endpoint({
    method: 'PUT',
    path: '/product-update',
    access: MANAGE,
    body: ZProductUpdateSchema,
    response: ZProductDetailSchema,
  }),
  /** GET product-debug-view/{shop}/{product}?channel[&variant_id]. */
  debugView: endpoint({
    method: 'GET',
    path: '/product-debug-view/:shop_id/:id',
    access: READ,
    params: ZShopProductParams,
    query: ZProductDebugQuerySchema,
    response: ZProductDebugViewSchema,
  }),
  /** GET search/elk-search?shop_id&search_value[&tag]: index-backed, the list's search. */
  elkSearch: endpoint({
    method: 'GET',
    path: '/search/elk-search',
    access: READ,
    query: ZElkSearchQuerySchema,
    response: ZElkSearchResultSchema,
  }),
  availableOptions: endpoint({
    method: 'GET',
    path: '/get-available-options/:shop_id',
    access: READ,
    params: ZShopParams,
    query: ZAvailableOptionsQuerySchema,
    response: ZAvailableOptionsSchema,
  }),
  filterOptions: endpoint({
    method: 'GET',
    path: '/filter-option-data/:shop_id',
    access: READ,
    params: ZShopParams,
    response: ZFilterOptionDataSchema,
  }),
} as const;
