// Judges a product for every channel after one of its layers changed, with all its layers (the import job
// judges the source layer of the products it brought; an edit brings the override layer in). Issues keep the
// layer that produced the offending value, so the errors popup can say whether an edit or the source is at fault.
// Pure: what is written of a judgement, and how the channel's word is kept, is statuses.ts.
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
import type { TShopRow } from '../../db/schema';

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
) =>
  validateProduct(CHANNELS[channel], product, ctx).map((r) => ({
    ...r,
    heldBack: heldBack(channel, r.item.values),
  }));

/**
 * A product's status and issues on every channel, as judged here (the channel's own word is merged in when
 * they are written: writeStatuses). Items the merchant holds back from a channel (heldBack) are not judged for
 * it; a product all of whose items are held back is `excluded`.
 */
export const judgeProduct = (product: TProduct, shop: TJudgingShop): TJudged[] => {
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
