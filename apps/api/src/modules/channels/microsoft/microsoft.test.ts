// Connecting a shop to Microsoft Merchant Center and submitting through the Content API, against the
// sandbox's Microsoft (identity platform consent page, Customer/Campaign Management, Content API) started in
// this process: the real protocol, no mocks. Faults come from its /__control/microsoft.
import { ChannelItem, type TProduct } from '@feedloom/catalog';
import type { TChannelConnection, TChannelFeedSetting, TMicrosoftAdsAccount, TMicrosoftDomain, TMicrosoftStore } from '@feedloom/contracts';
import { EDITORIAL_REVIEW_MARKER, MSADS_SCOPE, type TGoogleControlInput } from '@feedloom/sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channel_connections, notifications } from '../../../db/schema';
import type { TServices } from '../../../services';
import { ownerWithOrg } from '../../../test/org-fixtures';
import { shopsRepo } from '../../shops/repo';
import { APP_URL, useSandbox } from '../../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../../test/test-app';
import { CHANNELS_MSG } from '../messages';
import { WIZARD_MSG } from '../wizard-messages';
import { MICROSOFT_MSG } from './service';

const JORDAN = 'jordan.kim@outlook.sandbox.test';
const CASEY = 'casey.morgan@outlook.sandbox.test';

const sandbox = useSandbox('microsoft');
const control = (input: TGoogleControlInput) => sandbox.control('microsoft', input);
const consent = (authUrl: string, account = JORDAN) => sandbox.consent('microsoft', authUrl, account);

const item = (offerId: string, source: Record<string, unknown> = {}) => {
  const product: TProduct = {
    id: offerId,
    offer_id: offerId,
    source: {
      title: `Kettle ${offerId}`,
      description: 'A stainless steel kettle that boils 1.7 litres in three minutes.',
      link: `https://kim-home.example/p/${offerId}`,
      image_link: `https://kim-home.example/i/${offerId}.jpg`,
      availability: 'in_stock',
      condition: 'new',
      price: { value: 39.99, currency: 'USD' },
      brand: 'Acme',
      gtin: '4006381333931',
      mpn: 'AK-17',
      google_product_category: '222',
      ...source,
    },
    overrides: {},
    rules: {},
    variants: [],
  };
  return new ChannelItem(product);
};

