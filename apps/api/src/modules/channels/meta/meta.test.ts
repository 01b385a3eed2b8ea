// Connecting a shop to a Meta catalog and submitting through items_batch, against the sandbox's Facebook Login
// and Graph API started in this process: the real protocol, no mocks. Faults come from its /__control/meta.
import { ChannelItem, type TProduct } from '@feedloom/catalog';
import type { TChannelConnection, TChannelFeedSetting, TMetaBusiness, TMetaCatalog } from '@feedloom/contracts';
import type { TGoogleControlInput } from '@feedloom/sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channel_connections, notifications } from '../../../db/schema';
import type { TServices } from '../../../services';
import { ownerWithOrg } from '../../../test/org-fixtures';
import { APP_URL, useSandbox } from '../../../test/sandbox';
import { createTestApp, DRIVERS, type TTestApp } from '../../../test/test-app';
import { CHANNELS_MSG } from '../messages';
import { META_MSG } from './service';

const RILEY = 'riley.chen@facebook.sandbox.test';
const NOOR = 'noor.haddad@facebook.sandbox.test';
const BUSINESS = '200000000000001';
const CATALOG = '300000000000001';

const sandbox = useSandbox('meta');
const control = (input: TGoogleControlInput) => sandbox.control('meta', input);
const consent = (authUrl: string, account = RILEY) => sandbox.consent('meta', authUrl, account);

const item = (offerId: string, source: Record<string, unknown> = {}) => {
  const product: TProduct = {
    id: offerId,
    offer_id: offerId,
    source: {
      title: `Scarf ${offerId}`,
      description: 'A soft wool scarf, 180 cm long.',
      link: `https://chen-apparel.example/p/${offerId}`,
      image_link: `https://chen-apparel.example/i/${offerId}.jpg`,
      availability: 'in_stock',
      condition: 'new',
      price: { value: 25, currency: 'USD' },
      brand: 'Chen',
      ...source,
    },
    overrides: {},
    rules: {},
    variants: [],
  };
  return new ChannelItem(product);
};

