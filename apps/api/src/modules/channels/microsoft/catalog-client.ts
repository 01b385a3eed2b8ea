// Submitting a shop's items to its Microsoft Merchant Center store: Content API batches of at
// most 300 entries, each insert a full replacement of the item; deletes by product id; the store's review
// statuses. Shaped for the channel-neutral sync engine: upsert batch, delete batch, pull statuses, the
// largest batch it takes.
import {
  microsoftBatchEntry,
  microsoftProductId,
  normaliseOfferId,
  type ChannelItem,
  type TMicrosoftTarget,
} from '@feedloom/catalog';
import type { TContentBatchEntry, TContentBatchResult, TMicrosoftAdsClient, TMicrosoftCaller } from './ads-client';
import { MICROSOFT_BATCH_MAX } from './ads-client';

/** What the channel said about one submitted item. */
export interface TItemOutcome {
  offer_id: string;
  /** The channel's id of the item (Microsoft: `Online:en:US:offer`). */
  item_id: string;
  ok: boolean;
  errors: string[];
}

export type TChannelReviewStatus = 'approved' | 'disapproved' | 'pending';

export interface TItemStatus {
  offer_id: string;
  item_id: string;
  status: TChannelReviewStatus;
  issues: { code: string; severity: 'error' | 'warning'; attribute: string | null; message: string }[];
}

/** Splits a list into chunks of at most `size`. */
export const chunk = <T>(list: readonly T[], size: number): T[][] => {
  if (size < 1) throw new RangeError('chunk size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The Content API batches that insert (replace) `items`: at most 300 entries each, batch ids 0…n−1 in order. */
export const microsoftInsertBatches = (merchantId: string, items: readonly ChannelItem[], target: TMicrosoftTarget): TContentBatchEntry[][] =>
  chunk(
    items.map((item, i) => microsoftBatchEntry(i, merchantId, item, target) as unknown as TContentBatchEntry),
    MICROSOFT_BATCH_MAX,
  );

export const microsoftDeleteBatches = (merchantId: string, offerIds: readonly string[], target: TMicrosoftTarget): TContentBatchEntry[][] =>
  chunk(
    offerIds.map((offerId, i) => ({
      batchId: i,
      merchantId,
      method: 'delete' as const,
      productId: microsoftProductId(target, normaliseOfferId(offerId)),
    })),
    MICROSOFT_BATCH_MAX,
  );

const errorsOf = (r: TContentBatchResult | undefined): string[] => {
  if (!r) return ['Microsoft did not answer for this item.'];
  if (!r.errors) return [];
  const list = (r.errors.errors ?? []).map((e) => e.message ?? e.reason ?? '').filter(Boolean);
  return list.length > 0 ? list : [r.errors.message ?? 'Microsoft refused this item.'];
};

const statusOf = (s: string): TChannelReviewStatus => {
  const v = s.toLowerCase();
  return v === 'approved' || v === 'active' ? 'approved' : v === 'disapproved' || v === 'rejected' ? 'disapproved' : 'pending';
};

export const createMicrosoftCatalogClient = (opts: {
  ads: TMicrosoftAdsClient;
  storeId: string;
  caller: TMicrosoftCaller;
  target: TMicrosoftTarget;
}) => {
  const { ads, storeId, caller, target } = opts;
  const send = async (batches: TContentBatchEntry[][], ids: (e: TContentBatchEntry) => { offer_id: string; item_id: string }) => {
    const outcomes: TItemOutcome[] = [];
    for (const entries of batches) {
      const res = await ads.batch(storeId, entries, caller);
      const byId = new Map((res?.entries ?? []).map((r) => [r.batchId, r]));
      for (const e of entries) {
        const errors = errorsOf(byId.get(e.batchId));
        outcomes.push({ ...ids(e), ok: errors.length === 0, errors });
      }
    }
    return outcomes;
  };

  return {
    maxBatchSize: MICROSOFT_BATCH_MAX,
    /** Inserts (replaces) every item, 300 per request; one outcome per item, in order. */
    insertBatch: (items: readonly ChannelItem[]): Promise<TItemOutcome[]> =>
      send(microsoftInsertBatches(storeId, items, target), (e) => {
        const offerId = String(e.product?.offerId ?? '');
        return { offer_id: offerId, item_id: microsoftProductId(target, offerId) };
      }),
    /** Deletes the items of these offer ids (Microsoft may keep serving them up to 12 hours). */
    deleteBatch: (offerIds: readonly string[]): Promise<TItemOutcome[]> =>
      send(microsoftDeleteBatches(storeId, offerIds, target), (e) => ({
        offer_id: (e.productId ?? '').split(':').slice(3).join(':'),
        item_id: e.productId ?? '',
      })),
    /** The review status of every item in the store (all pages). */
    listStatuses: async (): Promise<TItemStatus[]> => {
      const all: TItemStatus[] = [];
      let startToken: string | undefined;
      do {
        const page = await ads.listStatuses(storeId, { startToken }, caller);
        for (const s of page?.resources ?? []) {
          all.push({
            offer_id: s.offerId,
            item_id: s.productId,
            status: statusOf(s.status),
            issues: (s.issues ?? []).map((i) => ({
              code: i.code ?? 'channel_issue',
              severity: i.severity?.toLowerCase() === 'error' ? 'error' : 'warning',
              attribute: i.attribute ?? null,
              message: i.message ?? '',
            })),
          });
        }
        startToken = page?.nextPageToken || undefined;
      } while (startToken);
      return all;
    },
  };
};
export type TMicrosoftCatalogClient = ReturnType<typeof createMicrosoftCatalogClient>;
