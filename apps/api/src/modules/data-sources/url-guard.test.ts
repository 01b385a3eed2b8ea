// CSV-URL sources with private addresses refused (IMPORT_ALLOW_PRIVATE_URLS off, as in production): at
// creation and edit for an address written in the URL, and at download time for a redirect to one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TDataSource, TImportRun } from '@feedloom/contracts';
import { ZImportCsvUrlSchema } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { createDataSourcesService } from './service';

const CSV =
  'id,title,description,link,image_link,price,availability,brand,gtin,condition\n' +
  'A1,Shirt,A fine shirt,https://shop.example.com/p/1,https://shop.example.com/i/1.jpg,10.00 USD,in_stock,Acme,,new\n';

describe.each(DRIVERS)('CSV URL address guard on %s', (driver) => {
  let t: TTestApp;
  let server: Server;
  let port = 0;
  let internalHits = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { IMPORT_ALLOW_PRIVATE_URLS: 'false' } });
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/internal.csv') {
        internalHits++;
        res.setHeader('content-type', 'text/csv');
        return res.end(CSV);
      }
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/', connection: 'close' });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    internalHits = 0;
  });

  // Each source its own name: a store's data source names are unique.
  let sources = 0;
  const body = (shop: string, url: string) => ({
    shop_id: shop,
    data_source_name: `Feed URL ${++sources}`,
    url,
    frequency: 'daily',
    fetch_time: '06:30',
  });

  it('refuses a private address when the source is created, before any download', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    for (const host of [
      `127.0.0.1:${port}`,
      '127.0.0.2',
      '10.0.0.1',
      '169.254.169.254',
      '192.0.2.10',
      '[::1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::a00:1]',
      'localhost',
    ]) {
      const res = await t.call('POST', '/import-csv-url', {
        token,
        body: body(shop, `http://${host}/internal.csv`),
      });
      expect([host, res.status, res.body.message]).toEqual([host, 400, M.fetchFailed.privateAddress]);
      expect(res.body).toMatchObject({ field: 'url' });
    }
    const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from data_sources`,
    );
    expect(n).toBe(0);
    expect(internalHits).toBe(0);
  });

  /** The service with the fixture server (only it) standing in for a public site; the rest guarded as in production. */
  const serviceAllowingFixture = () =>
    createDataSourcesService({
      db: t.database.db,
      clock: t.clock,
      jobs: null,
      settings: {
        holdShare: 1,
        batchSize: 50,
        fetchTimeoutMs: 5000,
        allowPrivateUrls: false,
        outbound: { allowAddress: (address, p) => address === '127.0.0.1' && p === port },
      },
    });

  it('refuses a private address when the URL of a source is edited', async () => {
    const { user, org, token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const first = `http://127.0.0.1:${port}/internal.csv`;
    const created = await serviceAllowingFixture().createUrl(
      { user_id: user.id, org_id: org.id, shop_ids: null },
      ZImportCsvUrlSchema.parse(body(shop, first)),
    );
    const id = created.data_source.id;
    const edited = await t.call<TDataSource>('PUT', `/edit-data-source/${id}`, {
      token,
      body: { url: `http://[::ffff:127.0.0.1]:${port}/internal.csv` },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.message).toBe(M.fetchFailed.privateAddress);
    const kept = await t.call<TDataSource>('GET', `/data-source/${shop}/${id}`, { token });
    expect(kept.body.data.url).toBe(first);
  });

  it('fails the run of a source whose URL redirects to a private address, and never reaches it', async () => {
    const { user, org, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const service = serviceAllowingFixture();
    const caller = { user_id: user.id, org_id: org.id, shop_ids: null };
    const start = `http://127.0.0.1:${port}/r?to=`;
    for (const target of [
      `http://127.0.0.2:${port}/internal.csv`,
      `http://[::ffff:7f00:2]:${port}/internal.csv`,
      `http://[::1]:${port}/internal.csv`,
      `http://203.0.113.9:${port}/internal.csv`,
    ]) {
      const { run } = await service.createUrl(
        caller,
        ZImportCsvUrlSchema.parse(body(shop, start + encodeURIComponent(target))),
      );
      expect([target, run.status, run.message]).toEqual([
        target,
        'failed',
        `The import failed: ${M.fetchFailed.privateAddress}`,
      ]);
    }
    // A redirect back to the allowed address imports.
    const ok = await service.createUrl(
      caller,
      ZImportCsvUrlSchema.parse(body(shop, start + encodeURIComponent('/internal.csv'))),
    );
    expect(ok.run as TImportRun).toMatchObject({ status: 'succeeded', rows_imported: 1 });
    expect(internalHits).toBe(1);
  });
});
