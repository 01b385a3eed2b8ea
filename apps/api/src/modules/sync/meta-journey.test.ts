// One merchant's whole journey with Meta against the sandbox started in this process — connect (Facebook Login
// and the code exchange), the business and catalog choice, the feed settings, an import, a sync, an edit, a
// deletion, the status pull-back — with every Graph request Feedloom sent recorded and read again as Graph
// reads it (@feedloom/sandbox's Meta request shapes). A client that drifts from Graph's shapes (a list sent as
// comma-joined text, a price without its currency, a field a PRODUCT_ITEM does not have, a `fields` name the
// node does not have) fails here, not in a merchant's catalog.
import type { TProductDetail } from '@feedloom/contracts';
import { checkMetaRequest, META_REQUEST_SHAPES } from '@feedloom/sandbox/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { channel_connections, shops } from '../../db/schema';
import type { TServices } from '../../services';
import { importCsv } from '../../test/import';
import { ownerWithOrg } from '../../test/org-fixtures';
import { useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const RILEY = 'riley.chen@facebook.sandbox.test';
const BUSINESS = '200000000000001';
/** Chen Home's catalog: no other test of this file's sandbox writes to it. */
const HOME_BUSINESS = '200000000000002';
const CATALOG = '300000000000003';
const HEADER =
  'id,title,description,link,image_link,additional_image_link,price,sale_price,sale_price_effective_date,availability,brand,gtin,' +
  'condition,google_product_category,product_type,age_group,gender,color,size,shipping,custom_label_0';
const row = (i: number) =>
  [
    `M${i}`,
    `Linen cushion ${i}`,
    'A washed linen cushion cover of 45 by 45 cm with a hidden zip.',
    `https://chen-home.example/p/${i}`,
    `https://chen-home.example/i/${i}.jpg`,
    `"https://chen-home.example/i/${i}-2.jpg,https://chen-home.example/i/${i}-3.jpg"`,
    `${30 + i}.00 USD`,
    `${20 + i}.00 USD`,
    '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
    'in_stock',
    'Chen Home',
    '4006381333931',
    'new',
    '4453',
    'Home > Cushions',
    'adult',
    'unisex',
    'Sand',
    '45 x 45 cm',
    'US:CA:Standard:4.99 USD',
    'linen',
  ].join(',');
const csvOf = (ids: number[]) => [HEADER, ...ids.map(row)].join('\n') + '\n';
const ALL = Array.from({ length: 12 }, (_, i) => i + 1);

describe.each(DRIVERS)('a Meta journey on %s', (driver) => {
  // A sandbox of its own per database, so each journey starts from an empty catalog.
  const sandbox = useSandbox(`meta-journey-${driver}`);
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { ...sandbox.env('meta'), META_BATCH_POLL_INTERVAL_MS: 5, META_BATCH_MAX_POLLS: 100 },
      register: (_app, s) => {
        services = s;
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    // Lists answer one item a page, so every list Feedloom reads is paged through.
    await sandbox.control('meta', { reset: true, max_page_size: 1 });
  });

  it('sends only requests Graph would take, in every step from connect to the status pull-back', async () => {
    const owner = await ownerWithOrg(t, 'meta-journey@example.com', 'Acme');
    const shop = owner.shops[0]!;
    await t.database.db
      .update(shops)
      .set({ shop_url: 'https://chen-home.example' })
      .where(eq(shops.id, shop.id));
    const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await t.call<T>(method, url, {
        token: owner.token,
        ...(body === undefined ? {} : { body }),
      });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };

    // Connect, then choose the business and its catalog.
    const auth = await call<{ auth_url: string }>('GET', `/facebook-auth/${shop.id}`);
    await call(
      'GET',
      `/facebook-callback?${new URLSearchParams(await sandbox.consent('meta', auth.auth_url, RILEY))}`,
    );
    const businesses = await call<{ business_id: string }[]>('GET', `/get-business-account/${shop.id}`);
    expect(businesses.map((b) => b.business_id)).toEqual([BUSINESS, HOME_BUSINESS]);
    const catalogs = await call<{ catalog_id: string }[]>(
      'GET',
      `/get-owned-product-catalogs/${shop.id}/${HOME_BUSINESS}`,
    );
    expect(catalogs.map((c) => c.catalog_id)).toEqual([CATALOG]);
    await call('POST', `/capture-catalog/${shop.id}`, { business_id: HOME_BUSINESS, catalog_id: CATALOG });
    await call('POST', `/facebook-feed-setting/${shop.id}`, { feed_schedule: 'daily' });

    // Import, sync, status pull-back.
    const [connection] = await t.database.db
      .select()
      .from(channel_connections)
      .where(and(eq(channel_connections.shop_id, shop.id), eq(channel_connections.channel, 'facebook')));
    const ids = { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id };
    const run = await importCsv(t, ids, csvOf(ALL));
    expect(await services.syncEngine.runSync(connection!.id, 'manual')).toMatchObject({
      status: 'succeeded',
      sent: 12,
      refused: 0,
    });
    expect(await services.syncEngine.pullStatuses(connection!.id)).toMatchObject({ products: 12 });

    // An edit is sent again; a product gone from the import is deleted from the catalog.
    const [m1] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from products where shop_id = ${shop.id}::uuid and offer_id = 'M1'`,
    );
    await call<TProductDetail>('PUT', '/product-update', {
      shop_id: shop.id,
      product_id: Number(m1!.id),
      data: { custom_title: 'Linen cushion, sand' },
    });
    expect(await services.syncEngine.runSync(connection!.id, 'change')).toMatchObject({
      status: 'succeeded',
      sent: 1,
    });
    await importCsv(t, ids, csvOf(ALL.filter((i) => i !== 12)), run.data_source_id);
    expect(await services.syncEngine.runSync(connection!.id, 'manual')).toMatchObject({
      status: 'succeeded',
      deleted: 1,
      refused: 0,
    });
    expect(await services.syncEngine.pullStatuses(connection!.id)).toMatchObject({ products: 11 });

    // Every request read again as Graph reads it: none is refused.
    const received = sandbox.received('meta');
    const refused = received
      .map((request) => ({ route: request.route, check: checkMetaRequest(request) }))
      .filter((r) => !r.check.ok);
    expect(refused).toEqual([]);
    // Each Graph call Feedloom makes was met on the way, and each is one the sandbox knows the shape of.
    const routes = new Set(received.map((r) => r.route));
    for (const route of routes) expect(META_REQUEST_SHAPES).toHaveProperty([route]);
    expect([...routes].sort()).toEqual(
      [
        'GET /v25.0/oauth/access_token',
        'GET /v25.0/me/businesses',
        'GET /v25.0/:businessId/owned_product_catalogs',
        'POST /v25.0/:catalogId/items_batch',
        'GET /v25.0/:catalogId/check_batch_request_status',
        'GET /v25.0/:catalogId/products',
      ].sort(),
    );
    // The journey's items carried Meta's lists, prices, dates and shipping objects, so their shapes were read too.
    const batchOf = (r: (typeof received)[number]) =>
      (r.body as { requests: { method: string; data: Record<string, unknown> }[] }).requests;
    const batches = received.filter((r) => r.route === 'POST /v25.0/:catalogId/items_batch');
    const sent = batchOf(batches[0]!).find((r) => r.data.id === 'M2');
    expect(sent).toEqual({
      method: 'UPDATE',
      data: expect.objectContaining({
        price: '32.00 USD',
        sale_price: '22.00 USD',
        availability: 'in stock',
        additional_image_link: ['https://chen-home.example/i/2-2.jpg', 'https://chen-home.example/i/2-3.jpg'],
        sale_price_effective_date: expect.stringContaining('/'),
        shipping: [{ country: 'US', region: 'CA', service: 'Standard', price: '4.99 USD' }],
      }),
    });
    expect(batches.flatMap(batchOf).filter((r) => r.method === 'DELETE')).toEqual([
      { method: 'DELETE', data: { id: 'M12' } },
    ]);
    // The businesses and the catalog's products were paged through (one a page), by the `after` cursor.
    expect(
      received.filter((r) => r.route === 'GET /v25.0/me/businesses' && typeof r.query.after === 'string')
        .length,
    ).toBeGreaterThan(0);
    expect(
      received.filter(
        (r) => r.route === 'GET /v25.0/:catalogId/products' && typeof r.query.after === 'string',
      ).length,
    ).toBeGreaterThan(0);
  }, 180_000);
});
