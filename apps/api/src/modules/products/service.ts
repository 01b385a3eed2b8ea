import {
  applyProductEdit,
  channelStatus,
  effective,
  findCategory,
  formatMoney,
  heldBack,
  productIconState,
  type TChannel,
  type TChannelStatus,
  type TEffective,
  type TProduct,
} from '@feedloom/catalog';
import type {
  TAvailableOptions,
  TElkSearchResult,
  TProductDebugView,
  TChannelStatusName,
  TFilterOptionData,
  TProductDetail,
  TProductField,
  TProductIssue,
  TProductListItem,
  TProductPage,
  TStatusCounts,
  TValueLayer,
  TVariantPage,
} from '@feedloom/contracts';
import {
  AGE_GROUP_LABELS,
  AI_APPROVE_STATUSES,
  AVAILABILITIES,
  CATALOG_CHANNEL_OF,
  CONDITIONS,
  DIMENSION_UNITS,
  ELK_SEARCH_LIMIT,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  GENDERS,
  OPTIONS_LIMIT,
  PAUSE_LABELS,
  PRODUCT_TABS,
  SIZE_SYSTEMS,
  SIZE_TYPES,
  UNIT_PRICING_UNITS,
  UPI_CONTROL_LEVELS,
  WEIGHT_UNITS,
  type TAvailableOptionsQuery,
  type TCountStatisticsQuery,
  type TElkSearchQuery,
  type TProductDebugQuery,
  type TProductListQuery,
  type TProductUpdate,
  type TVariantListQuery,
} from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { inTransaction, type TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { customOf, productOf } from '../catalogue';
import { DATA_SOURCE_API_MSG } from '../data-sources/messages';
import { connectionsRepo } from '../channels/repo';
import { PRODUCTS_API_MSG as M } from './messages';
import { productsRepo, type TProductListRow } from './repo';
import { debugView } from './debug';
import {
  judgeProduct,
  judgingContext,
  sameContentOf,
  shippedTaxonomy,
  shopDefaults,
  statusRows,
  writeStatuses,
  type TJudgingShop,
} from '../catalogue';
import { reachShop, type TShopCaller } from '../tenancy/reach';

/** Form field names the edit payload uses for model fields (title is edited as custom_title). */
const FORM_FIELD: Readonly<Record<string, string>> = {
  title: 'custom_title',
  description: 'custom_description',
};

const iso = (d: string | Date) => new Date(d).toISOString();

/** A value as the list shows it: text as is, prices in feed form, lists joined. */
const textOf = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => textOf(x) ?? '').join(', ');
  if (typeof v === 'object' && 'currency' in v && 'value' in v) {
    return formatMoney(v as { value: number; currency: string });
  }
  return JSON.stringify(v);
};

/** A Google category as its path (`Apparel & Accessories > Clothing`), whether stored as an id or a path. */
const categoryName = (v: unknown): string | null => {
  const value = textOf(v);
  if (value === null) return null;
  return findCategory(shippedTaxonomy(), value)?.fullPath ?? value;
};

/**
 * The picture a list shows for a product: its own, else its first variant's (a variable Shopify product has
 * none of its own; its variants carry them).
 */
const imageOf = (product: TProduct): string | null => {
  const own = effective(product).values.image_link;
  if (own) return own;
  const first = product.variants[0];
  return first ? (effective(product, first).values.image_link ?? null) : null;
};

export const productOfRow = (row: TProductListRow): TProduct =>
  productOf({
    ...row,
    data_source_id: null,
    source_hash: '',
    last_run_id: null,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    shop_id: '',
  });

const issuesOf = (raw: unknown[] | null | undefined): TProductIssue[] =>
  (raw ?? []).map((i) => {
    const issue = i as Partial<TProductIssue>;
    return {
      code: String(issue.code ?? ''),
      severity: issue.severity ?? 'error',
      attribute: String(issue.attribute ?? ''),
      message: String(issue.message ?? ''),
      layer: issue.layer ?? 'source',
      item_id: issue.item_id ?? null,
      origin: issue.origin === 'channel' ? 'channel' : 'feedloom',
    };
  });

/**
 * A variant's status on a channel, from the product's stored status and the issues naming the variant: excluded
 * when the merchant holds the variant back from the channel (heldBack, the question the feeds and the sync ask);
 * once the product was sent, the channel's word on the variant — disapproved when the channel reports an error
 * on it, else approved once the channel approved the product (published or warning), else waiting (submitted).
 */