describe.each(DRIVERS)('connecting Microsoft on %s', (driver) => {
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      register: (_app, s) => void (services = s),
      env: sandbox.env('microsoft'),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await control({ reset: true });
  });

  const authUrl = async (token: string, shopId: string) => {
    const res = await t.call<{ auth_url: string }>('GET', `/microsoft-auth/shop/${shopId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.auth_url;
  };
  const callback = (token: string, q: { code: string; state: string }) =>
    t.call<TChannelConnection>('GET', `/microsoft-auth-callback?${new URLSearchParams(q)}`, { token });
  /** Connected as `account`; the shop is at `shopUrl` (by default Jordan's verified store's website). */
  const connected = async (account = JORDAN, shopUrl = 'https://kim-home.example') => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = (await shopsRepo(t.database.db).update(owner.org.id, owner.shops[0]!.id, { shop_url: shopUrl }))!;
    const res = await callback(owner.token, await consent(await authUrl(owner.token, shop.id), account));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { owner, shop, connection: res.body.data };
  };
  const selectStore = async (token: string, shopId: string, storeId = '510001') => {
    const res = await t.call<TChannelConnection>('POST', `/microsoft-select-merchant-center/shop/${shopId}`, {
      token,
      body: { customer_id: '81001', account_id: '91001', store_id: storeId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** The wizard's target market step: one endpoint and one validation for every channel. */
  const selectMarket = (token: string, shopId: string, market: { country: string; language: string; currency: string }) =>
    t.call<TChannelConnection>('POST', `/select-target-market/${shopId}`, { token, body: { channel: 'bing', ...market } });
  /** Connected as Jordan, store chosen, target market US/en/USD: the catalog client of the connection. */
  const catalogClient = async () => {
    const { owner, shop } = await connected();
    await selectStore(owner.token, shop.id);
    expect((await t.call('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token })).status).toBe(200);
    const saved = await selectMarket(owner.token, shop.id, { country: 'US', language: 'en', currency: 'USD' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    return { owner, shop, client: services.channels.microsoftCatalogClient(row!), rowId: row!.id };
  };

  it('hands out a consent URL for msads.manage with offline_access, PKCE and a state', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const url = new URL(await authUrl(owner.token, owner.shops[0]!.id));
    expect(url.origin + url.pathname).toBe(`${sandbox.url()}/microsoft/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'feedloom-microsoft',
      redirect_uri: `${APP_URL}/microsoft-callback`,
      response_type: 'code',
      scope: `${MSADS_SCOPE} offline_access`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
  });

  it('walks the wizard: accounts, stores, store choice, domain verification, target market, feed settings', async () => {
    const { owner, shop, connection } = await connected();
    expect(connection).toMatchObject({ channel: 'bing', state: 'authorized', account_id: null });
    expect(JSON.stringify(connection)).not.toMatch(/token/i);
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row!.refresh_token).toMatch(/^v1\./);

    const accounts = await t.call<TMicrosoftAdsAccount[]>('GET', `/microsoft-get-ads-accounts/shop/${shop.id}`, { token: owner.token });
    expect(accounts.body.data).toEqual([
      { account_id: '91001', account_name: 'Kim Home Goods', account_number: 'F1201001', customer_id: '81001', currency: 'USD' },
      { account_id: '91002', account_name: 'Kim Outdoor', account_number: 'F1201002', customer_id: '81001', currency: 'USD' },
    ]);
    const stores = await t.call<TMicrosoftStore[]>(
      'GET',
      `/microsoft-get-merchant-center/shop/${shop.id}?account_id=91001&customer_id=81001`,
      { token: owner.token },
    );
    expect(stores.body.data.map((s) => [s.store_id, s.domain_verified, s.matches_shop])).toEqual([
      ['510001', true, true],
      ['510002', false, false],
    ]);
    // Another customer's store is not the user's to choose.
    const foreign = await t.call('GET', `/microsoft-get-merchant-center/shop/${shop.id}?account_id=91003&customer_id=81002`, {
      token: owner.token,
    });
    expect(foreign.status).toBe(404);
    const wrongStore = await t.call('POST', `/microsoft-select-merchant-center/shop/${shop.id}`, {
      token: owner.token,
      body: { customer_id: '81001', account_id: '91001', store_id: '999' },
    });
    expect(wrongStore.body).toMatchObject({ code: 404, message: MICROSOFT_MSG.storeNotAvailable });

    // Feed settings before a target market: refused.
    const early = await t.call('POST', `/microsoft-feed-setting/${shop.id}`, { token: owner.token, body: { feed_schedule: 'daily' } });
    expect(early.body).toMatchObject({ code: 409 });

    const chosen = await selectStore(owner.token, shop.id, '510002');
    expect(chosen).toMatchObject({ state: 'connected', account_id: '510002', account_name: 'Kim Outdoor Store', integration_steps: ['link-account'] });
    const unverified = await t.call<TMicrosoftDomain>('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token });
    expect(unverified.body).toMatchObject({
      code: 200,
      message: MICROSOFT_MSG.storeNotShop('unverified.kim-outdoor.example', 'kim-home.example'),
      data: { verified: false, matches_shop: false, shop_url: 'https://kim-home.example' },
    });
    // The target market comes after the domain verification.
    const tooEarly = await selectMarket(owner.token, shop.id, { country: 'US', language: 'en', currency: 'USD' });
    expect(tooEarly.body).toMatchObject({ code: 409, message: WIZARD_MSG.finishFirst('domain-verification') });

    await selectStore(owner.token, shop.id, '510001');
    const verified = await t.call<TMicrosoftDomain>('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token });
    expect(verified.body).toMatchObject({ message: MICROSOFT_MSG.domainVerified, data: { store_url: 'https://kim-home.example/', verified: true } });
    // Choosing the other store again asks for its domain again.
    expect(await selectStore(owner.token, shop.id, '510002')).toMatchObject({ integration_steps: ['link-account'] });
    await selectStore(owner.token, shop.id, '510001');
    expect((await t.call('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token })).body.data).toMatchObject({ verified: true });

    // Microsoft's markets, not Google's: Brazil is one of Google's countries only.
    const badMarket = await selectMarket(owner.token, shop.id, { country: 'BR', language: 'pt', currency: 'BRL' });
    expect(badMarket.body).toMatchObject({ code: 400, message: WIZARD_MSG.countryNotSold('bing', 'BR') });
    const badCurrency = await selectMarket(owner.token, shop.id, { country: 'GB', language: 'en', currency: 'USD' });
    expect(badCurrency.status).toBe(400);
    // The old way in is gone: the feed settings take no target market.
    const viaFeed = await t.call('POST', `/microsoft-feed-setting/${shop.id}`, {
      token: owner.token,
      body: { target_market: { country: 'US', language: 'en', currency: 'USD' } },
    });
    expect(viaFeed.status).toBe(400);
    const market = await selectMarket(owner.token, shop.id, { country: 'US', language: 'en', currency: 'USD' });
    expect(market.body).toMatchObject({
      message: WIZARD_MSG.targetMarketSaved,
      // The feed settings start from valid defaults: the last step is done once the market is chosen.
      data: {
        integration_steps: ['link-account', 'domain-verification', 'target-market', 'feed-config'],
        integration_once_completed: true,
      },
    });
    const feed = await t.call<TChannelFeedSetting>('POST', `/microsoft-feed-setting/${shop.id}`, {
      token: owner.token,
      body: { feed_schedule: 'every_6_hours' },
    });
    expect(feed.body.data).toMatchObject({
      feed_schedule: 'every_6_hours',
      feed_enabled: true,
      target_market: { country: 'US', language: 'en', currency: 'USD' },
      connection: {
        integration_steps: ['link-account', 'domain-verification', 'target-market', 'feed-config'],
        integration_once_completed: true,
      },
    });
    const read = await t.call<TChannelFeedSetting>('GET', `/microsoft-feed-setting/${shop.id}`, { token: owner.token });
    expect(read.body.data.feed_schedule).toBe('every_6_hours');
    const record = await t.call<TChannelConnection>('GET', `/microsoft-get-integrated-account/shop/${shop.id}`, { token: owner.token });
    expect(record.body.data).toMatchObject({ channel: 'bing', account_id: '510001' });

    // Channel keys: the product list's bing_enabled follows the connection and its feed switch.
    const list = () => t.call<{ bing_enabled: boolean; google_enabled: boolean; fb_enabled: boolean }>('GET', `/products-data/${shop.id}`, { token: owner.token });
    expect((await list()).body.data).toMatchObject({ bing_enabled: true, google_enabled: false, fb_enabled: false });
    await t.call('POST', `/microsoft-feed-setting/${shop.id}`, { token: owner.token, body: { feed_enabled: false } });
    expect((await list()).body.data).toMatchObject({ bing_enabled: false });
  });

  it('refuses a state of another user, a used state, and text with control characters', async () => {
    const { owner, shop } = await connected();
    const again = await callback(owner.token, { code: 'x', state: 'not-a-state-we-issued' });
    expect(again.body).toMatchObject({ code: 400, message: CHANNELS_MSG.stateInvalid });
    const nul = await t.call('GET', `/microsoft-get-merchant-center/shop/${shop.id}?account_id=91001%00&customer_id=81001`, { token: owner.token });
    expect(nul.status).toBe(400);
  });

  it('a user with no store sees an empty list', async () => {
    const { owner, shop } = await connected(CASEY);
    const stores = await t.call<TMicrosoftStore[]>('GET', `/microsoft-get-merchant-center/shop/${shop.id}?account_id=91003&customer_id=81002`, {
      token: owner.token,
    });
    expect(stores.body.data).toEqual([]);
  });

  it('inserts in batches of at most 300, deletes, and pulls statuses: a missing description is disapproved', async () => {
    const { client } = await catalogClient();
    // The sandbox's store outlives one driver's run: this run's items carry its own prefix.
    const p = `${driver}-`;
    const mine = async () => (await client.listStatuses()).filter((s) => s.offer_id.startsWith(p));
    const items = Array.from({ length: 301 }, (_, i) => item(`${p}SKU-${i}`));
    items.push(item(`${p}NO-DESC`, { description: undefined }));
    // Valid for our rules; Microsoft's editorial review (only it sees that) refuses the description.
    items.push(item(`${p}EDITORIAL`, { description: `A kettle. ${EDITORIAL_REVIEW_MARKER}` }));
    const before = await control({});
    const outcomes = await client.insertBatch(items);
    expect(outcomes).toHaveLength(303);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes[0]).toMatchObject({ offer_id: `${p}SKU-0`, item_id: `Online:en:US:${p}SKU-0` });
    const after = await control({});
    expect((after.calls.byRoute['POST products/batch'] ?? 0) - (before.calls.byRoute['POST products/batch'] ?? 0)).toBe(2);

    const statuses = await mine();
    expect(statuses).toHaveLength(303);
    expect(statuses.find((s) => s.offer_id === `${p}SKU-0`)).toMatchObject({ status: 'approved' });
    const bad = statuses.find((s) => s.offer_id === `${p}NO-DESC`);
    expect(bad?.status).toBe('disapproved');
    expect(bad?.issues.some((i) => i.attribute === 'description' && i.severity === 'error')).toBe(true);
    const editorial = statuses.find((s) => s.offer_id === `${p}EDITORIAL`);
    expect(editorial).toMatchObject({ status: 'disapproved' });
    expect(editorial?.issues.map((i) => i.code)).toEqual(['editorial_review']);

    const deleted = await client.deleteBatch([`${p}SKU-0`, `${p}NEVER-SENT`]);
    expect(deleted.map((d) => [d.offer_id, d.ok])).toEqual([
      [`${p}SKU-0`, true],
      [`${p}NEVER-SENT`, false],
    ]);
    expect((await mine()).length).toBe(302);
  });

  it('is a sync engine channel: a run of the linked store succeeds (nothing to send in an empty shop)', async () => {
    const { rowId } = await catalogClient();
    expect(await services.syncEngine.runSync(rowId, 'manual')).toMatchObject({ status: 'succeeded', considered: 0, sent: 0 });
  });

  it('retries 429 and 5xx with backoff, and gives up with a 502 message after the attempts', async () => {
    const { client, owner, shop } = await catalogClient();
    await control({ fail_next: { count: 3, status: 429, retry_after_seconds: 0 } });
    expect((await client.insertBatch([item('A')]))[0]?.ok).toBe(true);
    await control({ fail_next: { count: 10, status: 503 } });
    const res = await t.call('GET', `/microsoft-get-ads-accounts/shop/${shop.id}`, { token: owner.token });
    expect(res.body).toMatchObject({ code: 502, message: CHANNELS_MSG.channelFailed('bing') });
    await control({ reset: true });
  });

  it('refreshes an expired access token once; a revoked refresh token disconnects the shop', async () => {
    const { client, owner, shop } = await catalogClient();
    await control({ expire_access_tokens: true });
    expect((await client.insertBatch([item('B')]))[0]?.ok).toBe(true);
    expect((await control({})).token_refreshes).toBe(1);

    await control({ expire_access_tokens: true, revoke_refresh_tokens: true });
    const res = await t.call('GET', `/microsoft-get-ads-accounts/shop/${shop.id}`, { token: owner.token });
    expect(res.body).toMatchObject({ code: 409, message: CHANNELS_MSG.authorisationRefused('bing') });
    const record = await t.call<TChannelConnection>('GET', `/microsoft-get-integrated-account/shop/${shop.id}`, { token: owner.token });
    expect(record.body.data).toMatchObject({ state: 'disconnected', disconnected_reason: CHANNELS_MSG.authorisationRefused('bing') });
    const refusedNotes = await t.database.db
      .select({ category: notifications.category, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.shop_id, shop.id), eq(notifications.notification_type, 'channel_authorisation_refused')));
    expect(refusedNotes).toEqual([{ category: 'critical', link: `/link-account/bing/${shop.id}` }]);
  });

  it('disconnects: the tokens are forgotten, the store and steps stay, the calls stop; signed out it is refused', async () => {
    const { owner, shop } = await catalogClient();
    const signedOut = await t.call('POST', `/disconnect-account/${shop.id}?channel=bing`, {});
    expect(signedOut.status).toBe(401);
    const res = await t.call<TChannelConnection>('POST', `/disconnect-account/${shop.id}?channel=bing`, { token: owner.token });
    expect(res.body).toMatchObject({
      code: 200,
      message: CHANNELS_MSG.disconnected('bing'),
      data: {
        state: 'disconnected',
        account_id: '510001',
        integration_steps: ['link-account', 'domain-verification', 'target-market', 'feed-config'],
      },
    });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row).toMatchObject({ refresh_token: null, access_token: null });
    const again = await t.call('GET', `/microsoft-get-ads-accounts/shop/${shop.id}`, { token: owner.token });
    expect(again.body).toMatchObject({ code: 409, message: CHANNELS_MSG.notConnected('bing') });
    expect((await t.call('POST', `/disconnect-account/${shop.id}?channel=bing`, { token: owner.token })).status).toBe(409);
  });

  it("never takes a store on another site than the shop's, verified or not, for its domain step", async () => {
    const { owner, shop } = await connected(JORDAN, 'https://www.northwind-apparel.example');
    const stores = await t.call<TMicrosoftStore[]>(
      'GET',
      `/microsoft-get-merchant-center/shop/${shop.id}?account_id=91001&customer_id=81001`,
      { token: owner.token },
    );
    expect(stores.body.data.map((s) => [s.store_id, s.domain_verified, s.matches_shop])).toEqual([
      ['510001', true, false],
      ['510002', false, false],
    ]);
    await selectStore(owner.token, shop.id, '510001');
    const notOurs = MICROSOFT_MSG.storeNotShop('kim-home.example', 'northwind-apparel.example');
    const verify = await t.call<TMicrosoftDomain>('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token });
    expect(verify.body).toMatchObject({ message: notOurs, data: { verified: true, matches_shop: false } });
    const captured = await t.call('POST', `/capture-integration-steps/${shop.id}`, {
      token: owner.token,
      body: { channel: 'bing', step: 'domain-verification' },
    });
    expect(captured.body).toMatchObject({ code: 409, message: notOurs });
    const record = await t.call<TChannelConnection>('GET', `/microsoft-get-integrated-account/shop/${shop.id}`, { token: owner.token });
    expect(record.body.data.integration_steps).toEqual(['link-account']);

    // A store on the shop's own website whose domain Microsoft has not verified yet: said so.
    await shopsRepo(t.database.db).update(owner.org.id, shop.id, { shop_url: 'https://unverified.kim-outdoor.example' });
    await selectStore(owner.token, shop.id, '510002');
    const pending = await t.call<TMicrosoftDomain>('GET', `/microsoft-verify-store-domain/${shop.id}`, { token: owner.token });
    expect(pending.body).toMatchObject({ message: MICROSOFT_MSG.domainNotVerified, data: { verified: false, matches_shop: true } });
  });

  it('another organisation cannot reach the shop', async () => {
    const { shop } = await connected();
    const other = await ownerWithOrg(t, 'other@example.com', 'Other');
    const res = await t.call('GET', `/microsoft-get-ads-accounts/shop/${shop.id}`, { token: other.token });
    expect(res.status).toBe(404);
  });
});
