// The dashboard: its counts are the product list's, the trend keeps a daily snapshot, the top issues
// count affected products, and api-health reports the channel calls the Google client made (against the
// sandbox's Google, started in this process). Channel events raise notifications.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  type TApiHealth,
  type TChannelConnection,
  type TEnvelope,
  type TNotificationPage,
  type TProductDiagnostics,
  type TStatusCounts,
} from '@feedloom/contracts';
import { startSandbox, type TGoogleControlInput } from '@feedloom/sandbox/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { TServices } from '../../services';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';

const APP_URL = 'http://app.test';
const ALEX = 'alex.rivera@gmail.sandbox.test';
const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string, described: boolean) =>
  `${id},Shirt ${id},${described ? `A fine shirt ${id}` : ''},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,,new`;
/** `n` products, every third without a description. */
const csvOf = (n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => row(`SKU-${i + 1}`, i % 3 !== 0))].join('\n') + '\n';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'api-dashboard-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});
const control = async (input: TGoogleControlInput) => {
  const res = await fetch(`${sandbox.url}/__control/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(200);
};

describe.each(DRIVERS)('dashboard on %s', (driver) => {
  let t: TTestApp;
  let services!: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: {
        APP_URL,
        GOOGLE_OAUTH_AUTHORIZE_URL: `${sandbox.url}/google/authorize`,
        GOOGLE_OAUTH_TOKEN_URL: `${sandbox.url}/google/token`,
        GOOGLE_MERCHANT_API_URL: sandbox.url,
        GOOGLE_MERCHANT_CLIENT_ID: 'feedloom-google',
        GOOGLE_MERCHANT_CLIENT_SECRET: 'sandbox-secret',
        GOOGLE_API_MAX_ATTEMPTS: 3,
        GOOGLE_API_BACKOFF_BASE_MS: 5,
        GOOGLE_API_BACKOFF_MAX_MS: 20,
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

  const upload = async (token: string, shopId: string, csv: string) => {
    const boundary = `----feedloom${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="shop_id"\r\n\r\n${shopId}\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="data_source_name"\r\n\r\nMain\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.csv"\r\ncontent-type: text/csv\r\n\r\n`),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const diagnostics = (token: string, shopId: string, channel = 'free_listings') =>
    t.call<TProductDiagnostics>('GET', `/dashboard/product-diagnostics?shop_id=${shopId}&active_channel=${channel}`, { token });
  const health = (token: string, shopId: string, start: string, end: string) =>
    t.call<TApiHealth>('GET', `/dashboard/api-health?shop_id=${shopId}&start_date=${start}&end_date=${end}`, { token });

  it("shows the product list's counts, a daily trend and the issues affecting the most products", async () => {
    const { token, shops, org } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await upload(token, shop, csvOf(9));
    const res = await diagnostics(token, shop);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const channel of ['free_listings', 'bing_ads', 'meta_ads']) {
      const counts = await t.call<TStatusCounts>('GET', `/count-statistics/${shop}?active_channel=${channel}`, { token });
      const dash = (await diagnostics(token, shop, channel)).body.data;
      expect(dash.counts).toEqual(counts.body.data);
      expect(dash.counts.all).toBe(9);
      // Today's point of the trend is the count of now.
      expect(dash.trend.at(-1)!.counts).toEqual(counts.body.data);
    }
    const data = res.body.data;
    expect(data.channel_connected).toBe(false);
    const description = data.top_issues.find((i) => i.attribute === 'description');
    expect(description).toMatchObject({ products: 3 });
    expect(data.top_issues[0]!.products).toBeGreaterThanOrEqual(3);

    // The daily job keeps a snapshot per day; yesterday's stays when the counts change today.
    t.clock.set(new Date(Date.now() + 86_400_000));
    await services.dashboard.snapshotAll();
    const [kept] = await queryRows<{ days: number }>(
      t.database.db,
      sql`select count(distinct day)::int as days from product_status_snapshots where shop_id = ${shop}::uuid`,
    );
    expect(kept!.days).toBe(2);

    // Another organisation's shop, or a member without the product permission, is refused.
    const stranger = await ownerWithOrg(t, 'stranger@example.com', 'Other');
    expect((await diagnostics(stranger.token, shop)).status).toBe(404);
    expect((await health(stranger.token, shop, '2026-01-01', '2026-01-02')).status).toBe(404);
    const member = await memberOf(t, org.id, 'member@example.com', ['data_source_management']);
    expect((await diagnostics(member.token, shop)).status).toBe(403);
  });

  it('records every Google call of a shop and reports calls, failures, retries and latency per day; refused and disconnected channels notify', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = owner.shops[0]!.id;
    const auth = await t.call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shop}`, { token: owner.token });
    const page = await fetch(auth.body.data.auth_url);
    const html = await page.text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const consent = await fetch(new URL(action, auth.body.data.auth_url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, account: ALEX, decision: 'allow' }),
      redirect: 'manual',
    });
    const back = new URL(consent.headers.get('location') ?? '');
    const connected = await t.call<TChannelConnection>('GET', `/google-callback?${back.searchParams}`, { token: owner.token });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);

    const list = () => t.call('GET', `/merchant-account-list/shop/${shop}`, { token: owner.token });
    expect((await list()).status).toBe(200);
    await control({ fail_next: { count: 1, status: 429 } });
    expect((await list()).status).toBe(200);
    await control({ fail_next: { count: 5, status: 503 } });
    expect((await list()).status).toBe(502);

    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await health(owner.token, shop, '2020-01-01', today);
    expect(res.status).toBe(400);
    const week = new Date(t.clock.now().getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    const report = (await health(owner.token, shop, week, today)).body.data;
    expect(report.days).toHaveLength(7);
    expect(report.totals).toEqual({ calls: 3, failed: 1, retried: 2 });
    const day = report.days.at(-1)!;
    expect(day).toMatchObject({ day: today, calls: 3, failed: 1, retried: 2 });
    expect(day.p50_ms).toBeGreaterThan(0);
    expect(day.p95_ms!).toBeGreaterThanOrEqual(day.p50_ms!);
    expect(report.days[0]).toMatchObject({ calls: 0, p50_ms: null });
    expect((await diagnostics(owner.token, shop)).body.data.channel_connected).toBe(true);

    // Google refuses the refresh token: a Critical notification leading to where the merchant reconnects.
    await control({ revoke_refresh_tokens: true, expire_access_tokens: true });
    expect((await list()).status).toBe(409);
    const notes = await t.call<TNotificationPage>('GET', `/notification-list?shop_id=${shop}`, { token: owner.token });
    expect(notes.body.data.banner).toMatchObject({
      category: 'critical',
      notification_type: 'channel_authorisation_refused',
      link: `/link-account/google/${shop}`,
    });
    expect(notes.body.data.notifications_unread_count).toBe(1);
  });

  it('a merchant disconnecting a channel gets a Warning', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = owner.shops[0]!.id;
    await t.database.db.execute(
      sql`insert into channel_connections (organization_id, shop_id, channel, state, refresh_token)
          values (${owner.org.id}::uuid, ${shop}::uuid, 'google', 'connected', 'sealed')`,
    );
    const res = await t.call<TEnvelope<unknown>>('POST', `/disconnect-account/${shop}?channel=google`, { token: owner.token });
    expect(res.status).toBe(200);
    const notes = await t.call<TNotificationPage>('GET', `/notification-list?shop_id=${shop}`, { token: owner.token });
    expect(notes.body.data.data.filter((n) => !n.is_announcement).map((n) => [n.notification_type, n.category])).toEqual([
      ['channel_disconnected', 'warning'],
    ]);
  });
});
