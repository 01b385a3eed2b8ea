import { z } from 'zod';
import { CATALOG_CHANNELS, type TCatalogChannel } from './constants';
import { ZListQuerySchema } from './limits';
import {
  parseAdvanceFilter,
  PRODUCT_TABS,
  ZFilterSchema,
  strictRequestObject,
  ZProductAttributesRequestSchema,
  type TFilter,
} from './product';
import { TEXT_LIMITS, ZIdSchema, ZTextSchema } from './text';

// The product list, detail and edit calls. The list
// query follows normalisation: a bad page, limit, order, tab, channel or sort falls back to its
// default instead of failing; invalid advance_filter JSON is ignored; a kept filter row is checked with the
// filter rules and refused with their message.

/** The sidebar channels, in the sidebar's order. */
export const PRODUCT_CHANNELS = [
  'free_listings',
  'shopping_ads',
  'display_ads',
  'bing_ads',
  'meta_ads',
] as const;
export type TProductChannel = (typeof PRODUCT_CHANNELS)[number];
/** The product list's sidebar destination that shows a catalog channel's products (its first one). */
export const LIST_CHANNEL_OF: Record<TCatalogChannel, TProductChannel> = {
  google: 'free_listings',
  microsoft: 'bing_ads',
  meta: 'meta_ads',
};
export const PRODUCT_CHANNEL_LABELS: Record<TProductChannel, string> = {
  free_listings: 'Free listings',
  shopping_ads: 'Shopping ads',
  display_ads: 'Display ads',
  bing_ads: 'Bing ads',
  meta_ads: 'Meta ads',
};
/** The catalog channel whose validator judges each sidebar channel (Google serves three of them). */
export const CATALOG_CHANNEL_OF: Record<TProductChannel, TCatalogChannel> = {
  free_listings: 'google',
  shopping_ads: 'google',
  display_ads: 'google',
  bing_ads: 'microsoft',
  meta_ads: 'meta',
};
export const DEFAULT_PRODUCT_CHANNEL: TProductChannel = 'free_listings';

export type TProductTab = (typeof PRODUCT_TABS)[number];
/** A product's (or an item's) state on a channel: the list's tabs, and `integration_pending` before the channel is set up. */
export type TProductStateName = Exclude<TProductTab, 'all'> | 'integration_pending';

/**
 * The one vocabulary of product states on a channel (spec's product tabs and icon states): the words of the
 * list's tabs and of each row's badge, the variants, the detail page, the dashboard and notifications.
 */
export const PRODUCT_STATE_LABELS: Record<TProductStateName, string> = {
  error: 'Error',
  excluded: 'Excluded',
  pending: 'Pending',
  published: 'Published',
  warning: 'Warning',
  disapproved: 'Disapproved',
  submitted: 'Submitted',
  integration_pending: 'Channel not connected',
};
export const PRODUCT_TAB_LABELS: Record<TProductTab, string> = { all: 'All', ...PRODUCT_STATE_LABELS };

/** A list row's icon: its state on the channel, `_with_variants` when its variants carry it. */
export const PRODUCT_ICON_STATES = [
  'submitted',
  'submitted_with_variants',
  'disapproved',
  'disapproved_with_variants',
  'warnings',
  'warnings_with_variants',
  'errors',
  'excluded',
  'pending',
  'integration_pending',
] as const;
export type TProductIconState = (typeof PRODUCT_ICON_STATES)[number];

/** The state each product icon state shows; `submitted` is the product's own (submitted or published). */
const ICON_STATE_OF: Record<string, TProductStateName | undefined> = {
  disapproved: 'disapproved',
  warnings: 'warning',
  errors: 'error',
  excluded: 'excluded',
  pending: 'pending',
  integration_pending: 'integration_pending',
};

/**
 * A list row's badge in the tabs' words: the state its icon shows — for a sent product, Published once the
 * channel approved it, else Submitted — and "(variants)" when its variants carry that state.
 */
export const productStateLabel = (iconState: string, status: TProductStateName | null): string => {
  const withVariants = iconState.endsWith('_with_variants');
  const base = withVariants ? iconState.slice(0, -'_with_variants'.length) : iconState;
  const state =
    base === 'submitted'
      ? status === 'published'
        ? 'published'
        : 'submitted'
      : (ICON_STATE_OF[base] ?? 'pending');
  return `${PRODUCT_STATE_LABELS[state]}${withVariants ? ' (variants)' : ''}`;
};

