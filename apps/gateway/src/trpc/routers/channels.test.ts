import { createHash } from 'node:crypto';
import type { TChannelConnection } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNEL_FLOW_NOT_STARTED_MESSAGE } from '../../oauth-flow';
import {
  createStubApi,
  createTestCaller,
  firstIssue,
  memoryCookieJar,
  rejection,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const FLOW_COOKIE = 'feedloom_oauth';
const SHOP = '6f0c2b8e-8a39-4d7e-9a55-1f1f5d1b2c3d';
const CONNECTION: TChannelConnection = {
  shop_id: SHOP,
  channel: 'google',
  state: 'authorized',
  account_id: null,
  account_name: null,
  scopes: ['https://www.googleapis.com/auth/content'],
  integration_steps: [],
  integration_once_completed: false,
  target_market: null,
  disconnected_reason: null,
  connected_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('channels router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('googleAuthUrl asks the api for the shop and binds the consent to this browser', async () => {
    stub.on('GET', '/google-auth', { data: { auth_url: 'https://accounts.test/auth?scope=content&state=st-1' } });
    const { caller, cookies } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.channels.googleAuthUrl({ shop_id: SHOP })).toEqual({
      auth_url: 'https://accounts.test/auth?scope=content&state=st-1',
    });
    expect(stub.callsTo('GET', '/google-auth')[0]?.query.get('shop_id')).toBe(SHOP);
    expect(cookies.values.get(FLOW_COOKIE)).toBe(createHash('sha256').update('st-1').digest('base64url'));
  });

  it('googleCallback passes code and state on only from the browser that started the consent', async () => {
    stub.on('GET', '/google-callback', { data: CONNECTION, message: 'Google connected.' });
    const elsewhere = createTestCaller(stub, { auth: storedAuth() });
    const refused = await rejection(elsewhere.caller.channels.googleCallback({ code: 'c', state: 'st-1' }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: CHANNEL_FLOW_NOT_STARTED_MESSAGE });
    expect(stub.callsTo('GET', '/google-callback')).toHaveLength(0);

    const cookies = memoryCookieJar({ [FLOW_COOKIE]: createHash('sha256').update('st-1').digest('base64url') });
    const own = createTestCaller(stub, { auth: storedAuth(), cookies });
    expect(await own.caller.channels.googleCallback({ code: 'c', state: 'st-1' })).toEqual({
      message: 'Google connected.',
      connection: CONNECTION,
    });
    expect(Object.fromEntries(stub.callsTo('GET', '/google-callback')[0]!.query)).toEqual({ code: 'c', state: 'st-1' });
    // One use: the cookie is gone.
    expect(cookies.values.has(FLOW_COOKIE)).toBe(false);
  });

  it('lists and selects Merchant Center accounts, reads the record and disconnects', async () => {
    const account = { account_id: '123', account_name: 'Store', time_zone: null, language_code: 'en' };
    stub.on('GET', `/merchant-account-list/shop/${SHOP}`, { data: [account] });
    stub.on('GET', `/merchant-account-info/shop/${SHOP}/merchant/123`, {
      data: { account, connection: { ...CONNECTION, state: 'connected', account_id: '123' } },
      message: 'Merchant Center account selected.',
    });
    stub.on('GET', `/get-integrated-merchant-account/shop/${SHOP}`, { data: null });
    stub.on('POST', `/disconnect-account/${SHOP}`, { data: { ...CONNECTION, state: 'disconnected' }, message: 'Google disconnected.' });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.channels.merchantAccounts({ shop_id: SHOP })).toEqual([account]);
    expect(await caller.channels.selectMerchantAccount({ shop_id: SHOP, merchant_id: '123' })).toMatchObject({
      message: 'Merchant Center account selected.',
      connection: { state: 'connected' },
    });
    expect(await caller.channels.googleConnection({ shop_id: SHOP })).toBeNull();
    expect(await caller.channels.disconnect({ shop_id: SHOP, channel: 'google' })).toMatchObject({
      message: 'Google disconnected.',
      connection: { state: 'disconnected' },
    });
    expect(stub.callsTo('POST', `/disconnect-account/${SHOP}`)[0]?.query.get('channel')).toBe('google');
  });

  it('reads and overrides the website claim and reads the shipping settings', async () => {
    const shop = { shop_url: 'https://b.example', matches_shop: false };
    stub.on('GET', `/get-website-claimed-status/shop/${SHOP}`, { data: { website_url: 'https://a.example/', claimed: false, ...shop } });
    stub.on('POST', `/override-website-url/shop/${SHOP}`, {
      data: { website_url: 'https://b.example/', claimed: true, ...shop, matches_shop: true },
      message: 'Website updated in Merchant Center.',
    });
    stub.on('GET', `/shipping-settings/shop/${SHOP}`, { data: { has_shipping: false, target_country: null, covers_target_country: false, services: [] } });
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.channels.websiteClaim({ shop_id: SHOP })).toEqual({ website_url: 'https://a.example/', claimed: false, ...shop });
    expect(await caller.channels.overrideWebsiteUrl({ shop_id: SHOP, website_url: 'https://b.example/' })).toEqual({
      message: 'Website updated in Merchant Center.',
      claim: { website_url: 'https://b.example/', claimed: true, ...shop, matches_shop: true },
    });
    expect(stub.callsTo('POST', `/override-website-url/shop/${SHOP}`)[0]?.body).toEqual({ website_url: 'https://b.example/' });
    expect(await caller.channels.shippingSettings({ shop_id: SHOP })).toEqual({
      has_shipping: false,
      target_country: null,
      covers_target_country: false,
      services: [],
    });
  });

  it('refuses a merchant id that is not a number before calling the api', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const err = await rejection(caller.channels.selectMerchantAccount({ shop_id: SHOP, merchant_id: '../x' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(firstIssue(err)).toBe('Merchant account id must be a number');
    expect(stub.calls).toHaveLength(0);
  });
});
