import {
  makeChannelConnection,
  makeFeedConfig,
  makeIntegratedChannelStatus,
} from '@feedloom/contracts/testing';
import { INTEGRATION_STEPS, type TChannelKey } from '@feedloom/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import type { RouterOutputs } from '@/lib/trpc';
import { inputOf, makeSession, renderApp, TrpcTestError, type TrpcHandlers } from '@/test/render';

type TSyncRun = RouterOutputs['feeds']['syncRuns'][number];
type TChannelFeedSetting = RouterOutputs['channels']['saveMicrosoftFeedSetting']['setting'];

// /{channel}/feed-config/{shop_id}: one screen for Google, Microsoft and Meta, each with sync now, the last
// sync, the sync history and the feed URL; the schedule is saved through the channel's own endpoint.

const shop = makeShop({ id: 's1', shop_name: 'Outlet' });
const session = makeSession({ active_shop_id: 's1', shops_count: 1 });

const CASES: readonly {
  channel: TChannelKey;
  name: string;
  ext: string;
  fetchPlace: string;
  save:
    'feeds.saveGoogleFeedSettings' | 'channels.saveMicrosoftFeedSetting' | 'channels.saveFacebookFeedSetting';
  market: string | null;
}[] = [
  {
    channel: 'google',
    name: 'Google',
    ext: 'xml',
    fetchPlace: 'Merchant Center',
    save: 'feeds.saveGoogleFeedSettings',
    market: 'United Kingdom, English, GBP',
  },
  {
    channel: 'bing',
    name: 'Microsoft',
    ext: 'txt',
    fetchPlace: 'Microsoft Merchant Center',
    save: 'channels.saveMicrosoftFeedSetting',
    market: 'United Kingdom, English, GBP',
  },
  {
    channel: 'facebook',
    name: 'Meta',
    ext: 'csv',
    fetchPlace: 'Meta Commerce Manager',
    save: 'channels.saveFacebookFeedSetting',
    market: null,
  },
];

const GB = { country: 'GB', language: 'en', currency: 'GBP' };

