import { makeChannelConnection, makeIntegratedChannelStatus } from '@feedloom/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp } from '@/test/render';
import { nextStepRoute } from './wizard';

const goToExternalUrl = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalUrl }));

const shop = makeShop({ id: 's1', shop_name: 'Outlet' });
const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const base = {
  ...orgShopHandlers(session, { shops: [shop] }),
  'shops.info': () => ({ ...shop, business_name: 'Acme', connected_channels: [], total_products: 0 }),
  'channels.googleConnection': () => null,
  'channels.microsoftConnection': () => null,
  'channels.facebookConnection': () => null,
};
const feed = (connection: ReturnType<typeof makeChannelConnection>) => ({
  feed_schedule: 'daily' as const,
  feed_enabled: true,
  target_market: null,
  connection,
});

describe('the Bing and Facebook wizards', () => {
  it('go on at the first step not yet recorded', () => {
    const at = (channel: 'bing' | 'facebook', integration_steps: string[], integration_once_completed = false) =>
      nextStepRoute(channel, 's1', { state: 'connected', integration_steps, integration_once_completed });
    expect(nextStepRoute('bing', 's1', null)).toBe('/link-account/bing/s1');
    expect(at('bing', ['link-account'])).toBe('/domain-verification/s1/bing');
    expect(at('bing', ['link-account', 'domain-verification'])).toBe('/target-market/s1/bing');
    expect(at('bing', ['link-account', 'target-market'], true)).toBe('/domain-verification/s1/bing');
    expect(at('bing', ['link-account', 'domain-verification'], true)).toBe('/target-market/edit/s1/bing');
    expect(at('bing', ['link-account', 'domain-verification', 'target-market'])).toBe('/bing/feed-config/s1');
    expect(at('facebook', ['link-account'])).toBe('/facebook/feed-config/s1');
    expect(at('facebook', ['link-account', 'feed-config'])).toBe('/facebook/feed-config/s1');
  });

  it('offers both channels on /sync-shop and sends the browser to Microsoft’s consent page', async () => {
    const { calls } = renderApp('/sync-shop/s1', {
      ...base,
      'channels.microsoftAuthUrl': () => ({ auth_url: 'http://sandbox.test/microsoft/authorize?state=st' }),
    });
    expect((await screen.findByTestId('bing-connection-state')).textContent).toBe('Not linked');
    expect((await screen.findByTestId('facebook-connection-state')).textContent).toBe('Not linked');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Microsoft' }));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('http://sandbox.test/microsoft/authorize?state=st'));
    expect(inputOf(calls, 'channels.microsoftAuthUrl')).toEqual({ shop_id: 's1' });
  });

  it('links a Microsoft store of the chosen advertising account, then goes to domain verification', async () => {
    const { calls, router } = renderApp('/link-account/bing/s1', {
      ...base,
      'channels.microsoftConnection': () => makeChannelConnection({ shop_id: 's1', channel: 'bing' }),
      'channels.microsoftAdsAccounts': () => [
        { account_id: '91001', account_name: 'Kim Home Goods', account_number: 'F1', customer_id: '81001', currency: 'USD' },
      ],
      'channels.microsoftStores': () => [
        { store_id: '510001', store_name: 'Kim Home Goods Store', store_url: 'https://kim-home.example/', is_active: true, domain_verified: true, matches_shop: false },
        { store_id: '510002', store_name: 'Kim Outdoor Store', store_url: null, is_active: true, domain_verified: false, matches_shop: true },
      ],
      'channels.microsoftSelectStore': () => ({
        message: 'Merchant Center store selected.',
        connection: makeChannelConnection({ shop_id: 's1', channel: 'bing', state: 'connected', integration_steps: ['link-account'] }),
      }),
    });
    // A store on another site than the shop's says so before it is chosen.
    expect(await screen.findByText('(https://kim-home.example/: not this store’s website)')).toBeTruthy();
    await userEvent.click(await screen.findByRole('radio', { name: /Kim Outdoor Store/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this store' }));
    expect(await screen.findByText('Merchant Center store selected.')).toBeTruthy();
    expect(inputOf(calls, 'channels.microsoftSelectStore')).toEqual({ shop_id: 's1', customer_id: '81001', account_id: '91001', store_id: '510002' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/domain-verification/s1/bing'));
  });

  it('links a Meta catalog of the chosen business, then goes to the feed settings', async () => {
    const authorized = makeChannelConnection({ shop_id: 's1', channel: 'facebook' });
    const { calls, router } = renderApp('/link-account/facebook/s1', {
      ...base,
      'channels.facebookConnection': () => feed(authorized),
      'channels.metaBusinesses': () => [{ business_id: '200', name: 'Chen Apparel' }],
      'channels.metaCatalogs': () => [
        { catalog_id: '301', name: 'Main', product_count: 2 },
        { catalog_id: '302', name: 'Outlet', product_count: 0 },
      ],
      'channels.captureCatalog': () => ({
        message: 'Catalog linked.',
        connection: makeChannelConnection({ shop_id: 's1', channel: 'facebook', state: 'connected', integration_steps: ['link-account'] }),
      }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Outlet/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this catalog' }));
    expect(await screen.findByText('Catalog linked.')).toBeTruthy();
    expect(inputOf(calls, 'channels.captureCatalog')).toEqual({ shop_id: 's1', business_id: '200', catalog_id: '302' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/facebook/feed-config/s1'));
  });
});

const bingStatus = (steps: string[]) => () => [
  makeIntegratedChannelStatus({ channel: 'google', state: 'none', connected: false, integration_steps: [], next_step: 'link-account' }),
  makeIntegratedChannelStatus({ channel: 'bing', state: 'connected', connected: true, integration_steps: steps, next_step: 'target-market' }),
  makeIntegratedChannelStatus({ channel: 'facebook', state: 'none', connected: false, integration_steps: [], next_step: 'link-account' }),
];
const bingConnected = (steps: string[]) =>
  makeChannelConnection({ shop_id: 's1', channel: 'bing', state: 'connected', account_id: '510001', account_name: 'Kim Home Goods Store', integration_steps: steps });

describe('the Microsoft target market and card', () => {
  it('saves the target market through select-target-market among Microsoft’s markets, then goes to the feed settings', async () => {
    const { calls, router } = renderApp('/target-market/s1/bing', {
      ...base,
      'channelWizard.status': bingStatus(['link-account', 'domain-verification']),
      'channelWizard.targetMarketData': () => ({
        channel: 'bing' as const,
        countries: [
          { code: 'GB', name: 'United Kingdom', flag: '🇬🇧', languages: ['en'], currencies: ['GBP'] },
          { code: 'US', name: 'United States', flag: '🇺🇸', languages: ['en'], currencies: ['USD'] },
        ],
        languages: [{ code: 'en', name: 'English' }],
        currencies: [
          { code: 'GBP', name: 'British Pound' },
          { code: 'USD', name: 'US Dollar' },
        ],
        selected: null,
        suggested: { country: 'US', language: 'en', currency: 'USD' },
        integration_once_completed: false,
      }),
      'channelWizard.selectTargetMarket': () => ({
        message: 'Target market saved.',
        connection: bingConnected(['link-account', 'domain-verification', 'target-market']),
      }),
    });
    expect(await screen.findByRole('navigation', { name: 'Microsoft integration steps' })).toBeTruthy();
    await userEvent.selectOptions(await screen.findByLabelText('Target country'), 'GB');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('GBP');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Target market saved.')).toBeTruthy();
    expect(inputOf(calls, 'channelWizard.selectTargetMarket')).toEqual({ shop_id: 's1', channel: 'bing', country: 'GB', language: 'en', currency: 'GBP' });
    expect(inputOf(calls, 'channelWizard.targetMarketData')).toEqual({ shop_id: 's1', channel: 'bing' });
    expect(calls.some((c) => c.path === 'channels.saveMicrosoftFeedSetting')).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bing/feed-config/s1'));
  });

  it('disconnects Microsoft from its card after asking', async () => {
    let state: 'connected' | 'disconnected' = 'connected';
    const { calls } = renderApp('/sync-shop/s1', {
      ...base,
      'channels.microsoftConnection': () => ({ ...bingConnected(['link-account', 'domain-verification', 'target-market', 'feed-config']), state }),
      'channels.disconnect': () => {
        state = 'disconnected';
        return { message: 'Microsoft disconnected.', connection: bingConnected([]) };
      },
    });
    await waitFor(async () => expect((await screen.findByTestId('bing-connection-state')).textContent).toBe('Connected'));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Microsoft?' });
    expect(calls.some((c) => c.path === 'channels.disconnect')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Microsoft disconnected.')).toBeTruthy();
    expect(inputOf(calls, 'channels.disconnect')).toEqual({ shop_id: 's1', channel: 'bing' });
    await waitFor(() => expect(screen.getByTestId('bing-connection-state').textContent).toBe('Disconnected'));
  });
});
