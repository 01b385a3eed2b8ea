import { ChannelItem } from '@feedloom/catalog';
import { describe, expect, it } from 'vitest';
import { createMetaCatalogClient, mergeBatchOutcome } from '../meta/catalog-client';
import type { TMetaGraphClient } from '../meta/graph-client';
import { chunk, microsoftDeleteBatches, microsoftInsertBatches } from './catalog-client';

const item = (offerId: string) =>
  new ChannelItem({
    id: offerId,
    offer_id: offerId,
    source: { title: 'Kettle', price: { value: 10, currency: 'USD' }, availability: 'in_stock' },
    overrides: {},
    rules: {},
    variants: [],
  });
const target = { contentLanguage: 'en', targetCountry: 'US' };

describe('Content API batches', () => {
  it('chunks lists, and refuses a size below one', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });

  it('inserts at most 300 entries per batch, each a full product with its batch id', () => {
    const batches = microsoftInsertBatches('510001', Array.from({ length: 601 }, (_, i) => item(`S${i}`)), target);
    expect(batches.map((b) => b.length)).toEqual([300, 300, 1]);
    expect(batches[1]![0]).toMatchObject({ batchId: 300, merchantId: '510001', method: 'insert' });
    expect(batches[0]![0]!.product).toMatchObject({
      offerId: 'S0',
      contentLanguage: 'en',
      targetCountry: 'US',
      channel: 'Online',
      availability: 'in stock',
      price: { value: 10, currency: 'USD' },
    });
  });

  it('deletes by Microsoft product id (channel:language:country:offer)', () => {
    const [batch] = microsoftDeleteBatches('510001', ['SKU-1'], target);
    expect(batch).toEqual([{ batchId: 0, merchantId: '510001', method: 'delete', productId: 'Online:en:US:SKU-1' }]);
  });
});

describe('items_batch outcome', () => {
  const requests = [
    { method: 'UPDATE' as const, data: { id: 'A' } },
    { method: 'UPDATE' as const, data: { id: 'B' } },
    { method: 'UPDATE' as const, data: { id: 'C' } },
  ];

  it('gives every request its own errors, by id or by line', () => {
    const out = mergeBatchOutcome(requests, {
      status: 'finished',
      errors: [
        { id: 'B', message: 'title is required' },
        { line: 2, message: 'price is invalid' },
      ],
    });
    expect(out).toEqual([
      { offer_id: 'A', item_id: 'A', ok: true, errors: [] },
      { offer_id: 'B', item_id: 'B', ok: false, errors: ['title is required'] },
      { offer_id: 'C', item_id: 'C', ok: false, errors: ['price is invalid'] },
    ]);
  });

  it('marks an invalid id without a message, and every item of an unfinished batch, as not ok', () => {
    expect(mergeBatchOutcome(requests, { status: 'finished', ids_of_invalid_requests: ['C'] })[2]).toMatchObject({ ok: false });
    expect(mergeBatchOutcome(requests, null).every((o) => !o.ok)).toBe(true);
  });
});

describe('Meta catalog client', () => {
  it('sends at most 5,000 requests per items_batch and polls each handle until finished', async () => {
    const sent: number[] = [];
    let polls = 0;
    const graph = {
      itemsBatch: async (_catalog: string, requests: readonly unknown[]) => {
        sent.push(requests.length);
        return [`h${sent.length}`];
      },
      checkBatchStatus: async () => ({ status: ++polls % 2 === 0 ? 'finished' : 'in_progress', errors: [] }),
    } as unknown as TMetaGraphClient;
    const waits: number[] = [];
    const client = createMetaCatalogClient({
      graph,
      catalogId: '3',
      poll: { intervalMs: 7, maxPolls: 5, sleep: async (ms) => void waits.push(ms) },
    });
    const out = await client.deleteItems(Array.from({ length: 5001 }, (_, i) => `S${i}`));
    expect(sent).toEqual([5000, 1]);
    expect(out).toHaveLength(5001);
    expect(out.every((o) => o.ok)).toBe(true);
    expect(waits).toEqual([7, 7]);
  });

  it("reads Meta's ProductItemErrors: a HIGH priority error keeps the item out, the others are warnings", async () => {
    const graph = {
      listProducts: async () => [
        {
          id: '1000000000000001',
          retailer_id: 'S1',
          review_status: 'rejected',
          errors: [
            { title: 'Missing brand', description: 'Give a brand, a GTIN or an MPN.', error_priority: 'HIGH', error_type: 'MISSING_BRAND' },
            { title: 'Short description', description: 'Describe the item in more words.', error_priority: 'LOW', error_type: 'SHORT_DESCRIPTION' },
          ],
        },
        { id: '1000000000000002', retailer_id: 'S2', review_status: 'pending' },
      ],
    } as unknown as TMetaGraphClient;
    const client = createMetaCatalogClient({ graph, catalogId: '3', poll: { intervalMs: 0, maxPolls: 1 } });
    expect(await client.listItems()).toEqual([
      {
        offer_id: 'S1',
        item_id: '1000000000000001',
        status: 'disapproved',
        issues: [
          { code: 'missing_brand', severity: 'error', attribute: null, message: 'Give a brand, a GTIN or an MPN.' },
          { code: 'short_description', severity: 'warning', attribute: null, message: 'Describe the item in more words.' },
        ],
      },
      { offer_id: 'S2', item_id: '1000000000000002', status: 'pending', issues: [] },
    ]);
  });
});
