// Submitting a shop's items to its Meta catalog: items_batch calls of at most 5,000 requests,
// each answered with a handle that is polled (check_batch_request_status) until Meta finished it; the
// per-item errors are merged into one outcome per request. Shaped for the channel-neutral sync engine.
import { META_BATCH_MAX, normaliseOfferId, toMetaRequest, type ChannelItem, type TMetaBatchRequest } from '@feedloom/catalog';
import { chunk, type TChannelReviewStatus, type TItemOutcome, type TItemStatus } from '../microsoft/catalog-client';
import type { TGraphBatchStatusJson, TMetaGraphClient } from './graph-client';

export interface TMetaPollSettings {
  /** Wait between two status checks of one handle. */
  intervalMs: number;
  /** Checks before a handle counts as not finished (its items are then reported as not confirmed). */
  maxPolls: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Merges Meta's per-item errors of one finished batch into one outcome per request, in order. */
export const mergeBatchOutcome = (requests: readonly TMetaBatchRequest[], status: TGraphBatchStatusJson | null): TItemOutcome[] => {
  const errorsById = new Map<string, string[]>();
  const errorsByLine = new Map<number, string[]>();
  for (const e of status?.errors ?? []) {
    const message = e.message ?? 'Meta refused this item.';
    if (e.id) errorsById.set(e.id, [...(errorsById.get(e.id) ?? []), message]);
    else if (typeof e.line === 'number') errorsByLine.set(e.line, [...(errorsByLine.get(e.line) ?? []), message]);
  }
  const invalid = new Set(status?.ids_of_invalid_requests ?? []);
  return requests.map((r, line) => {
    const id = String(r.data.id ?? '');
    const errors = [...(errorsById.get(id) ?? []), ...(errorsByLine.get(line) ?? [])];
    if (errors.length === 0 && invalid.has(id)) errors.push('Meta refused this item.');
    if (!status) errors.push('Meta did not finish this batch in time; it will be checked again.');
    return { offer_id: id, item_id: id, ok: errors.length === 0, errors };
  });
};

const reviewOf = (s: string | undefined): TChannelReviewStatus =>
  s === 'approved' ? 'approved' : s === 'rejected' ? 'disapproved' : 'pending';

export const createMetaCatalogClient = (opts: { graph: TMetaGraphClient; catalogId: string; poll: TMetaPollSettings }) => {
  const { graph, catalogId, poll } = opts;
  const sleep = poll.sleep ?? defaultSleep;

  /** Polls a handle until Meta finished it; null when it did not within maxPolls. */
  const waitFor = async (handle: string): Promise<TGraphBatchStatusJson | null> => {
    for (let i = 0; i < poll.maxPolls; i++) {
      const status = await graph.checkBatchStatus(catalogId, handle);
      if (status.status === 'finished') return status;
      if (i < poll.maxPolls - 1) await sleep(poll.intervalMs);
    }
    return null;
  };

  const itemsBatch = async (requests: readonly TMetaBatchRequest[]): Promise<TItemOutcome[]> => {
    const outcomes: TItemOutcome[] = [];
    for (const part of chunk(requests, META_BATCH_MAX)) {
      const handles = await graph.itemsBatch(catalogId, part);
      let status: TGraphBatchStatusJson | null = { status: 'finished', errors: [] };
      for (const h of handles) {
        const s = await waitFor(h);
        if (!s) {
          status = null;
          break;
        }
        status = { ...s, errors: [...(status?.errors ?? []), ...(s.errors ?? [])], ids_of_invalid_requests: [...(status?.ids_of_invalid_requests ?? []), ...(s.ids_of_invalid_requests ?? [])] };
      }
      outcomes.push(...mergeBatchOutcome(part, status));
    }
    return outcomes;
  };

  return {
    maxBatchSize: META_BATCH_MAX,
    /** Sends the requests (5,000 per call), waits for each handle, and merges the per-item errors. */
    itemsBatch,
    checkBatchStatus: (handle: string) => graph.checkBatchStatus(catalogId, handle),
    upsertItems: (items: readonly ChannelItem[]) => itemsBatch(items.map((item) => toMetaRequest(item, 'UPDATE'))),
    deleteItems: (offerIds: readonly string[]) =>
      itemsBatch(offerIds.map((id) => ({ method: 'DELETE' as const, data: { id: normaliseOfferId(id) } }))),
    /** Every item of the catalog with Meta's review status and errors. */
    listItems: async (): Promise<TItemStatus[]> =>
      (await graph.listProducts(catalogId)).map((p) => ({
        offer_id: p.retailer_id,
        item_id: p.id,
        status: reviewOf(p.review_status),
        // Meta does not say which attribute an error is about; a HIGH priority error keeps the item out.
        issues: (p.errors ?? []).map((e) => ({
          code: (e.error_type ?? e.title ?? 'channel_issue').toLowerCase().replace(/[^a-z0-9]+/g, '_'),
          severity: e.error_priority === 'HIGH' ? ('error' as const) : ('warning' as const),
          attribute: null,
          message: e.description ?? e.title ?? '',
        })),
      })),
  };
};
export type TMetaCatalogClient = ReturnType<typeof createMetaCatalogClient>;
