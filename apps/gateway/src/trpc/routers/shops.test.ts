import type { TShop } from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  rejection,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const SHOP: TShop = {
  id: 'shop_2',
  shop_name: 'Outlet',
  shop_email: null,
  shop_url: 'https://outlet.example.com',
  is_testing: false,
  shop_currency: 'EUR',
  shop_timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
  status: 'active',
  default_condition: 'new',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const STORE_FORM = {
  shop_name: 'Outlet',
  shop_url: 'https://outlet.example.com',
  shop_currency: 'EUR',
  shop_timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
};

describe('shops router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('find sends page, limit, search, sort_col and order as the query', async () => {
    stub.on('GET', '/shop-list', { data: { data: [SHOP], total_records: 1 } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(
      await caller.shops.find({ page: 2, limit: 10, search: 'out', sort_col: 'shop_name', order: -1 }),
    ).toEqual({
      data: [SHOP],
      total_records: 1,
    });
    expect(Object.fromEntries(stub.callsTo('GET', '/shop-list')[0]!.query)).toEqual({
      page: '2',
      limit: '10',
      search: 'out',
      sort_col: 'shop_name',
      order: '-1',
    });
    await caller.shops.find({});
    expect(Object.fromEntries(stub.callsTo('GET', '/shop-list')[1]!.query)).toEqual({
      page: '1',
      limit: '25',
      sort_col: 'created_at',
      order: '1',
    });
  });

  it('find reads its query with the list schema the api uses: bad values fall back to their defaults', async () => {
    stub.on('GET', '/shop-list', { data: { data: [], total_records: 0 } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    // A hand-made request, not the web's typed one.
    await caller.shops.find(JSON.parse('{"page":0,"limit":7,"sort_col":"password_hash","order":3}'));
    expect(Object.fromEntries(stub.callsTo('GET', '/shop-list')[0]!.query)).toEqual({
      page: '1',
      limit: '25',
      sort_col: 'created_at',
      order: '1',
    });
  });

  it('create validates the store form with the spec messages before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.shops.create({ ...STORE_FORM, shop_name: '' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe('Store name is required.');
    expect(stub.calls).toHaveLength(0);
  });

  it('create answers the shop and the message, and refreshes the session (shop count, active shop)', async () => {
    const after = { ...SESSION_INFO, shops_count: 2, active_shop_id: 'shop_1' };
    stub.on('POST', '/add-new-shop', { message: 'Store added successfully.', data: SHOP });
    stub.on('GET', '/auth-session', { data: after });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    const res = await caller.shops.create(STORE_FORM);
    expect(res).toEqual({ message: 'Store added successfully.', shop: SHOP, session: after });
    expect(session.info).toEqual(after);
    expect(stub.callsTo('POST', '/add-new-shop')[0]?.body).toEqual({ ...STORE_FORM, is_testing: false });
  });

  it('a 403 from the api reaches the web as FORBIDDEN with the server message', async () => {
    stub.on('POST', '/add-new-shop', { code: 403, message: "You don't have permission to do that." });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.shops.create(STORE_FORM));
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toBe("You don't have permission to do that.");
  });

  it("another organisation's shop is NOT_FOUND", async () => {
    stub.on('GET', '/shop-list/shop_x', { code: 404, message: 'Store not found.' });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.shops.get({ id: 'shop_x' }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe('Store not found.');
  });

  it('update, delete and reactivate go to the paths', async () => {
    stub.on('PUT', '/shop/shop_2', { message: 'Store updated successfully.', data: SHOP });
    stub.on('DELETE', '/shop/shop_2', {
      message: 'Store deleted successfully.',
      data: { ...SHOP, status: 'deleted' },
    });
    stub.on('POST', '/shop/shop_2', { message: 'Store reactivated successfully.', data: SHOP });
    stub.on('GET', '/auth-session', { data: SESSION_INFO });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });

    expect(await caller.shops.update({ id: 'shop_2', data: STORE_FORM })).toEqual({
      message: 'Store updated successfully.',
      shop: SHOP,
    });
    expect((await caller.shops.delete({ id: 'shop_2' })).shop.status).toBe('deleted');
    expect((await caller.shops.reactivate({ id: 'shop_2' })).message).toBe('Store reactivated successfully.');
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /shop/shop_2',
      'DELETE /shop/shop_2',
      'GET /auth-session',
      'POST /shop/shop_2',
      'GET /auth-session',
    ]);
  });

  it("update passes the store's default condition on, and refuses one that is not a channel condition", async () => {
    const used = { ...SHOP, default_condition: 'used' as const };
    stub.on('PUT', '/shop/shop_2', { message: 'Store updated successfully.', data: used });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(
      await caller.shops.update({ id: 'shop_2', data: { ...STORE_FORM, default_condition: 'used' } }),
    ).toEqual({
      message: 'Store updated successfully.',
      shop: used,
    });
    expect(stub.callsTo('PUT', '/shop/shop_2')[0]?.body).toMatchObject({ default_condition: 'used' });

    const bad = JSON.parse('{"default_condition":"mint"}') as { default_condition: 'new' };
    const err = await rejection(caller.shops.update({ id: 'shop_2', data: { ...STORE_FORM, ...bad } }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe(MSG.defaultConditionInvalid);
    expect(stub.calls).toHaveLength(1);
  });

  it('switchShop makes the shop the session’s active shop', async () => {
    stub.on('GET', '/capture-last-active-shop/shop_2', {
      message: 'Active store changed.',
      data: { active_shop_id: 'shop_2', shop: SHOP },
    });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    const res = await caller.shops.switchShop({ id: 'shop_2' });
    expect(res).toEqual({
      message: 'Active store changed.',
      session: { ...SESSION_INFO, active_shop_id: 'shop_2' },
    });
    expect(session.info?.active_shop_id).toBe('shop_2');
  });

  it('selectList, info and statistics answer the api data', async () => {
    const stats = { total_shops: 2, active_shops: 1, deleted_shops: 1, testing_shops: 0, total_products: 0 };
    const info = { ...SHOP, business_name: 'Demo', connected_channels: [], total_products: 0 };
    stub.on('GET', '/shop-select-list', {
      data: [
        {
          id: 'shop_2',
          shop_name: 'Outlet',
          shop_url: SHOP.shop_url,
          shop_currency: 'EUR',
          is_testing: false,
        },
      ],
    });
    stub.on('GET', '/shop-info/shop_2', { data: info });
    stub.on('GET', '/shop-statistics', { data: stats });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.shops.selectList()).toHaveLength(1);
    expect(await caller.shops.info({ id: 'shop_2' })).toEqual(info);
    expect(await caller.shops.statistics()).toEqual(stats);
  });
});
