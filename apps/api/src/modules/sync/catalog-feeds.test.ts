// The secret feed URLs of Microsoft Merchant Center and Meta catalogs: each shop × channel's URL
// serves that channel's file — Microsoft's tab-separated text (no quotes; tabs and line breaks in a value
// become spaces) and Meta's CSV (RFC 4180 quoting) — with the channel's columns, judged by the channel's
// rules as it is written (items with errors left out), against connections made through the sandbox.
import { FEED_FORMATS, readCsv } from '@feedloom/catalog';
import type { TFeedConfig, TProductDetail, TProductPage, TShop, TSyncHistory, TSyncRun } from '@feedloom/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channel_connections } from '../../db/schema';
import type { TServices } from '../../services';
import { ownerWithOrg } from '../../test/org-fixtures';
import { shopsRepo } from '../shops/repo';
import { importCsv } from '../../test/import';
import { APP_URL, useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const sandbox = useSandbox('catalog-feeds');

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type';
const CSV =
  [
    HEADER,
    // Valid everywhere; its description has a comma, quotes, a tab and a line break.
    'K1,Kettle 1,"Boils 1.7 l, with a ""quick"" button.\tStainless\nsteel.",https://kim-home.example/p/k1,https://kim-home.example/i/k1.jpg,39.99 USD,in_stock,Acme,4006381333931,new,Kitchen > Kettles',
    // No brand, GTIN or MPN: an error for Meta (brand required unless a GTIN or MPN is given), a warning for Microsoft.
    'K2,Kettle 2,A plain kettle.,https://kim-home.example/p/k2,https://kim-home.example/i/k2.jpg,29.99 USD,in_stock,,,new,Kitchen > Kettles',
    // No description: an error on both.
    'K3,Kettle 3,,https://kim-home.example/p/k3,https://kim-home.example/i/k3.jpg,19.99 USD,in_stock,Acme,4006381333931,new,Kitchen > Kettles',
  ].join('\n') + '\n';

/** A Shopify export whose "Google Shopping / Condition" column is empty, as Shopify's often is. */
const SHOPIFY_WITHOUT_CONDITION =
  [
    'Handle,Title,Body (HTML),Vendor,Type,Published,Variant SKU,Variant Inventory Qty,Variant Price,Variant Barcode,Image Src,Google Shopping / Condition,Status',
    'kettle,Kettle,<p>A sturdy kettle.</p>,Acme,Kettles,TRUE,S-KETTLE,5,39.99,4006381333931,https://kim-home.example/i/kettle.jpg,,active',
    'mug,Mug,<p>A sturdy mug.</p>,Acme,Mugs,TRUE,S-MUG,5,9.99,9780306406157,https://kim-home.example/i/mug.jpg,,active',
  ].join('\n') + '\n';

describe.each(DRIVERS)('Microsoft and Meta feed URLs on %s', (driver) => {
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: sandbox.env('microsoft', 'meta'), register: (_app, s) => void (services = s) });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await sandbox.control('microsoft', { reset: true });
    await sandbox.control('meta', { reset: true });
  });

  /** A shop linked to Microsoft (store, target market) and to a Meta catalog, its products imported. */
  const linkedShop = async (csv = CSV) => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    // The store is on the website of Jordan's verified Merchant Center store (the domain step holds only then).
    const shop = (await shopsRepo(t.database.db).update(owner.org.id, owner.shops[0]!.id, {
      shop_url: 'https://kim-home.example',
    }))!;
    const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
      const res = await t.call(method, path, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as never;
    };
    const ms = await call('GET', `/microsoft-auth/shop/${shop.id}`);
    const msBack = await sandbox.consent('microsoft', (ms as { auth_url: string }).auth_url, 'jordan.kim@outlook.sandbox.test');
    await call('GET', `/microsoft-auth-callback?${new URLSearchParams(msBack)}`);
    await call('POST', `/microsoft-select-merchant-center/shop/${shop.id}`, { customer_id: '81001', account_id: '91001', store_id: '510001' });
    await call('GET', `/microsoft-verify-store-domain/${shop.id}`);
    await call('POST', `/select-target-market/${shop.id}`, { channel: 'bing', country: 'US', language: 'en', currency: 'USD' });
    const fb = await call('GET', `/facebook-auth/${shop.id}`);
    const fbBack = await sandbox.consent('meta', (fb as { auth_url: string }).auth_url, 'riley.chen@facebook.sandbox.test');
    await call('GET', `/facebook-callback?${new URLSearchParams(fbBack)}`);
    await call('POST', `/capture-catalog/${shop.id}`, { business_id: '200000000000001', catalog_id: '300000000000001' });
    await importCsv(t, { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id }, csv);
    const configs: TFeedConfig[] = await call('GET', `/shop-feed-config/${shop.id}`);
    const urlOf = (channel: string) => new URL(configs.find((c) => c.channel === channel)!.feed_url);
    return { owner, shop, call, bing: urlOf('bing'), facebook: urlOf('facebook') };
  };
  /** The shop's connection row of a channel. */
  const connectionRow = async (shopId: string, channel: 'bing' | 'facebook') =>
    (
      await t.database.db
        .select()
        .from(channel_connections)
        .where(and(eq(channel_connections.shop_id, shopId), eq(channel_connections.channel, channel)))
    )[0]!;
  const get = (url: URL | string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${typeof url === 'string' ? url : url.pathname}` });

  it("serves Microsoft's tab-separated file: its columns, no quotes, one line per item, errors left out", async () => {
    const { bing, facebook } = await linkedShop();
    expect(bing.origin).toBe(APP_URL);
    expect(bing.pathname).toMatch(/^\/feeds\/[\w-]{40,}\.txt$/);
    expect(bing.pathname).not.toBe(facebook.pathname.replace('.csv', '.txt'));

    const res = await get(bing);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/tab-separated-values/);
    const lines = res.body.split('\n');
    expect(lines.at(-1)).toBe('');
    const [head, ...rows] = lines.slice(0, -1);
    const columns = head!.split('\t');
    expect(head).toBe(FEED_FORMATS.microsoft_tsv.header({ title: '', link: '', description: '' }).trimEnd());
    expect(columns.slice(0, 3)).toEqual(['id', 'title', 'description']);
    // Microsoft's category column, not Google's.
    expect(columns).toContain('product_category');
    expect(columns).not.toContain('google_product_category');
    const records = rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [columns[i], v])));
    expect(rows.every((r) => r.split('\t').length === columns.length)).toBe(true);
    // K3 has no description (an error); K2's missing brand is only a warning for Microsoft.
    expect(records.map((r) => r.id)).toEqual(['K1', 'K2']);
    expect(records[0]).toMatchObject({
      title: 'Kettle 1',
      description: 'Boils 1.7 l, with a "quick" button. Stainless steel.',
      availability: 'in stock',
      price: '39.99 USD',
      brand: 'Acme',
    });

    // Another extension of the same token is not Microsoft's file; Google's RSS is not served for it.
    expect((await get(bing.pathname.replace('.txt', '.xml'))).statusCode).toBe(404);
    expect((await get(bing.pathname.replace('.txt', '.tsv'))).body).toBe(res.body);
  });

  it("serves Meta's CSV: its columns, RFC 4180 quoting, errors left out", async () => {
    const { facebook } = await linkedShop();
    expect(facebook.pathname).toMatch(/^\/feeds\/[\w-]{40,}\.csv$/);
    const res = await get(facebook);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows: string[][] = [];
    for await (const row of readCsv([res.body], { delimiter: ',' })) {
      expect(row.problem).toBeUndefined();
      rows.push(row.cells);
    }
    const [columns, ...items] = rows;
    expect(columns).toEqual(
      expect.arrayContaining(['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand']),
    );
    const records = items.map((cells) => Object.fromEntries(cells.map((v, i) => [columns![i], v])));
    // K2 lacks a brand with no GTIN or MPN and K3 a description: errors for Meta, left out.
    expect(records.map((r) => r.id)).toEqual(['K1']);
    expect(records[0]).toMatchObject({
      description: 'Boils 1.7 l, with a "quick" button.\tStainless\nsteel.',
      availability: 'in stock',
      condition: 'new',
      price: '39.99 USD',
    });
    expect(res.body).toContain('"Boils 1.7 l, with a ""quick"" button.');

    const xml = await get(facebook.pathname.replace('.csv', '.xml'));
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toMatch(/^<\?xml/);
    expect(xml.body.match(/<item>/g)).toHaveLength(1);
    expect((await get(facebook.pathname.replace('.csv', '.txt'))).statusCode).toBe(404);
  });

  it('takes Microsoft and Meta on sync now, the sync runs and the sync history, as the feed settings screen calls them', async () => {
    const { owner, shop } = await linkedShop();
    const rowOf = (channel: 'bing' | 'facebook') => connectionRow(shop.id, channel);
    for (const channel of ['bing', 'facebook'] as const) {
      const queued = await t.call<TFeedConfig>('POST', `/sync-now/${shop.id}?channel=${channel}`, { token: owner.token });
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      expect(queued.body.data.channel).toBe(channel);
      const run = await services.syncEngine.runSync((await rowOf(channel)).id, 'manual');
      expect(run?.status, run?.error ?? '').toBe('succeeded');
      const runs = await t.call<TSyncRun[]>('GET', `/sync-runs/${shop.id}?channel=${channel}`, { token: owner.token });
      expect(runs.status).toBe(200);
      expect(runs.body.data.map((r) => [r.channel, r.trigger, r.status])).toEqual([[channel, 'manual', 'succeeded']]);
      const history = await t.call<TSyncHistory>('GET', `/sync-history/${shop.id}?channel=${channel}&page=1&limit=5`, {
        token: owner.token,
      });
      expect(history.status).toBe(200);
      expect(history.body.data).toMatchObject({ total_records: 1, running: null });
      const config = await t.call<TFeedConfig[]>('GET', `/shop-feed-config/${shop.id}`, { token: owner.token });
      expect(config.body.data.find((c) => c.channel === channel)!.last_synced_at).not.toBeNull();
    }
  });

  it('a successful sync counts the feed configuration as done once every wizard step before it is', async () => {
    const { shop } = await linkedShop();
    const rowOf = (channel: 'bing' | 'facebook') => connectionRow(shop.id, channel);
    // Wizards that ended before the feed configuration counted by itself: Meta's catalog linked, Microsoft's
    // domain not verified yet.
    const setSteps = (channel: 'bing' | 'facebook', steps: string[]) =>
      t.database.db
        .update(channel_connections)
        .set({ integration_steps: steps, integration_once_completed: false })
        .where(and(eq(channel_connections.shop_id, shop.id), eq(channel_connections.channel, channel)));
    await setSteps('facebook', ['link-account']);
    await setSteps('bing', ['link-account', 'target-market']);

    expect((await services.syncEngine.runSync((await rowOf('facebook')).id, 'schedule'))?.status).toBe('succeeded');
    expect(await rowOf('facebook')).toMatchObject({
      integration_steps: ['link-account', 'feed-config'],
      integration_once_completed: true,
    });
    expect((await services.syncEngine.runSync((await rowOf('bing')).id, 'schedule'))?.status).toBe('succeeded');
    expect(await rowOf('bing')).toMatchObject({
      integration_steps: ['link-account', 'target-market'],
      integration_once_completed: false,
    });
  });

  it("gives products without a condition the store's default: listed and sent to Meta, the default editable, an edit wins", async () => {
    const { shop, call, facebook } = await linkedShop(SHOPIFY_WITHOUT_CONDITION);
    /** Each item's condition in Meta's CSV (an item left out has none). */
    const metaConditions = async () => {
      const rows: string[][] = [];
      for await (const row of readCsv([(await get(facebook)).body], { delimiter: ',' })) rows.push(row.cells);
      const [columns, ...items] = rows;
      return Object.fromEntries(items.map((c) => [c[columns!.indexOf('id')], c[columns!.indexOf('condition')]]));
    };
    const metaList = async () =>
      ((await call('GET', `/products-data/${shop.id}?active_channel=meta_ads&limit=100`)) as TProductPage).data;

    // Not held back for a missing condition: the store's default (new) fills it.
    const listed = await metaList();
    expect(listed.map((p) => [p.offer_id, p.status]).sort()).toEqual([
      ['S-KETTLE', 'pending'],
      ['S-MUG', 'pending'],
    ]);
    expect(listed.flatMap((p) => p.issues).filter((i) => i.attribute === 'condition')).toEqual([]);
    expect(await metaConditions()).toEqual({ 'S-KETTLE': 'new', 'S-MUG': 'new' });

    // The merchant makes the store's default used: the feed follows.
    const stored = (await call('GET', `/shop-list/${shop.id}`)) as TShop;
    expect(stored.default_condition).toBe('new');
    const { shop_name, shop_url, shop_currency, shop_timezone, utc_offset, is_testing } = stored;
    const updated = (await call('PUT', `/shop/${shop.id}`, {
      ...{ shop_name, shop_url, shop_currency, shop_timezone, utc_offset, is_testing },
      default_condition: 'used',
    })) as TShop;
    expect(updated.default_condition).toBe('used');
    expect(await metaConditions()).toEqual({ 'S-KETTLE': 'used', 'S-MUG': 'used' });

    // A condition edited on the product wins over the store's default.
    const mug = listed.find((p) => p.offer_id === 'S-MUG')!;
    await call('PUT', '/product-update', { shop_id: shop.id, product_id: mug.id, data: { condition: 'refurbished' } });
    expect(await metaConditions()).toEqual({ 'S-KETTLE': 'used', 'S-MUG': 'refurbished' });
    const detail = async (offer: string) =>
      (
        (await call('GET', `/product-detail/${shop.id}/${listed.find((p) => p.offer_id === offer)!.id}`)) as TProductDetail
      ).fields.condition;
    expect(await detail('S-KETTLE')).toEqual({ value: 'used', layer: 'shop_default', source_value: null });
    expect(await detail('S-MUG')).toEqual({ value: 'refurbished', layer: 'override', source_value: null });
    expect((await metaList()).map((p) => p.status)).toEqual(['pending', 'pending']);
  });

  it('a rotated or disconnected channel’s URL stops working; channel keys follow the submissions switch', async () => {
    const { owner, shop, bing, facebook } = await linkedShop();
    const keys = async () =>
      (await t.call<{ bing_enabled: boolean; fb_enabled: boolean; google_enabled: boolean }>('GET', `/products-data/${shop.id}`, { token: owner.token })).body.data;
    expect(await keys()).toMatchObject({ bing_enabled: true, fb_enabled: true, google_enabled: false });
    const off = await t.call('POST', `/feed-status/${shop.id}`, { token: owner.token, body: { channel: 'facebook', feed_status: false } });
    expect(off.status).toBe(200);
    expect(await keys()).toMatchObject({ bing_enabled: true, fb_enabled: false });
    // Submissions off: the worker's sync of that connection does nothing, and Meta is not called.
    const [row] = await t.database.db
      .select()
      .from(channel_connections)
      .where(and(eq(channel_connections.shop_id, shop.id), eq(channel_connections.channel, 'facebook')));
    const before = (await sandbox.control('meta')).calls.total;
    expect(await services.syncEngine.runSync(row!.id, 'manual')).toBeNull();
    expect((await sandbox.control('meta')).calls.total).toBe(before);

    const rotated = await t.call<TFeedConfig>('POST', `/rotate-feed-url/${shop.id}?channel=bing`, { token: owner.token });
    expect(rotated.status).toBe(200);
    expect(new URL(rotated.body.data.feed_url).pathname).not.toBe(bing.pathname);
    expect((await get(bing)).statusCode).toBe(404);
    expect((await get(rotated.body.data.feed_url.replace(APP_URL, ''))).statusCode).toBe(200);

    const gone = await t.call('POST', `/disconnect-account/${shop.id}?channel=facebook`, { token: owner.token });
    expect(gone.status).toBe(200);
    expect((await get(facebook)).statusCode).toBe(404);
  });
});
