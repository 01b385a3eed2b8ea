import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStubApi, createTestCaller, firstIssue, rejection, storedAuth, type TStubApi } from '../../testing/stub-api';

const SHOP = '7d3f1a52-9a6b-4c1e-8f0a-2b5c6d7e8f90';
const PAGE = {
  data: [],
  total_records: 0,
  is_view: true,
  announcement_unread_count: 0,
  notifications_unread_count: 0,
  banner: null,
};

describe('notifications and dashboard routers', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('find sends the list query with the default sort All Unread First', async () => {
    stub.on('GET', '/notification-list', { data: PAGE });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.notifications.find({ shop_id: SHOP })).toEqual(PAGE);
    expect(Object.fromEntries(stub.callsTo('GET', '/notification-list')[0]!.query)).toEqual({
      shop_id: SHOP,
      page: '1',
      limit: '25',
      tab: 'all',
      sort_by: 'all_unread_first',
      view_all_announcements: 'false',
    });
  });

  it('dismiss and markRead answer the new counts with the server message; the api refusal passes through', async () => {
    const counts = { announcement_unread_count: 1, notifications_unread_count: 0 };
    stub.on('GET', '/dismiss-notification', { data: counts, message: 'Notification dismissed.' });
    stub.on('POST', '/mark-notification-as-read', { data: counts, message: 'Notifications marked as read.' });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.notifications.dismiss({ shop_id: SHOP, notification_id: 'n1', duration_days: 7 })).toEqual({
      message: 'Notification dismissed.',
      counts,
    });
    expect(Object.fromEntries(stub.callsTo('GET', '/dismiss-notification')[0]!.query)).toEqual({
      shop_id: SHOP,
      notification_id: 'n1',
      duration_days: '7',
    });
    await caller.notifications.markRead({ shop_id: SHOP, notification_ids: ['n1'] });
    const call = stub.callsTo('POST', '/mark-notification-as-read')[0]!;
    expect(call.query.get('shop_id')).toBe(SHOP);
    expect(call.body).toEqual({ notification_ids: ['n1'] });

    const bad = await rejection(caller.notifications.dismiss({ shop_id: SHOP, notification_id: 'n1', duration_days: 0 }));
    expect(firstIssue(bad)).toBe('Duration must be a whole number of days from 1 to 365.');
  });

  it('dashboard calls carry the shop and refuses a backwards date range before the api', async () => {
    stub.on('GET', '/dashboard/api-health', { data: { days: [], totals: { calls: 0, failed: 0, retried: 0 } } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    await caller.dashboard.apiHealth({ shop_id: SHOP, start_date: '2026-01-01', end_date: '2026-01-07' });
    expect(stub.callsTo('GET', '/dashboard/api-health')[0]!.query.get('end_date')).toBe('2026-01-07');
    const err = await rejection(caller.dashboard.apiHealth({ shop_id: SHOP, start_date: '2026-01-07', end_date: '2026-01-01' }));
    expect(firstIssue(err)).toBe('End date must not be before start date.');
  });
});