const variantStatus = (
  productStatus: string | null,
  issues: TProductIssue[],
  held: boolean,
): TChannelStatus | null => {
  if (productStatus === null) return null;
  if (productStatus === 'integration_pending' || productStatus === 'excluded') return productStatus;
  if (held) return 'excluded';
  const sent = ['submitted', 'published', 'warning', 'disapproved'].includes(productStatus);
  const ours = issues.filter((i) => i.origin !== 'channel');
  const theirs = issues.filter((i) => i.origin === 'channel');
  const verdict = theirs.some((i) => i.severity === 'error')
    ? 'disapproved'
    : ['published', 'warning', 'disapproved'].includes(productStatus)
      ? 'approved'
      : null;
  return channelStatus(ours, {
    integrated: true,
    submittedAt: sent ? 'sent' : null,
    channelVerdict: sent ? verdict : null,
    channelIssues: theirs.filter((i) => i.severity !== 'error'),
  });
};

const fieldsOf = (eff: TEffective, source: Record<string, unknown>, keys: Iterable<string>) => {
  const fields: Record<string, TProductField> = {};
  for (const key of keys) {
    fields[key] = {
      value: (eff.values as Record<string, unknown>)[key] ?? null,
      layer: (eff.layers as Record<string, TValueLayer | undefined>)[key] ?? 'source',
      source_value: source[key] ?? null,
    };
  }
  return fields;
};

const FILTER_LABELS: Readonly<Record<string, string>> = {
  gtin: 'GTIN',
  mpn: 'MPN',
  sku: 'SKU',
  item_group_id: 'Item group id',
  google_product_category: 'Google product category',
  upi_management_status: 'Unique product identifier control',
  cogs: 'Cost of goods sold',
  ai_approve_status: 'AI approval status',
  inventory_qty: 'Inventory quantity',
};
const labelOf = (field: string) =>
  FILTER_LABELS[field] ??
  field
    .replace(/_/g, ' ')
    .replace(/(\d)$/, ' $1')
    .replace(/^./, (c) => c.toUpperCase());

const LIST_OPTIONS: Readonly<Record<string, readonly { value: string; label: string }[]>> = {
  availability: AVAILABILITIES.map((v) => ({ value: v, label: v.replace(/_/g, ' ') })),
  condition: CONDITIONS.map((v) => ({ value: v, label: v })),
  gender: GENDERS.map((v) => ({ value: v, label: v })),
  age_group: Object.entries(AGE_GROUP_LABELS).map(([value, label]) => ({ value, label })),
  size_system: SIZE_SYSTEMS.map((v) => ({ value: v, label: v })),
  size_type: SIZE_TYPES.map((v) => ({ value: v, label: v })),
  adult: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
  is_bundle: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
  pause: Object.entries(PAUSE_LABELS).map(([value, label]) => ({ value, label })),
  ai_approve_status: AI_APPROVE_STATUSES.map((v) => ({ value: v, label: v })),
  upi_management_status: Object.entries(UPI_CONTROL_LEVELS).map(([value, label]) => ({ value, label })),
};
const unitsOf = (field: string): readonly string[] | null => {
  if (FILTER_FIELDS[field] !== 'input_list') return null;
  if (field.startsWith('unit_pricing')) return UNIT_PRICING_UNITS;
  return field.endsWith('weight') ? WEIGHT_UNITS : DIMENSION_UNITS;
};

