import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, type TDataSourceImport, type TEnvelope, type TImportRun } from '@feedloom/contracts';
import { DATA_SOURCE_MSG } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { multipartForm } from '../../test/multipart';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string, price = '10.00 USD') =>
  `${id},Shirt ${id},A fine shirt ${id},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,${price},in_stock,Acme,,new`;
const csvOf = (ids: string[], extra: string[] = []) =>
  [HEADER, ...ids.map((id) => row(id)), ...extra].join('\n') + '\n';
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `SKU-${i + from}`);

const multipart = (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) =>
  multipartForm(fields, ...(file ? [file] : []));

/** A re-import of the same file: it succeeded, wrote and removed nothing, and says so. */
const expectUnchanged = (run: { message?: string | null }, unchanged: number) => {
  expect(run).toMatchObject({
    status: 'succeeded',
    rows_imported: 0,
    rows_removed: 0,
    rows_unchanged: unchanged,
  });
  expect(run.message).toMatch(/^Nothing changed/);
};

describe.each(DRIVERS)('data sources on %s', (driver) => {
  let t: TTestApp;
  let server: Server;
  let baseUrl: string;
  let served = '';
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { IMPORT_BATCH_SIZE: 2, IMPORT_ALLOW_PRIVATE_URLS: 'true' } });
    server = createServer((req, res) => {
      if (req.url === '/missing.csv') {
        res.statusCode = 404;
        res.end('nope');
        return;
      }
      res.setHeader('content-type', 'text/csv');
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
    token: string,
    fields: Record<string, string>,
    csv: string | Buffer,
    name = 'products.csv',
  ) => {
    const body = multipart(fields, {
      name,
      type: 'text/csv',
      bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<TEnvelope<TDataSourceImport>>() };
  };
  const productCount = async (shopId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from products where shop_id = ${shopId}::uuid`,
      )
    )[0]!.n;

  it('rejects a row holding a NUL (which the database cannot store) and imports the rest', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const csv = csvOf(ids(2), [row('SKU-3').replace('Shirt SKU-3', 'Shirt\u0000SKU-3'), row('SKU-4')]);
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main feed' }, csv);
    expect(first.status).toBe(200);
    const run = first.body.data.run;
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 4, rows_imported: 3, rows_rejected: 1 });
    expect(await productCount(shop)).toBe(3);
    const report = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${shop}/${run.id}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(report.body.trim().split(/\r\n/)[1]).toBe('4,title,title must not contain control characters.');
  });

  it('imports an upload with bad rows: counts, statuses, a downloadable error CSV; the same file again changes nothing', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const csv = csvOf(ids(5), [
      ',No id,x,https://shop.example.com/x,https://shop.example.com/x.jpg,1.00 USD,in_stock,Acme,,new',
      'SKU-9,Bad price,x,https://shop.example.com/x,https://shop.example.com/x.jpg,abc,in_stock,Acme,,new',
    ]);
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main feed' }, csv);
    expect(first.status).toBe(200);
    const run = first.body.data.run;
    expect(run).toMatchObject({
      status: 'succeeded',
      rows_read: 7,
      rows_imported: 5,
      rows_rejected: 2,
      has_report: true,
    });
    expect(await productCount(shop)).toBe(5);
    const statuses = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_channel_statuses`,
    );
    expect(statuses[0]!.n).toBe(15);

    const report = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${shop}/${run.id}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = report.body.trim().split(/\r\n/);
    expect(lines[0]).toBe('row_number,column,message');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^7,/);

    const again = await upload(token, { shop_id: shop, data_source_id: first.body.data.data_source.id }, csv);
    expectUnchanged(again.body.data.run, 5);

    const list = await t.call<{ total_records: number }>('GET', `/data-source/${shop}?search=main`, {
      token,
    });
    expect(list.body.data.total_records).toBe(1);
    const runs = await t.call<{ total_records: number }>(
      'GET',
      `/data-source-runs/${shop}/${first.body.data.data_source.id}`,
      { token },
    );
    expect(runs.body.data.total_records).toBe(2);
  });

  it('holds a re-import that would remove too much, until confirmed; a small removal goes through', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(10)));
    const source = first.body.data.data_source.id;
    const small = await upload(token, { shop_id: shop, data_source_id: source }, csvOf(ids(9)));
    expect(small.body.data.run).toMatchObject({ status: 'succeeded', rows_removed: 1 });
    const held = await upload(token, { shop_id: shop, data_source_id: source }, csvOf(ids(3)));
    expect(held.body.data.run.status).toBe('held');
    expect(held.body.data.run.held).toMatchObject({ would_remove: 6, shop_products: 9, threshold: 0.2 });
    expect(held.body.data.run.held!.sample).toContain('SKU-4');
    expect(held.body.data.run.message).toMatch(/would remove 6 of the store's 9 products/);
    expect(await productCount(shop)).toBe(9);
    const confirmed = await t.call<TImportRun>(
      'POST',
      `/import-run/${shop}/${held.body.data.run.id}/confirm`,
      { token },
    );
    expect(confirmed.body.data).toMatchObject({ status: 'succeeded', rows_removed: 6 });
    expect(await productCount(shop)).toBe(3);
    const again = await t.call('POST', `/import-run/${shop}/${held.body.data.run.id}/discard`, { token });
    expect(again.status).toBe(409);
  });

  it('refuses what is neither a CSV nor an XML feed, and hides other shops from a member limited to one', async () => {
    const { token, org, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const notCsv = await upload(token, { shop_id: shops[0]!.id, data_source_name: 'X' }, 'x', 'photo.png');
    expect(notCsv.body.message).toBe('Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.');
    // A workbook renamed .csv is refused by its bytes, before anything is kept or created.
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), randomBytes(600)]);
    const renamed = await upload(token, { shop_id: shops[0]!.id, data_source_name: 'X' }, xlsx, 'export.csv');
    expect(renamed).toMatchObject({
      status: 400,
      body: { message: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.' },
    });
    // So is a photo renamed .csv (PNG, JPEG, GIF), which used to import as text with control-character rejects.
    for (const head of [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff, 0xe0],
      [0x47, 0x49, 0x46, 0x38],
    ]) {
      const image = Buffer.concat([Buffer.from(head), randomBytes(600)]);
      const sent = await upload(
        token,
        { shop_id: shops[0]!.id, data_source_name: 'X' },
        image,
        'products.csv',
      );
      expect(sent).toMatchObject({
        status: 400,
        body: { message: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.' },
      });
    }
    const kept = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from import_files`,
    );
    expect(kept[0]!.n).toBe(0);
    expect(
      (await t.call<{ total_records: number }>('GET', `/data-source/${shops[0]!.id}`, { token })).body.data
        .total_records,
    ).toBe(0);
    const made = await upload(token, { shop_id: shops[0]!.id, data_source_name: 'Main' }, csvOf(ids(2)));
    const member = await memberOf(
      t,
      org.id,
      'm@example.com',
      ['data_source_management', 'data_source_management_manage'],
      [shops[1]!.id],
    );
    const id = made.body.data.data_source.id;
    expect((await t.call('GET', `/data-source/${shops[0]!.id}/${id}`, { token: member.token })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/data-source/${shops[0]!.id}`, { token: member.token })).status).toBe(404);
    expect((await t.call('GET', `/sync-csv-url/${id}`, { token: member.token })).status).toBe(404);
    const denied = await upload(
      member.token,
      { shop_id: shops[0]!.id, data_source_name: 'Y' },
      csvOf(ids(1)),
    );
    expect(denied.status).toBe(404);
  });

  it('keeps every variant of a product whose rows are apart in the file, in one batch or across batches', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const header = `${HEADER},item_group_id,size`;
    const single = (id: string) => `${row(id)},,`;
    const variant = (size: string) => `${row(`TEE-${size}`)},TEE,${size}`;
    // Batches of 2 products: TEE (S, M) and SKU-1; SKU-2, SKU-3; SKU-4 and TEE's L; SKU-5 then TEE's XL.
    const csv =
      [
        header,
        variant('S'),
        variant('M'),
        single('SKU-1'),
        single('SKU-2'),
        single('SKU-3'),
        single('SKU-4'),
        variant('L'),
        variant('XL'),
        single('SKU-5'),
        variant('XXL'),
      ].join('\n') + '\n';
    const variantsOf = async () => {
      const [p] = await queryRows<{ variants: { id: string }[] }>(
        t.database.db,
        sql`select variants from products where shop_id = ${shop}::uuid and product_key = 'TEE'`,
      );
      return p!.variants.map((v) => v.id).sort();
    };
    const sizes = ['TEE-L', 'TEE-M', 'TEE-S', 'TEE-XL', 'TEE-XXL'];
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csv);
    expect(first.body.data.run).toMatchObject({
      status: 'succeeded',
      rows_read: 10,
      rows_rejected: 0,
      rows_imported: 6,
    });
    expect(await productCount(shop)).toBe(6);
    expect(await variantsOf()).toEqual(sizes);
    // The whole product was judged: its statuses name every variant's issues (none here), for 3 channels.
    const [statuses] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_channel_statuses s join products p on p.id = s.product_id
          where p.product_key = 'TEE' and p.shop_id = ${shop}::uuid`,
    );
    expect(statuses!.n).toBe(3);
    // Again: no variant twice, nothing lost, nothing removed, and nothing written (it says so).
    const written = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from products where shop_id = ${shop}::uuid and last_run_id = ${first.body.data.run.id}::uuid`,
        )
      )[0]!.n;
    expect(await written()).toBe(6);
    const source = first.body.data.data_source.id;
    const again = await upload(token, { shop_id: shop, data_source_id: source }, csv);
    expectUnchanged(again.body.data.run, 6);
    expect(await written()).toBe(6);
    expect(await productCount(shop)).toBe(6);
    expect(await variantsOf()).toEqual(sizes);
    // A later piece changes (XXL's price): that product alone is written, whole.
    const changed = csv.replace(/^(TEE-XXL,.*?,)10\.00 USD/m, '$112.00 USD');
    expect(changed).not.toBe(csv);
    const third = await upload(token, { shop_id: shop, data_source_id: source }, changed);
    expect(third.body.data.run).toMatchObject({ rows_imported: 1, rows_unchanged: 5 });
    expect(await variantsOf()).toEqual(sizes);
    // The far pieces go (the file now holds TEE's first rows only): the product loses their variants.
    const short = csv
      .split('\n')
      .filter((l) => !/^TEE-(L|XL|XXL),/.test(l))
      .join('\n');
    const fourth = await upload(token, { shop_id: shop, data_source_id: source }, short);
    expect(fourth.body.data.run).toMatchObject({ rows_imported: 1, rows_unchanged: 5 });
    expect(await variantsOf()).toEqual(['TEE-M', 'TEE-S']);
    const fifth = await upload(token, { shop_id: shop, data_source_id: source }, short);
    expect(fifth.body.data.run).toMatchObject({ rows_imported: 0, rows_unchanged: 6 });
  });

  it('counts a row with several errors as one rejected row', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    // No title and a bad price: two errors, one row.
    const bad = 'SKU-9,,x,not a link,https://shop.example.com/x.jpg,abc,in_stock,Acme,,new';
    const res = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(2), [bad]));
    expect(res.body.data.run).toMatchObject({ rows_read: 3, rows_imported: 2, rows_rejected: 1 });
    const report = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${shop}/${res.body.data.run.id}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = report.body.trim().split(/\r\n/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.startsWith('4,'))).toBe(true);
  });

  it('keeps the saved inventory quantity and product id format when an upload does not give them', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const first = await upload(
      token,
      { shop_id: shop, data_source_name: 'Main', inventory_quantity: '25', product_id_format: 'sku' },
      csvOf(ids(1)),
    );
    expect(first.body.data.data_source.inventory_quantity).toBe(25);
    expect(first.body.data.data_source.product_id_format).toBe('sku');
    const source = first.body.data.data_source.id;
    const next = await upload(token, { shop_id: shop, data_source_id: source }, csvOf(ids(2)));
    expect(next.body.data.data_source.inventory_quantity).toBe(25);
    expect(next.body.data.data_source.product_id_format).toBe('sku');
    // A new source without one gets 'id'.
    const other = await upload(token, { shop_id: shop, data_source_name: 'Other' }, csvOf(ids(1)));
    expect(other.body.data.data_source.product_id_format).toBe('id');
    const [p] = await queryRows<{ qty: number }>(
      t.database.db,
      sql`select (source->>'inventory_qty')::int as qty from products where shop_id = ${shop}::uuid and product_key = 'SKU-2'`,
    );
    expect(p!.qty).toBe(25);
    // A new value replaces it.
    const third = await upload(
      token,
      { shop_id: shop, data_source_id: source, inventory_quantity: '7' },
      csvOf(ids(2)),
    );
    expect(third.body.data.data_source.inventory_quantity).toBe(7);
  });

  it('writes the error report to a kept file as rows are read, never as one text', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    // Every row bad (no title, no price): over a megabyte of report, so several kept chunks.
    const bad = Array.from({ length: 20_000 }, (_, i) => `BAD-${i},,,,,,,,,`);
    const res = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf([], bad));
    expect(res.body.data.run).toMatchObject({ rows_read: 20_000, rows_imported: 0, rows_rejected: 20_000 });
    const [kept] = await queryRows<{ report_csv: string | null; chunks: number }>(
      t.database.db,
      sql`select r.report_csv, (select count(*)::int from import_file_chunks c where c.file_id = r.report_file_id) as chunks
          from import_runs r where r.id = ${res.body.data.run.id}::uuid`,
    );
    expect(kept).toEqual({ report_csv: null, chunks: expect.any(Number) });
    expect(kept!.chunks).toBeGreaterThan(1);
    const report = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${shop}/${res.body.data.run.id}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = report.body.trim().split(/\r\n/);
    expect(lines[0]).toBe('row_number,column,message');
    expect(lines[1]).toMatch(/^2,/);
    expect(lines.at(-1)).toMatch(/^20001,/);
    expect(lines.length).toBeGreaterThan(20_000);
  });

  it('judges imported products with the merchant’s overrides applied', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const long = 'L'.repeat(160);
    const csv = (price: string) => csvOf([]) + row('SKU-1', price).replace('Shirt SKU-1', long) + '\n';
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csv('10.00 USD'));
    const titleIssues = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from product_channel_statuses s join products p on p.id = s.product_id
              where p.shop_id = ${shop}::uuid and s.issues @> '[{"attribute": "title"}]'::jsonb`,
        )
      )[0]!.n;
    expect(await titleIssues()).toBeGreaterThan(0);
    // The merchant's own title (the override layer) is short enough; the next import changes the price.
    await t.database.db.execute(
      sql`update products set custom = '{"overrides": {"title": "A short title"}}'::jsonb where shop_id = ${shop}::uuid`,
    );
    const next = await upload(
      token,
      { shop_id: shop, data_source_id: first.body.data.data_source.id },
      csv('12.00 USD'),
    );
    expect(next.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 1 });
    expect(await titleIssues()).toBe(0);
  });

  it('writes each new product once, its list status columns already set, and keeps them right on a change', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const db = t.database.db;
    // Counts every rewrite of a products row (the status trigger's UPDATE of migration 0017 among them).
    await db.execute(sql`create table test_product_rewrites (product_key text)`);
    await db.execute(
      sql.raw(`create function test_product_rewrite() returns trigger language plpgsql as $$
      begin insert into test_product_rewrites values (new.product_key); return null; end $$`),
    );
    await db.execute(sql`create trigger test_product_rewrite after update on products
      for each row execute function test_product_rewrite()`);
    try {
      const long = 'L'.repeat(160);
      const csv = (price: string) =>
        csvOf(ids(4)) +
        row('SKU-LONG', price).replace('Shirt SKU-LONG', long) +
        '\n' +
        row('SKU-NOGTIN', price).replace(',in_stock,Acme,', ',in_stock,,') +
        '\n';
      const first = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csv('10.00 USD'));
      expect(first.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 6 });
      const rewrites = async () =>
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from test_product_rewrites`))[0]!.n;
      expect(await rewrites()).toBe(0);
      // Each product's columns are its status rows, as the trigger would have made them.
      const mismatches = () =>
        queryRows<{ product_key: string }>(
          db,
          sql`select p.product_key from products p
              left join lateral (
                select max(status) filter (where channel = 'google') as g,
                  max(status) filter (where channel = 'microsoft') as m,
                  max(status) filter (where channel = 'meta') as f
                from product_channel_statuses s where s.product_id = p.id) x on true
              where p.shop_id = ${shop}::uuid and (p.google_status is null or p.microsoft_status is null
                or p.meta_status is null or (p.google_status, p.microsoft_status, p.meta_status)
                  is distinct from (x.g, x.m, x.f))`,
        );
      expect(await mismatches()).toEqual([]);
      const distinct = await queryRows<{ n: number }>(
        db,
        sql`select count(distinct (google_status, microsoft_status, meta_status))::int as n
            from products where shop_id = ${shop}::uuid`,
      );
      expect(distinct[0]!.n).toBeGreaterThan(1);
      // A changed product is not new: its columns stay the trigger's, and still match its statuses.
      const next = await upload(
        token,
        { shop_id: shop, data_source_id: first.body.data.data_source.id },
        csv('12.00 USD'),
      );
      expect(next.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 2 });
      expect(await mismatches()).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger test_product_rewrite on products`);
      await db.execute(sql`drop function test_product_rewrite()`);
      await db.execute(sql`drop table test_product_rewrites`);
    }
  });

  it('finishes a run killed in the middle exactly once', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(2)));
    const source = first.body.data.data_source;
    // A run whose worker dies after its second batch (of two products).
    const { createDataSourcesService } = await import('./service');
    const svc = createDataSourcesService({
      db: t.database.db,
      clock: t.clock,
      jobs: null,
      settings: { holdShare: 0.2, batchSize: 2, fetchTimeoutMs: 5000, allowPrivateUrls: true },
    });
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into import_files (shop_id, file_name, size, complete) values (${shop}::uuid, 'b.csv', 0, true) returning id`,
    );
    const fileId = rows[0]!.id;
    await t.database.db.execute(
      sql`insert into import_file_chunks (file_id, seq, bytes) values (${fileId}::uuid, 0, ${Buffer.from(csvOf(ids(7)))})`,
    );
    const [run] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into import_runs (shop_id, data_source_id, trigger, file_id) values (${shop}::uuid, ${source.id}::uuid, 'schedule', ${fileId}::uuid) returning id`,
    );
    await expect(
      svc.job.run(run!.id, {
        afterBatch: (n) => {
          if (n === 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const mid = await t.call<TImportRun>('GET', `/import-run/${shop}/${run!.id}`, { token });
    expect(mid.body.data.status).toBe('running');
    await svc.job.run(run!.id);
    await svc.job.run(run!.id);
    const done = await t.call<TImportRun>('GET', `/import-run/${shop}/${run!.id}`, { token });
    expect(done.body.data).toMatchObject({
      status: 'succeeded',
      rows_read: 7,
      rows_imported: 5,
      rows_unchanged: 2,
    });
    expect(await productCount(shop)).toBe(7);
  });

  it('keeps data source names unique in a store: a second import named like one is refused on the name, its file not kept', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = shops[0]!.id;
    const files = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from import_files`))[0]!.n;
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main feed' }, csvOf(ids(2)));
    expect(first.status).toBe(200);
    const main = first.body.data.data_source.id;
    const kept = await files();

    // The same name again (letter case and outer spaces aside), without choosing the source: a 409 naming it.
    const second = await upload(token, { shop_id: shop, data_source_name: ' main FEED ' }, csvOf(ids(3)));
    expect(second).toEqual({
      status: 409,
      body: {
        code: 409,
        message: DATA_SOURCE_MSG.nameTaken('Main feed'),
        data: null,
        field: 'data_source_name',
      },
    });
    expect(await files()).toBe(kept);
    const list = await t.call<{ total_records: number }>('GET', `/data-source/${shop}`, { token });
    expect(list.body.data.total_records).toBe(1);
    expect(await productCount(shop)).toBe(2);

    // Choosing the source replaces its file; another store may have a source of that name.
    const replaced = await upload(
      token,
      { shop_id: shop, data_source_id: main, data_source_name: 'Main feed' },
      csvOf(ids(3)),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.data_source.id).toBe(main);
    expect(await productCount(shop)).toBe(3);
    expect(
      (await upload(token, { shop_id: shops[1]!.id, data_source_name: 'Main feed' }, csvOf(ids(1)))).status,
    ).toBe(200);

    // Neither a URL source nor a rename takes a name the store already has.
    const url = await t.call('POST', '/import-csv-url', {
      token,
      body: {
        shop_id: shop,
        data_source_name: 'MAIN FEED',
        url: `${baseUrl}/feed.csv`,
        frequency: 'daily',
        fetch_time: '01:00',
      },
    });
    expect(url).toMatchObject({
      status: 409,
      body: { message: DATA_SOURCE_MSG.nameInUse('Main feed'), field: 'data_source_name' },
    });
    const spring = await upload(token, { shop_id: shop, data_source_name: 'Spring' }, csvOf(ids(1, 50)));
    const springId = spring.body.data.data_source.id;
    const renamed = await t.call('PUT', `/edit-data-source/${springId}`, {
      token,
      body: { data_source_name: 'Main feed' },
    });
    expect(renamed).toMatchObject({
      status: 409,
      body: { message: DATA_SOURCE_MSG.nameInUse('Main feed'), field: 'data_source_name' },
    });
    const renamedByUpload = await upload(
      token,
      { shop_id: shop, data_source_id: springId, data_source_name: 'main feed' },
      csvOf(ids(1, 50)),
    );
    expect(renamedByUpload).toMatchObject({
      status: 409,
      body: { message: DATA_SOURCE_MSG.nameInUse('Main feed') },
    });
    // Renaming a source to its own name in other letters is no clash.
    expect(
      (await t.call('PUT', `/edit-data-source/${springId}`, { token, body: { data_source_name: 'SPRING' } }))
        .status,
    ).toBe(200);
  });

  it('imports a CSV URL served locally, and says why a download failed', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    served = csvOf(ids(3));
    const res = await t.call<TDataSourceImport>('POST', '/import-csv-url', {
      token,
      body: {
        shop_id: shop,
        data_source_name: 'Feed URL',
        url: `${baseUrl}/feed.csv`,
        frequency: 'weekly',
        fetch_time: '06:30',
        day: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 3, file_name: 'feed.csv' });
    const noDay = await t.call('POST', '/import-csv-url', {
      token,
      body: {
        shop_id: shop,
        data_source_name: 'X',
        url: `${baseUrl}/feed.csv`,
        frequency: 'weekly',
        fetch_time: '06:30',
      },
    });
    expect(noDay.body.message).toBe('Day is required.');
    const bad = await t.call<TDataSourceImport>('POST', '/import-csv-url', {
      token,
      body: {
        shop_id: shop,
        data_source_name: 'Gone',
        url: `${baseUrl}/missing.csv`,
        frequency: 'daily',
        fetch_time: '01:00',
      },
    });
    expect(bad.body.data.run).toMatchObject({
      status: 'failed',
      message: 'The import failed: The server answered with HTTP status 404.',
    });
    // A sign-in page instead of the file, then a file with no product rows: the run fails and says why, and
    // the products of the first import stay.
    const source = res.body.data.data_source.id;
    const fetchedRun = async (body: string) => {
      served = body;
      return (await t.call<{ status: string; message: string }>('GET', `/sync-csv-url/${source}`, { token }))
        .body.data;
    };
    expect(
      await fetchedRun('<!DOCTYPE html>\n<html><body><form>Sign in</form></body></html>\n'),
    ).toMatchObject({
      status: 'failed',
      message:
        'The import failed: This file is a web page (HTML), not a CSV. If it comes from a URL, check that the URL gives the file itself and does not need a sign-in.',
    });
    expect(await fetchedRun(`${HEADER}\n`)).toMatchObject({
      status: 'failed',
      message:
        'The import failed: The file has a header row but no product rows. Nothing was imported or removed.',
    });
    expect(await productCount(shop)).toBe(3);
  });
  // The export → import-update-csv round trip: data-source-downloads.test.ts.
});
