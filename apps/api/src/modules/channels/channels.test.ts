// Connecting a shop to Google against the sandbox's Google (OAuth consent page, token endpoint, Merchant API
// v1), started in this process: the real protocol, no mocks. Faults come from its /__control/google.
import type { TChannelConnection, TMerchantAccount } from '@feedloom/contracts';
import { CONTENT_SCOPE, SITE_VERIFICATION_SCOPE, type TGoogleControlInput } from '@feedloom/sandbox/testing';
import { MODULES } from '@feedloom/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channel_connections } from '../../db/schema';
import { createCipher } from '../../lib/crypto';
import { memberOf, ownerWithOrg } from '../../test/org-fixtures';
import { APP_URL, useSandbox } from '../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { testEnv } from '../../env';
import { CHANNELS_MSG } from './messages';

const ALEX = 'alex.rivera@gmail.sandbox.test';

const sandbox = useSandbox('channels');
const control = (input: TGoogleControlInput) => sandbox.control('google', input);
/** What the browser does on the sandbox's consent page: choose the account, allow; returns the callback query. */
const consent = (authUrl: string, account = ALEX) => sandbox.consent('google', authUrl, account);

describe.each(DRIVERS)('connecting Google on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: sandbox.env('google'),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await control({ reset: true });
  });

  const authUrl = async (token: string, shopId: string) => {
    const res = await t.call<{ auth_url: string }>('GET', `/google-auth?shop_id=${shopId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.auth_url;
  };
  const callback = (token: string, q: { code: string; state: string }) =>
    t.call<TChannelConnection>('GET', `/google-callback?${new URLSearchParams(q)}`, { token });
  /** Owner, organisation with two shops, Google connected to the first (as Alex unless told). */
  const connected = async (account = ALEX) => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = owner.shops[0]!;
    const res = await callback(owner.token, await consent(await authUrl(owner.token, shop.id), account));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { owner, shop, connection: res.body.data };
  };
  const accounts = (token: string, shopId: string) =>
    t.call<TMerchantAccount[]>('GET', `/merchant-account-list/shop/${shopId}`, { token });
  const integrated = (token: string, shopId: string) =>
    t.call<TChannelConnection | null>('GET', `/get-integrated-merchant-account/shop/${shopId}`, { token });

  it('hands out a consent URL for the content scope with offline access, PKCE and a state', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const url = new URL(await authUrl(owner.token, owner.shops[0]!.id));
    expect(url.origin + url.pathname).toBe(`${sandbox.url()}/google/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'feedloom-google',
      redirect_uri: `${APP_URL}/google-callback`,
      response_type: 'code',
      scope: `${CONTENT_SCOPE} ${SITE_VERIFICATION_SCOPE}`,
      access_type: 'offline',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
  });

  it('connects, lists the Merchant Center accounts and selects one; tokens are sealed and never answered', async () => {
    const { owner, shop, connection } = await connected();
    expect(connection).toMatchObject({
      shop_id: shop.id,
      channel: 'google',
      state: 'authorized',
      account_id: null,
      scopes: [CONTENT_SCOPE, SITE_VERIFICATION_SCOPE],
      integration_steps: [],
    });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row!.refresh_token).toMatch(/^v1\./);
    const cipher = createCipher(testEnv().ENCRYPTION_KEY);
    expect(cipher.decrypt(row!.refresh_token!).split('.')).toHaveLength(3);

    const list = await accounts(owner.token, shop.id);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { account_id: '5550001001', account_name: 'Rivera Outdoor', time_zone: 'America/Los_Angeles', language_code: 'en' },
      { account_id: '5550001002', account_name: 'Rivera Kitchen', time_zone: 'America/New_York', language_code: 'en' },
    ]);
    const chosen = await t.call<{ account: TMerchantAccount; connection: TChannelConnection }>(
      'GET',
      `/merchant-account-info/shop/${shop.id}/merchant/5550001002`,
      { token: owner.token },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.message).toBe(CHANNELS_MSG.accountSelected);
    expect(chosen.body.data.connection).toMatchObject({ state: 'connected', account_id: '5550001002', integration_steps: ['link-account'] });
    const record = await integrated(owner.token, shop.id);
    expect(record.body.data).toMatchObject({ state: 'connected', account_name: 'Rivera Kitchen' });
    for (const body of [list.body, chosen.body, record.body]) expect(JSON.stringify(body)).not.toMatch(/eyJ|v1\./);
    // The other shop has no connection yet.
    expect((await integrated(owner.token, owner.shops[1]!.id)).body.data).toBeNull();
    const info = await t.call<{ connected_channels: string[] }>('GET', `/shop-info/${shop.id}`, { token: owner.token });
    expect(info.body.data.connected_channels).toEqual(['google']);
  });

  it("refuses an account the Google user cannot reach, and a user with none gets an empty list", async () => {
    const { owner, shop } = await connected();
    const other = await t.call('GET', `/merchant-account-info/shop/${shop.id}/merchant/5550002001`, { token: owner.token });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(CHANNELS_MSG.accountNotFound);
    const reconnected = await callback(owner.token, await consent(await authUrl(owner.token, shop.id), 'priya.nair@gmail.sandbox.test'));
    expect(reconnected.status).toBe(200);
    expect((await accounts(owner.token, shop.id)).body.data).toEqual([]);
  });

  it("reads and overrides the account's website claim and reads its shipping settings", async () => {
    const { owner, shop } = await connected();
    const get = <T,>(p: string) => t.call<T>('GET', `/${p}/shop/${shop.id}`, { token: owner.token });
    expect((await get('get-website-claimed-status')).body.message).toBe(CHANNELS_MSG.noAccount);
    await t.call('GET', `/merchant-account-info/shop/${shop.id}/merchant/5550001002`, { token: owner.token });

    const override = (website_url: string) =>
      t.call<{ website_url: string; claimed: boolean }>('POST', `/override-website-url/shop/${shop.id}`, {
        token: owner.token,
        body: { website_url },
      });
    const claimed = await override('https://rivera-kitchen.example/');
    expect(claimed.body).toMatchObject({ message: CHANNELS_MSG.websiteUpdated, data: { website_url: 'https://rivera-kitchen.example/', claimed: true } });
    expect((await get('get-website-claimed-status')).body.data).toEqual({
      website_url: 'https://rivera-kitchen.example/',
      claimed: true,
      shop_url: shop.shop_url,
      matches_shop: false,
    });
    const refused = await override('https://unverified.rivera-kitchen.example/');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ message: CHANNELS_MSG.websiteNotClaimed, data: { claimed: false } });
    expect((await get('get-website-claimed-status')).body.data).toMatchObject({
      website_url: 'https://unverified.rivera-kitchen.example/',
      claimed: false,
    });
    expect((await override('not a url')).status).toBe(400);

    expect((await get('shipping-settings')).body.data).toEqual({
      has_shipping: false,
      target_country: null,
      covers_target_country: false,
      services: [],
    });
    await t.call('GET', `/merchant-account-info/shop/${shop.id}/merchant/5550001001`, { token: owner.token });
    expect((await get('shipping-settings')).body.data).toMatchObject({
      has_shipping: true,
      services: [{ service_name: 'Standard shipping', active: true, currency: 'USD' }],
    });
  });

  it('takes a state once, within 10 minutes, from the user who started the connection only', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = owner.shops[0]!;
    const admin = await memberOf(t, owner.org.id, 'admin@example.com', [...MODULES.flatMap((m) => [m, `${m}_manage`])] as never, null);
    const q = await consent(await authUrl(owner.token, shop.id));
    const stolen = await callback(admin.token, q);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(CHANNELS_MSG.stateInvalid);
    // The state was spent by the failed attempt.
    expect((await callback(owner.token, q)).status).toBe(400);

    const late = await consent(await authUrl(owner.token, shop.id));
    t.clock.advance(11 * 60_000);
    expect((await callback(owner.token, late)).body.message).toBe(CHANNELS_MSG.stateInvalid);
  });

  it("refuses another organisation's shop and a shop outside a member's stores", async () => {
    const { owner, shop } = await connected();
    const stranger = await ownerWithOrg(t, 'other@example.com', 'Other');
    for (const call of [
      t.call('GET', `/google-auth?shop_id=${shop.id}`, { token: stranger.token }),
      accounts(stranger.token, shop.id),
      integrated(stranger.token, shop.id),
      t.call('POST', `/disconnect-account/${shop.id}?channel=google`, { token: stranger.token }),
    ]) {
      const res = await call;
      expect(res.status).toBe(404);
    }
    const oneShop = await memberOf(t, owner.org.id, 'one@example.com', ['store_management', 'store_management_manage'], [owner.shops[1]!.id]);
    expect((await accounts(oneShop.token, shop.id)).status).toBe(404);
    const reader = await memberOf(t, owner.org.id, 'reader@example.com', ['store_management'], null);
    expect((await t.call('GET', `/google-auth?shop_id=${shop.id}`, { token: reader.token })).status).toBe(403);
    expect((await integrated(reader.token, shop.id)).body.data).toMatchObject({ state: 'authorized' });
  });

  it('refreshes an expired access token, once for concurrent calls', async () => {
    // Google hands out a token that lives 30 s: too close to its end to be used, so it is refreshed first.
    await control({ access_token_ttl_seconds: 30 });
    const { owner, shop } = await connected();
    await control({ access_token_ttl_seconds: 3600 });
    expect((await control({})).token_refreshes).toBe(0);
    // One refresh serves both concurrent calls, and the next call uses the fresh token.
    const [a, b] = await Promise.all([accounts(owner.token, shop.id), accounts(owner.token, shop.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await control({})).token_refreshes).toBe(1);
    expect((await accounts(owner.token, shop.id)).status).toBe(200);
    expect((await control({})).token_refreshes).toBe(1);
    // Google expires the token early: the 401 refreshes it and the call is tried again.
    await control({ expire_access_tokens: true });
    const again = await accounts(owner.token, shop.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toHaveLength(2);
    expect((await control({})).token_refreshes).toBe(2);
  });

  it('retries 429 and 5xx with backoff, then succeeds; gives up with a clear message when they persist', async () => {
    const { owner, shop } = await connected();
    await control({ fail_next: { count: 2, status: 429, retry_after_seconds: 0 } });
    expect((await accounts(owner.token, shop.id)).status).toBe(200);
    await control({ fail_next: { count: 1, status: 503 } });
    expect((await accounts(owner.token, shop.id)).status).toBe(200);
    expect((await control({})).calls).toMatchObject({ total: 5, failed: 3 });

    await control({ fail_next: { count: 4, status: 500 } });
    const failed = await accounts(owner.token, shop.id);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(CHANNELS_MSG.channelFailed('google'));
    // It tried exactly GOOGLE_API_MAX_ATTEMPTS times.
    expect((await control({})).calls.failed).toBe(7);
  });

  it('marks the connection disconnected when Google refuses the refresh token', async () => {
    const { owner, shop } = await connected();
    await control({ revoke_refresh_tokens: true, expire_access_tokens: true });
    const refused = await accounts(owner.token, shop.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANNELS_MSG.authorisationRefused('google'));
    const record = await integrated(owner.token, shop.id);
    expect(record.body.data).toMatchObject({ state: 'disconnected', disconnected_reason: CHANNELS_MSG.authorisationRefused('google') });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect([row!.refresh_token, row!.access_token]).toEqual([null, null]);
    expect((await accounts(owner.token, shop.id)).body.message).toBe(CHANNELS_MSG.notConnected('google'));
    // Connecting again brings it back.
    expect((await callback(owner.token, await consent(await authUrl(owner.token, shop.id)))).body.data.state).toBe('authorized');
    expect((await accounts(owner.token, shop.id)).status).toBe(200);
  });

  it('disconnects: the tokens are forgotten, the record stays', async () => {
    const { owner, shop } = await connected();
    await t.call('GET', `/merchant-account-info/shop/${shop.id}/merchant/5550001001`, { token: owner.token });
    const res = await t.call<TChannelConnection>('POST', `/disconnect-account/${shop.id}?channel=google`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHANNELS_MSG.disconnected('google'));
    expect(res.body.data).toMatchObject({ state: 'disconnected', account_id: '5550001001', integration_steps: ['link-account'], disconnected_reason: null });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row!.refresh_token).toBeNull();
    const info = await t.call<{ connected_channels: string[] }>('GET', `/shop-info/${shop.id}`, { token: owner.token });
    expect(info.body.data.connected_channels).toEqual([]);
    expect((await accounts(owner.token, shop.id)).status).toBe(409);
    expect((await t.call('POST', `/disconnect-account/${shop.id}?channel=google`, { token: owner.token })).status).toBe(409);
  });
});

describe('Google not configured', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers 503 for a shop the caller may connect, 404 for one they may not', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const res = await t.call('GET', `/google-auth?shop_id=${owner.shops[0]!.id}`, { token: owner.token });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(CHANNELS_MSG.unavailable('google'));
    expect((await t.call('GET', '/google-auth?shop_id=00000000-0000-4000-8000-000000000000', { token: owner.token })).status).toBe(404);
  });
});
