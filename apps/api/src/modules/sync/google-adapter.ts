// Google Merchant API v1 as a sync adapter: one productInputs:insert or delete per item (the Merchant API has
// no batch call), `concurrency` calls at a time; statuses from products.list with productStatus.
import { toProductInput, type ChannelItem, type TIssue } from '@feedloom/catalog';
import { GoogleHttpError } from '../channels/google/http';
import { PRODUCTS_PAGE_MAX, type TItemLevelIssueJson, type TMerchantClient, type TProductJson } from '../channels/google/merchant-client';
import type { TBatchResult, TChannelAdapter, TItemOutcome, TRemoteItemStatus } from './adapter';
import { mapBounded } from './bounded';

export interface TGoogleAdapterOptions {
  client: TMerchantClient;
  accountId: string;
  /** The target market: content language and feed label (the country). */
  contentLanguage: string;
  feedLabel: string;
  /** The API data source already made for the connection, if any; `onDataSource` keeps a new one. */
  dataSource: string | null;
  onDataSource: (name: string) => Promise<void>;
  concurrency: number;
  /** Items per engine batch (each one call, `concurrency` at a time). */
  batchSize: number;
}

/** The name of the API data source Feedloom makes in the merchant's account. */
export const GOOGLE_DATA_SOURCE_NAME = 'Feedloom';

/** A refusal of one item (4xx other than auth and quota): the item is refused, the run goes on. */
const itemRefusal = (err: unknown): string | null => {
  if (!(err instanceof GoogleHttpError)) return null;
  if (err.status < 400 || err.status >= 500 || err.status === 401 || err.status === 403 || err.status === 429) return null;
  const body = err.body as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === 'string' ? message.slice(0, 500) : `Google refused the item (HTTP ${err.status}).`;
};

const SEVERITY: Record<NonNullable<TItemLevelIssueJson['severity']>, TIssue['severity']> = {
  DISAPPROVED: 'error',
  DEMOTED: 'warning',
  NOT_IMPACTED: 'info',
};

/** Google's item-level issues in the catalog's shape, one per code and attribute (contexts folded). */
export const googleIssues = (issues: readonly TItemLevelIssueJson[]): TIssue[] => {
  const seen = new Map<string, TIssue>();
  for (const i of issues) {
    const key = `${i.code ?? ''}|${i.attribute ?? ''}`;
    const severity = SEVERITY[i.severity ?? 'NOT_IMPACTED'];
    const prior = seen.get(key);
    if (prior && (prior.severity === 'error' || severity !== 'error')) continue;
    const text = [i.description, i.detail].filter(Boolean).join(': ');
    seen.set(key, {
      code: `google:${i.code ?? 'issue'}`,
      severity,
      attribute: i.attribute ?? '',
      message: text || 'Google reported an issue with this item.',
      layer: 'source',
    });
  }
  return [...seen.values()];
};

/** The verdict over every reporting context: disapproved anywhere wins, then pending, then approved. */
export const googleVerdict = (p: TProductJson): TRemoteItemStatus['verdict'] => {
  const statuses = p.productStatus?.destinationStatuses ?? [];
  if (statuses.some((s) => (s.disapprovedCountries ?? []).length > 0)) return 'disapproved';
  if (statuses.length === 0 || statuses.some((s) => (s.pendingCountries ?? []).length > 0)) return 'pending';
  return 'approved';
};

const settled = (r: { results: (TItemOutcome | undefined)[]; failure?: unknown }): TBatchResult => ({
  outcomes: r.results.filter((o): o is TItemOutcome => o !== undefined),
  ...(r.failure === undefined ? {} : { failure: r.failure }),
});

export const createGoogleAdapter = (opts: TGoogleAdapterOptions): TChannelAdapter => {
  const { client, accountId } = opts;
  let dataSource = opts.dataSource;
  let calls = 0;
  const counted = <T>(p: Promise<T>): Promise<T> => {
    calls++;
    return p;
  };
  const segment = (offerId: string) =>
    Buffer.from(`${opts.contentLanguage}~${opts.feedLabel}~${offerId}`, 'utf8').toString('base64url');

  return {
    channel: 'google',
    maxBatch: opts.batchSize,
    apiCalls: () => calls,

    prepare: async () => {
      if (dataSource) return;
      const existing = (await counted(client.listDataSources(accountId))).find(
        (d) =>
          d.displayName === GOOGLE_DATA_SOURCE_NAME &&
          d.primaryProductDataSource?.contentLanguage === opts.contentLanguage &&
          d.primaryProductDataSource.feedLabel === opts.feedLabel,
      );
      const made =
        existing ??
        (await counted(
          client.createDataSource(accountId, {
            displayName: GOOGLE_DATA_SOURCE_NAME,
            primaryProductDataSource: {
              contentLanguage: opts.contentLanguage,
              feedLabel: opts.feedLabel,
              countries: [opts.feedLabel],
            },
          }),
        ));
      dataSource = made.name;
      await opts.onDataSource(made.name);
    },

    payload: (item: ChannelItem) =>
      toProductInput(item, { contentLanguage: opts.contentLanguage, feedLabel: opts.feedLabel }),

    upsert: async (batch) =>
      settled(await mapBounded(batch, opts.concurrency, async (item): Promise<TItemOutcome> => {
        try {
          await counted(client.insertProductInput(accountId, dataSource!, item.payload as never));
          return { offer_id: item.offer_id, ok: true };
        } catch (err) {
          const refusal = itemRefusal(err);
          if (refusal === null) throw err;
          return { offer_id: item.offer_id, ok: false, message: refusal };
        }
      })),

    delete: async (offerIds) =>
      settled(await mapBounded(offerIds, opts.concurrency, async (offerId): Promise<TItemOutcome> => {
        try {
          await counted(client.deleteProductInput(accountId, segment(offerId), dataSource!));
        } catch (err) {
          // Already gone (deleted in Merchant Center, or by a run that stopped before recording it).
          if (!(err instanceof GoogleHttpError && err.status === 404)) {
            const refusal = itemRefusal(err);
            if (refusal === null) throw err;
            return { offer_id: offerId, ok: false, message: refusal };
          }
        }
        return { offer_id: offerId, ok: true };
      })),

    pullStatuses: async function* () {
      let pageToken: string | undefined;
      do {
        const page = await counted(client.listProducts(accountId, { pageSize: PRODUCTS_PAGE_MAX, pageToken }));
        const mine = (page?.products ?? []).filter(
          (p) => p.contentLanguage === opts.contentLanguage && p.feedLabel === opts.feedLabel && (!dataSource || !p.dataSource || p.dataSource === dataSource),
        );
        yield mine.map((p) => ({
          offer_id: p.offerId,
          verdict: googleVerdict(p),
          issues: googleIssues(p.productStatus?.itemLevelIssues ?? []),
        }));
        pageToken = page?.nextPageToken || undefined;
      } while (pageToken);
    },
  };
};
