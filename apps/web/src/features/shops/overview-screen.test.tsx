import { makeIntegratedChannelStatus, makeShop } from '@feedloom/contracts/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp } from '@/test/render';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const COUNTS = { all: 10, error: 3, excluded: 0, pending: 0, published: 7, warning: 0, disapproved: 0, submitted: 0, integration_pending: 0 };
const run = (over = {}) => ({
  id: 'r1',
  channel: 'google' as const,
  trigger: 'manual' as const,
  status: 'succeeded' as const,
  started_at: '2026-11-27T10:00:00.000Z',
  finished_at: '2026-11-27T10:01:00.000Z',
  considered: 10,
  sent: 7,
  deleted: 0,
  held: 3,
  refused: 0,
  api_calls: 8,
  gate: null,
  message: null,
  ...over,
});
const handlers = {
  ...orgShopHandlers(session),
  'notifications.find': () => ({ data: [], total_records: 0, is_view: true, notifications_unread_count: 0, announcement_unread_count: 0, banner: null }),
  'shops.info': () => ({
    ...makeShop({ id: 's1', shop_name: 'Northwind Apparel', shop_url: 'https://northwind-apparel.example' }),
    business_name: 'Northwind',
    connected_channels: ['google' as const],
    total_products: 10,
  }),
  'channelWizard.status': () => [
    makeIntegratedChannelStatus({ channel: 'google', state: 'connected', connected: true, account_name: 'Northwind MC', next_step: null }),
    makeIntegratedChannelStatus({ channel: 'bing', state: 'none', connected: false }),
    makeIntegratedChannelStatus({ channel: 'facebook', state: 'none', connected: false }),
  ],
  'products.counts': () => COUNTS,
  'feeds.shopFeedConfigs': () => [
    {
      shop_id: 's1',
      channel: 'google' as const,
      feed_schedule: 'daily' as const,
      feed_enabled: true,
      feed_settings: {},
      feed_url: 'http://app.test/feeds/abc.xml',
      last_synced_at: '2026-11-27T10:00:00.000Z',
      last_status_pulled_at: null,
      live_items: 7,
      paused_run: null,
      last_run: run(),
    },
  ],
  'dataSources.find': () => ({ data: [], total_records: 0 }),
};

describe('/overview/{shop}', () => {
  it('shows the products, the open issues with a link, the channels and the checklist items left', async () => {
    renderApp('/overview/s1', handlers);
    expect(await screen.findByRole('heading', { name: 'Overview of Northwind Apparel' })).toBeTruthy();
    const figures = await screen.findByLabelText('Store figures');
    expect(within(figures).getByText('Products').nextSibling?.textContent).toBe('10');
    expect(within(figures).getByText('Open issues').nextSibling?.textContent).toBe('3');
    expect(within(figures).getByRole('link', { name: 'See the products with errors' }).getAttribute('href')).toBe(
      '/manage-products?tab=error',
    );
    expect(within(figures).getByText('Last import').nextSibling?.textContent).toBe('Never');
    const google = screen.getByTestId('overview-channel-google');
    expect(within(google).getByText('Connected')).toBeTruthy();
    expect(within(google).getByRole('link', { name: 'Syncs' }).getAttribute('href')).toBe('/sync-shop/google/s1');
    expect(within(screen.getByTestId('overview-channel-bing')).getByText('Not connected')).toBeTruthy();
    // Products imported and Google connected: only the issues are left to do.
    const checklist = await screen.findByRole('list', { name: 'Set-up checklist' });
    expect(within(checklist).getByRole('link', { name: 'Fix the top issues (3 products with errors)' })).toBeTruthy();
    expect(within(checklist).queryByRole('link', { name: 'Import your products' })).toBeNull();
  });
});

describe('the set-up checklist', () => {
  it('counts the products with errors in the right number', async () => {
    renderApp('/overview/s1', { ...handlers, 'products.counts': () => ({ ...COUNTS, error: 1 }) });
    const checklist = await screen.findByRole('list', { name: 'Set-up checklist' });
    expect(within(checklist).getByRole('link', { name: 'Fix the top issues (1 product with errors)' })).toBeTruthy();
  });
});

describe('/sync-shop/{channel}/{shop}', () => {
  it('shows the running sync, pages through the history and lists what is held back with its reasons', async () => {
    const { calls } = renderApp('/sync-shop/google/s1', {
      ...handlers,
      'feeds.syncHistory': (input) => ({
        data: (input as { page: number }).page === 1 ? [run({ id: 'r2', status: 'running', finished_at: null, sent: 4 }), run()] : [],
        total_records: 30,
        running: run({ id: 'r2', status: 'running', finished_at: null, sent: 4, held: 1 }),
      }),
      'feeds.heldItems': () => ({
        data: [
          {
            product_id: 42,
            offer_id: 'BAD-1',
            title: 'Shirt BAD-1',
            issues: [{ attribute: 'description', message: 'Description is missing.', item_id: null }],
          },
        ],
        total_records: 3,
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Google syncs' })).toBeTruthy();
    expect((await screen.findByRole('progressbar', { name: 'Sync progress' })).getAttribute('aria-valuenow')).toBe('50');
    const history = await screen.findByRole('table', { name: 'Sync history' });
    expect(within(history).getAllByTestId('sync-run-row')).toHaveLength(2);
    const held = await screen.findByRole('table', { name: 'Products held back' });
    expect(within(held).getByText('Description is missing.')).toBeTruthy();
    expect(within(held).getByRole('link', { name: /Shirt BAD-1/ }).getAttribute('href')).toBe('/manage-products/detail/42');
    expect(calls.find((c) => c.path === 'feeds.heldItems')?.input).toEqual({ shop_id: 's1', channel: 'google', page: 1, limit: 25 });
  });
});
