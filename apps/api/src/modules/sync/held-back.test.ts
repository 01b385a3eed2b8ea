// What the merchant sees is what the channels get. Every way a merchant holds an item back from a channel — a
// Shopify draft or archived product, a private WooCommerce product, submission controls excluding one channel,
// pause "all", one variant excluded — is answered by one question (the catalog's heldBack), so the product
// list, each channel's feed file and the sync to each channel (the sandbox's Google, Microsoft and Meta) agree,
// and an item held back after it was sent is deleted from the channel. And a re-judgement that changes nothing
// sent (the same file imported again, a bulk change or an edit that sends the same, a new store default condition
// for the products with a condition of their own) keeps the channel's word.
import { readCsv } from '@feedloom/catalog';
import type { TBulkDraft, TBulkRun, TFeedConfig, TProductPage, TVariantPage } from '@feedloom/contracts';
import type { TProductChannel } from '@feedloom/validation';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { channel_connections, shops } from '../../db/schema';
import type { TServices } from '../../services';
import { importCsv } from '../../test/import';
import { ownerWithOrg } from '../../test/org-fixtures';
import { useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const sandbox = useSandbox('held-back');
const STORE = 'https://kim-home.example';

const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Barcode,Image Src,Google Shopping / MPN,Google Shopping / Condition,Status';
/** A Shopify row valid on every channel, `status` as the export says it. */
const shopifyRow = (handle: string, title: string, sku: string, status: string, option = ',') =>
  `${handle},${title},<p>A sturdy ${title.toLowerCase()} for every kitchen.</p>,Acme,Home & Garden > Kitchen & Dining,Kettles,TRUE,${option},${sku},5,39.99,4006381333931,${STORE}/i/${handle}.jpg,MPN-${sku},new,${status}`;
const SHOPIFY =
  [
    SHOPIFY_HEADER,
    shopifyRow('active-kettle', 'Active kettle', 'HB-ACTIVE', 'active'),
    shopifyRow('draft-kettle', 'Draft kettle', 'HB-DRAFT', 'draft'),
    shopifyRow('archived-kettle', 'Archived kettle', 'HB-ARCHIVED', 'archived'),
    // Shown everywhere until the merchant changes it (submission controls, pause, one variant).
    shopifyRow('google-off', 'Google off kettle', 'HB-NOGOOGLE', 'active'),
    shopifyRow('paused-kettle', 'Paused kettle', 'HB-PAUSED', 'active'),
    shopifyRow('two-kettle', 'Two kettle', 'HB-RED', 'active', 'Color,Red'),
    `two-kettle,,,,,,,,Blue,HB-BLUE,5,39.99,4006381333931,,MPN-HB-BLUE,,`,
  ].join('\n') + '\n';

const WOO_HEADER =
  'ID,Type,SKU,"GTIN, UPC, EAN, or ISBN",Name,Published,Description,In stock?,Stock,Regular price,Categories,Images,Brands';
const wooRow = (id: number, sku: string, name: string, published: string) =>
  `${id},simple,${sku},4006381333931,${name},${published},A sturdy ${name.toLowerCase()} for every kitchen.,1,5,39.99,Kitchen > Kettles,${STORE}/i/${sku}.jpg,Acme`;
const WOO =
  [WOO_HEADER, wooRow(20, 'HB-WOO', 'Woo kettle', '1'), wooRow(21, 'HB-PRIVATE', 'Private kettle', '0')].join('\n') + '\n';

type TChannelKey = 'google' | 'bing' | 'facebook';
const LIST_CHANNEL: Record<TChannelKey, TProductChannel> = {
  google: 'free_listings',
  bing: 'bing_ads',
  facebook: 'meta_ads',
};

describe.each(DRIVERS)('held back from a channel on %s', (driver) => {
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      // The publish gate would pause the run that removes what the merchant held back (a third of the items).
      env: { ...sandbox.env('google', 'microsoft', 'meta'), SYNC_GATE_SHARE: 1 },
      register: (_app, s) => void (services = s),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    for (const ch of ['google', 'microsoft', 'meta'] as const) await sandbox.control(ch, { reset: true });
  });

  /** A shop connected to Google, Microsoft and Meta through their consents, its products imported from both shops. */
  const linkedShop = async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = owner.shops[0]!;
    const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
      const res = await t.call<T>(method, path, { token: owner.token, body });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    const google = await call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shop.id}`);
    const back = await sandbox.consent('google', google.auth_url, 'alex.rivera@gmail.sandbox.test');
    await call('GET', `/google-callback?${new URLSearchParams(back)}`);
    await call('GET', `/merchant-account-info/shop/${shop.id}/merchant/5550001001`);
    await t.database.db
      .update(channel_connections)
      .set({ target_market: { country: 'US', language: 'en', currency: 'USD' } })
      .where(and(eq(channel_connections.shop_id, shop.id), eq(channel_connections.channel, 'google')));
    const ms = await call<{ auth_url: string }>('GET', `/microsoft-auth/shop/${shop.id}`);
    const msBack = await sandbox.consent('microsoft', ms.auth_url, 'jordan.kim@outlook.sandbox.test');
    await call('GET', `/microsoft-auth-callback?${new URLSearchParams(msBack)}`);
    await call('POST', `/microsoft-select-merchant-center/shop/${shop.id}`, { customer_id: '81001', account_id: '91001', store_id: '510001' });
    // The wizard's domain and market steps are the wizard's tests' (the store here is not the sandbox store's site).
    await t.database.db
      .update(channel_connections)
      .set({ target_market: { country: 'US', language: 'en', currency: 'USD' } })
      .where(and(eq(channel_connections.shop_id, shop.id), eq(channel_connections.channel, 'bing')));
    const fb = await call<{ auth_url: string }>('GET', `/facebook-auth/${shop.id}`);
    const fbBack = await sandbox.consent('meta', fb.auth_url, 'riley.chen@facebook.sandbox.test');
    await call('GET', `/facebook-callback?${new URLSearchParams(fbBack)}`);
    await call('POST', `/capture-catalog/${shop.id}`, { business_id: '200000000000001', catalog_id: '300000000000001' });
    // The store's domain is the one its products link to.
    await t.database.db.update(shops).set({ shop_url: STORE }).where(eq(shops.id, shop.id));
    const ids = { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id };
    const shopify = await importCsv(t, ids, SHOPIFY, undefined, { name: 'Shopify' });
    await importCsv(t, ids, WOO, undefined, { name: 'WooCommerce' });
    const connections = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    const connectionOf = (channel: TChannelKey) => connections.find((c) => c.channel === channel)!;
    const configs = await call<TFeedConfig[]>('GET', `/shop-feed-config/${shop.id}`);
    const feedUrlOf = (channel: TChannelKey) => new URL(configs.find((c) => c.channel === channel)!.feed_url).pathname;
    const products = await queryRows<{ id: number; offer_id: string; variants: { id: string; offer_id: string }[] }>(
      t.database.db,
      sql`select id::int as id, offer_id, variants from products where shop_id = ${shop.id}::uuid order by id`,
    );
    return { owner, shop, ids, call, connectionOf, feedUrlOf, products, shopifySource: shopify.data_source_id };
  };
  type TShop = Awaited<ReturnType<typeof linkedShop>>;

  /** The item ids of a channel's feed file. */
  const feedIds = async (s: TShop, channel: TChannelKey): Promise<string[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1${s.feedUrlOf(channel)}` });
    expect(res.statusCode).toBe(200);
    if (channel === 'google') return [...res.body.matchAll(/<g:id>([^<]*)<\/g:id>/g)].map((m) => m[1]!).sort();
    const rows: string[][] = [];
    for await (const row of readCsv([res.body], { delimiter: channel === 'bing' ? '\t' : ',' })) rows.push(row.cells);
    const [head, ...items] = rows;
    const at = head!.indexOf('id');
    return items.map((r) => r[at]!).sort();
  };

  /** The item ids the channel holds (the sandbox's Merchant Center, Microsoft store or Meta catalog). */
  const channelIds = async (s: TShop, channel: TChannelKey): Promise<string[]> => {
    const row = s.connectionOf(channel);
    let ids: string[];
    if (channel === 'google') {
      const page = await services.channels.merchantClient(row).listProducts(row.account_id!, { pageSize: 1000 });
      ids = (page?.products ?? []).map((p) => p.offerId);
    } else if (channel === 'bing') ids = (await services.channels.microsoftCatalogClient(row).listStatuses()).map((i) => i.offer_id);
    else ids = (await services.channels.metaCatalogClient(row).listItems()).map((i) => i.offer_id);
    return ids.filter((id) => id.toUpperCase().startsWith('HB-')).sort();
  };

  /** Every item's status in the product list on a channel: a product's own, or each of its variants'. */
  const listStatuses = async (s: TShop, channel: TChannelKey): Promise<Record<string, string | null>> => {
    const active_channel = LIST_CHANNEL[channel];
    const page = await s.call<TProductPage>('GET', `/products-data/${s.shop.id}?active_channel=${active_channel}&limit=100`);
    const out: Record<string, string | null> = {};
    for (const row of page.data) {
      if (row.variant_count === 0) {
        out[row.offer_id] = row.status;
        continue;
      }
      const variants = await s.call<TVariantPage>('GET', `/variants-data/${s.shop.id}/${row.id}?active_channel=${active_channel}`);
      for (const v of variants.data) out[v.offer_id] = v.status;
    }
    return out;
  };
  const sentIn = (statuses: Record<string, string | null>) =>
    Object.entries(statuses)
      .filter(([, st]) => st !== 'excluded' && st !== 'error')
      .map(([id]) => id)
      .sort();

  const syncAll = async (s: TShop) => {
    for (const channel of ['google', 'bing', 'facebook'] as const) {
      const run = await services.syncEngine.runSync(s.connectionOf(channel).id, 'manual');
      expect(run, channel).toMatchObject({ status: 'succeeded', refused: 0 });
    }
  };

  const CHANNEL_KEYS = ['google', 'bing', 'facebook'] as const;
  /** The feed file, what the channel holds and what the list says goes out, side by side. */
  const agreement = async (s: TShop) =>
    Object.fromEntries(
      await Promise.all(
        CHANNEL_KEYS.map(async (ch) => {
          const list = await listStatuses(s, ch);
          const excluded = Object.entries(list).filter(([, st]) => st === 'excluded').map(([id]) => id).sort();
          return [ch, { feed: await feedIds(s, ch), channel: await channelIds(s, ch), list: sentIn(list), excluded }] as const;
        }),
      ),
    );
  /** Every view of one channel names the same items. */
  const same = (ids: string[]) => ({ feed: ids, channel: ids, list: ids });

  it('list, feed file and sync agree over every kind of exclusion; an item held back after it was sent is deleted', async () => {
    const s = await linkedShop();
    const edit = (offerId: string, data: Record<string, unknown>, variantId?: string) => {
      const product = s.products.find((p) => p.offer_id === offerId || p.variants.some((v) => v.offer_id === offerId))!;
      return s.call('PUT', '/product-update', {
        shop_id: s.shop.id,
        product_id: product.id,
        ...(variantId ? { variant_id: variantId } : {}),
        data,
      });
    };
    // Drafts, archived and private products never go out; the rest does (HB-WOO has no condition of its own: the
    // store's default, new, goes to Meta for it).
    const NEVER = ['HB-ARCHIVED', 'HB-DRAFT', 'HB-PRIVATE'];
    const before = await agreement(s);
    expect(before.google!.excluded).toEqual(NEVER);
    expect(before.google!.list).toEqual(['HB-ACTIVE', 'HB-BLUE', 'HB-NOGOOGLE', 'HB-PAUSED', 'HB-RED', 'HB-WOO']);
    expect(before.google!.feed).toEqual(before.google!.list);
    await syncAll(s);
    const sent = await agreement(s);
    const everywhere = ['HB-ACTIVE', 'HB-BLUE', 'HB-NOGOOGLE', 'HB-PAUSED', 'HB-RED', 'HB-WOO'];
    expect(sent).toMatchObject({
      google: { ...same(everywhere), excluded: NEVER },
      bing: { ...same(everywhere), excluded: NEVER },
      facebook: { ...same(everywhere), excluded: NEVER },
    });

    // The merchant holds back, after they were sent: one product from Google (its three destinations), one
    // product everywhere (pause "all"), and one variant everywhere (its own submission controls).
    await edit('HB-NOGOOGLE', { product_submission_control: { control1: true, control2: true, control3: true } });
    await edit('HB-PAUSED', { pause: 'all' });
    await edit('HB-BLUE', { product_submission_control: { control1: true, control2: true, control3: true, control4: true, control5: true } }, 'HB-BLUE');
    await syncAll(s);
    const after = await agreement(s);
    expect(after).toEqual({
      google: { ...same(['HB-ACTIVE', 'HB-RED', 'HB-WOO']), excluded: ['HB-ARCHIVED', 'HB-BLUE', 'HB-DRAFT', 'HB-NOGOOGLE', 'HB-PAUSED', 'HB-PRIVATE'] },
      bing: { ...same(['HB-ACTIVE', 'HB-NOGOOGLE', 'HB-RED', 'HB-WOO']), excluded: ['HB-ARCHIVED', 'HB-BLUE', 'HB-DRAFT', 'HB-PAUSED', 'HB-PRIVATE'] },
      facebook: { ...same(['HB-ACTIVE', 'HB-NOGOOGLE', 'HB-RED', 'HB-WOO']), excluded: ['HB-ARCHIVED', 'HB-BLUE', 'HB-DRAFT', 'HB-PAUSED', 'HB-PRIVATE'] },
    });
    // The product with one variant held back is not excluded as a whole: its other variant goes out.
    const page = await s.call<TProductPage>('GET', `/products-data/${s.shop.id}?active_channel=free_listings&limit=100`);
    expect(page.data.find((r) => r.offer_id === 'two-kettle')!.status).not.toBe('excluded');
    expect(page.data.find((r) => r.offer_id === 'HB-PAUSED')!.icon_state).toBe('excluded');
  }, 120_000);

  it("a re-judgement that changes nothing sent keeps the channel's word; new content waits for a resend", async () => {
    const s = await linkedShop();
    await syncAll(s);
    const google = s.connectionOf('google').id;
    await services.syncEngine.pullStatuses(google);
    const statusOf = async (offer: string) =>
      (
        await queryRows<{ status: string; confirmed_at: Date | null; issues: { origin?: string; code: string }[] }>(
          t.database.db,
          sql`select s.status, s.confirmed_at, s.issues from product_channel_statuses s join products p on p.id = s.product_id
              where p.shop_id = ${s.shop.id}::uuid and p.offer_id = ${offer} and s.channel = 'google'`,
        )
      )[0]!;
    const published = await statusOf('HB-ACTIVE');
    expect(published.status).toBe('published');
    expect(published.confirmed_at).not.toBeNull();
    const list = async () => listStatuses(s, 'google');
    const live = ['HB-ACTIVE', 'HB-NOGOOGLE', 'HB-PAUSED', 'HB-RED', 'HB-BLUE', 'HB-WOO'];
    const allPublished = Object.fromEntries(live.map((id) => [id, 'published']));
    expect(await list()).toMatchObject(allPublished);

    // The same Shopify file again, then with a column no channel receives changed (every product re-judged).
    await importCsv(t, s.ids, SHOPIFY, s.shopifySource, { name: 'Shopify' });
    expect(await list()).toMatchObject(allPublished);
    const noted = SHOPIFY.split('\n').map((line, i) => (line === '' ? line : `${line},${i === 0 ? 'Notes' : 'checked'}`)).join('\n');
    const rerun = await importCsv(t, s.ids, noted, s.shopifySource, { name: 'Shopify' });
    expect(rerun).toMatchObject({ rows_unchanged: 0 });
    expect(await list()).toMatchObject(allPublished);
    // An edit that sends the same (the title as the source has it).
    const active = s.products.find((p) => p.offer_id === 'HB-ACTIVE')!;
    await s.call('PUT', '/product-update', { shop_id: s.shop.id, product_id: active.id, data: { custom_title: 'Active kettle' } });
    // A bulk change that sends the same: a brand equal to the source's on every product.
    const draft = await s.call<TBulkDraft>('POST', '/bulk-drafts', {
      shop_id: s.shop.id,
      name: 'Same brand',
      selection: { kind: 'ids', ids: s.products.map((p) => p.id) },
      rules: [{ field_name: 'brand', isDeleteExistValue: 'add_update_value', value: 'Acme', type: 'text' }],
    });
    const run = await s.call<TBulkRun>('POST', `/bulk-apply/${s.shop.id}/${draft.id}`);
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(await list()).toMatchObject(allPublished);
    expect(await statusOf('HB-ACTIVE')).toEqual(published);

    // New content: pending a resend, the channel's last word kept until it answers.
    await s.call('PUT', '/product-update', { shop_id: s.shop.id, product_id: active.id, data: { custom_title: 'Active kettle 1.7 l' } });
    expect(await statusOf('HB-ACTIVE')).toMatchObject({ status: 'pending', confirmed_at: published.confirmed_at });
    const resent = await services.syncEngine.runSync(google, 'change');
    expect(resent).toMatchObject({ status: 'succeeded', sent: 1 });
    expect((await statusOf('HB-ACTIVE')).status).toBe('submitted');
    await services.syncEngine.pullStatuses(google);
    expect((await statusOf('HB-ACTIVE')).status).toBe('published');

    // A new store default condition re-judges every product: those with a condition of their own send the same
    // and keep the channel's word; HB-WOO, whose condition is the store's, is pending a resend with the new one.
    const { shop_name, shop_currency, shop_timezone, utc_offset, is_testing } = s.shop;
    await s.call('PUT', `/shop/${s.shop.id}`, {
      ...{ shop_name, shop_url: STORE, shop_currency, shop_timezone, utc_offset, is_testing },
      default_condition: 'used',
    });
    expect(await list()).toMatchObject({ ...allPublished, 'HB-WOO': 'pending' });
    expect(await statusOf('HB-ACTIVE')).toMatchObject({ status: 'published', confirmed_at: published.confirmed_at });
    expect(await services.syncEngine.runSync(google, 'change')).toMatchObject({ status: 'succeeded', sent: 1 });
    const row = s.connectionOf('google');
    const held = await services.channels.merchantClient(row).listProducts(row.account_id!, { pageSize: 1000 });
    const woo = held?.products?.find((p) => p.offerId === 'HB-WOO') as { productAttributes?: { condition?: string } };
    expect(woo.productAttributes?.condition).toBe('USED');
  }, 120_000);
});
