import type {
  TLoginResponse,
  TProductDetail,
  TProductPage,
  TShop,
  TShopInfo,
  TShopOption,
  TShopPage,
  TShopStatistics,
} from '@feedloom/contracts';
import { FORBIDDEN_MESSAGE } from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { insertOrg, insertUser } from '../../test/fixtures';
import { importCsv } from '../../test/import';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { SHOP_MSG } from './messages';
import { utcOffsetOf } from '../reference/data';

const PRODUCTS_HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const productsCsv = (n: number) =>
  [
    PRODUCTS_HEADER,
    ...Array.from(
      { length: n },
      (_, i) =>
        `SKU-${i + 1},Shirt ${i + 1},A fine shirt,https://berlin.example.com/p/${i + 1},https://berlin.example.com/i/${i + 1}.jpg,10.00 EUR,in_stock,Acme,,new`,
    ),
  ].join('\n') + '\n';

const store = {
  shop_name: 'Berlin Boutique',
  shop_url: 'https://berlin.example.com',
  shop_currency: 'EUR',
  shop_timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
  is_testing: false,
};

describe.each(DRIVERS)('shops on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const addShop = (token: string, body: unknown = store) =>
    t.call<TShop>('POST', '/add-new-shop', { token, body });
  const shopList = (token: string, query = '') => t.call<TShopPage>('GET', `/shop-list${query}`, { token });

  describe('POST /add-new-shop', () => {
    it('adds a shop; the first one becomes the active shop', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 0);
      expect(owner.session.active_shop_id).toBeNull();
      const res = await addShop(owner.token, { ...store, utc_offset: '+09:00', is_testing: true });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(SHOP_MSG.created);
      expect(res.body.data).toMatchObject({
        shop_name: 'Berlin Boutique',
        shop_url: 'https://berlin.example.com',
        shop_email: 'acme@example.com',
        shop_currency: 'EUR',
        shop_timezone: 'Europe/Berlin',
        // The zone decides the offset, not the form.
        utc_offset: utcOffsetOf('Europe/Berlin', t.clock.now()),
        is_testing: true,
        status: 'active',
        // Products whose source gives no condition are new unless the merchant says otherwise.
        default_condition: 'new',
      });
      const session = (await t.call<TLoginResponse>('GET', '/auth-session', { token: owner.token })).body
        .data;
      expect(session).toMatchObject({ active_shop_id: res.body.data.id, shops_count: 1 });

      const second = await addShop(owner.token, {
        ...store,
        shop_name: 'Outlet',
        shop_url: 'https://outlet.example.com',
      });
      expect(second.status).toBe(200);
      const after = (await t.call<TLoginResponse>('GET', '/auth-session', { token: owner.token })).body.data;
      expect(after).toMatchObject({ active_shop_id: res.body.data.id, shops_count: 2 });
    });

    it.each([
      [{ shop_name: '' }, 'Store name is required.'],
      [{ shop_name: undefined }, 'Store name is required.'],
      [{ shop_url: '' }, MSG.shopUrlRequired],
      [{ shop_url: 'berlin.example.com' }, MSG.shopUrlInvalid],
      [{ shop_currency: '' }, MSG.currencyRequired],
      [{ shop_currency: 'ABC' }, MSG.shopCurrencyInvalid],
      [{ shop_timezone: '' }, MSG.timezoneRequired],
      [{ shop_timezone: 'Mars/Olympus_Mons' }, MSG.shopTimezoneInvalid],
      [{ utc_offset: '' }, MSG.utcOffsetRequired],
      [{ default_condition: 'mint' }, MSG.defaultConditionInvalid],
    ])('rejects %j with a clear message', async (change, message) => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 0);
      const res = await addShop(owner.token, { ...store, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
      expect((await shopList(owner.token)).body.data.total_records).toBe(0);
    });

    it('refuses a second active store with the same URL', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 0);
      await addShop(owner.token);
      const res = await addShop(owner.token, { ...store, shop_url: 'https://BERLIN.example.com/' });
      expect(res.status).toBe(409);
      // The business error names its field: the web shows it under the URL input, not in the snackbar.
      expect(res.body).toEqual({ code: 409, message: SHOP_MSG.duplicateUrl, data: null, field: 'shop_url' });
    });

    it('is refused to a member without store_management_manage, and before an organisation', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 0);
      const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['store_management']);
      const res = await addShop(reader.token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN_MESSAGE);

      await insertUser(t, 'solo@example.com');
      expect((await addShop((await login(t, 'solo@example.com')).access_token)).status).toBe(403);
    });
  });

  describe('GET /shop-list', () => {
    const seedShops = async (token: string) => {
      for (const [name, currency] of [
        ['Charlie Store', 'USD'],
        ['alpha store', 'EUR'],
        ['Bravo 100%', 'GBP'],
      ] as const) {
        t.clock.advance(1000);
        const res = await addShop(token, {
          ...store,
          shop_name: name,
          shop_currency: currency,
          shop_url: `https://${name.split(' ')[0]!.toLowerCase()}.example.com`,
        });
        expect(res.status).toBe(200);
      }
    };

    it('pages, searches and sorts, with deleted shops included with their status', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 0);
      await seedShops(owner.token);
      const names = (page: TShopPage) => page.data.map((s) => s.shop_name);

      expect(names((await shopList(owner.token)).body.data)).toEqual([
        'Charlie Store',
        'alpha store',
        'Bravo 100%',
      ]);
      expect(names((await shopList(owner.token, '?sort_col=shop_name&order=1')).body.data)).toEqual([
        'alpha store',
        'Bravo 100%',
        'Charlie Store',
      ]);
      expect(names((await shopList(owner.token, '?sort_col=shop_currency&order=-1')).body.data)).toEqual([
        'Charlie Store',
        'Bravo 100%',
        'alpha store',
      ]);
      const firstPage = (await shopList(owner.token, '?limit=5&page=1&sort_col=created_at&order=-1')).body
        .data;
      expect(firstPage.total_records).toBe(3);
      expect(names(firstPage)[0]).toBe('Bravo 100%');
      expect((await shopList(owner.token, '?limit=5&page=2')).body.data).toEqual({
        data: [],
        total_records: 3,
      });

      // Search by name or URL, case-insensitively; '%' is a character, not a wildcard.
      expect(names((await shopList(owner.token, '?search=STORE')).body.data)).toEqual([
        'Charlie Store',
        'alpha store',
      ]);
      expect(names((await shopList(owner.token, '?search=100%25')).body.data)).toEqual(['Bravo 100%']);
      expect(names((await shopList(owner.token, '?search=charlie.example')).body.data)).toEqual([
        'Charlie Store',
      ]);

      const charlie = (await shopList(owner.token)).body.data.data[0]!;
      await t.call('DELETE', `/shop/${charlie.id}`, { token: owner.token });
      const after = (await shopList(owner.token)).body.data;
      expect(after.total_records).toBe(3);
      expect(after.data[0]).toMatchObject({ id: charlie.id, status: 'deleted' });

      // Unknown sort columns and bad paging fall back to the defaults.
      const fallback = await shopList(owner.token, '?sort_col=password&limit=7&page=-2');
      expect(fallback.status).toBe(200);
      expect(names(fallback.body.data)).toEqual(['Charlie Store', 'alpha store', 'Bravo 100%']);
    });

    it("never shows another organisation's shops; a member limited to shops sees only theirs", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
      expect((await shopList(other.token)).body.data.data.map((s) => s.shop_name)).toEqual(['Other Store 1']);
      const member = await memberOf(
        t,
        owner.org.id,
        'staff@example.com',
        ['store_management'],
        [owner.shops[1]!.id],
      );
      expect((await shopList(member.token)).body.data).toMatchObject({
        total_records: 1,
        data: [{ id: owner.shops[1]!.id }],
      });
    });

    it('needs store_management read', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const feeds = await memberOf(t, owner.org.id, 'feeds@example.com', ['product_and_promotions_feed']);
      expect((await shopList(feeds.token)).status).toBe(403);
      // …while the shop select list is open to every member.
      expect(
        (await t.call<TShopOption[]>('GET', '/shop-select-list', { token: feeds.token })).body.data,
      ).toHaveLength(1);
    });
  });

  describe('one shop: get, update, delete, reactivate, info', () => {
    it('updates, soft-deletes and reactivates a shop', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const [first, second] = owner.shops as [(typeof owner.shops)[0], (typeof owner.shops)[0]];

      const got = await t.call<TShop>('GET', `/shop-list/${first.id}`, { token: owner.token });
      expect(got.body.data).toMatchObject({ id: first.id, shop_name: 'Acme Store 1', status: 'active' });

      const updated = await t.call<TShop>('PUT', `/shop/${first.id}`, {
        token: owner.token,
        body: { ...store, shop_name: 'Renamed', shop_timezone: 'Asia/Kolkata', shop_currency: 'INR' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe(SHOP_MSG.updated);
      expect(updated.body.data).toMatchObject({
        shop_name: 'Renamed',
        shop_currency: 'INR',
        utc_offset: '+05:30',
      });

      const invalid = await t.call('PUT', `/shop/${first.id}`, {
        token: owner.token,
        body: { ...store, shop_name: ' ' },
      });
      expect(invalid.body).toEqual({
        code: 400,
        message: 'Store name is required.',
        data: null,
        field: 'shop_name',
      });

      const deleted = await t.call<TShop>('DELETE', `/shop/${first.id}`, { token: owner.token });
      expect(deleted.body).toMatchObject({
        code: 200,
        message: SHOP_MSG.deleted,
        data: { status: 'deleted' },
      });
      expect((await t.call('DELETE', `/shop/${first.id}`, { token: owner.token })).body.message).toBe(
        SHOP_MSG.alreadyDeleted,
      );
      expect(
        (await t.call('PUT', `/shop/${first.id}`, { token: owner.token, body: store })).body.message,
      ).toBe(SHOP_MSG.deletedNotEditable);
      // The deleted active shop no longer is: the session falls back to the next one.
      const session = (await t.call<TLoginResponse>('GET', '/auth-session', { token: owner.token })).body
        .data;
      expect(session).toMatchObject({ active_shop_id: second.id, shops_count: 1 });
      expect(
        (await t.call<TShopOption[]>('GET', '/shop-select-list', { token: owner.token })).body.data,
      ).toEqual([expect.objectContaining({ id: second.id })]);
      expect(
        (await t.call('GET', `/capture-last-active-shop/${first.id}`, { token: owner.token })).status,
      ).toBe(404);

      const reactivated = await t.call<TShop>('POST', `/shop/${first.id}`, { token: owner.token });
      expect(reactivated.body).toMatchObject({
        code: 200,
        message: SHOP_MSG.reactivated,
        data: { status: 'active' },
      });
      expect((await t.call('POST', `/shop/${first.id}`, { token: owner.token })).body.message).toBe(
        SHOP_MSG.alreadyActive,
      );
    });

    it("judges the store's products again when its website changes: the channel's word kept, the new finding beside it", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const shopId = owner.shops[0]!.id;
      const put = (body: unknown) => t.call<TShop>('PUT', `/shop/${shopId}`, { token: owner.token, body });
      expect((await put(store)).status).toBe(200);
      await importCsv(t, { user_id: owner.user.id, org_id: owner.org.id, shop_id: shopId }, productsCsv(2));
      // As if both had been sent and Google had approved them.
      await t.database.db.execute(
        sql`update product_channel_statuses set status = 'published' where shop_id = ${shopId}::uuid and channel = 'google'`,
      );
      const google = () =>
        queryRows<{ status: string; codes: string[] }>(
          t.database.db,
          sql`select s.status, coalesce((select array_agg(distinct e ->> 'code') from jsonb_array_elements(s.issues) e), '{}') as codes
              from product_channel_statuses s where s.shop_id = ${shopId}::uuid and s.channel = 'google'`,
        );
      expect((await google()).flatMap((r) => r.codes)).not.toContain('link_domain_mismatch');

      // Nothing sent changed, so nothing is pending a resend; the finding stands beside the channel's word.
      expect((await put({ ...store, shop_url: 'https://paris.example.com' })).status).toBe(200);
      for (const r of await google()) {
        expect(r.status).toBe('warning');
        expect(r.codes).toContain('link_domain_mismatch');
      }
      expect((await put(store)).status).toBe(200);
      for (const r of await google()) {
        expect(r.status).not.toBe('pending');
        expect(r.codes).not.toContain('link_domain_mismatch');
      }
    });

    it("edits the store's default condition: only a channel condition, kept when an edit leaves it out", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const shopId = owner.shops[0]!.id;
      const put = (body: unknown) => t.call<TShop>('PUT', `/shop/${shopId}`, { token: owner.token, body });
      expect((await put({ ...store, default_condition: 'refurbished' })).body.data.default_condition).toBe(
        'refurbished',
      );
      expect((await put(store)).body.data.default_condition).toBe('refurbished');
      for (const bad of ['mint', '', 'NEW', 'used\u0000', 7]) {
        expect((await put({ ...store, default_condition: bad })).body).toEqual({
          code: 400,
          message: MSG.defaultConditionInvalid,
          data: null,
          field: 'default_condition',
        });
      }
      const got = await t.call<TShop>('GET', `/shop-list/${shopId}`, { token: owner.token });
      expect(got.body.data.default_condition).toBe('refurbished');
      const added = await addShop(owner.token, {
        ...store,
        shop_url: 'https://outlet.example.com',
        default_condition: 'used',
      });
      expect(added.body.data.default_condition).toBe('used');
    });

    it("fills the condition of products whose source gives none with the store's default, on every channel", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const shopId = owner.shops[0]!.id;
      // A store without a single channel connected: products are judged for every channel all the same.
      await importCsv(
        t,
        { user_id: owner.user.id, org_id: owner.org.id, shop_id: shopId },
        productsCsv(2).replace(/,new\n/g, ',\n'),
      );
      const onMeta = async () =>
        (
          await t.call<TProductPage>('GET', `/products-data/${shopId}?active_channel=meta_ads`, {
            token: owner.token,
          })
        ).body.data.data;
      const listed = await onMeta();
      expect(listed.map((p) => p.status)).toEqual(['pending', 'pending']);
      expect(listed.flatMap((p) => p.issues).filter((i) => i.attribute === 'condition')).toEqual([]);
      const condition = async () =>
        (
          await t.call<TProductDetail>('GET', `/product-detail/${shopId}/${listed[0]!.id}`, {
            token: owner.token,
          })
        ).body.data.fields.condition;
      expect(await condition()).toEqual({ value: 'new', layer: 'shop_default', source_value: null });

      await t.call('PUT', `/shop/${shopId}`, {
        token: owner.token,
        body: { ...store, shop_url: 'https://store1.example.com', default_condition: 'used' },
      });
      expect(await condition()).toEqual({ value: 'used', layer: 'shop_default', source_value: null });
      expect((await onMeta()).map((p) => p.status)).toEqual(['pending', 'pending']);
    });

    it('captures the last active shop', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const res = await t.call<{ active_shop_id: string; shop: TShop }>(
        'GET',
        `/capture-last-active-shop/${owner.shops[1]!.id}`,
        { token: owner.token },
      );
      expect(res.body).toMatchObject({
        code: 200,
        message: SHOP_MSG.activeChanged,
        data: { active_shop_id: owner.shops[1]!.id, shop: { shop_name: 'Acme Store 2' } },
      });
      expect((await login(t, 'owner@example.com')).active_shop_id).toBe(owner.shops[1]!.id);
    });

    it('reports shop info and statistics, with 0 products before any import', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      await addShop(owner.token, { ...store, is_testing: true });
      await t.call('DELETE', `/shop/${owner.shops[0]!.id}`, { token: owner.token });

      const info = await t.call<TShopInfo>('GET', `/shop-info/${owner.shops[1]!.id}`, { token: owner.token });
      expect(info.body.data).toMatchObject({
        id: owner.shops[1]!.id,
        business_name: 'Acme',
        connected_channels: [],
        total_products: 0,
      });
      const stats = await t.call<TShopStatistics>('GET', '/shop-statistics', { token: owner.token });
      expect(stats.body.data).toEqual({
        total_shops: 3,
        active_shops: 2,
        deleted_shops: 1,
        testing_shops: 1,
        total_products: 0,
      });
      const other = await ownerWithOrg(t, 'other@example.com', 'Other', 0);
      expect(
        (await t.call<TShopStatistics>('GET', '/shop-statistics', { token: other.token })).body.data
          .total_shops,
      ).toBe(0);
    });

    it("counts each store's products in its info and the active stores' products in the statistics", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 3);
      const [small, large, gone] = [owner.shops[0]!, owner.shops[1]!, owner.shops[2]!];
      const ids = (shopId: string) => ({ user_id: owner.user.id, org_id: owner.org.id, shop_id: shopId });
      await importCsv(t, ids(small.id), productsCsv(10));
      await importCsv(t, ids(large.id), productsCsv(250), undefined, { batchSize: 250 });
      await importCsv(t, ids(gone.id), productsCsv(3));
      await t.call('DELETE', `/shop/${gone.id}`, { token: owner.token });

      const info = async (shopId: string) =>
        (await t.call<TShopInfo>('GET', `/shop-info/${shopId}`, { token: owner.token })).body.data
          .total_products;
      expect(await info(small.id)).toBe(10);
      expect(await info(large.id)).toBe(250);
      expect(await info(gone.id)).toBe(3);
      const stats = await t.call<TShopStatistics>('GET', '/shop-statistics', { token: owner.token });
      // A deleted store's products are not counted.
      expect(stats.body.data.total_products).toBe(260);

      // A member limited to one store counts that store's products only.
      const member = await memberOf(t, owner.org.id, 'one@example.com', ['store_management'], [small.id]);
      const theirs = await t.call<TShopStatistics>('GET', '/shop-statistics', { token: member.token });
      expect(theirs.body.data.total_products).toBe(10);
    });

    it("answers 404 for another organisation's shop on every endpoint, and changes nothing", async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      const other = await insertOrg(t, owner.user.id, 'Other', 1);
      const foreign = other.shops[0]!.id;
      const calls = [
        ['GET', `/shop-list/${foreign}`, undefined],
        ['PUT', `/shop/${foreign}`, store],
        ['DELETE', `/shop/${foreign}`, undefined],
        ['POST', `/shop/${foreign}`, undefined],
        ['GET', `/shop-info/${foreign}`, undefined],
        ['GET', `/capture-last-active-shop/${foreign}`, undefined],
        ['GET', '/shop-list/not-a-uuid', undefined],
      ] as const;
      // The owner owns both organisations, but the token speaks for the first: the second's shops are not found.
      for (const [method, path, body] of calls) {
        const res = await t.call(method, path, { token: owner.token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.message).toBe(SHOP_MSG.notFound);
      }
      const untouched = await t.call<TShopOption[]>('GET', '/shop-select-list', {
        token: (
          await t.call<TLoginResponse>('GET', `/capture-last-active-organization/${other.org.id}`, {
            token: owner.token,
          })
        ).body.data.access_token,
      });
      expect(untouched.body.data).toEqual([
        expect.objectContaining({ id: foreign, shop_name: 'Other Store 1' }),
      ]);
    });

    it('a member limited to selected shops cannot reach the others; a reader cannot change any', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
      const limited = await memberOf(
        t,
        owner.org.id,
        'limited@example.com',
        ['store_management_manage'],
        [owner.shops[0]!.id],
      );
      expect((await t.call('GET', `/shop-list/${owner.shops[1]!.id}`, { token: limited.token })).status).toBe(
        404,
      );
      expect((await t.call('GET', `/shop-list/${owner.shops[0]!.id}`, { token: limited.token })).status).toBe(
        200,
      );
      // A shop they add joins their shops.
      const added = await addShop(limited.token);
      expect((await shopList(limited.token)).body.data.data.map((s) => s.id)).toContain(added.body.data.id);

      const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['store_management']);
      for (const [method, path, body] of [
        ['PUT', `/shop/${owner.shops[0]!.id}`, store],
        ['DELETE', `/shop/${owner.shops[0]!.id}`, undefined],
        ['POST', `/shop/${owner.shops[0]!.id}`, undefined],
      ] as const) {
        const res = await t.call(method, path, { token: reader.token, body });
        expect(res.status).toBe(403);
      }
      expect((await t.call('GET', `/shop-info/${owner.shops[0]!.id}`, { token: reader.token })).status).toBe(
        200,
      );
    });
  });
});
