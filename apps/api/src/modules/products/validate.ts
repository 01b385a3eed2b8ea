// Re-judges a product for every channel after one of its layers changed, with all its layers (the import job
// judges the source layer of the products it brought; an edit brings the override layer in). Issues keep the
// layer that produced the offending value, so the errors popup can say whether an edit or the source is at fault.
import {
  CHANNELS,
  channelStatus,
  type TChannel,
  type TChannelStatus,
  type TIssue,
  type TProduct,
  type TTaxonomy,
  validateProduct,
  validateProductForChannels,
} from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import { excludedFromChannel } from '@feedloom/validation';
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { jsonText } from '../data-sources/staging';

const CHANNEL_KEYS = Object.keys(CHANNELS) as TChannel[];
const COMPILED_CHANNELS = CHANNEL_KEYS.map((channel) => CHANNELS[channel]);
let taxonomy: TTaxonomy | undefined;
/** Read on the first edit, then kept. */
export const shippedTaxonomy = () => (taxonomy ??= googleTaxonomy());
/** As many issues as the import keeps per product and channel. */
const MAX_ISSUES_KEPT = 50;

export interface TJudged {
  channel: TChannel;
  status: TChannelStatus;
  issues: (TIssue & { item_id: string })[];
}

/** The last shop URL's host: every product of an import or a bulk run is judged against the same shop. */
let lastShopUrl: string | undefined;
let lastDomain: string | undefined;
const domainOf = (shopUrl: string): string | undefined => {
  if (shopUrl === lastShopUrl) return lastDomain;
  let domain: string | undefined;
  try {
    domain = new URL(shopUrl).hostname;
  } catch {
    domain = undefined;
  }
  lastShopUrl = shopUrl;
  lastDomain = domain;
  return domain;
};

/**
 * What a product is judged against: the shipped taxonomy, the shop's currency and the shop's domain (a
 * product's link must be on it or a subdomain of it — reference "link: must be on the store domain").
 */
export const judgingContext = (shop: { shop_currency: string; shop_url: string }) => ({
  taxonomy: shippedTaxonomy(),
  currency: shop.shop_currency,
  shopDomain: domainOf(shop.shop_url),
});

/** The product's items judged for one channel (the sync engine holds back the items with errors). */
export const judgeItems = (
  product: TProduct,
  shop: { shop_currency: string; shop_url: string },
  channel: TChannel,
  ctx = judgingContext(shop),
) => validateProduct(CHANNELS[channel], product, ctx);

export const judgeProduct = (
  product: TProduct,
  shop: { shop_currency: string; shop_url: string },
): TJudged[] => {
  const ctx = judgingContext(shop);
  // Submission controls (spec §3) exclude the product from a channel whose every destination they name.
  const own = product.overrides.product_submission_control;
  const controls = own !== undefined ? own : product.source.product_submission_control;
  // The channels share the product's items and the resolved context (see validateProductForChannels).
  const perChannel = validateProductForChannels(COMPILED_CHANNELS, product, ctx);
  return CHANNEL_KEYS.map((channel, c) => {
    const issues: (TIssue & { item_id: string })[] = [];
    for (const r of perChannel[c] ?? []) {
      const item_id = r.item.offerId;
      for (const i of r.issues) issues.push({ item_id, ...i });
    }
    return {
      channel,
      status: channelStatus(issues, { integrated: true, excluded: excludedFromChannel(channel, controls) }),
      issues: issues.length > MAX_ISSUES_KEPT ? issues.slice(0, MAX_ISSUES_KEPT) : issues,
    };
  });
};

/** A judged status as writeStatuses takes it: one per product and channel. */
export interface TStatusRow {
  product_id: number | string;
  channel: string;
  status: string;
  issues: readonly unknown[];
}

/** Status rows as a relation for writeStatuses (one jsonb parameter, whatever the number of rows). */
export const statusRows = (rows: readonly TStatusRow[]): SQL =>
  sql`(select * from jsonb_to_recordset(${jsonText(rows)}::jsonb)
    as r(product_id bigint, channel text, status text, issues jsonb))`;

/**
 * THE write of product statuses (a product edit, a bulk customisation, an import, a report upload): upserts
 * each (product, channel) of `rows` — a relation with columns product_id, channel, status and issues (jsonb),
 * see statusRows — and leaves identical rows untouched. In the same statement the triggers of migrations 0008
 * and 0017 keep the tab counts (product_status_counts) and the list's per-channel status columns on products
 * (google_status, microsoft_status, meta_status) current. `onlyShopProducts` drops rows naming another shop's
 * product (when the ids come from a merchant's file).
 */
export const writeStatuses = (
  db: TDb,
  shopId: string,
  rows: SQL,
  opts: { onlyShopProducts?: boolean } = {},
) =>
  db.execute(sql`
    insert into product_channel_statuses as s (product_id, shop_id, channel, status, issues)
    select x.product_id, ${shopId}::uuid, x.channel, x.status, x.issues from ${rows} as x
    ${opts.onlyShopProducts ? sql`join products p on p.id = x.product_id and p.shop_id = ${shopId}::uuid` : sql``}
    on conflict (product_id, channel) do update set
      status = excluded.status, issues = excluded.issues, updated_at = now()
    where s.status is distinct from excluded.status or s.issues is distinct from excluded.issues`);
