// The sync engine against the sandbox's Google (Merchant API v1 on its real paths, started in this process):
// imported products reach the channel, errors are held back, only changes are sent, statuses come back
// (including an issue only the channel knows), faults (429 storm, 5xx, expired and revoked tokens, slow
// answers, a run stopped half way) lose no product and send none twice; the publish gate and the feed URL.
import type { TFeedConfig } from '@feedloom/contracts';
import type { TGoogleControlInput } from '@feedloom/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { channel_connections, channel_sync_runs, shops } from '../../db/schema';
import type { TServices } from '../../services';
import { ownerWithOrg } from '../../test/org-fixtures';
import { importCsv as importInto } from '../../test/import';
import { APP_URL, useSandbox, type TSandboxControl } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { SYNC_MSG } from './messages';

const ALEX = 'alex.rivera@gmail.sandbox.test';
const ACCOUNT = '5550001001';
const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type';
const GTIN = '4006381333931';

const sandbox = useSandbox('sync');
const control = (input: TGoogleControlInput): Promise<TSandboxControl> => sandbox.control('google', input);
const INSERT = 'POST /products/v1/accounts/:account/productInputs::insert';
const DELETE = 'DELETE /products/v1/accounts/:account/productInputs/:productInput';
const inserts = async () => (await control({})).calls.byRoute[INSERT] ?? 0;

const consent = (authUrl: string) => sandbox.consent('google', authUrl, ALEX);

/** `n` valid products (S1…Sn) plus the extra rows given. */
const csvOf = (n: number, extra: string[] = [], prefix = 'S') =>
  [
    HEADER,
    ...Array.from(
      { length: n },
      (_, i) =>
        `${prefix}${i + 1},Trail shoe ${i + 1},A light trail shoe,https://rivera-outdoor.example/p/${i + 1},https://rivera-outdoor.example/i/${i + 1}.jpg,${20 + i}.00 USD,in_stock,Rivera,${GTIN},new,Camping > Mugs`,
    ),
    ...extra,
  ].join('\n') + '\n';
/** No description: an error on Google, held back. */
const BROKEN = 'B1,Broken shoe,,https://rivera-outdoor.example/p/b1,https://rivera-outdoor.example/i/b1.jpg,30.00 USD,in_stock,Rivera,4006381333931,new,Camping > Mugs';
/** Valid for our rules; the channel finds another price on the landing page (sandbox-price-mismatch). */
const MISMATCH = 'M1,Mismatched shoe,A shoe,https://rivera-outdoor.example/sandbox-price-mismatch/m1,https://rivera-outdoor.example/i/m1.jpg,31.00 USD,in_stock,Rivera,4006381333931,new,Camping > Mugs';

