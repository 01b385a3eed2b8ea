import type { ChannelItem } from '@feedloom/catalog';
import { describe, expect, it } from 'vitest';
import type { TItemOutcome as TClientOutcome, TItemStatus } from '../channels/microsoft/catalog-client';
import { createBatchAdapter, type TBatchCatalogClient } from './batch-adapter';

const item = (offerId: string) => ({ offerId }) as unknown as ChannelItem;
const ok = (offer_id: string): TClientOutcome => ({ offer_id, item_id: `x:${offer_id}`, ok: true, errors: [] });

const fakeClient = (over: Partial<TBatchCatalogClient> = {}): TBatchCatalogClient & { sent: ChannelItem[][] } => {
  const sent: ChannelItem[][] = [];
  return {
    sent,
    maxBatch: 300,
    upsert: async (items) => {
      sent.push([...items]);
      return items.map((i) => ok((i as unknown as { offerId: string }).offerId));
    },
    delete: async (ids) => ids.map(ok),
    statuses: async () => [],
    ...over,
  };
};

describe('batch channel adapter (Microsoft, Meta)', () => {
  it('hands the catalog items to the client and maps its outcomes, refusals with the channel’s words', async () => {
    const client = fakeClient({
      upsert: async (items) =>
        items.map((i, n) => {
          const id = (i as unknown as { offerId: string }).offerId;
          return n === 1 ? { offer_id: id, item_id: '', ok: false, errors: ['Description is missing.', 'Price is missing.'] } : ok(id);
        }),
    });
    const adapter = createBatchAdapter('microsoft', client);
    expect(adapter).toMatchObject({ channel: 'microsoft', maxBatch: 300 });
    const a = item('A');
    expect(adapter.payload(a)).toBe(a);
    const result = await adapter.upsert([
      { offer_id: 'A', payload: a },
      { offer_id: 'B', payload: item('B') },
    ]);
    expect(result).toEqual({
      outcomes: [
        { offer_id: 'A', ok: true },
        { offer_id: 'B', ok: false, message: 'Description is missing. Price is missing.' },
      ],
    });
    expect(adapter.apiCalls()).toBe(1);
  });

  it('answers a batch that failed as a whole as the batch’s failure, with no outcome', async () => {
    const boom = new Error('503 after retries');
    const adapter = createBatchAdapter('meta', fakeClient({ delete: () => Promise.reject(boom) }));
    expect(await adapter.delete(['A', 'B'])).toEqual({ outcomes: [], failure: boom });
  });

  it('pulls statuses in pages with the channel’s issues in the catalog’s shape', async () => {
    const statuses: TItemStatus[] = Array.from({ length: 1001 }, (_, n) => ({
      offer_id: `P${n}`,
      item_id: `x:P${n}`,
      status: n === 0 ? 'disapproved' : 'approved',
      issues: n === 0 ? [{ code: 'missing_description', severity: 'error', attribute: null, message: 'Add a description.' }] : [],
    }));
    const adapter = createBatchAdapter('microsoft', fakeClient({ statuses: async () => statuses }));
    const pages = [];
    for await (const page of adapter.pullStatuses()) pages.push(page);
    expect(pages.map((p) => p.length)).toEqual([1000, 1]);
    expect(pages[0]![0]).toEqual({
      offer_id: 'P0',
      verdict: 'disapproved',
      issues: [{ code: 'microsoft:missing_description', severity: 'error', attribute: '', message: 'Add a description.', layer: 'source' }],
    });
  });
});
