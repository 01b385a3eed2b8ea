import { makeChannelConnection, makeMerchantAccount } from '@feedloom/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';
import { GOOGLE_CANCELLED_MESSAGE } from './google-callback-screen';

const goToExternalUrl = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalUrl }));

const shop = makeShop({ id: 's1', shop_name: 'Outlet' });
const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const base = {
  ...orgShopHandlers(session, { shops: [shop] }),
  'shops.info': () => ({ ...shop, business_name: 'Acme', connected_channels: [], total_products: 0 }),
  'channels.microsoftConnection': () => null,
  'channels.facebookConnection': () => null,
};

describe('/sync-shop/{shop_id}', () => {
  it('offers to connect Google and sends the browser to the consent page', async () => {
    const url = 'http://sandbox.test/google/authorize?state=st';
    const { calls } = renderApp('/sync-shop/s1', {
      ...base,
      'channels.googleConnection': () => null,
      'channels.googleAuthUrl': () => ({ auth_url: url }),
    });
    expect(await screen.findByRole('heading', { name: 'Channels of Outlet' })).toBeTruthy();
    expect((await screen.findByTestId('google-connection-state')).textContent).toBe('Not connected');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Google' }));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith(url));
    expect(inputOf(calls, 'channels.googleAuthUrl')).toEqual({ shop_id: 's1' });
  });

  it('shows the chosen account and disconnects after asking', async () => {
    let state: 'connected' | 'disconnected' = 'connected';
    const { calls } = renderApp('/sync-shop/s1', {
      ...base,
      'channels.googleConnection': () =>
        makeChannelConnection({ shop_id: 's1', state, account_id: '5550001001', account_name: 'Rivera Outdoor' }),
      'channels.disconnect': () => {
        state = 'disconnected';
        return { message: 'Google disconnected.', connection: makeChannelConnection({ state }) };
      },
    });
    expect(await screen.findByText(/Rivera Outdoor \(5550001001\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google disconnected.')).toBeTruthy();
    expect(inputOf(calls, 'channels.disconnect')).toEqual({ shop_id: 's1', channel: 'google' });
    expect(await screen.findByRole('button', { name: 'Reconnect Google' })).toBeTruthy();
  });

  it('says what went wrong when the connection cannot be read, and tries again', async () => {
    let fail = true;
    renderApp('/sync-shop/s1', {
      ...base,
      'channels.googleConnection': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal Server Error!');
        return null;
      },
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('google-connection-state')).textContent).toBe('Not connected');
  });

  it('lets a member without store management see the state but not change it', async () => {
    renderApp('/sync-shop/s1', {
      ...base,
      'auth.session': () => ({ ...session, permissions: ['store_management'] }),
      'channels.googleConnection': () => null,
    });
    expect(await screen.findByText('Ask someone who manages stores to change this connection.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Google' })).toBeNull();
  });
});

describe('/google-callback and /link-account/google/{shop_id}', () => {
  it('finishes the consent, then lets the merchant choose the Merchant Center account', async () => {
    let connection = makeChannelConnection({ shop_id: 's1' });
    const { calls, router } = renderApp('/google-callback?code=c1&state=st', {
      ...base,
      'channels.googleCallback': () => ({ message: 'Google connected. Now choose your Merchant Center account.', connection }),
      'channels.googleConnection': () => connection,
      'channels.merchantAccounts': () => [
        makeMerchantAccount(),
        makeMerchantAccount({ account_id: '5550001002', account_name: 'Rivera Kitchen' }),
      ],
      'channels.selectMerchantAccount': () => {
        connection = makeChannelConnection({
          shop_id: 's1',
          state: 'connected',
          account_id: '5550001002',
          account_name: 'Rivera Kitchen',
          integration_steps: ['link-account'],
        });
        return { message: 'Merchant Center account selected.', account: makeMerchantAccount({ account_id: '5550001002' }), connection };
      },
    });
    expect(await screen.findByText('Google connected. Now choose your Merchant Center account.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/link-account/google/s1'));
    expect(inputOf(calls, 'channels.googleCallback')).toEqual({ code: 'c1', state: 'st' });
    await userEvent.click(await screen.findByRole('radio', { name: /Rivera Kitchen/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this account' }));
    expect(await screen.findByText('Merchant Center account selected.')).toBeTruthy();
    expect(inputOf(calls, 'channels.selectMerchantAccount')).toEqual({ shop_id: 's1', merchant_id: '5550001002' });
    // The wizard goes on with the first step not yet done: the target market.
    await waitFor(() => expect(router.state.location.pathname).toBe('/target-market/s1/google'));
  });

  it('comes back to the store when the merchant cancelled at Google', async () => {
    const { calls, router } = renderApp('/google-callback?error=access_denied&state=st', {
      ...base,
      'channels.googleConnection': () => null,
    });
    expect(await screen.findByText(GOOGLE_CANCELLED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sync-shop/s1'));
    expect(calls.some((c) => c.path === 'channels.googleCallback')).toBe(false);
  });

  it('says so when the Google account has no Merchant Center account', async () => {
    renderApp('/link-account/google/s1', {
      ...base,
      'channels.googleConnection': () => makeChannelConnection({ shop_id: 's1' }),
      'channels.merchantAccounts': () => [],
    });
    expect(await screen.findByText(/This Google account has no Merchant Center account/)).toBeTruthy();
  });
});