export const createProductsService = (deps: { db: TDb }) => {
  const { db } = deps;
  const repo = productsRepo(db);

  /** The shop, if the caller may reach it (else 404, as if it did not exist). */
  const toListItem = (row: TProductListRow, channel: TChannel): TProductListItem => {
    const product = productOfRow(row);
    const v = effective(product).values;
    // A product whose variants differ in title shows its first variant's.
    const first = product.variants[0] ? effective(product, product.variants[0]).values : undefined;
    const issues = issuesOf(row.issues);
    const status = row.status as TChannelStatusName | null;
    const variantStatuses = product.variants
      .map((variant) =>
        variantStatus(
          status,
          issues.filter((i) => i.item_id === variant.offer_id),
          heldBack(channel, effective(product, variant).values),
        ),
      )
      .filter((s): s is TChannelStatus => s !== null);
    return {
      id: Number(row.id),
      offer_id: row.offer_id,
      item_group_id: row.item_group_id,
      title: textOf(v.title ?? first?.title),
      brand: textOf(v.brand ?? first?.brand),
      category_name:
        textOf(v.category_name) ?? categoryName(v.google_product_category ?? first?.google_product_category),
      product_type: textOf(v.product_type),
      price: textOf(v.price),
      sale_price: textOf(v.sale_price),
      sku: textOf(v.sku),
      gtin: textOf(v.gtin),
      image_link: imageOf(product),
      availability: textOf(v.availability),
      inventory_qty: typeof v.inventory_qty === 'number' ? v.inventory_qty : null,
      data_source_name: row.data_source_name,
      variant_count: product.variants.length,
      status,
      icon_state:
        status === null
          ? 'pending'
          : productIconState(product.variants.length ? undefined : status, variantStatuses),
      error_count: issues.filter((i) => i.severity === 'error').length,
      warning_count: issues.filter((i) => i.severity === 'warning').length,
      issues,
      created_at: iso(row.created_at),
    };
  };

  const countsOf = async (shopId: string, channel: string): Promise<TStatusCounts> => {
    const counts = Object.fromEntries(
      [...PRODUCT_TABS, 'integration_pending'].map((k) => [k, 0]),
    ) as TStatusCounts;
    for (const r of await repo.counts(shopId, channel)) {
      if (r.channel === '*') counts.all = r.n;
      else if (r.status in counts && r.status !== 'all') counts[r.status as keyof TStatusCounts] = r.n;
    }
    return counts;
  };

  const loadProduct = async (shopId: string, id: number) => {
    const row = await repo.get(shopId, id);
    if (!row) throw notFound(M.notFound);
    return row;
  };

  /**
   * The product as its detail shows it: every field a layer speaks about, on the shop's defaults (a condition
   * the product gets from its shop says so: layer `shop_default`).
   */
  const detailOf = async (row: TProductListRow, shop: TJudgingShop): Promise<TProductDetail> => {
    const product = productOfRow(row);
    const defaults = shopDefaults(shop);
    const keys = new Set([
      ...Object.keys(defaults),
      ...Object.keys(product.source),
      ...Object.keys(product.overrides),
    ]);
    const [statuses, resubmission, claims] = await Promise.all([
      repo.statuses(Number(row.id)),
      repo.resubmission(Number(row.id)),
      repo.offerClaims(Number(row.id)),
    ]);
    return {
      id: Number(row.id),
      offer_id: row.offer_id,
      item_group_id: row.item_group_id,
      data_source_name: row.data_source_name,
      fields: fieldsOf(effective(product, undefined, defaults), product.source, keys),
      variants: product.variants.map((variant) => ({
        id: variant.id,
        offer_id: variant.offer_id,
        fields: fieldsOf(
          effective(product, variant, defaults),
          { ...(product.source as Record<string, unknown>), ...(variant.source as Record<string, unknown>) },
          new Set([...Object.keys(variant.source), ...Object.keys(variant.overrides)]),
        ),
      })),
      channels: statuses.map((s) => ({
        channel: s.channel as 'google' | 'microsoft' | 'meta',
        status: s.status as TChannelStatusName,
        issues: issuesOf(s.issues),
      })),
      resubmission: resubmission
        ? { fields: resubmission.fields, requested_at: iso(resubmission.requested_at) }
        : null,
      offer_claims: claims.map((c) => ({
        data_source_name: c.other,
        seen_at: iso(c.seen_at),
        message: DATA_SOURCE_API_MSG.offerAlsoIn(
          row.offer_id,
          c.other,
          c.owner ?? row.data_source_name ?? '',
        ),
      })),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  };

  return {
    async list(caller: TShopCaller, shopId: string, q: TProductListQuery): Promise<TProductPage> {
      await reachShop(db, caller, shopId);
      const cursorId = q.last_internal_product_id ?? q.first_internal_product_id;
      let cursor: { id: number; key: string | null; after: boolean } | null = null;
      if (cursorId !== undefined) {
        const found = await repo.cursorKey(shopId, cursorId, q.sort_col);
        // A cursor that is gone (product deleted) falls back to the page number.
        if (found) cursor = { id: found.id, key: found.key, after: q.last_internal_product_id !== undefined };
      }
      const counted = q.search !== undefined || q.filters.length > 0 || Boolean(q.issue_code);
      // The page (with a search, filters or an issue, the view's own count with it), the kept counts and the channels
      // switched on, side by side.
      const [plan, counts, refreshed, enabled] = await Promise.all([
        repo.list(shopId, q, cursor, { withTotal: counted }),
        countsOf(shopId, CATALOG_CHANNEL_OF[q.active_channel]),
        repo.lastRefreshed(shopId),
        connectionsRepo(db).enabledChannels(caller.org_id, shopId),
      ]);
      const total = plan.total ?? counts[q.tab];
      const forward = !plan.backwards;
      return {
        data: plan.rows.map((r) => toListItem(r, CATALOG_CHANNEL_OF[q.active_channel])),
        total_records: total,
        total_products: counts.all,
        last_error_refreshed: refreshed ? refreshed.toISOString() : null,
        // A channel is enabled while it is connected and its feed is on; statuses are
        // judged for every channel anyway (merchants fix issues before connecting).
        google_enabled: enabled.includes('google'),
        bing_enabled: enabled.includes('bing'),
        fb_enabled: enabled.includes('facebook'),
        page: q.page,
        limit: q.limit,
        has_previous: forward ? (cursor !== null || q.page > 1) && plan.rows.length > 0 : plan.more,
        has_next: forward ? plan.more : true,
      };
    },

    async counts(caller: TShopCaller, shopId: string, q: TCountStatisticsQuery): Promise<TStatusCounts> {
      await reachShop(db, caller, shopId);
      const channel = CATALOG_CHANNEL_OF[q.active_channel];
      if (q.product_id === undefined) return countsOf(shopId, channel);
      // One product: its items (itself, or each variant) by status.
      const row = await loadProduct(shopId, q.product_id);
      const status = (await repo.statuses(Number(row.id))).find((s) => s.channel === channel);
      const product = productOfRow(row);
      const issues = issuesOf(status?.issues);
      const items = product.variants.length
        ? product.variants.map((v) =>
            variantStatus(
              status?.status ?? null,
              issues.filter((i) => i.item_id === v.offer_id),
              heldBack(channel, effective(product, v).values),
            ),
          )
        : [(status?.status ?? null) as TChannelStatus | null];
      const counts = Object.fromEntries(
        [...PRODUCT_TABS, 'integration_pending'].map((k) => [k, 0]),
      ) as TStatusCounts;
      for (const s of items) {
        counts.all += 1;
        if (s) counts[s] += 1;
      }
      return counts;
    },

    async get(caller: TShopCaller, shopId: string, id: number): Promise<TProductDetail> {
      const shop = await reachShop(db, caller, shopId);
      return detailOf(await loadProduct(shopId, id), shop);
    },

    async variants(
      caller: TShopCaller,
      shopId: string,
      id: number,
      q: TVariantListQuery,
    ): Promise<TVariantPage> {
      await reachShop(db, caller, shopId);
      const row = await loadProduct(shopId, id);
      const product = productOfRow(row);
      const channel = CATALOG_CHANNEL_OF[q.active_channel];
      const status = (await repo.statuses(Number(row.id))).find((s) => s.channel === channel);
      const issues = issuesOf(status?.issues);
      const term = q.search?.trim().toLowerCase();
      const all = product.variants
        .map((variant) => {
          const v = effective(product, variant).values;
          const own = issues.filter((i) => i.item_id === variant.offer_id);
          return {
            id: variant.id,
            offer_id: variant.offer_id,
            title: textOf(v.title),
            variant_title: textOf(v.variant_title),
            sku: textOf(v.sku),
            gtin: textOf(v.gtin),
            color: textOf(v.color),
            size: textOf(v.size),
            price: textOf(v.price),
            availability: textOf(v.availability),
            status: variantStatus(status?.status ?? null, own, heldBack(channel, v)),
            issues: own,
          };
        })
        .filter((v) => q.tab === 'all' || v.status === q.tab)
        // Variant search fields match exactly.
        .filter(
          (v) =>
            !term ||
            [v.offer_id, v.sku, v.gtin, v.title, v.variant_title, v.color, v.size].some(
              (x) => x !== null && x.toLowerCase() === term,
            ),
        );
      const start = (q.page - 1) * q.limit;
      return { data: all.slice(start, start + q.limit), total_records: all.length };
    },

    /** Edits the override layer, then re-judges the product on every channel, in one transaction. */
    async update(caller: TShopCaller, body: TProductUpdate): Promise<TProductDetail> {
      const shop = await reachShop(db, caller, body.shop_id);
      await inTransaction(db, async (t) => {
        const [row] = await queryRows<TProductListRow>(
          t,
          sql`select p.id::int as id, p.product_key, p.offer_id, p.item_group_id, p.source, p.source_custom,
                p.custom, p.variants, p.created_at, p.updated_at, null as status, null as issues, null as data_source_name
              from products p where p.shop_id = ${body.shop_id}::uuid and p.id = ${body.product_id} for update`,
        );
        if (!row) throw notFound(M.notFound);
        const product = productOfRow(row);
        if (body.variant_id !== undefined && !product.variants.some((v) => v.id === body.variant_id)) {
          throw notFound(M.variantNotFound);
        }
        const result = applyProductEdit(product, body.data, body.variant_id);
        const [issue] = result.issues;
        if (issue) {
          const head = issue.attribute.split('.')[0] ?? '';
          throw badRequest(issue.message, FORM_FIELD[head] ?? head);
        }
        const judged = judgeProduct(result.product, shop);
        await t.execute(sql`
          update products set custom = ${JSON.stringify(customOf(result.product))}::jsonb, updated_at = now()
          where id = ${row.id}`);
        await writeStatuses(t, body.shop_id, statusRows(judged.map((j) => ({ product_id: row.id, ...j }))), {
          sameContent: sameContentOf(row.id, product, result.product, shopDefaults(shop)),
        });
        if (result.resubmit.length > 0)
          await productsRepo(t).requestResubmission(row.id, body.shop_id, result.resubmit);
      });
      return detailOf(await loadProduct(body.shop_id, body.product_id), shop);
    },

    /** Product-debug-view: judged now, with every layer, so it shows what an edit just changed. */
    async debugView(
      caller: TShopCaller,
      shopId: string,
      id: number,
      q: TProductDebugQuery,
    ): Promise<TProductDebugView> {
      const shop = await reachShop(db, caller, shopId);
      const row = await loadProduct(shopId, id);
      const product = productOfRow(row);
      if (q.variant_id !== undefined && !product.variants.some((v) => v.id === q.variant_id)) {
        throw notFound(M.variantNotFound);
      }
      const stored = (await repo.statuses(Number(row.id))).find((s) => s.channel === q.channel);
      return debugView(
        product,
        q.channel,
        judgingContext(shop),
        (stored?.status ?? null) as TChannelStatusName | null,
        q.variant_id,
      );
    },

    /** Search/elk-search: the list's index-backed search (title, SKU, brand, GTIN; variants exactly). */
    async elkSearch(caller: TShopCaller, q: TElkSearchQuery): Promise<TElkSearchResult> {
      await reachShop(db, caller, q.shop_id);
      const rows = await repo.search(q.shop_id, q.search_value, q.tag, ELK_SEARCH_LIMIT);
      return {
        data: rows.map((row) => {
          const product = productOfRow(row);
          const v = effective(product).values;
          return {
            id: Number(row.id),
            offer_id: row.offer_id,
            title: textOf(v.title),
            brand: textOf(v.brand),
            sku: textOf(v.sku),
            gtin: textOf(v.gtin),
            image_link: imageOf(product),
          };
        }),
      };
    },

    async availableOptions(
      caller: TShopCaller,
      shopId: string,
      q: TAvailableOptionsQuery,
    ): Promise<TAvailableOptions> {
      await reachShop(db, caller, shopId);
      const options = await repo.options(shopId, q.field, q.search, OPTIONS_LIMIT);
      return { field: q.field, options };
    },

    async filterOptions(caller: TShopCaller, shopId: string): Promise<TFilterOptionData> {
      await reachShop(db, caller, shopId);
      return {
        fields: Object.entries(FILTER_FIELDS).map(([field, type]) => ({
          field_name: field,
          label: labelOf(field),
          type,
          operators: [...FILTER_OPERATORS[type]],
          options: LIST_OPTIONS[field] ? [...LIST_OPTIONS[field]] : null,
          units: unitsOf(field) ? [...unitsOf(field)!] : null,
        })),
      };
    },
  };
};
export type TProductsService = ReturnType<typeof createProductsService>;
