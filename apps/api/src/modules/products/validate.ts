// Re-judges a product for every channel after one of its layers changed, with all its layers (the import job
// judges the source layer of the products it brought; an edit brings the override layer in). Issues keep the
// layer that produced the offending value, so the errors popup can say whether an edit or the source is at fault.
import {
  CHANNELS,
  channelStatus,
  heldBack,
  sendsSameItems,
  type TChannel,
  type TChannelStatus,
  type TIssue,
  type TProduct,
  type TShopDefaults,
  type TTaxonomy,
  validateProduct,
  validateProductForChannels,
} from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import type { TShopRow } from '../../db/schema';
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

/** What judging reads of a shop: its currency, its website and its default condition. */
export type TJudgingShop = Pick<TShopRow, 'shop_currency' | 'shop_url' | 'default_condition'>;

/**
 * The shop's defaults, the lowest layer of each of its products (the catalog fills a product whose layers
 * give no condition with the shop's default condition, and marks it as such): judging, the feed files, the
 * channel syncs and the product detail all merge a product on these.
 */
export const shopDefaults = (shop: Pick<TJudgingShop, 'default_condition'>): TShopDefaults => ({
  condition: shop.default_condition,
});

/**
 * What a product is judged against: the shipped taxonomy, the shop's currency, the shop's domain (a
 * product's link must be on it or a subdomain of it — reference "link: must be on the store domain") and the
 * shop's defaults.
 */
export const judgingContext = (shop: TJudgingShop) => ({
  taxonomy: shippedTaxonomy(),
  currency: shop.shop_currency,
  shopDomain: domainOf(shop.shop_url),
  defaults: shopDefaults(shop),
});

/**
 * The product's items judged for one channel, each with whether the merchant holds it back from the channel
 * (heldBack: the sync sends none of those and deletes them if live; it holds back the items with errors too).
 */
export const judgeItems = (
  product: TProduct,
  shop: TJudgingShop,
  channel: TChannel,
  ctx = judgingContext(shop),
) => validateProduct(CHANNELS[channel], product, ctx).map((r) => ({ ...r, heldBack: heldBack(channel, r.item.values) }));

/**
 * A product's status and issues on every channel, as judged here (the channel's own word is merged in when
 * they are written: writeStatuses). Items the merchant holds back from a channel (heldBack) are not judged for
 * it; a product all of whose items are held back is `excluded`.
 */
