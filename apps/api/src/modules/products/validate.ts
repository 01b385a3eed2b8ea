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
} from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import { excludedFromChannel } from '@feedloom/validation';

const CHANNEL_KEYS = Object.keys(CHANNELS) as TChannel[];
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

const domainOf = (link: string | undefined, shopUrl: string): string | undefined => {
  try {
    return new URL(link ?? shopUrl).hostname;
  } catch {
    return undefined;
  }
};

/** What a product is judged against: the shipped taxonomy, the shop's currency and its domain. */
export const judgingContext = (product: TProduct, shop: { shop_currency: string; shop_url: string }) => {
  const link = product.overrides.link ?? product.source.link ?? undefined;
  return {
    taxonomy: shippedTaxonomy(),
    currency: shop.shop_currency,
    shopDomain: domainOf(link, shop.shop_url),
  };
};

/** The product's items judged for one channel (the sync engine holds back the items with errors). */
export const judgeItems = (
  product: TProduct,
  shop: { shop_currency: string; shop_url: string },
  channel: TChannel,
  ctx = judgingContext(product, shop),
) => validateProduct(CHANNELS[channel], product, ctx);

export const judgeProduct = (
  product: TProduct,
  shop: { shop_currency: string; shop_url: string },
): TJudged[] => {
  const ctx = judgingContext(product, shop);
  // Submission controls (spec §3) exclude the product from a channel whose every destination they name.
  const own = product.overrides.product_submission_control;
  const controls = own !== undefined ? own : product.source.product_submission_control;
  return CHANNEL_KEYS.map((channel) => {
    const items = judgeItems(product, shop, channel, ctx);
    const issues = items.flatMap((r) => r.issues.map((i) => ({ item_id: r.item.offerId, ...i })));
    return {
      channel,
      status: channelStatus(issues, { integrated: true, excluded: excludedFromChannel(channel, controls) }),
      issues: issues.slice(0, MAX_ISSUES_KEPT),
    };
  });
};
