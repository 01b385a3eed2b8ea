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

/** The product's items judged for one channel (the sync engine holds back the items with errors). */
export const judgeItems = (product: TProduct, shop: { shop_currency: string; shop_url: string }, channel: TChannel) => {
  const link = product.overrides.link ?? product.source.link ?? undefined;
  return validateProduct(CHANNELS[channel], product, {
    taxonomy: shippedTaxonomy(),
    currency: shop.shop_currency,
    shopDomain: domainOf(link, shop.shop_url),
  });
};

export const judgeProduct = (
  product: TProduct,
  shop: { shop_currency: string; shop_url: string },
): TJudged[] => {
  return CHANNEL_KEYS.map((channel) => {
    const items = judgeItems(product, shop, channel);
    const issues = items.flatMap((r) => r.issues.map((i) => ({ item_id: r.item.offerId, ...i })));
    return {
      channel,
      status: channelStatus(issues, { integrated: true }),
      issues: issues.slice(0, MAX_ISSUES_KEPT),
    };
  });
};
