// The integration wizard after the account link, against the sandbox's Google started in this
// process: target market, destinations (Merchant API programs), domain verification (Site Verification API
// and homepage:claim), shipping validation, the steps recorded in order, each channel's status, the taxonomy.
import type {
  TChannelConnection,
  TDestinationValidation,
  TGoogleTaxonomy,
  TIntegratedChannelStatus,
  TSiteVerificationToken,
  TTargetMarketSelectionData,
  TWebsiteVerification,
} from '@feedloom/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { shopsRepo } from '../shops/repo';
import { useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { CHANNELS_MSG } from './messages';
import { WIZARD_MSG } from './wizard-messages';

const ALEX = 'alex.rivera@gmail.sandbox.test';
const SAM = 'sam.lee@gmail.sandbox.test';
/** Alex's accounts: Outdoor (claimed, shipping, both programs) and Kitchen (unclaimed, no shipping). */
const OUTDOOR = '5550001001';
const KITCHEN = '5550001002';
/** Sam's Outlet: nothing enabled, a website that never verifies. */
const OUTLET = '5550002002';
/** Each account's website in Merchant Center (Outdoor's store is written with www.: the same site). */
const WEBSITE: Record<string, string> = {
  [OUTDOOR]: 'https://www.rivera-outdoor.example',
  [KITCHEN]: 'https://rivera-kitchen.example',
  [OUTLET]: 'https://unverified.lee-outlet.example',
};

const sandbox = useSandbox('wizard');
/** The sandbox's consent page, as the browser answers it: choose the account, allow. */
const consent = (authUrl: string, account: string) => sandbox.consent('google', authUrl, account);

describe.each(DRIVERS)('the Google integration wizard on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: {
        ...sandbox.env('google'),
        GOOGLE_API_MAX_ATTEMPTS: 2,
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await sandbox.control('google', { reset: true, reset_websites: true });
  });

  const call = <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    t.call<T>(method, url, { token, ...(body === undefined ? {} : { body }) });

  /**
   * Owner with two shops; Google connected to the first as `account` with Merchant Center `merchant` chosen. The
   * shop is at `shopUrl`: by default the Merchant Center account's own website.
   */
  const linked = async (account = ALEX, merchant = KITCHEN, shopUrl = WEBSITE[merchant]!) => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = (await shopsRepo(t.database.db).update(owner.org.id, owner.shops[0]!.id, { shop_url: shopUrl }))!;
    const auth = await call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shop.id}`, owner.token);
    const back = await call<TChannelConnection>(
      'GET',
      `/google-callback?${new URLSearchParams(await consent(auth.body.data.auth_url, account))}`,
      owner.token,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const chosen = await call(
      'GET',
      `/merchant-account-info/shop/${shop.id}/merchant/${merchant}`,
      owner.token,
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    return { owner, shop, other: owner.shops[1]! };
  };
  const selectMarket = (token: string, shopId: string, body: Record<string, unknown>) =>
    call<TChannelConnection>('POST', `/select-target-market/${shopId}`, token, body);
  const capture = (token: string, shopId: string, step: string, extra: Record<string, unknown> = {}) =>
    call<{ connection: TChannelConnection; next_step: string | null }>(
      'POST',
      `/capture-integration-steps/${shopId}`,
      token,
      {
        channel: 'google',
        step,
        ...extra,
      },
    );
  const status = async (token: string, shopId: string) => {
    const res = await call<TIntegratedChannelStatus[]>('GET', `/integrated-channel-status/${shopId}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('goes through every step in order, resumes at the first step not done, and completes once', async () => {
    const { owner, shop } = await linked();
    const google = () => status(owner.token, shop.id).then((all) => all.find((s) => s.channel === 'google')!);
    expect(await google()).toMatchObject({
      connected: true,
      account_id: KITCHEN,
      next_step: 'target-market',
    });

    // Target market: what Google sells to, defaulting to en / US with the store's currency when it fits.
    const data = await call<TTargetMarketSelectionData>(
      'GET',
      `/get-target-market-selection-data/${shop.id}?channel=google`,
      owner.token,
    );
    expect(data.status).toBe(200);
    expect(data.body.data.selected).toBeNull();
    expect(data.body.data.suggested).toMatchObject({ country: 'US', language: 'en' });
    expect(data.body.data.countries).toContainEqual(
      expect.objectContaining({ code: 'DE', name: 'Germany', languages: ['de', 'en'], currencies: ['EUR'] }),
    );
    const saved = await selectMarket(owner.token, shop.id, {
      channel: 'google',
      country: 'US',
      language: 'en',
      currency: 'USD',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(WIZARD_MSG.targetMarketSaved);
    expect(saved.body.data.target_market).toEqual({ country: 'US', language: 'en', currency: 'USD' });
    expect((await google()).next_step).toBe('destination-validation');

    // Destinations: Kitchen has free listings in the US; Shopping ads lack a Google Ads link (said so).
    const dest = await call<TDestinationValidation>(
      'GET',
      `/destination-validation/shop/${shop.id}`,
      owner.token,
    );
    expect(dest.status).toBe(200);
    expect(dest.body.data.ready).toBe(true);
    expect(dest.body.data.destinations.map((d) => [d.program, d.state, d.serves_target_country])).toEqual([
      ['free-listings', 'ENABLED', true],
      ['shopping-ads', 'NOT_ELIGIBLE', false],
    ]);
    expect(dest.body.data.missing).toContain('Shopping ads: Link a Google Ads account (US).');
    // Out of order: domain verification before destinations is refused.
    const early = await capture(owner.token, shop.id, 'domain-verification');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(WIZARD_MSG.finishFirst('destination-validation'));
    expect((await capture(owner.token, shop.id, 'destination-validation')).body.data.next_step).toBe(
      'domain-verification',
    );

    // Domain verification: unclaimed until the token is placed and Google verifies it, then claimed.
    const unclaimed = await capture(owner.token, shop.id, 'domain-verification');
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.message).toBe(WIZARD_MSG.websiteNotClaimed);
    const notYet = await call('GET', `/re-verification/${shop.id}?method=META`, owner.token);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(WIZARD_MSG.notVerified('https://rivera-kitchen.example/'));
    const tag = await call<TSiteVerificationToken>(
      'GET',
      `/get-meta-tag/shop/${shop.id}?method=META`,
      owner.token,
    );
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    expect(tag.body.data).toMatchObject({
      website_url: 'https://rivera-kitchen.example/',
      method: 'META',
      claimed: false,
      file_content: null,
    });
    expect(tag.body.data.token).toMatch(/^<meta name="google-site-verification" content="[\w-]+" \/>$/);
    const file = await call<TSiteVerificationToken>(
      'GET',
      `/get-meta-tag/shop/${shop.id}?method=FILE`,
      owner.token,
    );
    expect(file.body.data.token).toMatch(/^google[0-9a-f]{16}\.html$/);
    expect(file.body.data.file_content).toBe(`google-site-verification: ${file.body.data.token}`);
    const verified = await call<TWebsiteVerification>(
      'GET',
      `/re-verification/${shop.id}?method=META`,
      owner.token,
    );
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.data).toEqual({
      website_url: 'https://rivera-kitchen.example/',
      method: 'META',
      verified: true,
      claimed: true,
    });
    expect((await capture(owner.token, shop.id, 'domain-verification')).status).toBe(200);

    // Shipping: Kitchen has none; the merchant may confirm that products carry their own.
    const shipping = await call<{ has_shipping: boolean; covers_target_country: boolean }>(
      'GET',
      `/shipping-settings/shop/${shop.id}`,
      owner.token,
    );
    expect(shipping.body.data).toMatchObject({
      has_shipping: false,
      target_country: 'US',
      covers_target_country: false,
    });
    const noShipping = await capture(owner.token, shop.id, 'shipping-validation');
    expect(noShipping.status).toBe(409);
    expect(noShipping.body.message).toBe(WIZARD_MSG.noShipping('United States'));
    const confirmed = await capture(owner.token, shop.id, 'shipping-validation', {
      products_carry_shipping: true,
    });
    // The feed configuration starts from valid defaults: reaching it completes the integration.
    expect(confirmed.body.message).toBe(WIZARD_MSG.integrationCompleted);
    expect(confirmed.body.data).toMatchObject({
      next_step: null,
      connection: { integration_once_completed: true },
    });
    expect(confirmed.body.data.connection.integration_steps).toContain('feed-config');
    expect(await google()).toMatchObject({ next_step: null, integration_once_completed: true });

    // Editing the market once completed: a new country sends the merchant through its checks again.
    const edit = await selectMarket(owner.token, shop.id, {
      channel: 'google',
      country: 'GB',
      language: 'en',
      currency: 'GBP',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ integration_once_completed: true });
    expect(edit.body.data.integration_steps).not.toContain('destination-validation');
    expect((await google()).next_step).toBe('destination-validation');
    const after = await call<TTargetMarketSelectionData>(
      'GET',
      `/get-target-market-selection-data/${shop.id}`,
      owner.token,
    );
    expect(after.body.data).toMatchObject({ selected: { country: 'GB' }, integration_once_completed: true });
  });

  it('refuses a target market the channel does not sell to, and the spec messages for missing fields', async () => {
    const { owner, shop } = await linked(ALEX, OUTDOOR);
    const missing = await selectMarket(owner.token, shop.id, {
      channel: 'google',
      country: '',
      language: 'en',
      currency: 'USD',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Target country is required.');
    expect((await selectMarket(owner.token, shop.id, { country: 'US', currency: 'USD' })).body.message).toBe(
      'Content language is required.',
    );
    expect((await selectMarket(owner.token, shop.id, { country: 'US', language: 'en' })).body.message).toBe(
      'Currency is required.',
    );
    const nowhere = await selectMarket(owner.token, shop.id, {
      country: 'KP',
      language: 'ko',
      currency: 'KPW',
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toBe(WIZARD_MSG.countryNotSold('google', 'KP'));
    const language = await selectMarket(owner.token, shop.id, {
      country: 'DE',
      language: 'fr',
      currency: 'EUR',
    });
    expect(language.body.message).toBe(WIZARD_MSG.languageNotAccepted('google', 'French', 'Germany'));
    const currency = await selectMarket(owner.token, shop.id, {
      country: 'DE',
      language: 'de',
      currency: 'USD',
    });
    expect(currency.body.message).toBe(WIZARD_MSG.currencyNotAccepted('google', 'USD', 'Germany'));
    const control = await selectMarket(owner.token, shop.id, {
      country: 'U\u0000',
      language: 'en',
      currency: 'USD',
    });
    expect(control.status).toBe(400);
    expect(control.body.message).toBe('Target country must not contain control characters.');
    const meta = await call(
      'GET',
      `/get-target-market-selection-data/${shop.id}?channel=facebook`,
      owner.token,
    );
    expect(meta.status).toBe(400);
    expect(meta.body.message).toBe(WIZARD_MSG.noTargetMarket('facebook'));
    expect((await capture(owner.token, shop.id, 'no-such-step')).status).toBe(400);
    // Outdoor has shipping to the US: the shipping step passes without a confirmation.
    await selectMarket(owner.token, shop.id, { country: 'US', language: 'en', currency: 'USD' });
    for (const step of ['destination-validation', 'domain-verification', 'shipping-validation']) {
      expect((await capture(owner.token, shop.id, step)).status, step).toBe(200);
    }
  });

  it("refuses the domain step while the account's website is another site than the store's, until it is changed", async () => {
    // Outdoor's website (rivera-outdoor.example) is claimed, but the store and its product links are elsewhere.
    const { owner, shop } = await linked(ALEX, OUTDOOR, 'https://northwind-apparel.example');
    await selectMarket(owner.token, shop.id, { country: 'GB', language: 'en', currency: 'GBP' });

    // Shopping ads are enabled for the US only: for a GB market that is said, not shown as enabled.
    const dest = await call<TDestinationValidation>('GET', `/destination-validation/shop/${shop.id}`, owner.token);
    expect(dest.body.data.destinations.map((d) => [d.program, d.state, d.serves_target_country])).toEqual([
      ['free-listings', 'ENABLED', true],
      ['shopping-ads', 'ENABLED', false],
    ]);
    expect(dest.body.data.missing).toEqual([
      WIZARD_MSG.notForTargetCountry('Shopping ads', ['US'], 'United Kingdom'),
    ]);
    expect((await capture(owner.token, shop.id, 'destination-validation')).status).toBe(200);

    const claim = await call('GET', `/get-website-claimed-status/shop/${shop.id}`, owner.token);
    expect(claim.body.data).toEqual({
      website_url: 'https://rivera-outdoor.example/',
      claimed: true,
      shop_url: 'https://northwind-apparel.example',
      matches_shop: false,
    });
    const notOurs = WIZARD_MSG.websiteNotShop('rivera-outdoor.example', 'northwind-apparel.example');
    const refused = await capture(owner.token, shop.id, 'domain-verification');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(notOurs);
    const reVerify = await call('GET', `/re-verification/${shop.id}?method=META`, owner.token);
    expect(reVerify.status).toBe(409);
    expect(reVerify.body.message).toBe(notOurs);

    // The store's own website, written with www.: the same site, claimed, and the step holds.
    const changed = await call('POST', `/override-website-url/shop/${shop.id}`, owner.token, {
      website_url: 'https://www.northwind-apparel.example/',
    });
    expect(changed.body).toMatchObject({
      message: CHANNELS_MSG.websiteUpdated,
      data: { website_url: 'https://www.northwind-apparel.example/', claimed: true, matches_shop: true },
    });
    expect((await capture(owner.token, shop.id, 'domain-verification')).status).toBe(200);
  });

  it('says what is missing when no destination serves the market and the website never verifies', async () => {
    const { owner, shop } = await linked(SAM, OUTLET);
    await selectMarket(owner.token, shop.id, { country: 'GB', language: 'en', currency: 'GBP' });
    const dest = await call<TDestinationValidation>(
      'GET',
      `/destination-validation/shop/${shop.id}`,
      owner.token,
    );
    expect(dest.body.data.ready).toBe(false);
    expect(dest.body.data.missing).toEqual([
      WIZARD_MSG.noDestination('United Kingdom'),
      'Free listings: Verify and claim your website (GB).',
      'Shopping ads: Link a Google Ads account (GB).',
    ]);
    const refused = await capture(owner.token, shop.id, 'destination-validation');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WIZARD_MSG.noDestination('United Kingdom'));
    expect((await call('GET', `/get-meta-tag/shop/${shop.id}`, owner.token)).status).toBe(200);
    const never = await call('GET', `/re-verification/${shop.id}?method=META`, owner.token);
    expect(never.status).toBe(409);
    expect(never.body.message).toBe(WIZARD_MSG.notVerified('https://unverified.lee-outlet.example/'));
    expect((await call('GET', `/re-verification/${shop.id}?method=DNS`, owner.token)).body.message).toBe(
      'Verification method must be META or FILE',
    );
  });

  it('reports every channel, and Google failing as a 502 without detail', async () => {
    const { owner, shop, other } = await linked(ALEX, OUTDOOR);
    const all = await status(owner.token, shop.id);
    expect(all.map((s) => [s.channel, s.state, s.next_step])).toEqual([
      ['google', 'connected', 'target-market'],
      ['bing', 'none', 'link-account'],
      ['facebook', 'none', 'link-account'],
    ]);
    expect(all[0]).toMatchObject({
      account_name: 'Rivera Outdoor',
      feed_enabled: true,
      steps: expect.arrayContaining(['shipping-validation']),
    });
    expect((await status(owner.token, other.id))[0]).toMatchObject({ state: 'none', connected: false });
    // Not connected: the steps that need Google say so.
    expect((await call('GET', `/destination-validation/shop/${other.id}`, owner.token)).body.message).toBe(
      CHANNELS_MSG.notConnected('google'),
    );
    await sandbox.control('google', { fail_next: { count: 5, status: 503 } });
    const down = await call('GET', `/destination-validation/shop/${shop.id}`, owner.token);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe(CHANNELS_MSG.channelFailed('google'));
  });

  it("answers another organisation's store as not found, and a reader may look but not record", async () => {
    const { owner, shop } = await linked(ALEX, OUTDOOR);
    const stranger = await ownerWithOrg(t, 'stranger@example.com', 'Other');
    for (const [method, url, body] of [
      ['GET', `/integrated-channel-status/${shop.id}`],
      ['GET', `/get-target-market-selection-data/${shop.id}`],
      ['POST', `/select-target-market/${shop.id}`, { country: 'US', language: 'en', currency: 'USD' }],
      ['GET', `/destination-validation/shop/${shop.id}`],
      ['GET', `/get-meta-tag/shop/${shop.id}`],
      ['GET', `/re-verification/${shop.id}`],
      ['POST', `/capture-integration-steps/${shop.id}`, { step: 'target-market' }],
    ] as const) {
      const res = await call(method, url, stranger.token, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message, url).toBe(CHANNELS_MSG.storeNotFound);
    }
    const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['store_management'], null);
    expect((await status(reader.token, shop.id))[0]!.connected).toBe(true);
    expect(
      (await selectMarket(reader.token, shop.id, { country: 'US', language: 'en', currency: 'USD' })).status,
    ).toBe(403);
  });

  it('serves the Google product taxonomy, searchable and paginated, en-US by default', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const page = await call<TGoogleTaxonomy>('GET', '/google-taxonomy?limit=5', owner.token);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ lang_code: 'en', country_code: 'US' });
    expect(page.body.data.data).toHaveLength(5);
    expect(page.body.data.total_records).toBeGreaterThan(5000);
    const found = await call<TGoogleTaxonomy>(
      'GET',
      '/google-taxonomy?search=sunglasses&country_code=US&lang_code=en',
      owner.token,
    );
    expect(found.body.data.data).toContainEqual({
      id: 178,
      name: 'Sunglasses',
      full_path: 'Apparel & Accessories > Clothing Accessories > Sunglasses',
    });
    const second = await call<TGoogleTaxonomy>(
      'GET',
      '/google-taxonomy?search=clothing&limit=5&page=2',
      owner.token,
    );
    expect(second.body.data.data.length).toBeGreaterThan(0);
    expect(second.body.data.data[0]).not.toEqual(
      (await call<TGoogleTaxonomy>('GET', '/google-taxonomy?search=clothing&limit=5&page=1', owner.token))
        .body.data.data[0],
    );
    expect((await call('GET', `/google-taxonomy?search=${'x'.repeat(300)}`, owner.token)).status).toBe(400);
  });
});