describe.each(DRIVERS)('connecting Meta on %s', (driver) => {
  let t: TTestApp;
  let services: TServices;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      register: (_app, s) => void (services = s),
      env: {
        ...sandbox.env('meta'),
        META_BATCH_POLL_INTERVAL_MS: 5,
        META_BATCH_MAX_POLLS: 50,
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    await control({ reset: true });
  });

  const authUrl = async (token: string, shopId: string) => {
    const res = await t.call<{ auth_url: string }>('GET', `/facebook-auth/${shopId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.auth_url;
  };
  const connected = async (account = RILEY) => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const shop = owner.shops[0]!;
    const q = await consent(await authUrl(owner.token, shop.id), account);
    const res = await t.call<TChannelConnection>('GET', `/facebook-callback?${new URLSearchParams(q)}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { owner, shop, connection: res.body.data };
  };
  const capture = (token: string, shopId: string, body: unknown) =>
    t.call<TChannelConnection>('POST', `/capture-catalog/${shopId}`, { token, body });
  const catalogClient = async () => {
    const { owner, shop } = await connected();
    expect((await capture(owner.token, shop.id, { business_id: BUSINESS, catalog_id: CATALOG })).status).toBe(200);
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    return { owner, shop, client: services.channels.metaCatalogClient(row!) };
  };

  it('hands out a login dialog URL with the catalog permissions and a state', async () => {
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const url = new URL(await authUrl(owner.token, owner.shops[0]!.id));
    expect(url.origin + url.pathname).toBe(`${sandbox.url()}/v25.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'feedloom-facebook',
      redirect_uri: `${APP_URL}/facebook-callback`,
      response_type: 'code',
      scope: 'catalog_management,business_management',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
  });

  it('walks the wizard: businesses, owned catalogs, catalogue link, feed settings', async () => {
    const { owner, shop, connection } = await connected();
    expect(connection).toMatchObject({ channel: 'facebook', state: 'authorized', account_id: null });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row!.access_token).toMatch(/^v1\./);
    expect(row!.refresh_token).toBeNull();

    const businesses = await t.call<TMetaBusiness[]>('GET', `/get-business-account/${shop.id}`, { token: owner.token });
    expect(businesses.body.data).toEqual([
      { business_id: BUSINESS, name: 'Chen Apparel' },
      { business_id: '200000000000002', name: 'Chen Home' },
    ]);
    const catalogs = await t.call<TMetaCatalog[]>('GET', `/get-owned-product-catalogs/${shop.id}/${BUSINESS}`, { token: owner.token });
    expect(catalogs.body.data.map((c) => c.catalog_id)).toEqual([CATALOG, '300000000000002']);

    const missing = await capture(owner.token, shop.id, { business_id: BUSINESS });
    expect(missing.body).toMatchObject({ code: 400, message: 'Business account and catalog required' });
    const empty = await capture(owner.token, shop.id, { business_id: '', catalog_id: '' });
    expect(empty.body).toMatchObject({ code: 400, message: 'Business account and catalog required' });
    const foreign = await capture(owner.token, shop.id, { business_id: BUSINESS, catalog_id: '300000000000003' });
    expect(foreign.body).toMatchObject({ code: 404, message: META_MSG.catalogNotAvailable });

    const early = await t.call('POST', `/facebook-feed-setting/${shop.id}`, { token: owner.token, body: { feed_schedule: 'daily' } });
    expect(early.body).toMatchObject({ code: 409, message: META_MSG.noCatalog });

    const linked = await capture(owner.token, shop.id, { business_id: BUSINESS, catalog_id: CATALOG });
    // The feed settings start from valid defaults: choosing the catalog completes the integration.
    expect(linked.body.data).toMatchObject({
      state: 'connected',
      account_id: CATALOG,
      integration_steps: ['link-account', 'feed-config'],
      integration_once_completed: true,
    });
    const feed = await t.call<TChannelFeedSetting>('POST', `/facebook-feed-setting/${shop.id}`, {
      token: owner.token,
      body: { feed_schedule: 'weekly' },
    });
    expect(feed.body.data).toMatchObject({
      feed_schedule: 'weekly',
      connection: { integration_steps: ['link-account', 'feed-config'], integration_once_completed: true },
    });
    const bad = await t.call('POST', `/facebook-feed-setting/${shop.id}`, { token: owner.token, body: { feed_schedule: 'hourly' } });
    expect(bad.status).toBe(400);
    const read = await t.call<TChannelFeedSetting>('GET', `/facebook-feed-setting/${shop.id}`, { token: owner.token });
    expect(read.body.data.feed_schedule).toBe('weekly');
  });

  it('a business without catalogs lists none', async () => {
    const { owner, shop } = await connected(NOOR);
    const catalogs = await t.call<TMetaCatalog[]>('GET', `/get-owned-product-catalogs/${shop.id}/200000000000003`, { token: owner.token });
    expect(catalogs.body.data).toEqual([]);
    const other = await t.call('GET', `/get-owned-product-catalogs/${shop.id}/${BUSINESS}`, { token: owner.token });
    expect(other.body).toMatchObject({ code: 404, message: META_MSG.businessNotAvailable });
  });

  it('sends items_batch, polls the handle and merges per-item errors; the list carries review statuses', async () => {
    const { client } = await catalogClient();
    // The sandbox's catalog outlives one driver's run: this run's items carry its own prefix.
    const p = `${driver}-`;
    const mine = async () => (await client.listItems()).filter((i) => i.offer_id.startsWith(p));
    const outcomes = await client.upsertItems([item(`${p}S-1`), item(`${p}S-2`, { title: undefined }), item(`${p}S-3`, { description: undefined })]);
    expect(outcomes.map((o) => [o.offer_id, o.ok])).toEqual([
      [`${p}S-1`, true],
      [`${p}S-2`, false],
      [`${p}S-3`, false],
    ]);
    expect(outcomes[1]!.errors.join(' ')).toMatch(/title/i);
    expect(await mine()).toEqual([expect.objectContaining({ offer_id: `${p}S-1`, status: 'approved' })]);
    const deleted = await client.deleteItems([`${p}S-1`, `${p}S-9`]);
    expect(deleted.map((d) => d.ok)).toEqual([true, false]);
    expect(await mine()).toEqual([]);
  });

  it('retries 429 and 5xx; an expired token disconnects the shop (Meta has no refresh token)', async () => {
    const { client, owner, shop } = await catalogClient();
    await control({ fail_next: { count: 3, status: 429, retry_after_seconds: 0 } });
    expect((await client.upsertItems([item('R-1')]))[0]?.ok).toBe(true);
    await control({ fail_next: { count: 10, status: 500 } });
    const failed = await t.call('GET', `/get-business-account/${shop.id}`, { token: owner.token });
    expect(failed.body).toMatchObject({ code: 502, message: CHANNELS_MSG.channelFailed('facebook') });
    await control({ reset: true, expire_access_tokens: true });
    const refused = await t.call('GET', `/get-business-account/${shop.id}`, { token: owner.token });
    expect(refused.body).toMatchObject({ code: 409, message: CHANNELS_MSG.authorisationRefused('facebook') });
    const [row] = await t.database.db.select().from(channel_connections).where(eq(channel_connections.shop_id, shop.id));
    expect(row).toMatchObject({ state: 'disconnected', access_token: null });
    const refusedNotes = await t.database.db
      .select({ category: notifications.category, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.shop_id, shop.id), eq(notifications.notification_type, 'channel_authorisation_refused')));
    expect(refusedNotes).toEqual([{ category: 'critical', link: `/link-account/facebook/${shop.id}` }]);
  });
});
