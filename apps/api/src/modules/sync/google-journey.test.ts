// One merchant's whole journey with Google against the sandbox started in this process — connect, the wizard
// (account, target market, destinations, domain verification, shipping, feed), a website change, an import,
// a sync, an edit, a deletion, the status pull-back — with every request Feedloom sent recorded and read again
// against the Merchant API v1 request shapes the sandbox serves (@feedloom/sandbox's schemas). A client that
// drifts from Google's shapes (a JSON number for an int64, an enum in the feed's spelling, an unknown field)
// fails here, not in a merchant's account.
import type { TProductDetail } from '@feedloom/contracts';
import { checkGoogleRequest, GOOGLE_REQUEST_SHAPES } from '@feedloom/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { channel_connections, shops } from '../../db/schema';
import type { TServices } from '../../services';
import { importCsv } from '../../test/import';
import { ownerWithOrg } from '../../test/org-fixtures';
import { useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const ALEX = 'alex.rivera@gmail.sandbox.test';
/** Alex's Rivera Kitchen: an unclaimed website and no shipping settings, so every wizard step has work. */
const KITCHEN = '5550001002';
const HEADER =
  'id,title,description,link,image_link,price,sale_price,sale_price_effective_date,availability,brand,gtin,condition,' +
  'google_product_category,product_type,multipack,unit_pricing_measure,unit_pricing_base_measure,shipping,ads_labels,' +
  'product_highlight,identifier_exists,size_type,custom_label_0';
const row = (i: number) =>
  [
    `J${i}`,
    `Kitchen kettle ${i}`,
    'A stainless steel kettle that boils 1.7 litres in three minutes.',
    `https://rivera-kitchen.example/p/${i}`,
    `https://rivera-kitchen.example/i/${i}.jpg`,
    `${30 + i}.00 USD`,
    `${20 + i}.00 USD`,
    '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
    'in_stock',
    'Rivera',
    '4006381333931',
    'new',
    '222',
    'Home > Kitchen',
    '2',
    '750 ml',
    '100 ml',
    'US::Standard:4.99 USD:0:1:2:5',
    '"summer,kitchen"',
    '"Boils fast,Steel body"',
    'yes',
    'regular',
    'bestseller',
  ].join(',');
const csvOf = (ids: number[]) => [HEADER, ...ids.map(row)].join('\n') + '\n';
const ALL = Array.from({ length: 12 }, (_, i) => i + 1);

describe.each(DRIVERS)('a Google journey on %s', (driver) => {
  // A sandbox of its own per database, so each journey starts from empty Merchant Center accounts.
  const sandbox = useSandbox(`google-journey-${driver}`);
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { ...sandbox.env('google'), SYNC_CONCURRENCY: 2, SYNC_BATCH_SIZE: 5 },
      register: (_app, s) => {
        services = s;
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    // Lists answer at most 5 items a page, so every list Feedloom reads is paged through.
    await sandbox.control('google', { reset: true, reset_websites: true, max_page_size: 5 });
  });

  it('sends only requests Google would take, in every step from connect to the status pull-back', async () => {
    const owner = await ownerWithOrg(t, 'journey@example.com', 'Acme');
    const shop = owner.shops[0]!;
    await t.database.db.update(shops).set({ shop_url: 'https://rivera-kitchen.example' }).where(eq(shops.id, shop.id));
    const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await t.call<T>(method, url, { token: owner.token, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    const capture = (step: string, extra: Record<string, unknown> = {}) =>
      call('POST', `/capture-integration-steps/${shop.id}`, { channel: 'google', step, ...extra });

    // Connect and choose the Merchant Center account.
    const auth = await call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shop.id}`);
    await call('GET', `/google-callback?${new URLSearchParams(await sandbox.consent('google', auth.auth_url, ALEX))}`);
    expect(await call<unknown[]>('GET', `/merchant-account-list/shop/${shop.id}`)).toHaveLength(2);
    await call('GET', `/merchant-account-info/shop/${shop.id}/merchant/${KITCHEN}`);

    // The wizard: market, destinations, the website verified and claimed, shipping, feed.
    await call('POST', `/select-target-market/${shop.id}`, { channel: 'google', country: 'US', language: 'en', currency: 'USD' });
    await call('GET', `/destination-validation/shop/${shop.id}`);
    await capture('destination-validation');
    await call('GET', `/get-meta-tag/shop/${shop.id}?method=META`);
    expect(await call('GET', `/re-verification/${shop.id}?method=META`)).toMatchObject({ verified: true, claimed: true });
    await capture('domain-verification');
    await call('GET', `/shipping-settings/shop/${shop.id}`);
    await capture('shipping-validation', { products_carry_shipping: true });
    await capture('feed-config');

    // The website moves: Google's homepage is updated and claimed again.
    expect(await call('POST', `/override-website-url/shop/${shop.id}`, { website_url: 'https://rivera-kitchen.example/' })).toMatchObject({
      claimed: true,
    });

    // Import, sync, status pull-back.
    const [connection] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    const ids = { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id };
    const run = await importCsv(t, ids, csvOf(ALL));
    expect(await services.syncEngine.runSync(connection!.id, 'manual')).toMatchObject({ status: 'succeeded', sent: 12, refused: 0 });
    expect(await services.syncEngine.pullStatuses(connection!.id)).toMatchObject({ products: 12 });

    // An edit is sent again; a product gone from the import is deleted from Google.
    const [j1] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products where shop_id = ${shop.id}::uuid and offer_id = 'J1'`,
    );
    await call<TProductDetail>('PUT', '/product-update', { shop_id: shop.id, product_id: Number(j1!.id), data: { custom_title: 'Kitchen kettle, brushed' } });
    expect(await services.syncEngine.runSync(connection!.id, 'change')).toMatchObject({ status: 'succeeded', sent: 1 });
    await importCsv(t, ids, csvOf(ALL.filter((i) => i !== 12)), run.data_source_id);
    expect(await services.syncEngine.runSync(connection!.id, 'manual')).toMatchObject({ status: 'succeeded', deleted: 1, refused: 0 });
    expect(await services.syncEngine.pullStatuses(connection!.id)).toMatchObject({ products: 11 });

    // Every request read again against Google's request shapes: none has a violation.
    const received = sandbox.received('google');
    const refused = received
      .map((request) => ({ route: request.route, check: checkGoogleRequest(request) }))
      .filter((r) => !r.check.ok);
    expect(refused).toEqual([]);
    // Each method Feedloom calls was met on the way, and each is one the sandbox knows the shape of.
    const routes = new Set(received.map((r) => r.route));
    for (const route of routes) expect(GOOGLE_REQUEST_SHAPES).toHaveProperty([route]);
    expect([...routes].sort()).toEqual(
      expect.arrayContaining([
        'GET /accounts/v1/accounts',
        'GET /accounts/v1/accounts/:account/programs',
        'GET /accounts/v1/accounts/:account/homepage',
        'PATCH /accounts/v1/accounts/:account/homepage',
        'POST /accounts/v1/accounts/:account/homepage::claim',
        'GET /accounts/v1/accounts/:account/shippingSettings',
        'POST /siteVerification/v1/token',
        'POST /siteVerification/v1/webResource',
        'GET /datasources/v1/accounts/:account/dataSources',
        'POST /datasources/v1/accounts/:account/dataSources',
        'POST /products/v1/accounts/:account/productInputs::insert',
        'DELETE /products/v1/accounts/:account/productInputs/:productInput',
        'GET /products/v1/accounts/:account/products',
      ]),
    );
    // The journey's products carried the API's int64s, intervals and lists, so their shapes were read too.
    const inserted = received.find((r) => r.route === 'POST /products/v1/accounts/:account/productInputs::insert');
    expect((inserted!.body as { productAttributes: unknown }).productAttributes).toMatchObject({
      multipack: '2',
      unitPricingBaseMeasure: { value: '100', unit: 'ml' },
      salePriceEffectiveDate: { startTime: expect.any(String), endTime: expect.any(String) },
      shipping: [expect.objectContaining({ minHandlingTime: '0', maxHandlingTime: '1', minTransitTime: '2', maxTransitTime: '5' })],
      adsLabels: ['summer', 'kitchen'],
    });
    // The status pull-back and the accounts list were paged through (5 a page).
    expect(received.filter((r) => r.route === 'GET /products/v1/accounts/:account/products' && typeof r.query.pageToken === 'string').length).toBeGreaterThan(0);
    // A whole journey (two imports, three syncs, two pull-backs) takes long on a loaded machine.
  }, 180_000);
});
