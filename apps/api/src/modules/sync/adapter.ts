// The per-channel part of the sync engine. The engine (engine.ts) is channel-neutral: it reads the
// shop's effective products, validates every item with the catalog's rules for the adapter's channel, holds
// back items with errors, sends only items whose payload hash changed, deletes what left the shop, and merges
// the statuses the channel reports back. An adapter only speaks its channel's protocol:
//   - Google Merchant API: productInputs:insert / delete one item per call, products.list (google-adapter.ts).
//   - Microsoft Content API: a custombatch of up to 300 entries per call.
//   - Meta Graph: items_batch of up to 5,000 requests per call.
// A call that fails as a whole (quota, 5xx after the client's own retries, authorisation) is answered as the
// batch's `failure`, beside the outcomes the channel did give: the engine records those first, then ends the
// run; the items not yet confirmed stay unconfirmed and the next run sends them.
import type { ChannelItem, TChannel, TIssue } from '@feedloom/catalog';

/** One item ready to send: the payload as the channel takes it, and the catalog item it came from. */
export interface TOutgoingItem {
  offer_id: string;
  payload: unknown;
}

/** The channel's answer for one item of a batch: accepted, or refused with the channel's own words. */
export type TItemOutcome = { offer_id: string; ok: true } | { offer_id: string; ok: false; message: string };

/** What the channel says about one of our items (status pull-back). */
export interface TRemoteItemStatus {
  offer_id: string;
  /** approved: live; disapproved: refused by the channel; pending: still under review. */
  verdict: 'approved' | 'disapproved' | 'pending';
  /** The channel's item-level issues in the catalog's shape (severity error: it keeps the item off). */
  issues: TIssue[];
}

/** A batch's answer: one outcome per item the channel answered, and what stopped the rest (if anything). */
export interface TBatchResult {
  outcomes: TItemOutcome[];
  failure?: unknown;
}

export interface TChannelAdapter {
  /** The catalog channel whose rules judge the items (google, microsoft, meta). */
  readonly channel: TChannel;
  /** Items per upsert or delete call the engine hands over (the channel's batch limit or a bounded fan-out). */
  readonly maxBatch: number;
  /** Makes sure the channel can take items (e.g. Google's API data source); called once per run. */
  prepare(): Promise<void>;
  /** The item as the channel takes it; its JSON's hash decides whether the item changed. */
  payload(item: ChannelItem): unknown;
  /** Inserts or replaces a batch (at most maxBatch items). */
  upsert(batch: readonly TOutgoingItem[]): Promise<TBatchResult>;
  /** Deletes a batch by offer id; an item the channel does not have counts as deleted. */
  delete(offerIds: readonly string[]): Promise<TBatchResult>;
  /** Every item the channel holds for us, with its status, a page at a time. */
  pullStatuses(): AsyncIterable<TRemoteItemStatus[]>;
  /** Calls made to the channel so far by this adapter (each retry counts). */
  apiCalls(): number;
}
