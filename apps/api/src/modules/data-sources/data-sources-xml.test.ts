import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  type TDataSourceImport,
  type TDataSourceMapping,
  type TEnvelope,
  type TImportRun,
} from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { multipartForm } from '../../test/multipart';

// A data source whose file is Google's own XML feed (RSS 2.0 by upload, Atom by URL) gives the products the
// same feed in CSV form gives, with the same report, schedule and mass-removal guard.

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/catalog/src/import/fixtures/${name}`, import.meta.url));
const RSS = fixture('google-feed.rss.xml');
const ATOM = fixture('google-feed.atom.xml');
const CSV = fixture('google-feed.csv');

const G = 'xmlns:g="http://base.google.com/ns/1.0"';
const item = (id: string) =>
  `<item><g:id>${id}</g:id><g:title>Item ${id}</g:title><g:price>5.00 USD</g:price></item>\n`;
const rss = (body: string) =>
  `<?xml version="1.0"?>\n<rss ${G} version="2.0"><channel>\n${body}</channel></rss>\n`;

const multipart = (fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) =>
  multipartForm(fields, file);

describe.each(DRIVERS)('Google XML feed data sources on %s', (driver) => {
  let t: TTestApp;
  let server: Server;
  let baseUrl: string;
  let served: Buffer = Buffer.alloc(0);
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { IMPORT_BATCH_SIZE: 2, IMPORT_ALLOW_PRIVATE_URLS: 'true' } });
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/atom+xml');
      res.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });
  beforeEach(() => t.reset());

  const upload = async (
    path: '/import-csv' | '/import-update-csv',
    token: string,
    fields: Record<string, string>,
    file: { name: string; type: string; bytes: Buffer },
  ) => {
    const body = multipart(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<TEnvelope<TDataSourceImport>>() };
  };
  const urlSource = (token: string, shopId: string, url: string) =>
    t.call<TDataSourceImport>('POST', '/import-csv-url', {
      token,
      body: { shop_id: shopId, data_source_name: 'Main feed', url, frequency: 'daily', fetch_time: '06:30' },
    });
  /** A shop's products as stored (source, custom attributes, variants and their Google status). */
  const productsOf = (shopId: string) =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select product_key, offer_id, item_group_id, source, source_custom, variants, google_status
          from products where shop_id = ${shopId}::uuid order by product_key`,
    );

  it('imports an RSS feed by upload and an Atom feed by URL into the products the CSV form gives', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme', 3);
    const [fromCsv, fromRss, fromAtom] = shops.map((s) => s.id) as [string, string, string];

    const csv = await upload(
      '/import-csv',
      token,
      { shop_id: fromCsv, data_source_name: 'Main feed' },
      {
        name: 'feed.csv',
        type: 'text/csv',
        bytes: CSV,
      },
    );
    const xml = await upload(
      '/import-csv',
      token,
      { shop_id: fromRss, data_source_name: 'Main feed' },
      {
        name: 'feed.xml',
        type: 'application/rss+xml',
        bytes: RSS,
      },
    );
    expect(csv.status).toBe(200);
    expect(xml.status).toBe(200);
    const counts = { status: 'succeeded', rows_read: 4, rows_imported: 2, rows_rejected: 1, rows_removed: 0 };
    expect(csv.body.data.run).toMatchObject(counts);
    expect(xml.body.data.run).toMatchObject({ ...counts, file_name: 'feed.xml' });
    expect(xml.body.data.run.unknown_columns).toEqual(['tax', 'c:size_chart']);

    served = ATOM;
    const atom = await urlSource(token, fromAtom, `${baseUrl}/products.atom.xml`);
    expect(atom.status).toBe(200);
    expect(atom.body.data.run).toMatchObject({ ...counts, file_name: 'products.atom.xml' });

    const expected = await productsOf(fromCsv);
    expect(expected.map((p) => p.product_key)).toEqual(['MUG-1', 'TEE']);
    expect(await productsOf(fromRss)).toEqual(expected);
    expect(await productsOf(fromAtom)).toEqual(expected);

    // The report names the item by the line its <item> starts on, and the column as the CSV's header.
    const report = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${fromRss}/${xml.body.data.run.id}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(report.body.trim().split(/\r\n/)[1]).toBe('102,price,Price is required.');

    // The mapping review lists the feed's elements as columns, in Google's format.
    const mapping = await t.call<TDataSourceMapping>(
      'GET',
      `/data-source-mapping/${fromRss}/${xml.body.data.data_source.id}`,
      { token },
    );
    expect(mapping.body.data.format).toBe('google');
    expect(mapping.body.data.columns.find((c) => c.header === 'tax')).toMatchObject({ target: 'custom:tax' });

    // The same feed again changes nothing.
    const again = await t.call<TImportRun>('GET', `/sync-csv-url/${atom.body.data.data_source.id}`, {
      token,
    });
    expect(again.body.data).toMatchObject({ status: 'succeeded', rows_imported: 0, rows_unchanged: 2 });
  }, 60_000);

  it('fails a run on malformed XML with its line and removes nothing; refuses XML that is no Google feed', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const count = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`))[0]!.n;
    served = Buffer.from(rss(['A', 'B', 'C', 'D'].map(item).join('')));
    const first = await urlSource(token, shop, `${baseUrl}/feed.xml`);
    expect(first.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 4 });

    // Cut off after its first item: read halfway, it must not pass for a feed of one product.
    served = Buffer.from(rss(item('A')).replace('</channel></rss>', '<item><g:id>B</g:id>'));
    const cut = await t.call<TImportRun>('GET', `/sync-csv-url/${first.body.data.data_source.id}`, { token });
    expect(cut.body.data).toMatchObject({
      status: 'failed',
      rows_removed: 0,
      message: expect.stringMatching(
        /^The import failed: The XML feed is not well-formed at line 5: unclosed tag: item\. /,
      ),
    });
    expect(await count()).toBe(4);

    const catalog = await upload(
      '/import-csv',
      token,
      { shop_id: shop, data_source_name: 'Other XML' },
      {
        name: 'catalog.xml',
        type: 'application/xml',
        bytes: Buffer.from('<?xml version="1.0"?>\n<catalog><product/></catalog>\n'),
      },
    );
    expect(catalog.body.data.run).toMatchObject({
      status: 'failed',
      message:
        'The import failed: This XML file is not a Google product feed: it starts with <catalog>, where an RSS 2.0 feed starts with <rss> and an Atom feed with <feed>.',
    });
    expect(await count()).toBe(4);

    // A workbook named .xml is refused by its bytes; a customisation CSV still takes no XML.
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), randomBytes(600)]);
    const renamed = await upload(
      '/import-csv',
      token,
      { shop_id: shop, data_source_name: 'X' },
      {
        name: 'feed.xml',
        type: 'application/xml',
        bytes: xlsx,
      },
    );
    expect(renamed).toMatchObject({
      status: 400,
      body: { message: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.' },
    });
    const update = await upload(
      '/import-update-csv',
      token,
      { shop_id: shop, report_type: '1' },
      {
        name: 'feed.xml',
        type: 'application/xml',
        bytes: RSS,
      },
    );
    expect(update).toMatchObject({ status: 400, body: { message: 'Only CSV files are allowed.' } });
  }, 60_000);
});
