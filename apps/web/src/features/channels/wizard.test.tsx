import { makeChannelConnection, makeIntegratedChannelStatus } from '@feedloom/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';

const shop = makeShop({ id: 's1', shop_name: 'Outlet' });
const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const base = {
  ...orgShopHandlers(session, { shops: [shop] }),
  'shops.info': () => ({ ...shop, business_name: 'Acme', connected_channels: [], total_products: 0 }),
};
const connected = (steps: string[]) =>
  makeChannelConnection({
    shop_id: 's1',
    state: 'connected',
    account_id: '5550001002',
    integration_steps: steps,
  });
const statusOf =
  (steps: string[], next: ReturnType<typeof makeIntegratedChannelStatus>['next_step']) => () => [
    makeIntegratedChannelStatus({ integration_steps: steps, next_step: next }),
    makeIntegratedChannelStatus({
      channel: 'bing',
      state: 'none',
      connected: false,
      account_id: null,
      account_name: null,
      integration_steps: [],
      next_step: 'link-account',
    }),
    makeIntegratedChannelStatus({
      channel: 'facebook',
      state: 'none',
      connected: false,
      account_id: null,
      account_name: null,
      integration_steps: [],
      next_step: 'link-account',
    }),
  ];
const MARKETS = {
  channel: 'google' as const,
  countries: [
    { code: 'DE', name: 'Germany', flag: '🇩🇪', languages: ['de', 'en'], currencies: ['EUR'] },
    { code: 'US', name: 'United States', flag: '🇺🇸', languages: ['en', 'es'], currencies: ['USD'] },
  ],
  languages: [
    { code: 'en', name: 'English' },
    { code: 'de', name: 'German' },
    { code: 'es', name: 'Spanish' },
  ],
  currencies: [
    { code: 'EUR', name: 'Euro' },
    { code: 'USD', name: 'US Dollar' },
  ],
  selected: null,
  suggested: { country: 'US', language: 'en', currency: 'USD' },
  integration_once_completed: false,
};

describe('/sync-shop/{shop_id} progress', () => {
  it('shows Google’s steps and resumes at the first not done (Microsoft and Meta have their own cards)', async () => {
    renderApp('/sync-shop/s1', {
      ...base,
      'channels.googleConnection': () => connected(['link-account', 'target-market']),
      'channelWizard.status': statusOf(['link-account', 'target-market'], 'destination-validation'),
    });
    expect(await screen.findByText('Next: Destinations')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue setup' }).getAttribute('href')).toBe(
      '/destination-validation/s1',
    );
    expect(screen.getByRole('navigation', { name: 'Google integration steps' }).textContent).toContain(
      'Target market',
    );
    // One progress card: Google's (bing-facebook.test.tsx covers the Microsoft and Meta cards).
    expect(screen.getAllByRole('link', { name: 'Continue setup' })).toHaveLength(1);
  });
});

