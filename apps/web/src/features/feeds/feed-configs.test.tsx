import { makeFeedConfig } from '@feedloom/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';

const shop = makeShop({ id: 's1', shop_name: 'Outlet' });
const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const base = orgShopHandlers(session, { shops: [shop] });
const google = makeFeedConfig({ shop_id: 's1', feed_url: 'https://app.example/feeds/old-google.xml', live_items: 1234 });
const meta = makeFeedConfig({
  shop_id: 's1',
  channel: 'facebook',
  feed_schedule: 'weekly',
  feed_enabled: false,
  feed_url: 'https://app.example/feeds/meta.xml',
  last_synced_at: null,
  last_status_pulled_at: null,
  live_items: 0,
});

const rowOf = async (channel: string) => {
  const header = await screen.findByRole('rowheader', { name: new RegExp(`^${channel}`) });
  return within(header.closest('tr')!);
};

describe('/feed-configs', () => {
  it('lists the active store’s channel feeds: schedule, submissions, feed URL, last sync and items', async () => {
    const { calls } = renderApp('/feed-configs', { ...base, 'feeds.shopFeedConfigs': () => [google, meta] });
    const g = await rowOf('Google');
    expect(inputOf(calls, 'feeds.shopFeedConfigs')).toEqual({ shop_id: 's1' });
    expect((g.getByRole('combobox', { name: 'Google feed schedule' }) as HTMLSelectElement).value).toBe('daily');
    expect(g.getByText('On')).toBeTruthy();
    expect(g.getByTestId('feed-url-google').textContent).toBe('https://app.example/feeds/old-google.xml');
    expect(g.getByText('1,234')).toBeTruthy();
    expect(g.getByRole('link', { name: 'Google feed settings' }).getAttribute('href')).toBe('/google/feed-config/s1');
    const m = await rowOf('Meta');
    expect((m.getByRole('combobox', { name: 'Meta feed schedule' }) as HTMLSelectElement).value).toBe('weekly');
    expect(m.getByText('Off')).toBeTruthy();
    expect(m.getByText('Never')).toBeTruthy();
  });

  it('saves a schedule and turns submissions on through the existing endpoints', async () => {
    const { calls } = renderApp('/feed-configs', {
      ...base,
      'feeds.shopFeedConfigs': () => [google, meta],
      'feeds.saveShopFeedConfig': () => ({ message: 'Feed settings saved.', config: { ...meta, feed_schedule: 'monthly' } }),
      'feeds.feedStatus': () => ({ message: 'Submissions are on.', config: { ...meta, feed_enabled: true } }),
    });
    const m = await rowOf('Meta');
    await userEvent.selectOptions(m.getByRole('combobox', { name: 'Meta feed schedule' }), 'monthly');
    await waitFor(() =>
      expect(inputOf(calls, 'feeds.saveShopFeedConfig')).toEqual({ shop_id: 's1', channel: 'facebook', feed_schedule: 'monthly' }),
    );
    expect(await screen.findByText('Feed settings saved.')).toBeTruthy();
    await userEvent.click(m.getByRole('button', { name: 'Turn Meta submissions on' }));
    await waitFor(() =>
      expect(inputOf(calls, 'feeds.feedStatus')).toEqual({ shop_id: 's1', channel: 'facebook', feed_status: true }),
    );
  });

  it('copies a feed URL', async () => {
    renderApp('/feed-configs', { ...base, 'feeds.shopFeedConfigs': () => [google] });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click((await rowOf('Google')).getByRole('button', { name: 'Copy the Google feed URL' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example/feeds/old-google.xml');
    expect(await screen.findByText('Feed URL copied.')).toBeTruthy();
  });

  it('rotates a feed URL only after the merchant confirms that the old one stops working', async () => {
    let rotated = false;
    const { calls } = renderApp('/feed-configs', {
      ...base,
      'feeds.shopFeedConfigs': () => [rotated ? { ...google, feed_url: 'https://app.example/feeds/new-google.xml' } : google],
      'feeds.rotateFeedUrl': () => {
        rotated = true;
        return { message: 'A new feed URL is ready; the old one no longer works.', config: google };
      },
    });
    await userEvent.click((await rowOf('Google')).getByRole('button', { name: 'Rotate the Google feed URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the Google feed URL?' });
    expect(dialog.textContent).toMatch(/old URL stops working/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(inputOf(calls, 'feeds.rotateFeedUrl')).toBeUndefined();

    await userEvent.click((await rowOf('Google')).getByRole('button', { name: 'Rotate the Google feed URL' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate feed URL' }));
    await waitFor(() => expect(inputOf(calls, 'feeds.rotateFeedUrl')).toEqual({ shop_id: 's1', channel: 'google' }));
    await waitFor(async () =>
      expect((await rowOf('Google')).getByTestId('feed-url-google').textContent).toBe('https://app.example/feeds/new-google.xml'),
    );
  });

  it('offers rotation on the channel’s own feed config screen too', async () => {
    const { calls } = renderApp('/google/feed-config/s1', {
      ...base,
      'feeds.shopFeedConfigs': () => [google],
      'feeds.syncRuns': () => [],
      'channels.googleConnection': () => null,
      'feeds.rotateFeedUrl': () => ({ message: 'Rotated.', config: google }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate the Google feed URL' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate feed URL' }));
    await waitFor(() => expect(inputOf(calls, 'feeds.rotateFeedUrl')).toEqual({ shop_id: 's1', channel: 'google' }));
  });

  it('hides the changes from a user who may only read', async () => {
    renderApp('/feed-configs', {
      ...orgShopHandlers(makeSession({ active_shop_id: 's1', permissions: ['store_management', 'product_and_promotions_feed'] }), {
        shops: [shop],
      }),
      'feeds.shopFeedConfigs': () => [google],
    });
    const g = await rowOf('Google');
    expect((g.getByRole('combobox', { name: 'Google feed schedule' }) as HTMLSelectElement).disabled).toBe(true);
    expect(g.queryByRole('button', { name: /Rotate/ })).toBeNull();
    expect(g.queryByRole('button', { name: /Turn Google submissions/ })).toBeNull();
  });

  it('says when no channel is connected, with a way to connect one', async () => {
    renderApp('/feed-configs', { ...base, 'feeds.shopFeedConfigs': () => [] });
    expect(await screen.findByText('No channel is connected to this store yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a channel' }).getAttribute('href')).toBe('/sync-shop/s1');
  });

  it('shows the error state with a retry', async () => {
    let fail = true;
    renderApp('/feed-configs', {
      ...base,
      'feeds.shopFeedConfigs': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'down', 503);
        return [google];
      },
    });
    expect(await screen.findByText('The feed configurations could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await rowOf('Google')).toBeTruthy();
  });

  it('asks for a store first', async () => {
    renderApp('/feed-configs', orgShopHandlers(makeSession({ active_shop_id: null }), { shops: [shop] }));
    expect(await screen.findByText('Choose a store first')).toBeTruthy();
  });
});
