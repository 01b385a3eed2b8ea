// Notifications: recorded from real events per shop, listed in the spec's category order, read,
// dismissed for a number of days and back after them, counts never below zero, another shop's invisible,
// and one mail per event kind per shop per hour.
import {
  API_PREFIX,
  type TDataSourceImport,
  type TEnvelope,
  type TNotificationPage,
  type TUnreadCounts,
} from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { TServices } from '../../services';
import { insertUser } from '../../test/fixtures';
import { login, memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { NOTIFICATIONS_MSG } from './messages';
import { SHIPPED_ANNOUNCEMENTS } from './shipped-announcements';
import { multipartForm } from '../../test/multipart';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const row = (id: string) =>
  `${id},Shirt ${id},A fine shirt ${id},https://shop.example.com/p/${id},https://shop.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,,new`;
const csvOf = (n: number) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => row(`SKU-${i + 1}`))].join('\n') + '\n';

const multipart = (fields: Record<string, string>, csv: string) =>
  multipartForm(fields, { name: 'p.csv', bytes: csv });

describe.each(DRIVERS)('notifications on %s', (driver) => {
  let t: TTestApp;
  let services!: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      register: (_app, s) => {
        services = s;
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    // No announcement shows unless a test publishes the shipped ones again.
    await services.notifications.publishShipped();
    await t.database.db.execute(sql`delete from announcements`);
  });

  const upload = async (token: string, fields: Record<string, string>, csv: string) => {
    const body = multipart(fields, csv);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<TEnvelope<TDataSourceImport>>() };
  };
  const list = async (token: string, shopId: string, q: Record<string, string> = {}) => {
    const res = await t.call<TNotificationPage>(
      'GET',
      `/notification-list?${new URLSearchParams({ shop_id: shopId, ...q })}`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const dismiss = (token: string, shopId: string, id: string, days?: number) =>
    t.call<TUnreadCounts>(
      'GET',
      `/dismiss-notification?${new URLSearchParams({ shop_id: shopId, notification_id: id, ...(days ? { duration_days: String(days) } : {}) })}`,
      { token },
    );
  const notificationRows = (shopId: string) =>
    queryRows<{ notification_type: string; category: string }>(
      t.database.db,
      sql`select notification_type, category from notifications where shop_id = ${shopId}::uuid order by created_at`,
    );

  it('records one notification per import outcome, with a link to the data source; a held import is Critical and the banner', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const first = await upload(token, { shop_id: shop, data_source_name: 'Main feed' }, csvOf(10));
    expect(first.body.data.run.status).toBe('succeeded');
    let page = await list(token, shop);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      category: 'information',
      notification_type: 'import_succeeded',
      title: 'Import of Main feed finished',
      link: `/data-source/${shop}?source=${first.body.data.data_source.id}`,
      is_read: false,
    });
    expect(page.notifications_unread_count).toBe(1);

    const held = await upload(
      token,
      { shop_id: shop, data_source_id: first.body.data.data_source.id },
      csvOf(2),
    );
    expect(held.body.data.run.status).toBe('held');
    page = await list(token, shop);
    // The held run is the latest word on the source: it replaces the finished one.
    expect(page.data.map((n) => n.notification_type)).toEqual(['import_held']);
    expect(page.banner).toMatchObject({
      category: 'critical',
      notification_type: 'import_held',
      link: `/data-source/${shop}?source=${first.body.data.data_source.id}`,
    });
    expect(page.banner!.message).toMatch(/would remove 8 of the store's 10 products/);

    // A failed run (the worker's last attempt) is a Warning.
    const [run] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into import_runs (shop_id, data_source_id, trigger, status) values (${shop}::uuid, ${first.body.data.data_source.id}::uuid, 'manual', 'running') returning id`,
    );
    await services.dataSources.job.fail(run!.id);
    expect((await notificationRows(shop)).map((r) => [r.notification_type, r.category])).toEqual([
      ['import_succeeded', 'information'],
      ['import_held', 'critical'],
      ['import_failed', 'warning'],
    ]);
  });

  it('says a scheduled fetch keeps failing after three failed scheduled runs in a row', async () => {
    const { shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const [source] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into data_sources (organization_id, shop_id, data_source_name, source_type, url, frequency, fetch_time)
          select organization_id, id, 'Nightly feed', 'url', 'https://feeds.example.com/p.csv', 'daily', '02:00' from shops where id = ${shop}::uuid
          returning id`,
    );
    const failRun = async () => {
      const [run] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into import_runs (shop_id, data_source_id, trigger, status) values (${shop}::uuid, ${source!.id}::uuid, 'schedule', 'running') returning id`,
      );
      t.clock.advance(60_000);
      await services.dataSources.job.fail(run!.id, 'The CSV file URL answered 404.');
    };
    await failRun();
    await failRun();
    expect((await notificationRows(shop)).map((r) => r.notification_type)).toEqual([
      'import_failed',
      'import_failed',
    ]);
    await failRun();
    const rows = await notificationRows(shop);
    expect(rows.at(-1)).toEqual({ notification_type: 'scheduled_fetch_failing', category: 'critical' });
    expect(rows).toHaveLength(3);
  });

  it('records a sync paused at the publish gate and one digest for many disapprovals', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await services.notifications.events.syncPaused(
      shop,
      'google',
      'More than 30% of the products would be removed from Google.',
    );
    await services.notifications.events.disapprovalDigest(shop, 'google', {
      newly_disapproved: 250,
      disapproved: 260,
    });
    await services.notifications.events.disapprovalDigest(shop, 'google', { newly_disapproved: 0 });
    const page = await list(token, shop);
    expect(page.data.map((n) => [n.notification_type, n.category])).toEqual([
      ['sync_paused', 'critical'],
      ['products_disapproved', 'warning'],
    ]);
    expect(page.data[1]).toMatchObject({
      title: '250 products were disapproved by Google',
      link: '/manage-products?active_channel=free_listings&tab=disapproved',
    });
  });

  it('lists in category order (All Unread First), filters by tab, and marks as read', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const ev = services.notifications.events;
    await ev.disapprovalDigest(shop, 'google', { newly_disapproved: 3 });
    t.clock.advance(1000);
    await ev.channelDisconnected(shop, 'facebook');
    t.clock.advance(1000);
    await ev.syncPaused(shop, 'google', 'Paused.');
    await services.notifications.publishShipped(true);
    let page = await list(token, shop);
    expect(page.data.map((n) => n.category)).toEqual([
      'critical',
      'warning',
      'warning',
      'feature_release',
      'feature_release',
    ]);
    expect(page).toMatchObject({
      notifications_unread_count: 3,
      announcement_unread_count: SHIPPED_ANNOUNCEMENTS.length,
      is_view: false,
    });
    expect((await list(token, shop, { tab: 'warning' })).data.map((n) => n.notification_type)).toEqual([
      'channel_disconnected',
      'products_disapproved',
    ]);
    expect((await list(token, shop, { sort_by: 'oldest_first' })).data[0]!.notification_type).toBe(
      'products_disapproved',
    );

    const critical = page.data[0]!;
    const read = await t.call<TUnreadCounts>('POST', `/mark-notification-as-read?shop_id=${shop}`, {
      token,
      body: { notification_ids: [critical.notification_id] },
    });
    expect(read.body.data).toEqual({ notifications_unread_count: 2, announcement_unread_count: 2 });
    page = await list(token, shop);
    // Read items go after the unread ones; the banner is the most urgent unread one.
    expect(page.data.at(-1)!.notification_id).toBe(critical.notification_id);
    expect(page.banner!.category).toBe('warning');

    await t.call('POST', `/mark-notification-as-read?shop_id=${shop}`, { token, body: {} });
    page = await list(token, shop);
    expect(page).toMatchObject({
      notifications_unread_count: 0,
      announcement_unread_count: 0,
      is_view: true,
      banner: null,
    });
    // Read announcements are left out unless all are asked for.
    expect(page.data.filter((n) => n.is_announcement)).toHaveLength(0);
    expect(
      (await list(token, shop, { view_all_announcements: 'true' })).data.filter((n) => n.is_announcement),
    ).toHaveLength(2);
  });

  it('dismiss hides an item for its days, then it is back while still true; counts never go below zero', async () => {
    const { shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    // Days pass: a fresh access token after each jump.
    let token = (await login(t, 'owner@example.com')).access_token;
    const later = async (ms: number) => {
      t.clock.advance(ms);
      token = (await login(t, 'owner@example.com')).access_token;
    };
    const shop = shops[0]!.id;
    const n = await services.notifications.events.channelAuthorisationRefused(shop, 'google');
    const res = await dismiss(token, shop, n!.notification_id, 2);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NOTIFICATIONS_MSG.dismissed);
    expect(res.body.data.notifications_unread_count).toBe(0);
    // Twice: still zero, never negative.
    expect((await dismiss(token, shop, n!.notification_id, 2)).body.data.notifications_unread_count).toBe(0);
    expect((await list(token, shop)).data).toHaveLength(0);
    await later(86_400_000);
    expect((await list(token, shop)).data).toHaveLength(0);
    await later(86_400_000 + 1000);
    let page = await list(token, shop);
    expect(page.data.map((x) => x.notification_id)).toEqual([n!.notification_id]);
    expect(page.notifications_unread_count).toBe(1);

    // No longer true (a newer word on the same channel): it does not come back.
    await dismiss(token, shop, n!.notification_id, 1);
    await services.notifications.events.channelDisconnected(shop, 'google');
    await later(3 * 86_400_000);
    page = await list(token, shop);
    expect(page.data.map((x) => x.notification_type)).toEqual(['channel_disconnected']);

    // Without a duration it is gone for good; an announcement is dismissed per shop.
    await dismiss(token, shop, page.data[0]!.notification_id);
    await services.notifications.publishShipped(true);
    page = await list(token, shop);
    expect(page.announcement_unread_count).toBe(2);
    const after = await dismiss(token, shop, page.data[0]!.notification_id);
    expect(after.body.data).toEqual({ announcement_unread_count: 1, notifications_unread_count: 0 });
    await later(400 * 86_400_000);
    expect((await list(token, shop)).data).toHaveLength(1);

    expect((await dismiss(token, shop, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await dismiss(token, shop, 'not-a-uuid')).status).toBe(404);
    const bad = await t.call(
      'GET',
      `/dismiss-notification?shop_id=${shop}&notification_id=${n!.notification_id}&duration_days=0`,
      { token },
    );
    expect(bad.status).toBe(400);
  });

  it("keeps another shop's and another organisation's notifications invisible", async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const [a, b] = [owner.shops[0]!.id, owner.shops[1]!.id];
    const n = await services.notifications.events.syncPaused(a, 'google', 'Paused.');
    expect((await list(owner.token, b)).data).toHaveLength(0);
    // Dismissing shop A's item through shop B finds nothing.
    expect((await dismiss(owner.token, b, n!.notification_id)).status).toBe(404);
    const member = await memberOf(t, owner.org.id, 'member@example.com', ['data_source_management'], [b]);
    expect((await t.call('GET', `/notification-list?shop_id=${a}`, { token: member.token })).status).toBe(
      404,
    );
    const stranger = await ownerWithOrg(t, 'stranger@example.com', 'Other');
    expect((await t.call('GET', `/notification-list?shop_id=${a}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await dismiss(stranger.token, a, n!.notification_id)).status).toBe(404);
    expect(
      (await t.call('POST', `/mark-notification-as-read?shop_id=${a}`, { token: stranger.token, body: {} }))
        .status,
    ).toBe(404);
    expect((await list(owner.token, a)).notifications_unread_count).toBe(1);
  });

  it("mails the shop's address at most once per event kind per hour", async () => {
    const { shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    await t.database.db.execute(
      sql`update shops set shop_email = 'store@acme.example' where id = ${shop}::uuid`,
    );
    const ev = services.notifications.events;
    await ev.syncPaused(shop, 'google', 'Paused.');
    await ev.syncPaused(shop, 'google', 'Paused again.');
    await ev.channelDisconnected(shop, 'google');
    const sent = () => t.mail.outbox.filter((m) => m.to === 'store@acme.example').map((m) => m.subject);
    expect(sent()).toEqual([
      'Action needed: Sync to Google is paused (Acme Store 1)',
      'Google was disconnected (Acme Store 1)',
    ]);
    t.clock.advance(3600_000 + 1000);
    await ev.syncPaused(shop, 'google', 'Paused a third time.');
    expect(sent()).toHaveLength(3);
    expect(t.mail.outbox.at(-1)!.text).toContain('/sync-shop/');
  });

  it('lets an admin user publish an announcement every shop sees; nobody else', async () => {
    const a = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const b = await ownerWithOrg(t, 'other@example.com', 'Other');
    const announcement = {
      title: 'New: bulk edits',
      message: 'Edit many products at once.',
      link: '/manage-products',
    };
    const refused = await t.call('POST', '/announcements', { token: a.token, body: announcement });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NOTIFICATIONS_MSG.adminOnly);
    const admin = await insertUser(t, 'admin@feedloom.test');
    await t.database.db.execute(sql`update users set is_admin = true where id = ${admin.id}::uuid`);
    const { access_token } = await login(t, 'admin@feedloom.test');
    const published = await t.call('POST', '/announcements', {
      token: access_token,
      body: { ...announcement, key: 'bulk-edits' },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(
      (
        await t.call('POST', '/announcements', {
          token: access_token,
          body: { ...announcement, key: 'bulk-edits' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await t.call('POST', '/announcements', {
          token: access_token,
          body: { ...announcement, title: 'a\u0000b' },
        })
      ).status,
    ).toBe(400);
    for (const owner of [a, b]) {
      const page = await list(owner.token, owner.shops[0]!.id, { tab: 'feature_release' });
      expect(page.data.map((n) => n.title)).toContain('New: bulk edits');
    }
  });
});