describe.each(DRIVERS)('channel sync on %s', (driver) => {
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: {
        ...sandbox.env('google'),
        SYNC_CONCURRENCY: 2,
        SYNC_BATCH_SIZE: 4,
      },
      register: (_app, s) => {
        services = s;
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await control({ reset: true });
  });

  const importCsv = (ids: { user_id: string; org_id: string; shop_id: string }, csv: string, sourceId?: string) =>
    importInto(t, ids, csv, sourceId);

  /** A shop connected to Google (account chosen, target market US/en), its products imported. */
  const connectedShop = async (csv: string) => {
    const owner = await ownerWithOrg(t, `owner-${Math.random().toString(36).slice(2)}@example.com`, 'Acme');
    const shop = owner.shops[0]!;
    // The store's domain is the one its products link to (another would add a domain warning to every item).
    await t.database.db.update(shops).set({ shop_url: 'https://rivera-outdoor.example' }).where(eq(shops.id, shop.id));
    const auth = await t.call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shop.id}`, { token: owner.token });
    const back = await t.call('GET', `/google-callback?${new URLSearchParams(await consent(auth.body.data.auth_url))}`, {
      token: owner.token,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const chosen = await t.call('GET', `/merchant-account-info/shop/${shop.id}/merchant/${ACCOUNT}`, { token: owner.token });
    expect(chosen.status).toBe(200);
    await t.database.db
      .update(channel_connections)
      .set({ target_market: { country: 'US', language: 'en', currency: 'USD' } })
      .where(eq(channel_connections.shop_id, shop.id));
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    const ids = { user_id: owner.user.id, org_id: owner.org.id, shop_id: shop.id };
    const run = await importCsv(ids, csv);
    return { owner, shop, ids, connectionId: row!.id, sourceId: run.data_source_id };
  };

  const statuses = (shopId: string) =>
    queryRows<{ offer_id: string; status: string; issues: { message: string; origin?: string }[]; confirmed_at: unknown }>(
      t.database.db,
      sql`select p.offer_id, s.status, s.issues, s.confirmed_at from product_channel_statuses s
          join products p on p.id = s.product_id where p.shop_id = ${shopId}::uuid and s.channel = 'google' order by p.offer_id`,
    );
  const statusOf = async (shopId: string) => Object.fromEntries((await statuses(shopId)).map((r) => [r.offer_id, r.status]));
  const kept = (shopId: string) =>
    queryRows<{ status: string; n: number }>(
      t.database.db,
      sql`select status, n from product_status_counts where shop_id = ${shopId}::uuid and channel = 'google' and n > 0 order by status`,
    );

  const notificationsOf = (shopId: string, type: string) =>
    queryRows<{ category: string; title: string }>(
      t.database.db,
      sql`select category, title from notifications where shop_id = ${shopId} and notification_type = ${type} order by created_at`,
    );

  it('sends the valid items, holds back errors, and merges what Google says (a channel-only issue included)', async () => {
    const { shop, connectionId } = await connectedShop(csvOf(5, [BROKEN, MISMATCH]));
    expect(await statusOf(shop.id)).toMatchObject({ S1: 'pending', B1: 'error', M1: 'pending' });

    const run = await services.syncEngine.runSync(connectionId, 'manual');
    expect(run).toMatchObject({ status: 'succeeded', considered: 7, sent: 6, held: 1, deleted: 0, refused: 0 });
    expect(await inserts()).toBe(6);
    expect(await statusOf(shop.id)).toMatchObject({ S1: 'submitted', B1: 'error', M1: 'submitted' });

    const pulled = await services.syncEngine.pullStatuses(connectionId);
    // The sandbox account may hold other tests' items too: only this shop's products are touched.
    expect(pulled).toMatchObject({ products: 6 });
    expect(pulled!.items).toBeGreaterThanOrEqual(6);
    const after = await statuses(shop.id);
    const m1 = after.find((r) => r.offer_id === 'M1')!;
    expect(m1.status).toBe('disapproved');
    expect(m1.issues.map((i) => i.message).join(' ')).toMatch(/price on your landing page differs/i);
    expect(m1.confirmed_at).not.toBeNull();
    expect(after.filter((r) => r.offer_id.startsWith('S')).every((r) => r.status === 'published')).toBe(true);
    expect(after.find((r) => r.offer_id === 'B1')!.status).toBe('error');
    // The tab counts follow (kept by triggers).
    expect(await kept(shop.id)).toEqual([
      { status: 'disapproved', n: 1 },
      { status: 'error', n: 1 },
      { status: 'published', n: 5 },
    ]);
    const [runRow] = await t.database.db.select().from(channel_sync_runs).where(eq(channel_sync_runs.id, run!.id));
    expect(runRow!.api_calls).toBeGreaterThanOrEqual(6);
    // One digest for the pull-back's new disapprovals, and none for a pull-back that finds nothing new.
    expect(await notificationsOf(shop.id, 'products_disapproved')).toEqual([
      { category: 'warning', title: '1 product was disapproved by Google' },
    ]);
    await services.syncEngine.pullStatuses(connectionId);
    expect(await notificationsOf(shop.id, 'products_disapproved')).toHaveLength(1);
  });

  it('sends only what changed; a fix of a disapproved product is sent and approved', async () => {
    const { shop, ids, connectionId, sourceId } = await connectedShop(csvOf(5, [MISMATCH]));
    await services.syncEngine.runSync(connectionId, 'manual');
    expect(await inserts()).toBe(6);
    const again = await services.syncEngine.runSync(connectionId, 'manual');
    expect(again).toMatchObject({ status: 'succeeded', considered: 6, sent: 0 });
    expect(await inserts()).toBe(6);

    // The merchant fixes the landing page link of M1 (a re-import with the link changed).
    await importCsv(ids, csvOf(5, [MISMATCH.replace('sandbox-price-mismatch/', '')]), sourceId);
    expect((await statusOf(shop.id)).M1).toBe('pending');
    const fix = await services.syncEngine.runSync(connectionId, 'change');
    expect(fix).toMatchObject({ sent: 1 });
    expect(await inserts()).toBe(7);
    await services.syncEngine.pullStatuses(connectionId);
    expect((await statusOf(shop.id)).M1).toBe('published');
  });

  it('rides out a 429 storm, 5xx answers, an expired access token and slow answers: every item sent once', async () => {
    const { shop, connectionId } = await connectedShop(csvOf(10));
    await services.syncEngine.runSync(connectionId, 'manual'); // makes the data source
    await t.database.db.execute(sql`delete from channel_items`);
    await control({ reset: true, fail_next: { count: 3, status: 429, retry_after_seconds: 0 }, expire_access_tokens: true, delay_ms: 30 });
    const run = await services.syncEngine.runSync(connectionId, 'manual');
    expect(run).toMatchObject({ status: 'succeeded', sent: 10 });
    let snap = await control({});
    expect(snap.calls.failed).toBeGreaterThanOrEqual(3);
    expect(snap.token_refreshes).toBe(1);
    // Beyond one accepted insert per item: only the refused attempts (429s, and one 401 per call in flight
    // when the token expired).
    expect(snap.calls.byRoute[INSERT] ?? 0).toBeLessThanOrEqual(10 + snap.calls.failed + 2);
    expect(await t.database.db.execute(sql`select 1 from channel_items`).then((r) => (r as { rows: unknown[] }).rows.length)).toBe(10);

    await t.database.db.execute(sql`delete from channel_items`);
    await control({ reset: true, fail_next: { count: 2, status: 503 } });
    expect(await services.syncEngine.runSync(connectionId, 'manual')).toMatchObject({ status: 'succeeded', sent: 10 });
    snap = await control({});
    expect(snap.calls.byRoute[INSERT]).toBe(12);
    expect(Object.values(await statusOf(shop.id)).every((s) => s === 'submitted')).toBe(true);
  });

  it('the status pull-back: a failed pull changes no status; 429s, an expired token and slow answers are ridden out', async () => {
    const { shop, connectionId } = await connectedShop(csvOf(6, [MISMATCH]));
    expect(await services.syncEngine.runSync(connectionId, 'manual')).toMatchObject({ status: 'succeeded', sent: 7 });
    const submitted = Object.fromEntries(['M1', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6'].map((k) => [k, 'submitted']));
    expect(await statusOf(shop.id)).toEqual(submitted);
    // A storm longer than the retries (4 attempts): the pull fails and no status moves, none is confirmed.
    await control({ reset: true, fail_next: { count: 100, status: 503 } });
    await expect(services.syncEngine.pullStatuses(connectionId)).rejects.toThrow();
    expect(await statusOf(shop.id)).toEqual(submitted);
    expect((await statuses(shop.id)).every((r) => r.confirmed_at === null)).toBe(true);
    // 429s, then an expired access token, every answer slow: the next pull merges Google's verdicts.
    await control({ reset: true, fail_next: { count: 3, status: 429, retry_after_seconds: 0 }, expire_access_tokens: true, delay_ms: 20 });
    expect(await services.syncEngine.pullStatuses(connectionId)).toMatchObject({ products: 7 });
    expect(await statusOf(shop.id)).toEqual({ ...Object.fromEntries(Object.keys(submitted).map((k) => [k, 'published'])), M1: 'disapproved' });
    expect((await statuses(shop.id)).every((r) => r.confirmed_at !== null)).toBe(true);
    const snap = await control({});
    expect(snap.token_refreshes).toBe(1);
    expect(snap.calls.failed).toBeGreaterThanOrEqual(3);
  });

  it('a storm longer than the retries fails the run; the next run sends only what was not confirmed', async () => {
    const { connectionId } = await connectedShop(csvOf(10));
    await control({ reset: true, fail_next: { count: 0, status: 500 } });
    // The first 4 items go through (one batch), then every attempt fails.
    const sdk = services.syncEngine;
    await sdk.runSync(connectionId, 'manual');
    await t.database.db.execute(sql`delete from channel_items where offer_id in ('S5','S6','S7','S8','S9','S10')`);
    await control({ reset: true, fail_next: { count: 100, status: 500 } });
    const failed = await sdk.runSync(connectionId, 'manual');
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.error).toBe(SYNC_MSG.channelFailed('google', 500));
    await control({ reset: true });
    const next = await sdk.runSync(connectionId, 'manual');
    expect(next).toMatchObject({ status: 'succeeded', sent: 6 });
    expect((await control({})).calls.byRoute[INSERT]).toBe(6);
  });

  it('a run stopped half way (worker killed) is finished by the next: no product lost, none sent twice', async () => {
    const { shop, connectionId } = await connectedShop(csvOf(20));
    await control({ reset: true, delay_ms: 25 });
    const stop = new AbortController();
    const started = services.syncEngine.runSync(connectionId, 'manual', { signal: stop.signal });
    // Stop once the channel has taken some items.
    for (let i = 0; i < 200 && (await inserts()) < 5; i++) await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    const first = await started;
    expect(first).toMatchObject({ status: 'failed', error: SYNC_MSG.interrupted });
    expect(first!.sent).toBeGreaterThan(0);
    expect(first!.sent).toBeLessThan(20);
    // A worker that died leaves its run `running` and its lease: the next run waits for the lease, then finishes.
    await t.database.db.update(channel_sync_runs).set({ status: 'running', finished_at: null }).where(eq(channel_sync_runs.id, first!.id));
    await t.database.db
      .update(channel_connections)
      .set({ sync_lease_until: new Date(Date.now() + 60_000) })
      .where(eq(channel_connections.id, connectionId));
    expect(await services.syncEngine.runSync(connectionId, 'manual')).toBeNull();
    await t.database.db.update(channel_connections).set({ sync_lease_until: new Date(0) }).where(eq(channel_connections.id, connectionId));
    await control({ delay_ms: 0 });
    const second = await services.syncEngine.runSync(connectionId, 'manual');
    expect(second).toMatchObject({ status: 'succeeded', sent: 20 - first!.sent });
    expect(await inserts()).toBe(20);
    const [old] = await t.database.db.select().from(channel_sync_runs).where(eq(channel_sync_runs.id, first!.id));
    expect(old).toMatchObject({ status: 'failed', error: SYNC_MSG.interrupted });
    await services.syncEngine.pullStatuses(connectionId);
    expect(Object.values(await statusOf(shop.id))).toEqual(Array(20).fill('published'));
  });

  it('a refresh token Google refuses ends the connection, notifies and mails the merchant once, and the run says why', async () => {
    const { shop, connectionId } = await connectedShop(csvOf(3));
    await t.database.db.update(shops).set({ shop_email: 'store@rivera-outdoor.example' }).where(eq(shops.id, shop.id));
    await control({ expire_access_tokens: true, revoke_refresh_tokens: true });
    const mailsBefore = t.mail.outbox.length;
    const run = await services.syncEngine.runSync(connectionId, 'manual');
    expect(run).toMatchObject({ status: 'failed', sent: 0 });
    expect(run!.error).toMatch(/no longer accepts this store's connection/);
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.id, connectionId));
    expect(row).toMatchObject({ state: 'disconnected', sync_lease_until: null, refresh_token: null, access_token: null });
    expect(await notificationsOf(shop.id, 'channel_authorisation_refused')).toEqual([
      { category: 'critical', title: "Google refused Feedloom's authorisation" },
    ]);
    const mails = t.mail.outbox.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'store@rivera-outdoor.example' });
    expect(mails[0]!.text).toContain(`/link-account/google/${shop.id}`);
    // Nothing more is sent, pulled or notified for a disconnected connection.
    expect(await services.syncEngine.runSync(connectionId, 'manual')).toBeNull();
    expect(await services.syncEngine.pullStatuses(connectionId)).toBeNull();
    expect(await notificationsOf(shop.id, 'channel_authorisation_refused')).toHaveLength(1);
    expect(await inserts()).toBe(0);
  });

  it('pauses a sync that would remove more than 10 % of the live items until the merchant confirms', async () => {
    const { owner, shop, ids, connectionId, sourceId } = await connectedShop(csvOf(10));
    await services.syncEngine.runSync(connectionId, 'manual');
    // A re-import without 2 of the 10 products (20 % of what is live).
    await importCsv(ids, csvOf(8), sourceId);
    const paused = await services.syncEngine.runSync(connectionId, 'change');
    expect(await notificationsOf(shop.id, 'sync_paused')).toEqual([
      { category: 'critical', title: 'Sync to Google is paused' },
    ]);
    expect(paused).toMatchObject({ status: 'paused_by_gate', gate: { live: 10, to_delete: 2, newly_held: 0, share: 0.2, limit: 0.1 } });
    expect(await control({}).then((s) => s.calls.byRoute[DELETE] ?? 0)).toBe(0);
    const cfg = await t.call<TFeedConfig>('GET', `/google-feed-settings/${shop.id}`, { token: owner.token });
    expect(cfg.body.data.paused_run).toMatchObject({ id: paused!.id, status: 'paused_by_gate' });
    expect(cfg.body.data.live_items).toBe(10);
    expect(cfg.body.data.paused_run!.message).toMatch(/2 of 10 live items \(20 %\)/);

    const confirm = await t.call<TFeedConfig>('POST', `/sync-gate/${shop.id}`, {
      token: owner.token,
      body: { channel: 'google', run_id: paused!.id, decision: 'confirm' },
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    // No queue in this test: the worker's job is what the confirmation queues.
    const done = await services.syncEngine.runSync(connectionId, 'confirmed');
    expect(done).toMatchObject({ status: 'succeeded', deleted: 2, sent: 0 });
    expect((await control({})).calls.byRoute[DELETE]).toBe(2);
    const [old] = await t.database.db.select().from(channel_sync_runs).where(eq(channel_sync_runs.id, paused!.id));
    expect(old!.status).toBe('succeeded');
    void ids;
  });

  it('serves the feed behind its secret URL and refuses a wrong token; settings, feed-status and the report', async () => {
    const { owner, shop, connectionId } = await connectedShop(csvOf(3, [BROKEN]));
    const saved = await t.call<TFeedConfig>('POST', `/google-feed-settings/${shop.id}`, {
      token: owner.token,
      body: { feed_schedule: 'every_6_hours' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ feed_schedule: 'every_6_hours', feed_enabled: true });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.id, connectionId));
    expect(row!.integration_steps).toContain('feed-config');
    expect(row!.integration_once_completed).toBe(true);
    expect(row!.feed_token_hash).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(new URL(saved.body.data.feed_url).pathname.slice(7, 30));

    const url = new URL(saved.body.data.feed_url);
    expect(url.origin).toBe(APP_URL);
    const feed = await t.app.inject({ method: 'GET', url: `/api/v1${url.pathname}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/application\/xml/);
    expect(feed.body).toMatch(/^<\?xml/);
    expect(feed.body.match(/<item>/g)).toHaveLength(3);
    expect(feed.body).not.toContain('Broken shoe');
    const tsv = await t.app.inject({ method: 'GET', url: `/api/v1${url.pathname.replace('.xml', '.tsv')}` });
    expect(tsv.statusCode).toBe(200);
    expect(tsv.body.trim().split('\n')).toHaveLength(4);
    const wrong = await t.app.inject({ method: 'GET', url: `/api/v1/feeds/${'x'.repeat(43)}.xml` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('Trail shoe');

    const rotated = await t.call<TFeedConfig>('POST', `/rotate-feed-url/${shop.id}?channel=google`, { token: owner.token });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.message).toBe(SYNC_MSG.feedUrlRotated);
    const next = new URL(rotated.body.data.feed_url);
    expect(next.pathname).not.toBe(url.pathname);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1${url.pathname}` })).statusCode).toBe(404);
    const fresh = await t.app.inject({ method: 'GET', url: `/api/v1${next.pathname}` });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.match(/<item>/g)).toHaveLength(3);

    const off = await t.call<TFeedConfig>('POST', `/feed-status/${shop.id}`, {
      token: owner.token,
      body: { channel: 'google', feed_status: false },
    });
    expect(off.body.message).toBe(SYNC_MSG.feedOff);
    expect(await services.syncEngine.runSync(connectionId, 'manual')).toBeNull();
    expect(await inserts()).toBe(0);

    const report = await t.call<{ sent_to: string; issues: number }>('POST', `/${shop.id}/google-fetch-errors?email=team@example.com`, {
      token: owner.token,
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.data.sent_to).toBe('team@example.com');
    expect(t.mail.outbox.at(-1)).toMatchObject({ to: 'team@example.com' });
    // The broken shoe is held back with an error: the report names its state as the product list does.
    const mailed = t.mail.outbox.at(-1)!.text;
    expect(mailed).toContain(': 1 product to fix (Error: 1).');
    expect(mailed).toMatch(/^B1\tError\t/m);
    expect(mailed).not.toContain('product(s)');
  });
});