describe.each(CASES)('the $name feed settings', ({ channel, name, ext, fetchPlace, save, market }) => {
  const steps = [...INTEGRATION_STEPS[channel]];
  const url = `http://app.test/feeds/${channel}-secret.${ext}`;
  const config = (overrides: Parameters<typeof makeFeedConfig>[0] = {}) =>
    makeFeedConfig({
      shop_id: 's1',
      channel,
      feed_url: url,
      last_synced_at: '2026-01-02T08:00:00.000Z',
      ...overrides,
    });
  const run: TSyncRun = {
    id: 'run-1',
    channel,
    trigger: 'manual',
    status: 'succeeded',
    started_at: '2026-01-02T08:00:00.000Z',
    finished_at: '2026-01-02T08:01:00.000Z',
    considered: 5,
    sent: 4,
    deleted: 0,
    held: 1,
    refused: 0,
    api_calls: 2,
    gate: null,
    message: null,
  };
  const setting: TChannelFeedSetting = {
    feed_schedule: 'every_12_hours',
    feed_enabled: true,
    target_market: channel === 'facebook' ? null : GB,
    connection: makeChannelConnection({
      shop_id: 's1',
      channel,
      state: 'connected',
      integration_steps: steps,
    }),
  };
  const base = (overrides: Partial<TrpcHandlers> = {}): TrpcHandlers => ({
    ...orgShopHandlers(session, { shops: [shop] }),
    'channelWizard.status': () => [
      makeIntegratedChannelStatus({
        channel,
        steps,
        integration_steps: steps,
        next_step: null,
        integration_once_completed: true,
        target_market: channel === 'facebook' ? null : GB,
      }),
    ],
    'feeds.shopFeedConfigs': () => [config()],
    'feeds.syncRuns': () => [run],
    ...overrides,
  });

  it('shows the schedule, submissions, the last sync, the feed URL and the sync history under one heading', async () => {
    const { calls } = renderApp(`/${channel}/feed-config/s1`, base());
    expect(await screen.findByRole('heading', { level: 1, name: `${name} feed configuration` })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: `${name} integration steps` })).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'Feed URL' })) as HTMLInputElement).value).toBe(url);
    expect(screen.getByText(new RegExp(`scheduled fetch in ${fetchPlace}\\.`))).toBeTruthy();
    expect((screen.getByLabelText('Update the feed') as HTMLSelectElement).value).toBe('daily');
    expect(screen.getByTestId(`${channel}-submissions`).textContent).toBe(
      `Submissions are on: changed products are sent to ${name}.`,
    );
    expect(screen.getByTestId('last-sync').textContent).toBe(
      new Date('2026-01-02T08:00:00.000Z').toLocaleString(),
    );
    const history = await screen.findByRole('table', { name: 'Sync history' });
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('Sync now');
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('Done');
    expect(
      screen.getByRole('link', { name: 'Every sync and the products held back' }).getAttribute('href'),
    ).toBe(`/sync-shop/${channel}/s1`);
    expect(inputOf(calls, 'feeds.syncRuns')).toEqual({ shop_id: 's1', channel });
    if (market) {
      expect((await screen.findByTestId('target-market')).textContent).toBe(market);
      expect(screen.getByRole('link', { name: 'Change the target market' }).getAttribute('href')).toBe(
        `/target-market/edit/s1/${channel}`,
      );
    } else {
      expect(screen.queryByTestId('target-market')).toBeNull();
    }
    // Only Google mails an issue report.
    expect(Boolean(screen.queryByRole('button', { name: 'Email me the issue report' }))).toBe(
      channel === 'google',
    );
  });

  it('saves the schedule through the channel’s own feed settings and stays on the page', async () => {
    const { calls, router } = renderApp(`/${channel}/feed-config/s1`, {
      ...base(),
      'feeds.saveGoogleFeedSettings': () => ({ message: 'Feed settings saved.', config: config() }),
      'channels.saveMicrosoftFeedSetting': () => ({ message: 'Feed settings saved.', setting }),
      'channels.saveFacebookFeedSetting': () => ({ message: 'Feed settings saved.', setting }),
    });
    await userEvent.selectOptions(await screen.findByLabelText('Update the feed'), 'every_12_hours');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Feed settings saved.')).toBeTruthy();
    expect(inputOf(calls, save)).toEqual({ shop_id: 's1', feed_schedule: 'every_12_hours' });
    expect(
      calls
        .filter((c) => c.path.endsWith('FeedSetting') || c.path.endsWith('FeedSettings'))
        .map((c) => c.path),
    ).toEqual([save]);
    expect(calls.some((c) => c.path === 'feeds.saveShopFeedConfig')).toBe(false);
    expect(router.state.location.pathname).toBe(`/${channel}/feed-config/s1`);
  });

  it('syncs now, and turns submissions off (sync now waits for them to be on)', async () => {
    let on = true;
    const { calls } = renderApp(`/${channel}/feed-config/s1`, {
      ...base({ 'feeds.shopFeedConfigs': () => [config({ feed_enabled: on })] }),
      'feeds.syncNow': () => ({
        message: 'Sync started. Products reach the channel in a few moments.',
        config: config(),
      }),
      'feeds.feedStatus': () => {
        on = false;
        return { message: 'Submissions are off.', config: config({ feed_enabled: false }) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('Sync started. Products reach the channel in a few moments.'),
    ).toBeTruthy();
    expect(inputOf(calls, 'feeds.syncNow')).toEqual({ shop_id: 's1', channel });

    await userEvent.click(screen.getByRole('button', { name: 'Turn submissions off' }));
    expect(await screen.findByText('Submissions are off.')).toBeTruthy();
    expect(inputOf(calls, 'feeds.feedStatus')).toEqual({ shop_id: 's1', channel, feed_status: false });
    expect(await screen.findByRole('button', { name: 'Turn submissions on' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId(`${channel}-submissions`).textContent).toBe(
      `Submissions are off: nothing is sent to ${name} until you turn them on.`,
    );
  });

  it('says why sync now was refused', async () => {
    renderApp(`/${channel}/feed-config/s1`, {
      ...base(),
      'feeds.syncNow': () => {
        throw new TrpcTestError('CONFLICT', 'Submissions are off for this channel. Turn them on first.', 409);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(
      await screen.findByText('Submissions are off for this channel. Turn them on first.', {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
  });

  it('copies the feed URL, and rotates it only after the merchant confirms', async () => {
    let rotated = false;
    const { calls } = renderApp(`/${channel}/feed-config/s1`, {
      ...base({ 'feeds.shopFeedConfigs': () => [config(rotated ? { feed_url: `${url}-new` } : {})] }),
      'feeds.rotateFeedUrl': () => {
        rotated = true;
        return { message: 'A new feed URL was made. The old one no longer works.', config: config() };
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Feed URL copied.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: `Rotate the ${name} feed URL` }));
    const dialog = await screen.findByRole('dialog', { name: `Rotate the ${name} feed URL?` });
    expect(dialog.textContent).toContain(`until you give ${fetchPlace} the new URL`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(inputOf(calls, 'feeds.rotateFeedUrl')).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: `Rotate the ${name} feed URL` }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate feed URL' }),
    );
    await waitFor(() => expect(inputOf(calls, 'feeds.rotateFeedUrl')).toEqual({ shop_id: 's1', channel }));
    await waitFor(async () =>
      expect(((await screen.findByRole('textbox', { name: 'Feed URL' })) as HTMLInputElement).value).toBe(
        `${url}-new`,
      ),
    );
  });

  it('says what failed to load, with a way to ask again', async () => {
    let fail = true;
    renderApp(`/${channel}/feed-config/s1`, {
      ...base(),
      'feeds.shopFeedConfigs': () => {
        if (fail)
          throw new TrpcTestError(
            'FORBIDDEN',
            'You do not have permission to view feed configurations.',
            403,
          );
        return [config()];
      },
    });
    expect(await screen.findByText('You do not have permission to view feed configurations.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Feed URL' })).toBeTruthy();
  });

  it('sends a store not connected to the channel to its channels', async () => {
    renderApp(`/${channel}/feed-config/s1`, {
      ...base(),
      'channelWizard.status': () => [
        makeIntegratedChannelStatus({
          channel,
          steps,
          state: 'none',
          connected: false,
          integration_steps: [],
          next_step: 'link-account',
        }),
      ],
      'feeds.shopFeedConfigs': () => [],
    });
    expect(await screen.findByText(new RegExp(`^${name} is not connected to this store`))).toBeTruthy();
    expect(screen.getByRole('link', { name: `Connect ${name}` }).getAttribute('href')).toBe('/sync-shop/s1');
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });
});

describe('the feed settings while a sync waits for the publish gate', () => {
  it('confirms the paused sync of the channel', async () => {
    const paused: TSyncRun = {
      id: 'run-9',
      channel: 'facebook',
      trigger: 'schedule',
      status: 'paused_by_gate',
      started_at: '2026-01-02T08:00:00.000Z',
      finished_at: null,
      considered: 0,
      sent: 0,
      deleted: 0,
      held: 0,
      refused: 0,
      api_calls: 0,
      gate: { live: 10, newly_held: 3, to_delete: 0, share: 0.3, limit: 0.1 },
      message: 'Paused: this sync would hold back or remove 3 of 10 live items (30 %).',
    };
    const config = makeFeedConfig({ shop_id: 's1', channel: 'facebook', paused_run: paused });
    const { calls } = renderApp('/facebook/feed-config/s1', {
      ...orgShopHandlers(session, { shops: [shop] }),
      'feeds.shopFeedConfigs': () => [config],
      'feeds.syncRuns': () => [paused],
      'feeds.syncGate': () => ({ message: 'Confirmed. The sync goes ahead.', config }),
    });
    const alert = await screen.findByText('A sync is waiting for your confirmation');
    expect(alert).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and sync' }));
    expect(await screen.findByText('Confirmed. The sync goes ahead.')).toBeTruthy();
    expect(inputOf(calls, 'feeds.syncGate')).toEqual({
      shop_id: 's1',
      channel: 'facebook',
      run_id: 'run-9',
      decision: 'confirm',
    });
  });
});
