import {
  DEFAULT_PRODUCT_CHANNEL,
  FILTERS_PARAM_MAX,
  ISSUE_FILTER_MAX,
  listCallFiltersOf,
  PRODUCT_CHANNELS,
  PRODUCT_SORT_COLUMNS,
  PRODUCT_STATE_LABELS,
  PRODUCT_TABS,
  ZListQuerySchema,
  ZTextSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { hasPermission } from '@/lib/permissions';
import { useRequiredSession } from '@/features/auth/use-session';
import type { RouterInputs, RouterOutputs } from '@/lib/trpc';

export type ProductPage = RouterOutputs['products']['find'];
export type ProductRow = ProductPage['data'][number];
export type ProductIssue = ProductRow['issues'][number];
export type ProductDetail = RouterOutputs['products']['get'];
export type ProductDebugView = RouterOutputs['products']['debugView'];
export type StatusCounts = RouterOutputs['products']['counts'];
export type FilterOptionData = RouterOutputs['products']['filterOptions'];
export type ProductFindInput = RouterInputs['products']['find'];

const toCursor = (v: unknown) => (typeof v === 'string' ? (/^\d{1,16}$/.test(v) ? Number(v) : undefined) : v);
const cursor = z.preprocess(toCursor, z.number().int().positive().optional()).catch(undefined);

const issueParam = (label: string) =>
  ZTextSchema({ label, trim: true, max: ISSUE_FILTER_MAX }).optional().catch(undefined);

/**
 * "Product list" address parameters: search, page, limit, tab, advance_filter (JSON list),
 * active_channel, sort_col, order, plus the keyset cursors of the page shown, so a link reproduces the view;
 * issue_code and issue_attribute narrow it to the products with one issue (the dashboard's top issues link so).
 */
export const ZProductListParamsSchema = ZListQuerySchema.extend({
  tab: z.enum(PRODUCT_TABS).catch('all').default('all'),
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
  sort_col: z.enum(PRODUCT_SORT_COLUMNS).catch('created_at').default('created_at'),
  advance_filter: ZTextSchema({ label: 'Filter', max: FILTERS_PARAM_MAX }).optional().catch(undefined),
  last_internal_product_id: cursor,
  first_internal_product_id: cursor,
  issue_code: issueParam('Issue code'),
  issue_attribute: issueParam('Issue attribute'),
});
export type ProductListParams = z.output<typeof ZProductListParamsSchema>;

/** The issue a list state is narrowed to, as the list call and a bulk selection take it. */
export function issueFilterOf(p: Pick<ProductListParams, 'issue_code' | 'issue_attribute'>) {
  if (!p.issue_code) return {};
  return { issue_code: p.issue_code, ...(p.issue_attribute ? { issue_attribute: p.issue_attribute } : {}) };
}

/** The api call for a list state (the address's `advance_filter` becomes the call's `filters`: listCallFiltersOf). */
export function findInputOf(shopId: string, p: ProductListParams): ProductFindInput {
  return {
    shop_id: shopId,
    page: p.page,
    limit: p.limit,
    tab: p.tab,
    active_channel: p.active_channel,
    sort_col: p.sort_col,
    order: p.order,
    ...(p.search ? { search: p.search } : {}),
    ...listCallFiltersOf(p),
    ...issueFilterOf(p),
    ...(p.last_internal_product_id ? { last_internal_product_id: p.last_internal_product_id } : {}),
    ...(p.first_internal_product_id ? { first_internal_product_id: p.first_internal_product_id } : {}),
  };
}

/** Keyset cursors cleared: any change but paging starts from the first page again. */
export const NO_CURSOR = {
  last_internal_product_id: undefined,
  first_internal_product_id: undefined,
} as const;

/** The detail address, carrying the list view it was opened from (for previous/next). */
export function productDetailHref(productId: number, listSearch: string): string {
  const params = new URLSearchParams(listSearch);
  params.delete('last_internal_product_id');
  params.delete('first_internal_product_id');
  params.delete('page');
  const qs = params.toString();
  return `/manage-products/detail/${productId}${qs ? `?${qs}` : ''}`;
}

export function useCanManageProducts(): boolean {
  return hasPermission(useRequiredSession().permissions, 'product_and_promotions_feed_manage');
}

/** Product states in the one vocabulary of tabs, badges and the dashboard. */
export const STATUS_LABELS: Record<string, string> = PRODUCT_STATE_LABELS;

/** The catalog channels whose validators judge products. */
export const CHANNEL_NAMES: Record<string, string> = {
  google: 'Google',
  microsoft: 'Microsoft (Bing)',
  meta: 'Meta',
};

export const LAYER_LABELS: Record<string, string> = {
  shop_default: 'Store default',
  source: 'Source',
  override: 'Override',
  rule: 'Rule',
};

/** Who reported an issue the channel found in its own review (its code names the channel: `google:…`). */
export function channelOfIssue(code: string): string {
  return CHANNEL_NAMES[code.split(':')[0] ?? ''] ?? 'the channel';
}

/** Where an issue comes from, and so where it is fixed. */
export function layerHelp(layer: string): string {
  if (layer === 'override')
    return 'Caused by an edit made in Feedloom: change or reset it on the product page.';
  if (layer === 'rule') return 'Caused by an automated rule: change the rule.';
  if (layer === 'shop_default')
    return 'Comes from your store’s default condition: set this product’s own on the product page, or change the default in the store’s settings.';
  return 'Comes from the data source: fix it in your shop’s data, or override it on the product page.';
}
