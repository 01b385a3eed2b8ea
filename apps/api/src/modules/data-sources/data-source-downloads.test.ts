// Data-source downloads as streamed CSV (the error report, the export with the export field
// customise popup's choices, the sample) and the mapping review.
import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  type TDataSourceImport,
  type TDataSourceMapping,
  type TEnvelope,
} from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,condition,fabric';
const row = (id: string) =>
  `${id},Shirt ${id},A fine shirt ${id},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,new,cotton`;
const csvOf = (ids: string[], header = HEADER) => [header, ...ids.map(row)].join('\n') + '\n';
const ids = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i + 1}`);

const multipart = (fields: Record<string, string>, ...files: { name: string; bytes: Buffer }[]) => {
  const boundary = `----feedloom${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      ...files.flatMap((file) => [
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe.each(DRIVERS)('data-source downloads and mapping on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { IMPORT_BATCH_SIZE: 500 } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const post = async (url: string, token: string, fields: Record<string, string>, csv: string) => {
    const body = multipart(fields, { name: 'products.csv', bytes: Buffer.from(csv) });
    const res = await t.app.inject({
      method: 'POST',
      url: API_PREFIX + url,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<TEnvelope<Record<string, unknown>>>() };
  };
  const upload = async (token: string, fields: Record<string, string>, csv: string) =>
    (await post('/import-csv', token, fields, csv)) as { status: number; body: TEnvelope<TDataSourceImport> };
  const download = (token: string, method: 'GET' | 'POST', path: string, body?: object) =>
    t.app.inject({
      method,
      url: API_PREFIX + path,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
  const productSource = async (shop: string, key: string) =>
    (
      await queryRows<{ source: Record<string, unknown>; source_custom: Record<string, string> }>(
        t.database.db,
        sql`select source, source_custom from products where shop_id = ${shop}::uuid and product_key = ${key}`,
      )
    )[0]!;

  it('streams the export as a CSV attachment and brings an edited type 1 file back through import-update-csv', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(3)));

    const exported = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 1 });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="products-customisation-1.csv"; filename*=UTF-8''products-customisation-1.csv`,
    );
    expect(exported.headers['cache-control']).toBe('private, no-store');
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe('id,variant_id,title,description,product_type');
    const edited = lines
      .map((l) => (l.startsWith('SKU-2,') ? l.replace('Shirt SKU-2', 'Better shirt') : l))
      .join('\r\n');
    const back = await post('/import-update-csv', token, { shop_id: shop, report_type: '1' }, edited);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ rows_read: 3, rows_rejected: 0, rows_unknown: 0 });
    const again = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 1 });
    expect(again.body).toContain('SKU-2,,Better shirt,');
    expect(again.body).toContain('SKU-1,,Shirt SKU-1,');
  });

  it('takes its own export back for every product, whatever the source left empty or long: accepted, nothing changed', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    // No description, a title over 150 characters, a product type with 6 commas, a variant group.
    const csv = [
      'id,item_group_id,title,description,price,product_type,product_highlight',
      'BARE,,Plain mug,,5 USD,,',
      `LONG,,${'Long title '.repeat(16).trim()},Text,5 USD,"a, b, c, d, e, f, g",Only one highlight`,
      'G-1,G,Tee - S,,5 USD,,',
      'G-2,G,Tee - M,,5 USD,,',
    ].join('\n');
    const imported = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csv);
    expect(imported.status).toBe(200);
    const stored = async () =>
      queryRows<{ product_key: string; custom: unknown; updated_at: string }>(
        t.database.db,
        sql`select product_key, custom, updated_at::text from products where shop_id = ${shop}::uuid order by product_key`,
      );
    const before = await stored();
    expect(before.map((p) => p.product_key)).toEqual(['BARE', 'G', 'LONG']);
    for (const type of [1, 2] as const) {
      const exported = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: type });
      expect(exported.statusCode).toBe(200);
      const back = await post(
        '/import-update-csv',
        token,
        { shop_id: shop, report_type: String(type) },
        exported.body,
      );
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body.data).toMatchObject({
        rows_read: 3,
        rows_rejected: 0,
        rows_unknown: 0,
        errors_csv: '',
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('judges the products a customisation CSV changed again, with their new values', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const long = 'L'.repeat(160);
    await upload(
      token,
      { shop_id: shop, data_source_name: 'Main' },
      csvOf(ids(2)).replace('Shirt SKU-1', long),
    );
    const titleIssues = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from product_channel_statuses s join products p on p.id = s.product_id
              where p.shop_id = ${shop}::uuid and p.product_key = 'SKU-1'
                and s.issues @> '[{"attribute": "title"}]'::jsonb`,
        )
      )[0]!.n;
    // Too long for every channel's title.
    expect(await titleIssues()).toBeGreaterThan(0);
    const exported = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 1 });
    const edited = exported.body.replace(long, 'A short title');
    const back = await post('/import-update-csv', token, { shop_id: shop, report_type: '1' }, edited);
    expect(back.body.data).toMatchObject({ rows_rejected: 0 });
    expect(await titleIssues()).toBe(0);
  });

  it('exports only the fields the popup chose; the columns left out stay as they are on the way back', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(2)));
    const exported = await download(token, 'POST', '/export-csv', {
      shop_id: shop,
      report_type: 1,
      fields: ['description'],
    });
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\r\n');
    expect(lines).toEqual([
      'id,variant_id,description',
      'SKU-1,,A fine shirt SKU-1',
      'SKU-2,,A fine shirt SKU-2',
    ]);
    const edited = lines
      .map((l) => l.replace('A fine shirt SKU-1', '"A finer shirt, ""really"""'))
      .join('\r\n');
    const back = await post('/import-update-csv', token, { shop_id: shop, report_type: '1' }, edited);
    expect(back.body.data).toMatchObject({ rows_rejected: 0 });
    const all = (await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 1 })).body;
    // The title was not in the file: untouched. The description came back with its comma and quotes.
    expect(all).toContain('SKU-1,,Shirt SKU-1,"A finer shirt, ""really""",');

    const none = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 1, fields: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 400, message: 'Choose at least one field to export.' });
    const odd = await download(token, 'POST', '/export-csv', {
      shop_id: shop,
      report_type: 1,
      fields: ['price'],
    });
    expect(odd.json()).toMatchObject({ code: 400, message: 'Choose fields from the list.' });
  });

  it('answers a second file on either upload form with the same message, and keeps nothing', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const file = { name: 'products.csv', bytes: Buffer.from(csvOf(ids(1))) };
    for (const [url, fields] of [
      ['/import-csv', { shop_id: shop, data_source_name: 'Main' }],
      ['/import-update-csv', { shop_id: shop, report_type: '1' }],
    ] as const) {
      const body = multipart(fields, file, file);
      const res = await t.app.inject({
        method: 'POST',
        url: API_PREFIX + url,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect([url, res.statusCode, res.json<TEnvelope<unknown>>().message]).toEqual([
        url,
        400,
        'Send one file.',
      ]);
    }
    const kept = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from data_sources`,
    );
    expect(kept[0]!.n).toBe(0);
  });

  it('gives a type 2 export as many highlight columns as the widest product needs, and it round-trips', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(2)));
    const highlights = Array.from({ length: 12 }, (_, i) => `Point ${i + 1}`);
    const header = ['id', ...highlights.map((_, i) => `highlight_${i + 1}`)].join(',');
    const file = `${header}\r\nSKU-1,${highlights.join(',')}\r\n`;
    const set = await post('/import-update-csv', token, { shop_id: shop, report_type: '2' }, file);
    expect(set.body.data).toMatchObject({ rows_rejected: 0, rows_updated: 1 });

    const exported = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 2 });
    expect(exported.statusCode).toBe(200);
    const [head, first] = exported.body.split('\r\n');
    expect(head).toContain('highlight_12');
    expect(head).not.toContain('highlight_13');
    expect(head).toContain('detail_10_attribute_value');
    expect(first).toContain('Point 12');
    const back = await post('/import-update-csv', token, { shop_id: shop, report_type: '2' }, exported.body);
    expect(back.body.data).toMatchObject({ rows_rejected: 0, rows_unknown: 0 });
    const again = await download(token, 'POST', '/export-csv', { shop_id: shop, report_type: 2 });
    expect(again.body).toBe(exported.body);
  });

  it('streams a large shop page by page: every product once, in more than one chunk', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const n = 2500;
    const res = await upload(token, { shop_id: shop, data_source_name: 'Big' }, csvOf(ids(n)));
    expect(res.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: n });
    const chunks: number[] = [];
    const stream = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/export-csv`,
      headers: { authorization: `Bearer ${token}` },
      payload: { shop_id: shop, report_type: 1 },
      payloadAsStream: true,
    });
    let text = '';
    for await (const chunk of stream.stream()) {
      chunks.push((chunk as Buffer).length);
      text += (chunk as Buffer).toString('utf8');
    }
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(n + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(n);
    expect(chunks.length).toBeGreaterThan(1);
    expect(stream.headers['content-length']).toBeUndefined();
  });

  it('answers failures of a download with the envelope: another shop, no report, no access', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const other = await ownerWithOrg(t, 'other@example.com', 'Other');
    const shop = shops[0]!.id;
    const { body } = await upload(token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(1)));
    const run = body.data.run;
    expect(run.has_report).toBe(false);

    const noReport = await download(token, 'GET', `/import-run/${shop}/${run.id}/report`);
    expect(noReport.statusCode).toBe(404);
    expect(noReport.json()).toEqual({ code: 404, message: 'This import rejected no row.', data: null });
    const foreign = await download(other.token, 'POST', '/export-csv', { shop_id: shop, report_type: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 404, message: 'Store not found.' });
    const anonymous = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/sample-csv` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 401 });

    const sample = await download(token, 'GET', '/sample-csv');
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sample.headers['content-disposition']).toContain('filename="feedloom-sample.csv"');
    expect(sample.body.split(/\r?\n/).filter(Boolean)).toHaveLength(2);
  });

  describe('mapping review', () => {
    const setUp = async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const shop = owner.shops[0]!.id;
      const { body } = await upload(owner.token, { shop_id: shop, data_source_name: 'Main' }, csvOf(ids(2)));
      return { ...owner, shop, source: body.data.data_source.id };
    };
    const save = (token: string, shop: string, source: string, mapping: Record<string, string>) =>
      t.call<TDataSourceMapping>('PUT', `/data-source-mapping/${shop}/${source}`, {
        token,
        body: { mapping },
      });

    it('shows each header of the last import with its field and the fields it may take', async () => {
      const { token, shop, source } = await setUp();
      const res = await t.call<TDataSourceMapping>('GET', `/data-source-mapping/${shop}/${source}`, {
        token,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.format).toBe('google');
      expect(res.body.data.columns.map((c) => [c.header, c.target, c.next])).toEqual([
        ['id', 'id', 'id'],
        ['title', 'title', 'title'],
        ['description', 'description', 'description'],
        ['link', 'link', 'link'],
        ['image_link', 'image_link', 'image_link'],
        ['price', 'price', 'price'],
        ['availability', 'availability', 'availability'],
        ['brand', 'brand', 'brand'],
        ['condition', 'condition', 'condition'],
        ['fabric', 'custom:fabric', 'custom:fabric'],
      ]);
      const targets = res.body.data.targets.map((x) => x.target);
      expect(targets).toContain('material');
      expect(targets).toContain('title');
    });

    it('saves a changed mapping and applies it from the next run', async () => {
      const { token, shop, source } = await setUp();
      const saved = await save(token, shop, source, {
        fabric: 'material',
        brand: 'skip',
        condition: 'custom:condition',
        title: 'title',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Column mapping saved. It applies from the next import.');
      const next = Object.fromEntries(saved.body.data.columns.map((c) => [c.header, c.next]));
      expect(next).toMatchObject({ fabric: 'material', brand: 'skip', condition: 'custom:condition' });
      // Only the changes are kept: a choice equal to the suggestion is no override.
      const got = await t.call<{ mapping: Record<string, string> }>('GET', `/data-source/${shop}/${source}`, {
        token,
      });
      expect(got.body.data.mapping).toEqual({
        fabric: 'material',
        brand: 'skip',
        condition: 'custom:condition',
      });

      // Unchanged until the next run…
      expect((await productSource(shop, 'SKU-1')).source.brand).toBe('Acme');
      const run = await t.call<{ status: string }>('GET', `/sync-csv-url/${source}`, { token });
      expect(run.body.data.status).toBe('succeeded');
      const after = await productSource(shop, 'SKU-1');
      expect(after.source.brand).toBeUndefined();
      expect(after.source.material).toBe('cotton');
      expect(after.source_custom).toMatchObject({ condition: 'new' });
      expect(after.source_custom.fabric).toBeUndefined();
    });

    it('refuses an unknown field, an unknown column and two columns on one field, with clear messages', async () => {
      const { token, shop, source } = await setUp();
      const unknown = await save(token, shop, source, { fabric: 'fabricz' });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        message: 'Choose a product field for "fabric", keep it as a custom attribute, or ignore it.',
        field: 'mapping.fabric',
      });
      const column = await save(token, shop, source, { colour: 'color' });
      expect(column.body.message).toBe('The column "colour" was not in the last import.');
      const twice = await save(token, shop, source, { fabric: 'title' });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe(
        '"title" and "fabric" are both mapped to Title. A product field takes one column: map one of them elsewhere.',
      );
      // The edit endpoint's mapping goes through the same checks.
      const viaEdit = await t.call('PUT', `/edit-data-source/${source}`, {
        token,
        body: { mapping: { fabric: 'title' } },
      });
      expect(viaEdit.status).toBe(400);
      const got = await t.call<{ mapping: Record<string, string> }>('GET', `/data-source/${shop}/${source}`, {
        token,
      });
      expect(got.body.data.mapping).toEqual({});
    });

    it('lets a reader review but not change the mapping', async () => {
      const { token, shop, source, org } = await setUp();
      const reader = await memberOf(t, org.id, 'reader@example.com', ['data_source_management'], null);
      const view = await t.call('GET', `/data-source-mapping/${shop}/${source}`, { token: reader.token });
      expect(view.status).toBe(200);
      const change = await save(reader.token, shop, source, { fabric: 'material' });
      expect(change.status).toBe(403);
      expect(token).toBeTruthy();
    });
  });
});