describe('Google wizard steps', () => {
  it('target market: offers what Google sells to, keeps language and currency consistent, then goes on', async () => {
    const { calls, router } = renderApp('/target-market/s1/google', {
      ...base,
      'channelWizard.status': statusOf(['link-account'], 'target-market'),
      'channelWizard.targetMarketData': () => MARKETS,
      'channelWizard.selectTargetMarket': () => ({
        message: 'Target market saved.',
        connection: connected(['link-account', 'target-market']),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Choose your target market' })).toBeTruthy();
    const country = await screen.findByLabelText('Target country');
    expect((country as HTMLSelectElement).value).toBe('US');
    await userEvent.selectOptions(country, 'DE');
    expect((screen.getByLabelText('Currency') as HTMLSelectElement).value).toBe('EUR');
    expect(
      [...(screen.getByLabelText('Content language') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['', 'en', 'de']);
    await userEvent.selectOptions(screen.getByLabelText('Content language'), 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Target market saved.')).toBeTruthy();
    expect(inputOf(calls, 'channelWizard.selectTargetMarket')).toEqual({
      shop_id: 's1',
      channel: 'google',
      country: 'DE',
      language: 'de',
      currency: 'EUR',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/destination-validation/s1'));
  });

  it('target market: says a missing country before calling the api', async () => {
    const { calls } = renderApp('/target-market/s1/google', {
      ...base,
      'channelWizard.status': statusOf(['link-account'], 'target-market'),
      'channelWizard.targetMarketData': () => MARKETS,
    });
    await userEvent.selectOptions(await screen.findByLabelText('Target country'), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Target country is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'channelWizard.selectTargetMarket')).toBe(false);
  });

  it('destinations: says what is missing and holds the step until one serves the market', async () => {
    let ready = false;
    const { calls, router } = renderApp('/destination-validation/s1', {
      ...base,
      'channelWizard.status': statusOf(['link-account', 'target-market'], 'destination-validation'),
      'channelWizard.destinations': () => ({
        target_country: 'US',
        ready,
        missing: ready
          ? []
          : ['No destination of your Merchant Center account is enabled for United States.'],
        destinations: [
          {
            program: 'free-listings',
            label: 'Free listings',
            state: ready ? ('ENABLED' as const) : ('ELIGIBLE' as const),
            active_countries: ready ? ['US'] : [],
            serves_target_country: ready,
            unmet_requirements: [],
            documentation_url: null,
          },
        ],
      }),
      'channelWizard.captureStep': () => ({
        message: 'The destination validation step is done.',
        connection: connected(['link-account', 'target-market', 'destination-validation']),
        next_step: 'domain-verification' as const,
      }),
    });
    expect(await screen.findByText(/No destination of your Merchant Center account/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    ready = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Enabled for United States')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(inputOf(calls, 'channelWizard.captureStep')).toEqual({
      shop_id: 's1',
      channel: 'google',
      step: 'destination-validation',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/domain-verification/s1'));
  });

  it('domain verification: choose a method, place the token, verify, continue', async () => {
    let claimed = false;
    const { calls, router } = renderApp('/domain-verification/s1', {
      ...base,
      'channelWizard.status': statusOf(
        ['link-account', 'target-market', 'destination-validation'],
        'domain-verification',
      ),
      'channels.websiteClaim': () => ({
        website_url: 'https://rivera-kitchen.example/',
        claimed,
        shop_url: 'https://www.rivera-kitchen.example',
        matches_shop: true,
      }),
      'channelWizard.verificationToken': ({ method = 'META' }) => ({
        website_url: 'https://rivera-kitchen.example/',
        method,
        token: 'google0123456789abcdef.html',
        file_content: 'google-site-verification: google0123456789abcdef.html',
        claimed: false,
      }),
      'channelWizard.reVerify': () => {
        claimed = true;
        return {
          message: 'Your website is verified and claimed in Merchant Center.',
          verification: {
            website_url: 'https://rivera-kitchen.example/',
            method: 'FILE' as const,
            verified: true,
            claimed: true,
          },
        };
      },
      'channelWizard.captureStep': () => ({
        message: 'The domain verification step is done.',
        connection: connected([
          'link-account',
          'target-market',
          'destination-validation',
          'domain-verification',
        ]),
        next_step: 'shipping-validation' as const,
      }),
    });
    expect(await screen.findByText('Not claimed')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Verify your website' }));
    await userEvent.click(await screen.findByRole('radio', { name: /HTML file upload/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?method=FILE'));
    expect((await screen.findByTestId('verification-token')).textContent).toBe(
      'google-site-verification: google0123456789abcdef.html',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify website' }));
    expect(await screen.findByText('Your website is verified and claimed in Merchant Center.')).toBeTruthy();
    expect(inputOf(calls, 'channelWizard.reVerify')).toEqual({ shop_id: 's1', method: 'FILE' });
    expect(await screen.findByText('Claimed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping-validation/s1'));
  });

  it("domain verification: an account website that is not the store's says so and offers the change popup", async () => {
    let website = 'https://rivera-outdoor.example/';
    const { calls } = renderApp('/domain-verification/s1', {
      ...base,
      'channelWizard.status': statusOf(
        ['link-account', 'target-market', 'destination-validation'],
        'domain-verification',
      ),
      'channels.websiteClaim': () => ({
        website_url: website,
        claimed: true,
        shop_url: 'https://northwind-apparel.example',
        matches_shop: website.includes('northwind-apparel'),
      }),
      'channels.overrideWebsiteUrl': ({ website_url }) => {
        website = website_url;
        return {
          message: 'Website updated in Merchant Center.',
          claim: { website_url, claimed: true, shop_url: 'https://northwind-apparel.example', matches_shop: true },
        };
      },
    });
    expect(await screen.findByText('Not your store’s website')).toBeTruthy();
    expect(
      screen.getByText(/website is rivera-outdoor\.example, but this store and its product links are at northwind-apparel\.example/),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Change website address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change website address' });
    expect((within(dialog).getByLabelText('Website URL') as HTMLInputElement).value).toBe(
      'https://northwind-apparel.example',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save website' }));
    expect(await screen.findByText('Website updated in Merchant Center.')).toBeTruthy();
    expect(inputOf(calls, 'channels.overrideWebsiteUrl')).toEqual({
      shop_id: 's1',
      website_url: 'https://northwind-apparel.example',
    });
    expect(await screen.findByText('Claimed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shipping: without account shipping the merchant confirms products carry their own', async () => {
    const { calls, router } = renderApp('/shipping-validation/s1', {
      ...base,
      'channelWizard.status': statusOf(
        ['link-account', 'target-market', 'destination-validation', 'domain-verification'],
        'shipping-validation',
      ),
      'channels.shippingSettings': () => ({
        has_shipping: false,
        target_country: 'US',
        covers_target_country: false,
        services: [],
      }),
      'channelWizard.captureStep': () => ({
        message: 'The shipping validation step is done.',
        connection: connected([
          'link-account',
          'target-market',
          'destination-validation',
          'domain-verification',
          'shipping-validation',
        ]),
        next_step: 'feed-config' as const,
      }),
    });
    expect(await screen.findByText(/No active shipping service delivers to US/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Every product of this store carries its own shipping' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(inputOf(calls, 'channelWizard.captureStep')).toEqual({
      shop_id: 's1',
      channel: 'google',
      step: 'shipping-validation',
      products_carry_shipping: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/google/feed-config/s1'));
  });

  it('a step says what went wrong and tries again', async () => {
    let fail = true;
    renderApp('/shipping-validation/s1', {
      ...base,
      'channelWizard.status': statusOf(['link-account'], 'target-market'),
      'channels.shippingSettings': () => {
        if (fail)
          throw new TrpcTestError('BAD_GATEWAY', 'Google did not answer. Please try again in a few minutes.');
        return { has_shipping: true, target_country: 'US', covers_target_country: true, services: [] };
      },
    });
    expect(
      await screen.findByText('Google did not answer. Please try again in a few minutes.', {
        selector: '[role=alert]',
      }),
    ).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Shipping to US is set up in Merchant Center.')).toBeTruthy();
  });
});
