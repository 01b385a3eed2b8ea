import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, TrpcTestError } from '@/test/render';
import { relativeTime } from './relative-time';
import type { NotificationItem } from './use-notifications';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const now = Date.now();
const item = (over: Partial<NotificationItem>): NotificationItem => ({
  notification_id: 'n1',
  category: 'information',
  notification_type: 'import_succeeded',
  is_read: false,
  is_announcement: false,
  title: 'Import of Main feed finished',
  message: '10 products imported.',
  link: '/data-source/s1',
  created_at: new Date(now - 5 * 60_000).toISOString(),
  ...over,
});
const HELD = item({
  notification_id: 'n2',
  category: 'critical',
  notification_type: 'import_held',
  title: 'Import of Main feed is waiting for your confirmation',
  message: 'This import would remove 8 of the store’s 10 products.',
});
const page = (data: NotificationItem[], over = {}) => ({
  data,
  total_records: data.length,
  is_view: data.every((n) => n.is_read),
  notifications_unread_count: data.filter((n) => !n.is_read && !n.is_announcement).length,
  announcement_unread_count: data.filter((n) => !n.is_read && n.is_announcement).length,
  banner: data.find((n) => !n.is_read) ?? null,
  ...over,
});

describe('relative time', () => {
  it('reads seconds, minutes, hours, days, months of 30 days and years of 365 days ago', () => {
    const at = new Date('2026-06-01T00:00:00Z');
    const ago = (s: number) => relativeTime(new Date(at.getTime() - s * 1000).toISOString(), at);
    expect(ago(5)).toBe('5 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(29 * 86_400)).toBe('29 days ago');
    expect(ago(30 * 86_400)).toBe('1 month ago');
    expect(ago(364 * 86_400)).toBe('12 months ago');
    expect(ago(365 * 86_400)).toBe('1 year ago');
    expect(ago(-10)).toBe('just now');
  });
});

describe('/notifications', () => {
  it('lists in the category tabs with relative times; the header shows the unread count', async () => {
    const { calls } = renderApp('/notifications', {
      ...orgShopHandlers(session),
      'notifications.find': () => page([HELD, item({})]),
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Critical')).toBeTruthy();
    expect(within(rows[1]!).getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Critical',
      'Warning',
      'Information',
      'Feature Release',
    ]);
    // Every tab controls the rendered list panel.
    const panel = screen.getByRole('tabpanel');
    expect(panel.contains(list)).toBe(true);
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect((screen.getByLabelText('Sort notifications') as HTMLSelectElement).value).toBe('all_unread_first');
    // The banner is hidden on /notifications.
    expect(screen.queryByRole('region', { name: 'Notification' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Critical' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'notifications.find').map((c) => (c.input as { tab?: string }).tab)).toContain('critical'),
    );
  });

  it('dismisses for the chosen days and says so when it fails', async () => {
    let fail = false;
    const { calls } = renderApp('/notifications', {
      ...orgShopHandlers(session),
      'notifications.find': () => page([HELD]),
      'notifications.dismiss': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'boom', 500);
        return { message: 'Notification dismissed.', counts: { notifications_unread_count: 0, announcement_unread_count: 0 } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Dismiss ${HELD.title}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'For 7 days' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'notifications.dismiss')?.input).toEqual({ shop_id: 's1', notification_id: 'n2', duration_days: 7 }),
    );
    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: `Dismiss ${HELD.title}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'For good' }));
    expect(await screen.findByText('Failed to dismiss notification')).toBeTruthy();
  });

  it('shows the empty state, and the spec message when the list cannot be fetched', async () => {
    renderApp('/notifications', { ...orgShopHandlers(session), 'notifications.find': () => page([]) });
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });

  it('shows "Failed to fetch notifications" with a way to try again', async () => {
    renderApp('/notifications', {
      ...orgShopHandlers(session),
      'notifications.find': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'boom', 500);
      },
    });
    expect(await screen.findByText('Failed to fetch notifications', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('layout banner', () => {
  it('shows the most urgent unread notification elsewhere; taking action marks it read and goes to its link', async () => {
    const { calls, router } = renderApp('/store-list', {
      ...orgShopHandlers(session),
      'notifications.find': () => page([HELD]),
      'notifications.markRead': () => ({ message: 'ok', counts: { notifications_unread_count: 0, announcement_unread_count: 0 } }),
      'shops.find': () => ({ data: [], total_records: 0 }),
    });
    const banner = await screen.findByRole('region', { name: 'Notification' });
    expect(within(banner).getByText(HELD.title)).toBeTruthy();
    expect(within(banner).getByText('Critical')).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Take action' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-source/s1'));
    expect(calls.find((c) => c.path === 'notifications.markRead')?.input).toEqual({ shop_id: 's1', notification_ids: ['n2'] });
  });
});
