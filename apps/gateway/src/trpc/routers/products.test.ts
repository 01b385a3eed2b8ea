import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const SHOP = '9b2f7a1e-0000-4000-8000-000000000001';
const PAGE = {
  data: [],
  total_records: 0,
  total_products: 0,
  last_error_refreshed: null,
  google_enabled: false,
  bing_enabled: false,
  fb_enabled: false,
  page: 2,
  limit: 25,
  has_previous: true,
  has_next: false,
};

const DETAIL = {
  id: 7,
  offer_id: 'P7',
  item_group_id: null,
  data_source_name: 'Main feed',
  fields: { brand: { value: 'Acme', layer: 'override', source_value: 'Old' } },
  variants: [],
  channels: [{ channel: 'google', status: 'pending', issues: [] }],
  resubmission: null,
  offer_claims: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('products router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('find passes the address parameters on as the query, filters as JSON text', async () => {
    stub.on('GET', `/products-data/${SHOP}`, { data: PAGE });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const filters = JSON.stringify([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'A', unit: null }] },
    ]);
    expect(
      await caller.products.find({
        shop_id: SHOP,
        page: 2,
        tab: 'error',
        active_channel: 'bing_ads',
        sort_col: 'brand',
        order: -1,
        last_internal_product_id: 41,
        filters,
      }),
    ).toEqual(PAGE);
    expect(Object.fromEntries(stub.callsTo('GET', `/products-data/${SHOP}`)[0]!.query)).toEqual({
      page: '2',
      tab: 'error',
      active_channel: 'bing_ads',
      sort_col: 'brand',
      order: '-1',
      last_internal_product_id: '41',
      filters,
    });
  });

  it('update sends the edit and returns the api message; the spec message stops a bad edit early', async () => {
    stub.on('PUT', '/product-update', { message: 'Product updated.', data: DETAIL });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const done = await caller.products.update({ shop_id: SHOP, product_id: 7, data: { brand: 'Acme' } });
    expect(done.message).toBe('Product updated.');
    expect(stub.callsTo('PUT', '/product-update')[0]!.body).toEqual({
      shop_id: SHOP,
      product_id: 7,
      data: { brand: 'Acme' },
    });
    const err = await rejection(
      caller.products.update({ shop_id: SHOP, product_id: 7, data: { custom_title: ' ' } }),
    );
    expect(firstIssue(err)).toBe('Title is required.');
    expect(stub.callsTo('PUT', '/product-update')).toHaveLength(1);
  });

  it('get and variants put the product id in the path', async () => {
    stub.on('GET', `/product-detail/${SHOP}/7`, { data: DETAIL });
    stub.on('GET', `/variants-data/${SHOP}/7`, { data: { data: [], total_records: 0 } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    await caller.products.get({ shop_id: SHOP, id: 7 });
    await caller.products.variants({ shop_id: SHOP, id: 7, search: 'SKU-1' });
    expect(Object.fromEntries(stub.callsTo('GET', `/variants-data/${SHOP}/7`)[0]!.query)).toEqual({
      search: 'SKU-1',
    });
  });

  it('debugView and search call product-debug-view and search/elk-search with their query', async () => {
    stub.on('GET', `/product-debug-view/${SHOP}/7`, { data: { channel: 'meta', status: null, items: [] } });
    stub.on('GET', '/search/elk-search', { data: { data: [] } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    await caller.products.debugView({ shop_id: SHOP, id: 7, channel: 'meta' });
    await caller.products.search({ shop_id: SHOP, search_value: ' shirt ', tag: 'summer' });
    expect(Object.fromEntries(stub.callsTo('GET', `/product-debug-view/${SHOP}/7`)[0]!.query)).toEqual({
      channel: 'meta',
    });
    expect(Object.fromEntries(stub.callsTo('GET', '/search/elk-search')[0]!.query)).toEqual({
      shop_id: SHOP,
      search_value: 'shirt',
      tag: 'summer',
    });
    const blank = await rejection(caller.products.search({ shop_id: SHOP, search_value: '  ' }));
    expect(firstIssue(blank)).toBe('Search is required.');
  });
});
