import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeIntegratedChannelStatus, makeShop } from '@feedloom/contracts/testing';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp } from '@/test/render';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const COUNTS = { all: 120, error: 7, excluded: 1, pending: 30, published: 70, warning: 9, disapproved: 3, submitted: 0, integration_pending: 0 };
const diagnostics = (over = {}) => ({
  active_channel: 'free_listings',
  counts: COUNTS,
  trend: [
    { day: '2026-11-23', counts: { ...COUNTS, published: 60 } },
    { day: '2026-11-24', counts: COUNTS },
  ],
  top_issues: [
    { code: 'missing_required', severity: 'error' as const, attribute: 'description', message: 'Description is missing', products: 7, tab: 'error' as const },
  ],
  channel_connected: true,
  ...over,
});
const health = (calls: number) => ({
  days: [{ day: '2026-11-24', calls, failed: calls ? 1 : 0, retried: calls ? 2 : 0, p50_ms: calls ? 120 : null, p95_ms: calls ? 480 : null }],
  totals: { calls, failed: calls ? 1 : 0, retried: calls ? 2 : 0 },
});

/** The store's set-up as the checklist reads it: its products, whether Google is connected, products with errors. */
const storeSetup = (products: number, connected: boolean, errors: number) => ({
  'shops.info': () => ({
    ...makeShop({ id: 's1', shop_name: 'Acme Store' }),
    business_name: 'Acme',
    connected_channels: connected ? ['google' as const] : [],
    total_products: products,
  }),
  'channelWizard.status': () => [
    makeIntegratedChannelStatus({ channel: 'google', state: connected ? 'connected' : 'none', connected }),
  ],
  'products.counts': () => ({ ...COUNTS, all: products, error: errors }),
});

describe('/dashboard', () => {
  it('shows the set-up checklist until the store has products, a channel and no errors', async () => {
    renderApp('/dashboard', {
      ...orgShopHandlers(session),
      ...storeSetup(0, false, 0),
      'notifications.find': () => ({ data: [], total_records: 0, is_view: true, notifications_unread_count: 0, announcement_unread_count: 0, banner: null }),
      'dashboard.productDiagnostics': () => diagnostics(),
      'dashboard.apiHealth': () => health(0),
    });
    const checklist = await screen.findByRole('list', { name: 'Set-up checklist' });
    expect(within(checklist).getByRole('link', { name: 'Import your products' }).getAttribute('href')).toBe('/data-source/s1');
    expect(within(checklist).getByRole('link', { name: 'Connect a channel' }).getAttribute('href')).toBe('/sync-shop/s1');
    expect(within(checklist).getByRole('link', { name: 'Fix the top issues' }).getAttribute('href')).toBe('/manage-products?tab=error');
  });

  it("shows the channel's status counts linking to the product list, the trend chart, top issues and API health", async () => {
    const { calls } = renderApp('/dashboard', {
      ...orgShopHandlers(session),
      ...storeSetup(120, true, 0),
      'notifications.find': () => ({ data: [], total_records: 0, is_view: true, notifications_unread_count: 0, announcement_unread_count: 0, banner: null }),
      'dashboard.productDiagnostics': () => diagnostics(),
      'dashboard.apiHealth': () => health(12),
    });
    const counts = await screen.findByRole('list', { name: 'Product status counts' });
    expect(within(counts).getByRole('link', { name: /Error\s*7/ }).getAttribute('href')).toBe('/manage-products?active_channel=free_listings&tab=error');
    expect(screen.getByRole('figure', { name: 'Product status trend chart' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Description is missing' }).getAttribute('href')).toBe(
      '/manage-products?active_channel=free_listings&tab=all&issue_code=missing_required&issue_attribute=description',
    );
    const table = await screen.findByRole('table', { name: 'API health per day' });
    expect(within(table).getByText('480 ms')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'API health chart' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Bing ads' }));
    expect(calls.filter((c) => c.path === 'dashboard.productDiagnostics').at(-1)!.input).toEqual({ shop_id: 's1', active_channel: 'bing_ads' });
  });

  it('has empty states for a store without a channel, history or calls', async () => {
    renderApp('/dashboard', {
      ...orgShopHandlers(session),
      ...storeSetup(120, true, 0),
      'notifications.find': () => ({ data: [], total_records: 0, is_view: true, notifications_unread_count: 0, announcement_unread_count: 0, banner: null }),
      'dashboard.productDiagnostics': () => diagnostics({ channel_connected: false, trend: [], top_issues: [] }),
      'dashboard.apiHealth': () => health(0),
    });
    expect(await screen.findByText(/No Free listings account is connected to this store yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a channel' }).getAttribute('href')).toBe('/sync-shop/s1');
    expect(screen.getByText('No history yet')).toBeTruthy();
    expect(screen.getByText('No issues')).toBeTruthy();
    expect(await screen.findByText('No channel calls in this period')).toBeTruthy();
  });
});