export const PRODUCT_SORT_COLUMNS = ['created_at', 'product_type', 'brand'] as const;
export type TProductSortColumn = (typeof PRODUCT_SORT_COLUMNS)[number];
/** The six sort options, as the list's sort menu shows them. */
export const PRODUCT_SORT_OPTIONS = [
  { label: 'Created newest', sort_col: 'created_at', order: -1 },
  { label: 'Created oldest', sort_col: 'created_at', order: 1 },
  { label: 'Product Type A to Z', sort_col: 'product_type', order: 1 },
  { label: 'Product Type Z to A', sort_col: 'product_type', order: -1 },
  { label: 'Brand A to Z', sort_col: 'brand', order: 1 },
  { label: 'Brand Z to A', sort_col: 'brand', order: -1 },
] as const satisfies readonly { label: string; sort_col: TProductSortColumn; order: 1 | -1 }[];

export const PRODUCT_USE_CASES = ['product_detail'] as const;

export const PRODUCTS_MSG = {
  filterInvalid: (message: string) => `Filter: ${message}`,
} as const;

/** A keyset cursor: a product's internal id written as digits; anything else means "no cursor". */
const toCursor = (v: unknown) => (typeof v === 'string' ? (/^\d{1,16}$/.test(v) ? Number(v) : undefined) : v);
const ZCursorSchema = z
  .preprocess(toCursor, z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional())
  .catch(undefined);

/** Longest `filters` parameter (JSON text of the rows). */
export const FILTERS_PARAM_MAX = 20_000;

/** The `filters` parameter: JSON text of filter rows, normalised, then checked row by row. */
const ZFiltersParamSchema = z
  .optional(ZTextSchema({ label: 'Filter', max: FILTERS_PARAM_MAX }))
  .catch(undefined)
  .transform((json, ctx): TFilter => {
    const rows = parseAdvanceFilter(json);
    const parsed = ZFilterSchema.safeParse(rows);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    ctx.addIssue({ code: 'custom', message: PRODUCTS_MSG.filterInvalid(issue?.message ?? 'invalid row.') });
    return z.NEVER;
  });

/** Longest issue code or attribute the list's issue filter takes (codes and attribute paths are far shorter). */
export const ISSUE_FILTER_MAX = 100;
/**
 * The issue filter (the dashboard's top issues link to it): products with an issue of this code, and
 * of this attribute when given, on the active channel; empty is no filter. Refused (not dropped) when bad, like a
 * search.
 */
const ZIssueParamSchema = (label: string) =>
  ZTextSchema({ label, trim: true, max: ISSUE_FILTER_MAX }).optional();
export const ZIssueFilterSchema = z.object({
  issue_code: ZIssueParamSchema('Issue code'),
  issue_attribute: ZIssueParamSchema('Issue attribute'),
});

/** GET {shop}/products-data/. */
export const ZProductListQuerySchema = ZListQuerySchema.extend({
  tab: z.enum(PRODUCT_TABS).catch('all').default('all'),
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
  sort_col: z.enum(PRODUCT_SORT_COLUMNS).catch('created_at').default('created_at'),
  last_internal_product_id: ZCursorSchema,
  first_internal_product_id: ZCursorSchema,
  filters: ZFiltersParamSchema,
  use_case: z.enum(PRODUCT_USE_CASES).optional().catch(undefined),
  ...ZIssueFilterSchema.shape,
}).transform((q) => (q.use_case === 'product_detail' ? { ...q, limit: 1 } : q));
export type TProductListQuery = z.output<typeof ZProductListQuerySchema>;
export type TProductListQueryInput = z.input<typeof ZProductListQuerySchema>;

/** GET {shop}/count-statistics/?active_channel[&product_id]. */
export const ZCountStatisticsQuerySchema = z.object({
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
  product_id: ZCursorSchema,
});
export type TCountStatisticsQuery = z.output<typeof ZCountStatisticsQuerySchema>;

/** GET {shop}/products/{id}/variants-data/: variant search matches exactly. */
export const ZVariantListQuerySchema = ZListQuerySchema.pick({
  page: true,
  limit: true,
  search: true,
}).extend({
  tab: z.enum(PRODUCT_TABS).catch('all').default('all'),
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
});
export type TVariantListQuery = z.output<typeof ZVariantListQuerySchema>;

