// Scheduled URL fetches (the worker's tick), one active run per source, the notification emails, and the
// staged merge giving the same stored values on PGlite (jsonb) and PostgreSQL (COPY).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  type TDataSource,
  type TDataSourceImport,
  type TEnvelope,
  type TImportRunPage,
} from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { testEnv } from '../../env';
import { QUEUES } from '../../jobs/boss';
import { startWorkers } from '../../jobs/workers';
import { createLogger } from '../../logger';
import type { TServices } from '../../services';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { multipartForm } from '../../test/multipart';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string) =>
  `${id},Shirt ${id},A fine shirt ${id},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,,new`;
const csvOf = (n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => row(`SKU-${i + 1}`))].join('\n') + '\n';

const multipart = (fields: Record<string, string>, file: { name: string; bytes: Buffer }) =>
  multipartForm(fields, file);

describe.each(DRIVERS)('schedules, notifications and staging on %s', (driver) => {
  let t: TTestApp;
  let services!: TServices;
  let server: Server;
  let baseUrl: string;
  let served = '';
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { IMPORT_BATCH_SIZE: 2, IMPORT_ALLOW_PRIVATE_URLS: 'true', IMPORT_FETCH_TIMEOUT_SECONDS: 1 },
      register: (_app, s) => {
        services = s;
      },
    });
    server = createServer((req, res) => {
      if (req.url === '/missing.csv') {
        res.statusCode = 404;
        res.end('nope');
        return;
      }
      if (req.url === '/slow.csv') return; // never answers: the fetch times out
      if (req.url === '/huge.csv') {
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(30 * 1024 * 1024) });
        res.write(`${HEADER}\n`);
        return;
      }
      res.setHeader('content-type', 'text/csv');
      res.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await t.close();
  });
  beforeEach(() => t.reset());

  const setZone = (shopId: string, zone: string) =>
    t.database.db.execute(sql`update shops set shop_timezone = ${zone} where id = ${shopId}::uuid`);
  const runsOf = async (token: string, shopId: string, sourceId: string) =>
    (await t.call<TImportRunPage>('GET', `/data-source-runs/${shopId}/${sourceId}`, { token })).body.data
      .data;
  const sourceOf = async (token: string, shopId: string, sourceId: string) =>
    (await t.call<TDataSource>('GET', `/data-source/${shopId}/${sourceId}`, { token })).body.data;
  const createUrlSource = async (token: string, shopId: string, body: Record<string, unknown>) => {
    const res = await t.call<TDataSourceImport>('POST', '/import-csv-url', {
      token,
      body: { shop_id: shopId, data_source_name: 'Feed URL', ...body },
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('fetches a URL source at its time in the shop’s timezone, once per due time, with trigger schedule', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await setZone(shop, 'America/New_York');
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    served = csvOf(3);
    const made = await createUrlSource(token, shop, {
      url: `${baseUrl}/feed.csv`,
      frequency: 'daily',
      fetch_time: '06:30',
    });
    expect(made.run).toMatchObject({ trigger: 'manual', status: 'succeeded', rows_imported: 3 });
    // 06:30 in New York on 11 March (daylight time since the 8th, UTC−4).
    expect(made.data_source.next_fetch_at).toBe('2026-03-11T10:30:00.000Z');

    expect(await services.dataSources.scheduleTick()).toEqual({ started: [], skipped: [] });
    t.clock.set(new Date('2026-03-11T10:30:30Z'));
    served = csvOf(4);
    const tick = await services.dataSources.scheduleTick();
    expect(tick.started).toEqual([made.data_source.id]);
    // The same due time does not start it again.
    expect((await services.dataSources.scheduleTick()).started).toEqual([]);
    const runs = await runsOf(token, shop, made.data_source.id);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({
      trigger: 'schedule',
      triggered_by: null,
      status: 'succeeded',
      rows_imported: 1,
      rows_unchanged: 3,
    });
    expect((await sourceOf(token, shop, made.data_source.id)).next_fetch_at).toBe('2026-03-12T10:30:00.000Z');

    // Changing the schedule moves the next fetch at once (weekly on Sunday = 7).
    const edited = await t.call<TDataSource>('PUT', `/edit-data-source/${made.data_source.id}`, {
      token,
      body: { frequency: 'weekly', fetch_time: '23:00', day: 7 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.next_fetch_at).toBe('2026-03-16T03:00:00.000Z');
  });

  it('records a failing, slow or oversized scheduled download in the run history', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await setZone(shop, 'UTC');
    t.clock.set(new Date('2026-06-01T00:00:00Z'));
    served = csvOf(2);
    const made = await createUrlSource(token, shop, {
      url: `${baseUrl}/feed.csv`,
      frequency: 'monthly',
      fetch_time: '04:00',
      day: 31,
    });
    // June has 30 days: the 31st runs on the 30th.
    expect(made.data_source.next_fetch_at).toBe('2026-06-30T04:00:00.000Z');
    const expectations = [
      ['missing.csv', 'The import failed: The server answered with HTTP status 404.'],
      ['slow.csv', 'The import failed: The download took too long and was stopped.'],
      ['huge.csv', 'The import failed: The file is larger than 20MB.'],
    ] as const;
    let due = made.data_source.next_fetch_at!;
    for (const [path, message] of expectations) {
      await t.database.db.execute(
        sql`update data_sources set url = ${`${baseUrl}/${path}`} where id = ${made.data_source.id}::uuid`,
      );
      t.clock.set(new Date(new Date(due).getTime() + 1000));
      expect((await services.dataSources.scheduleTick()).started).toEqual([made.data_source.id]);
      const [last] = await runsOf(token, shop, made.data_source.id);
      expect(last).toMatchObject({ trigger: 'schedule', status: 'failed', message });
      due = (await sourceOf(token, shop, made.data_source.id)).next_fetch_at!;
    }
    expect(due).toBe('2026-09-30T04:00:00.000Z');
  });

  it('never has two active runs of one source: the start is refused, the tick skips it, the database guards', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await setZone(shop, 'UTC');
    t.clock.set(new Date('2026-01-05T00:00:00Z'));
    served = csvOf(1);
    const made = await createUrlSource(token, shop, {
      url: `${baseUrl}/feed.csv`,
      frequency: 'daily',
      fetch_time: '01:00',
    });
    const source = made.data_source.id;
    await t.database.db.execute(
      sql`insert into import_runs (shop_id, data_source_id, trigger, status) values (${shop}::uuid, ${source}::uuid, 'manual', 'running')`,
    );
    const sync = await t.call('GET', `/sync-csv-url/${source}`, { token });
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe('An import of this data source is already running.');
    await expect(
      t.database.db.execute(
        sql`insert into import_runs (shop_id, data_source_id, trigger, status) values (${shop}::uuid, ${source}::uuid, 'schedule', 'queued')`,
      ),
    ).rejects.toThrow();
    t.clock.set(new Date('2026-01-05T01:00:05Z'));
    expect(await services.dataSources.scheduleTick()).toEqual({ started: [], skipped: [source] });
    // Skipped, not retried every tick: the next fetch is tomorrow's.
    expect((await sourceOf(token, shop, source)).next_fetch_at).toBe('2026-01-06T01:00:00.000Z');
    expect(await runsOf(token, shop, source)).toHaveLength(2);
  });

  it('refuses to confirm a held import while another run of the source is active (409, not a 5xx)', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const upload = async (fields: Record<string, string>, csv: string) => {
      const body = multipart(fields, { name: 'products.csv', bytes: Buffer.from(csv) });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/import-csv`,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      return res.json<TEnvelope<TDataSourceImport>>().data;
    };
    const first = await upload({ shop_id: shop, data_source_name: 'Main' }, csvOf(10));
    const held = await upload({ shop_id: shop, data_source_id: first.data_source.id }, csvOf(2));
    expect(held.run.status).toBe('held');
    await t.database.db.execute(
      sql`insert into import_runs (shop_id, data_source_id, trigger, status) values (${shop}::uuid, ${first.data_source.id}::uuid, 'schedule', 'queued')`,
    );
    const res = await t.call('POST', `/import-run/${shop}/${held.run.id}/confirm`, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An import of this data source is already running.');
    const still = await t.call<{ status: string }>('GET', `/import-run/${shop}/${held.run.id}`, { token });
    expect(still.body.data.status).toBe('held');
  });

  it('mails the notification address when an import finishes, fails or waits for a confirmation', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const upload = async (fields: Record<string, string>, csv: string) => {
      const body = multipart(fields, { name: 'products.csv', bytes: Buffer.from(csv) });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/import-csv`,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      return res.json<TEnvelope<TDataSourceImport>>().data;
    };
    const first = await upload(
      { shop_id: shop, data_source_name: 'Main feed', notification_email: 'alerts@example.com' },
      csvOf(10) +
        ',No id,x,https://shop.example.com/x,https://shop.example.com/x.jpg,1.00 USD,in_stock,Acme,,new\n',
    );
    expect(first.run.status).toBe('succeeded');
    expect(t.mail.outbox).toHaveLength(1);
    const done = t.mail.outbox[0]!;
    expect(done.to).toBe('alerts@example.com');
    expect(done.subject).toBe('Import finished: Main feed');
    expect(done.text).toContain('Products imported or updated: 10');
    expect(done.text).toContain('Rows rejected: 1');
    expect(done.text).toContain(`/data-source/${shop}`);

    // A new file without an address keeps the saved one (it is still told about the held run).
    const held = await upload({ shop_id: shop, data_source_id: first.data_source.id }, csvOf(2));
    expect(held.data_source.notification_email).toBe('alerts@example.com');
    expect(held.run.status).toBe('held');
    expect(t.mail.outbox[1]!.subject).toBe('Import waiting for your confirmation: Main feed');
    expect(t.mail.outbox[1]!.text).toContain("would remove 8 of the store's 10 products");
    await t.call('POST', `/import-run/${shop}/${held.run.id}/confirm`, { token });
    expect(t.mail.outbox[2]!.subject).toBe('Import finished: Main feed');

    const failing = await createUrlSource(token, shop, {
      url: `${baseUrl}/missing.csv`,
      frequency: 'daily',
      fetch_time: '01:00',
      notification_email: 'ops@example.com',
    });
    expect(failing.run.status).toBe('failed');
    const failed = t.mail.outbox[3]!;
    expect(failed).toMatchObject({ to: 'ops@example.com', subject: 'Import failed: Feed URL' });
    expect(failed.text).toContain('The import failed: The server answered with HTTP status 404.');
    expect(failed.html).not.toContain('<script');

    // No address, no mail; a mail that cannot go out leaves the run as it is, and is logged.
    served = csvOf(1);
    await createUrlSource(token, shop, {
      data_source_name: 'Feed A',
      url: `${baseUrl}/a.csv`,
      frequency: 'daily',
      fetch_time: '01:00',
    });
    expect(t.mail.outbox).toHaveLength(4);
    t.mail.failNext(1);
    const quiet = await createUrlSource(token, shop, {
      data_source_name: 'Feed B',
      url: `${baseUrl}/b.csv`,
      frequency: 'daily',
      fetch_time: '01:00',
      notification_email: 'ops@example.com',
    });
    expect(quiet.run.status).toBe('succeeded');
    expect(t.logs.some((l) => l.msg === 'import notification email could not be sent')).toBe(true);
  });

  it('stores awkward values alike on both drivers (quotes, separators, newlines, backslashes, NUL-free)', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const title = 'Shirt, "the best" \\ C:\\path\ttab ✓ 😀';
    const description = 'Line one\nLine two, with "quotes"\r\nand \\N and \\.';
    const csv =
      `${HEADER},Material note\n` +
      `A-1,"${title.replace(/"/g, '""')}","${description.replace(/"/g, '""')}",https://shop.example.com/p/a,https://shop.example.com/i/a.jpg,10.00 USD,in_stock,Acme,,new,""\n` +
      `A-2,Plain,Plain description,https://shop.example.com/p/b,https://shop.example.com/i/b.jpg,5.00 USD,in_stock,Acme,,new,"x,y"\n`;
    const body = multipart(
      { shop_id: shop, data_source_name: 'Awkward' },
      { name: 'a.csv', bytes: Buffer.from(csv) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.json<TEnvelope<TDataSourceImport>>().data.run).toMatchObject({
      status: 'succeeded',
      rows_imported: 2,
    });
    const stored = await queryRows<{
      product_key: string;
      item_group_id: string | null;
      title: string;
      description: string;
      source_custom: Record<string, string>;
    }>(
      t.database.db,
      sql`select product_key, item_group_id, source->>'title' as title, source->>'description' as description,
            source_custom from products where shop_id = ${shop}::uuid order by product_key`,
    );
    expect(stored.map((r) => r.product_key)).toEqual(['A-1', 'A-2']);
    expect(stored[0]).toMatchObject({ item_group_id: null, title, description });
    expect(stored[1]!.source_custom).toMatchObject({ 'Material note': 'x,y' });
    const statuses = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_channel_statuses s join products p on p.id = s.product_id
          where p.shop_id = ${shop}::uuid`,
    );
    expect(statuses[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('applies a customisation CSV set-based, in batches, in file order', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const upload = async (fields: Record<string, string>, csv: string, url: string) => {
      const body = multipart(fields, { name: 'c.csv', bytes: Buffer.from(csv) });
      return t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}${url}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    await upload({ shop_id: shop, data_source_name: 'Main' }, csvOf(520), '/import-csv');
    const lines = ['id,variant_id,title,description,product_type'];
    for (let i = 1; i <= 520; i++) lines.push(`SKU-${i},,Better ${i},Described ${i},`);
    lines.push('NOPE-1,,Nobody,Nobody at all,');
    lines.push(',,No id,No id at all,');
    lines.push('SKU-3,,Twice,Again,');
    const res = await upload(
      { shop_id: shop, report_type: '1' },
      lines.join('\n') + '\n',
      '/import-update-csv',
    );
    expect(res.statusCode).toBe(200);
    const data =
      res.json<
        TEnvelope<{ rows_updated: number; rows_rejected: number; rows_unknown: number; errors_csv: string }>
      >().data;
    expect(data).toMatchObject({ rows_updated: 520, rows_unknown: 1, rows_rejected: 2 });
    expect(
      data.errors_csv
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['523', '524']);
    const titles = await queryRows<{ product_key: string; title: string }>(
      t.database.db,
      sql`select product_key, custom->'overrides'->>'title' as title from products
          where shop_id = ${shop}::uuid and product_key in ('SKU-3', 'SKU-520')`,
    );
    expect(Object.fromEntries(titles.map((r) => [r.product_key, r.title]))).toEqual({
      'SKU-3': 'Better 3',
      'SKU-520': 'Better 520',
    });
  });
});

describe.each(DRIVERS)('the schedule in the worker on %s', (driver) => {
  it('the worker’s tick finds a due URL source and imports it through the queue, once', async () => {
    let services!: TServices;
    const q = await createTestApp(driver, {
      withQueue: true,
      env: { IMPORT_ALLOW_PRIVATE_URLS: 'true', IMPORT_SCHEDULE_TICK_SECONDS: 1 },
      register: (_app, s) => {
        services = s;
      },
    });
    let body = csvOf(2);
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/csv');
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`;
    const log = createLogger(testEnv());
    try {
      const { token, shops } = await ownerWithOrg(q, 'owner@example.com', 'Acme');
      const shop = shops[0]!.id;
      const made = await q.call<TDataSourceImport>('POST', '/import-csv-url', {
        token,
        body: { shop_id: shop, data_source_name: 'Queued', url, frequency: 'daily', fetch_time: '03:00' },
      });
      // With a queue the request only queues the run; the worker imports it.
      expect(made.body.data.run.status).toBe('queued');
      const source = made.body.data.data_source.id;
      const runs = async () =>
        (await q.call<TImportRunPage>('GET', `/data-source-runs/${shop}/${source}`, { token })).body.data
          .data;
      await startWorkers(services, log);
      await expect.poll(async () => (await runs())[0]?.status, { timeout: 20_000 }).toBe('succeeded');

      body = csvOf(3);
      await q.database.db.execute(
        sql`update data_sources set next_fetch_at = ${new Date(q.clock.now().getTime() - 60_000)} where id = ${source}::uuid`,
      );
      await expect
        .poll(async () => (await runs()).map((r) => `${r.trigger}:${r.status}`).sort(), { timeout: 20_000 })
        .toEqual(['manual:succeeded', 'schedule:succeeded']);
      // (The test clock stands still, so both runs have the same created_at: found by trigger, not order.)
      expect((await runs()).find((r) => r.trigger === 'schedule')).toMatchObject({
        rows_imported: 1,
        rows_unchanged: 2,
      });
      // Later ticks find nothing due: still two runs.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await runs()).toHaveLength(2);
    } finally {
      for (const name of Object.values(QUEUES)) await q.jobs!.boss.offWork(name);
      server.closeAllConnections();
      server.close();
      await q.close();
    }
  }, 60_000);
});