export const judgeProduct = (
  product: TProduct,
  shop: TJudgingShop,
): TJudged[] => {
  const ctx = judgingContext(shop);
  // The channels share the product's items and the resolved context (see validateProductForChannels).
  const perChannel = validateProductForChannels(COMPILED_CHANNELS, product, ctx);
  return CHANNEL_KEYS.map((channel, c) => {
    const issues: (TIssue & { item_id: string })[] = [];
    let sent = 0;
    for (const r of perChannel[c] ?? []) {
      if (heldBack(channel, r.item.values)) continue;
      sent++;
      const item_id = r.item.offerId;
      for (const i of r.issues) issues.push({ item_id, ...i });
    }
    return {
      channel,
      status: channelStatus(issues, { integrated: true, excluded: sent === 0 }),
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

/** Statuses of a product the channel has (sent), whose verdict (or wait for one) is the channel's word. */
export const SENT_STATUSES = ['submitted', 'published', 'warning', 'disapproved'] as const;
/** Statuses of a product that goes out to the channel: waiting for a send, or sent. */
export const SENDABLE_STATUSES = ['pending', ...SENT_STATUSES] as const;

const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** An issue's finding in SQL, as the catalog's issueKey spells it: item, attribute (`image link` = `image_link`), code without the channel's prefix. */
const issueKeySql = (e: SQL) =>
  sql`(coalesce(${e} ->> 'item_id', '') || '|' || replace(lower(btrim(coalesce(${e} ->> 'attribute', ''))), ' ', '_')
    || '|' || regexp_replace(coalesce(${e} ->> 'code', ''), '^(google|microsoft|meta):', ''))`;

/**
 * Our issues and the channel's (both jsonb arrays) as the catalog's mergeChannelIssues merges them: the channel's
 * verdict on a finding replaces our prediction of it; what only one side found is kept.
 */
export const mergeChannelIssuesSql = (ours: SQL, theirs: SQL): SQL =>
  sql`((select coalesce(jsonb_agg(o), '[]'::jsonb) from jsonb_array_elements(${ours}) o
        where not exists (select 1 from jsonb_array_elements(${theirs}) t where ${issueKeySql(sql`t`)} = ${issueKeySql(sql`o`)}))
      || ${theirs})`;

/** The channel's issues among a status row's issues (`origin: channel`). */
export const channelIssuesSql = (issues: SQL): SQL =>
  sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${issues}) e where e ->> 'origin' = 'channel')`;

/** Products whose re-judged version sends a channel exactly what it sent before (sendsSameItems), per channel. */
export type TSameContent = readonly { product_id: number | string; channel: string }[];

/**
 * The channels to which `after` sends what `before` sent: the rows of writeStatuses' `sameContent`. Both are
 * merged on the shop's `defaults`, `before` on `defaultsBefore` when the shop's defaults changed in between.
 */
export const sameContentOf = <T extends number | string>(
  productId: T,
  before: TProduct,
  after: TProduct,
  defaults: TShopDefaults,
  defaultsBefore: TShopDefaults = defaults,
) =>
  CHANNEL_KEYS.filter((channel) => sendsSameItems(channel, before, after, defaults, defaultsBefore)).map(
    (channel) => ({ product_id: productId, channel }),
  );

/**
 * THE write of product statuses (a product edit, a bulk customisation, an import, a report upload): upserts
 * each (product, channel) of `rows` — a relation with columns product_id, channel, status and issues (jsonb),
 * see statusRows — and leaves identical rows untouched. A judgement says what Feedloom sees; what the channel
 * last said is not ours to forget. A product that goes out (judged `pending`) and that the channel has:
 *   - sending the same content (`sameContent`: an edit or bulk change that changes nothing sent) keeps the
 *     channel's word — its verdict (disapproved, waiting, approved; warning while a warning remains);
 *   - with new content (or not known to be the same: an import's changed product) is `pending` a resend, and
 *     the next sync marks it submitted until the channel answers;
 * either way the channel's issues stay beside ours until it speaks again (mergeChannelIssuesSql: its word on a
 * finding replaces our prediction), and so does when it said so (`confirmed_at`). A product held back (our
 * errors, or excluded) takes the judged status and our issues only. In the same statement the triggers of
 * migrations 0008 and 0017 keep the tab counts (product_status_counts) and the list's per-channel status columns
 * on products (google_status, microsoft_status, meta_status) current. `onlyShopProducts` drops rows naming
 * another shop's product (when the ids come from a merchant's file).
 */
export const writeStatuses = (
  db: TDb,
  shopId: string,
  rows: SQL,
  opts: { onlyShopProducts?: boolean; sameContent?: TSameContent } = {},
) =>
  db.execute(sql`
    with x as (
      select x.product_id, x.channel, x.status, x.issues from ${rows} as x
      ${opts.onlyShopProducts ? sql`join products p on p.id = x.product_id and p.shop_id = ${shopId}::uuid` : sql``}
    ), same as (
      select distinct y.product_id, y.channel
      from jsonb_to_recordset(${jsonText(opts.sameContent ?? [])}::jsonb) as y(product_id bigint, channel text)
    ), kept as materialized (
      -- Materialised, and joined rather than asked per row: inlined into the left join below, the issue merge
      -- ran once per pair of rows (minutes for a 500-product customisation CSV).
      select x.product_id, x.channel, prev.status as prev, prev.confirmed_at,
        y.product_id is not null as same,
        ${mergeChannelIssuesSql(sql`x.issues`, channelIssuesSql(sql`prev.issues`))} as merged
      from x join product_channel_statuses prev on prev.product_id = x.product_id and prev.channel = x.channel
        left join same y on y.product_id = x.product_id and y.channel = x.channel
      where x.status = 'pending' and prev.status in (${inList(SENDABLE_STATUSES)})
    ), decided as (
      select x.product_id, x.channel,
        case
          when k.product_id is null then x.status
          when k.prev = 'pending' or not k.same then 'pending'
          when k.prev = 'disapproved' then 'disapproved'
          when jsonb_path_exists(k.merged, '$[*] ? (@.severity == "warning")') then 'warning'
          when k.prev = 'submitted' or (k.prev = 'warning' and k.confirmed_at is null) then 'submitted'
          else 'published' end as status,
        coalesce(k.merged, x.issues) as issues
      from x left join kept k on k.product_id = x.product_id and k.channel = x.channel
    )
    insert into product_channel_statuses as s (product_id, shop_id, channel, status, issues)
    select d.product_id, ${shopId}::uuid, d.channel, d.status, d.issues from decided d
    on conflict (product_id, channel) do update set
      status = excluded.status, issues = excluded.issues, updated_at = now()
    where s.status is distinct from excluded.status or s.issues is distinct from excluded.issues`);
