// Microsoft's Content API (a batch of up to 300 entries per call) and Meta's items_batch (up to 5,000 requests
// per call, then polled) as sync adapters. Their clients (channels/microsoft/catalog-client.ts,
// channels/meta/catalog-client.ts) build the wire payloads from the catalog's items and answer one outcome per
// item; this file only maps them onto the engine's adapter interface (adapter.ts).
import type { ChannelItem, TChannel, TIssue } from '@feedloom/catalog';
import type { TItemOutcome as TClientOutcome, TItemStatus } from '../channels/microsoft/catalog-client';
import type { TBatchResult, TChannelAdapter, TItemOutcome, TRemoteItemStatus } from './adapter';

/** What a batch channel's client offers the engine. */
export interface TBatchCatalogClient {
  /** The channel's batch limit. */
  maxBatch: number;
  upsert(items: readonly ChannelItem[]): Promise<TClientOutcome[]>;
  delete(offerIds: readonly string[]): Promise<TClientOutcome[]>;
  /** Every item the channel holds in the store or catalog, with its review status. */
  statuses(): Promise<TItemStatus[]>;
}

const outcomeOf = (o: TClientOutcome): TItemOutcome =>
  o.ok
    ? { offer_id: o.offer_id, ok: true }
    : { offer_id: o.offer_id, ok: false, message: (o.errors.join(' ') || 'The channel refused the item.').slice(0, 500) };

/** The channel's issue in the catalog's shape, marked as the channel's (`code` prefixed with the channel). */
export const remoteIssue = (channel: TChannel, i: TItemStatus['issues'][number]): TIssue => ({
  code: `${channel}:${i.code}`,
  severity: i.severity,
  attribute: i.attribute ?? '',
  message: i.message || 'The channel reported an issue with this item.',
  layer: 'source',
});

const STATUS_PAGE = 1000;

export const createBatchAdapter = (channel: TChannel, client: TBatchCatalogClient): TChannelAdapter => {
  let calls = 0;
  const batch = async (run: () => Promise<TClientOutcome[]>): Promise<TBatchResult> => {
    calls++;
    try {
      return { outcomes: (await run()).map(outcomeOf) };
    } catch (failure) {
      return { outcomes: [], failure };
    }
  };
  return {
    channel,
    maxBatch: client.maxBatch,
    apiCalls: () => calls,
    prepare: async () => undefined,
    // The client builds the wire payload from the item, so the item's content is what decides a change.
    payload: (item: ChannelItem) => item,
    upsert: (items) => batch(() => client.upsert(items.map((i) => i.payload as ChannelItem))),
    delete: (offerIds) => batch(() => client.delete(offerIds)),
    pullStatuses: async function* () {
      calls++;
      const all = await client.statuses();
      for (let i = 0; i < all.length; i += STATUS_PAGE) {
        yield all.slice(i, i + STATUS_PAGE).map(
          (s): TRemoteItemStatus => ({
            offer_id: s.offer_id,
            verdict: s.status,
            issues: s.issues.map((issue) => remoteIssue(channel, issue)),
          }),
        );
      }
    },
  };
};
