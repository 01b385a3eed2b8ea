import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ChannelItem, toProductInput, type TLayerValues } from '@feedloom/catalog';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import { CONTENT_SCOPE, SITE_VERIFICATION_SCOPE } from './merchant';
import { PRICE_MISMATCH_MARKER } from './judge';
import { ALEX, apiCall, CLIENT, connect as connectAt, REDIRECT_URI, tokenRequest as tokenRequestAt } from './test-helpers';

type TRunning = Awaited<ReturnType<typeof startSandbox>>;

let dataDir: string;
let sandbox: TRunning;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-google-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await control({ reset: true });
});

const control = async (body: Record<string, unknown>) => {
  const res = await fetch(`${sandbox.url}/__control/google`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { calls: { total: number; failed: number }; token_refreshes: number };
};

const tokenRequest = (params: Record<string, string>) => tokenRequestAt(sandbox.url, params);
const connect = (email = ALEX, extra: Record<string, string> = {}) => connectAt(sandbox.url, email, extra);
const api = (token: string, method: string, p: string, body?: unknown) => apiCall(sandbox.url, token, method, p, body);

const validSource = (): TLayerValues => ({
  title: 'Acme Kettle 1.7 L',
  description: 'A stainless steel kettle that boils 1.7 litres in three minutes.',
  link: 'https://shop.example.com/p/kettle',
  image_link: 'https://shop.example.com/i/kettle.jpg',
  availability: 'in_stock',
  condition: 'new',
  price: { value: 39.99, currency: 'USD' },
  brand: 'Acme',
  gtin: '4006381333931',
  google_product_category: '222',
});
const inputOf = (offerId: string, source: TLayerValues) =>
  toProductInput(new ChannelItem({ id: offerId, offer_id: offerId, source, overrides: {}, rules: {}, variants: [] }), {
    contentLanguage: 'en',
    feedLabel: 'US',
  });

describe('Google OAuth for the Merchant API', () => {
  it('grants the content scope with offline access: an access and a refresh token, no ID token', async () => {
    const tokens = await connect();
    expect(tokens).toMatchObject({ scope: CONTENT_SCOPE, expires_in: 3600 });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeUndefined();
  });

  it('gives no refresh token without access_type=offline', async () => {
    const tokens = await connect(ALEX, { access_type: 'online' });
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('refreshes; a revoked refresh token is refused with invalid_grant', async () => {
    const { refresh_token } = await connect();
    const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    const body = (await res.json()) as { access_token: string; scope: string };
    expect(res.status).toBe(200);
    expect(body.scope).toBe(CONTENT_SCOPE);
    expect((await api(body.access_token, 'GET', '/accounts/v1/accounts')).status).toBe(200);
    expect((await control({})).token_refreshes).toBe(1);

    await control({ revoke_refresh_tokens: true });
    const refused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh_token! });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    // A consent given afterwards works again.
    const again = await connect();
    expect((await tokenRequest({ grant_type: 'refresh_token', refresh_token: again.refresh_token! })).status).toBe(200);
  });

  it('refuses a denied consent back to the application', async () => {
    const url = new URL(`${sandbox.url}/google/authorize`);
    for (const [k, v] of Object.entries({
      client_id: CLIENT.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: CONTENT_SCOPE,
      state: 's',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'plain',
    }))
      url.searchParams.set(k, v);
    const html = await (await fetch(url)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const res = await fetch(`${sandbox.url}/google/authorize/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, decision: 'cancel' }),
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
  });
});

describe('Merchant API v1', () => {
  it('checks the Bearer token on every call, and its scope', async () => {
    expect((await fetch(`${sandbox.url}/accounts/v1/accounts`)).status).toBe(401);
    expect((await api('not-a-token', 'GET', '/accounts/v1/accounts')).status).toBe(401);
    const { access_token } = await connect();
    await control({ expire_access_tokens: true });
    const expired = await api(access_token, 'GET', '/accounts/v1/accounts');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it("lists the user's accounts and refuses another user's", async () => {
    const { access_token } = await connect();
    const list = (await (await api(access_token, 'GET', '/accounts/v1/accounts')).json()) as { accounts: { accountId: string; name: string }[] };
    expect(list.accounts.map((a) => a.accountId)).toEqual(['5550001001', '5550001002']);
    expect(list.accounts[0]).toMatchObject({ name: 'accounts/5550001001', accountName: 'Rivera Outdoor' });
    expect((await api(access_token, 'GET', '/accounts/v1/accounts/5550001002')).status).toBe(200);
    const other = await api(access_token, 'GET', '/accounts/v1/accounts/5550002001');
    expect(other.status).toBe(403);
    const priya = await connect('priya.nair@gmail.sandbox.test');
    expect(await (await api(priya.access_token, 'GET', '/accounts/v1/accounts')).json()).toEqual({ accounts: [] });
  });

  it('reads and overrides the homepage and its claim, and reads shipping settings', async () => {
    const { access_token } = await connect();
    const home = await (await api(access_token, 'GET', '/accounts/v1/accounts/5550001002/homepage')).json();
    expect(home).toEqual({ name: 'accounts/5550001002/homepage', uri: 'https://rivera-kitchen.example/', claimed: false });
    await api(access_token, 'POST', '/accounts/v1/accounts/5550001002/homepage:claim', {});
    expect(await (await api(access_token, 'GET', '/accounts/v1/accounts/5550001002/homepage')).json()).toMatchObject({ claimed: true });
    const moved = await (await api(access_token, 'PATCH', '/accounts/v1/accounts/5550001002/homepage?updateMask=uri', { uri: 'https://kitchen.example/' })).json();
    expect(moved).toMatchObject({ uri: 'https://kitchen.example/', claimed: false });
    await api(access_token, 'PATCH', '/accounts/v1/accounts/5550001002/homepage?updateMask=uri', { uri: 'https://unverified.kitchen.example/' });
    const refused = await api(access_token, 'POST', '/accounts/v1/accounts/5550001002/homepage:claim', {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { status: 'FAILED_PRECONDITION' } });
    const shipping = (await (await api(access_token, 'GET', '/accounts/v1/accounts/5550001001/shippingSettings')).json()) as { services: unknown[] };
    expect(shipping.services).toHaveLength(1);
  });

  it('takes products into an API data source, then approves or disapproves them with item-level issues', async () => {
    const { access_token } = await connect();
    const base = '/products/v1/accounts/5550001001';
    const ds = (await (
      await api(access_token, 'POST', '/datasources/v1/accounts/5550001001/dataSources', {
        displayName: 'Feedloom',
        primaryProductDataSource: { contentLanguage: 'en', feedLabel: 'US', countries: ['US'] },
      })
    ).json()) as { name: string };
    expect(ds.name).toMatch(/^accounts\/5550001001\/dataSources\/\d+$/);
    const listed = (await (await api(access_token, 'GET', '/datasources/v1/accounts/5550001001/dataSources')).json()) as { dataSources: unknown[] };
    expect(listed.dataSources).toHaveLength(1);

    const insert = (input: unknown) => api(access_token, 'POST', `${base}/productInputs:insert?dataSource=${encodeURIComponent(ds.name)}`, input);
    expect((await api(access_token, 'POST', `${base}/productInputs:insert`, inputOf('A', validSource()))).status).toBe(400);
    const ok = await insert(inputOf('GOOD-1', validSource()));
    expect(ok.status).toBe(200);
    const inserted = (await ok.json()) as { name: string; product: string };
    expect(inserted.name).toMatch(/^accounts\/5550001001\/productInputs\//);
    const { title: _t, ...untitled } = validSource();
    expect((await insert(inputOf('BAD-1', untitled))).status).toBe(200);
    expect((await insert(inputOf('CRAWL-1', { ...validSource(), link: `https://shop.example.com/p?${PRICE_MISMATCH_MARKER}` }))).status).toBe(200);

    type TProduct = { offerId: string; productStatus: { destinationStatuses: { approvedCountries?: string[]; disapprovedCountries?: string[] }[]; itemLevelIssues: { code: string; attribute: string; severity: string }[] } };
    const good = (await (await api(access_token, 'GET', `/products/v1/${inserted.product}`)).json()) as TProduct;
    expect(good.productStatus.destinationStatuses[0]).toMatchObject({ approvedCountries: ['US'] });
    // The plain `en~US~offer` form names the same product.
    expect((await api(access_token, 'GET', `${base}/products/en~US~BAD-1`)).status).toBe(200);

    const page1 = (await (await api(access_token, 'GET', `${base}/products?pageSize=2`)).json()) as { products: TProduct[]; nextPageToken?: string };
    expect(page1.products).toHaveLength(2);
    const page2 = (await (await api(access_token, 'GET', `${base}/products?pageSize=2&pageToken=${page1.nextPageToken}`)).json()) as { products: TProduct[]; nextPageToken?: string };
    expect(page2.nextPageToken).toBeUndefined();
    const all = [...page1.products, ...page2.products];
    const bad = all.find((p) => p.offerId === 'BAD-1')!;
    expect(bad.productStatus.destinationStatuses[0]).toMatchObject({ disapprovedCountries: ['US'] });
    expect(bad.productStatus.itemLevelIssues).toContainEqual(expect.objectContaining({ attribute: 'title', severity: 'DISAPPROVED' }));
    const crawl = all.find((p) => p.offerId === 'CRAWL-1')!;
    expect(crawl.productStatus.itemLevelIssues.map((i) => i.code)).toContain('price_mismatch');

    const deleted = await api(access_token, 'DELETE', `${base}/productInputs/en~US~BAD-1?dataSource=${encodeURIComponent(ds.name)}`);
    expect(deleted.status).toBe(200);
    expect((await api(access_token, 'GET', `${base}/products/en~US~BAD-1`)).status).toBe(404);
  });

  it('keeps a product pending until the review delay has passed', async () => {
    await control({ review_delay_ms: 60_000 });
    const { access_token } = await connect('sam.lee@gmail.sandbox.test');
    const ds = (await (
      await api(access_token, 'POST', '/datasources/v1/accounts/5550002001/dataSources', { displayName: 'F', primaryProductDataSource: {} })
    ).json()) as { name: string };
    await api(access_token, 'POST', `/products/v1/accounts/5550002001/productInputs:insert?dataSource=${ds.name}`, inputOf('P-1', validSource()));
    const product = (await (await api(access_token, 'GET', '/products/v1/accounts/5550002001/products/en~US~P-1')).json()) as { productStatus: { destinationStatuses: unknown[] } };
    expect(product.productStatus.destinationStatuses[0]).toEqual({ reportingContext: 'SHOPPING_ADS', pendingCountries: ['US'] });
  });

  it('answers 429 or 5xx for the next N calls when told to, then recovers', async () => {
    const { access_token } = await connect();
    await control({ fail_next: { count: 2, status: 429, retry_after_seconds: 1 } });
    const first = await api(access_token, 'GET', '/accounts/v1/accounts');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await first.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
    expect((await api(access_token, 'GET', '/accounts/v1/accounts')).status).toBe(429);
    expect((await api(access_token, 'GET', '/accounts/v1/accounts')).status).toBe(200);
    await control({ fail_next: { count: 1, status: 503 } });
    expect((await api(access_token, 'GET', '/accounts/v1/accounts')).status).toBe(503);
    const state = await control({});
    expect(state.calls).toMatchObject({ total: 4, failed: 3 });
  });

  it('refuses a control request it does not understand', async () => {
    const res = await fetch(`${sandbox.url}/__control/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: { count: 1, status: 418 } }),
    });
    expect(res.status).toBe(400);
  });
});

describe('programs and site verification', () => {
  it('lists each account\'s programs (destinations) with what they lack', async () => {
    const { access_token } = await connect(ALEX);
    const res = await api(access_token, 'GET', '/accounts/v1/accounts/5550001002/programs');
    expect(res.status).toBe(200);
    const { programs } = (await res.json()) as { programs: { name: string; state: string; unmetRequirements?: unknown[] }[] };
    expect(programs.map((p) => [p.name, p.state])).toEqual([
      ['accounts/5550001002/programs/free-listings', 'ENABLED'],
      ['accounts/5550001002/programs/shopping-ads', 'NOT_ELIGIBLE'],
    ]);
    expect(programs[1]!.unmetRequirements).toEqual([
      { title: 'Link a Google Ads account', documentationUri: 'https://support.google.com/merchants', affectedRegionCodes: ['US'] },
    ]);
    expect((await api(access_token, 'GET', '/accounts/v1/accounts/5550001002/programs/nope')).status).toBe(404);
    expect((await api(access_token, 'GET', '/accounts/v1/accounts/5550002002/programs')).status).toBe(403);
  });

  it('hands out a token and verifies a site only once it was handed out, never an unverified. host', async () => {
    const { access_token, scope } = await connect(ALEX, { scope: `${CONTENT_SCOPE} ${SITE_VERIFICATION_SCOPE}` });
    expect(scope.split(' ')).toContain(SITE_VERIFICATION_SCOPE);
    const site = { type: 'SITE', identifier: 'https://rivera-kitchen.example/' };
    const early = await api(access_token, 'POST', '/siteVerification/v1/webResource?verificationMethod=META', { site });
    expect(early.status).toBe(400);
    const token = await api(access_token, 'POST', '/siteVerification/v1/token', { site, verificationMethod: 'META' });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { token: string }).token).toMatch(/^<meta name="google-site-verification" content="[\w-]+" \/>$/);
    const verified = await api(access_token, 'POST', '/siteVerification/v1/webResource?verificationMethod=META', { site });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ id: encodeURIComponent(site.identifier), site, owners: [ALEX] });
    const unverified = { type: 'SITE', identifier: 'https://unverified.example/' };
    await api(access_token, 'POST', '/siteVerification/v1/token', { site: unverified, verificationMethod: 'FILE' });
    expect((await api(access_token, 'POST', '/siteVerification/v1/webResource?verificationMethod=FILE', { site: unverified })).status).toBe(400);
    expect((await api(access_token, 'POST', '/siteVerification/v1/token', { site, verificationMethod: 'DNS_TXT' })).status).toBe(400);
    // The content scope alone does not reach Site Verification.
    const contentOnly = await connect(ALEX);
    expect((await api(contentOnly.access_token, 'POST', '/siteVerification/v1/token', { site, verificationMethod: 'META' })).status).toBe(403);
  });
});