/** Fields whose values the filter rows offer as a pick list (`get-available-options`). */
export const OPTION_FIELDS = [
  'brand',
  'product_type',
  'google_product_category',
  'tags',
  'data_source_name',
  'color',
  'size',
  'material',
  'pattern',
  'custom_label0',
  'custom_label1',
  'custom_label2',
  'custom_label3',
  'custom_label4',
] as const;
export type TOptionField = (typeof OPTION_FIELDS)[number];
export const OPTIONS_LIMIT = 100;

/** GET {shop}/get-available-options?active_channel&field[&response_type]. */
export const ZAvailableOptionsQuerySchema = z.object({
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
  field: z.enum(OPTION_FIELDS, { message: 'Choose a field that has options.' }),
  response_type: z.enum(['list', 'count']).catch('list').default('list'),
  search: ZTextSchema({ label: 'Search', trim: true, max: TEXT_LIMITS.search }).optional(),
});
export type TAvailableOptionsQuery = z.output<typeof ZAvailableOptionsQuerySchema>;

/** GET {shop}/product-detail/{id}?data_type. */
export const ZProductDetailQuerySchema = z.object({
  data_type: z.enum(['all', 'content']).catch('all').default('all'),
});

/** PUT product-update: the override layer of one product (or one of its variants). */
export const ZProductUpdateSchema = strictRequestObject({
  shop_id: ZIdSchema('Store id'),
  product_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  variant_id: ZIdSchema('Variant id').optional(),
  // A key no attribute has is refused (4xx naming it), never answered "Product updated." with nothing done.
  data: ZProductAttributesRequestSchema,
});
export type TProductUpdate = z.output<typeof ZProductUpdateSchema>;
export type TProductUpdateInput = z.input<typeof ZProductUpdateSchema>;

/**
 * Submission controls: one per destination of the
 * sidebar, in its order; a control set to true excludes the product from that destination. A catalog channel
 * is excluded when every destination it serves is (Google serves free listings, shopping ads and display ads).
 */
export const SUBMISSION_CONTROLS = {
  control1: 'free_listings',
  control2: 'shopping_ads',
  control3: 'display_ads',
  control4: 'bing_ads',
  control5: 'meta_ads',
} as const satisfies Record<string, TProductChannel>;
export type TSubmissionControlKey = keyof typeof SUBMISSION_CONTROLS;
export const SUBMISSION_CONTROL_KEYS = Object.keys(SUBMISSION_CONTROLS) as TSubmissionControlKey[];

/** True when the controls exclude the product from every destination of a catalog channel. */
export const excludedFromChannel = (
  channel: 'google' | 'microsoft' | 'meta',
  controls: Partial<Record<string, boolean | undefined>> | null | undefined,
): boolean => {
  const keys = SUBMISSION_CONTROL_KEYS.filter((k) => CATALOG_CHANNEL_OF[SUBMISSION_CONTROLS[k]] === channel);
  return keys.every((k) => controls?.[k] === true);
};

/**
 * The list address names its filter `advance_filter`; the list call names it `filters`. This is the one place the two meet: the address parameters in, the list call's out.
 */
export const listCallFiltersOf = (addressParams: { advance_filter?: string | undefined }) =>
  addressParams.advance_filter ? { filters: addressParams.advance_filter } : {};

/** GET product-debug-view/{shop}/{product}?channel[&variant_id]. */
export const ZProductDebugQuerySchema = z.object({
  channel: z.enum(CATALOG_CHANNELS).catch('google').default('google'),
  variant_id: ZIdSchema('Variant id').optional(),
});
export type TProductDebugQuery = z.output<typeof ZProductDebugQuerySchema>;

/** GET search/elk-search: shop_id, search_value, tag. */
export const ELK_SEARCH_LIMIT = 20;
export const ZElkSearchQuerySchema = z.object({
  shop_id: ZIdSchema('Store id'),
  search_value: ZTextSchema({ label: 'Search', trim: true, min: 1, max: TEXT_LIMITS.search }),
  tag: ZTextSchema({ label: 'Tag', trim: true, max: TEXT_LIMITS.search }).optional(),
});
export type TElkSearchQuery = z.output<typeof ZElkSearchQuerySchema>;
