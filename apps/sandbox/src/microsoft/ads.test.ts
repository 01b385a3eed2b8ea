// The sandbox's Microsoft Advertising at the protocol level: who may call, the batch limits of its APIs, and
// the answers a client must handle. (Meta's Graph API: ../meta/contract.test.ts.)
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import { MICROSOFT_BATCH_MAX, MSADS_SCOPE } from './ads';

type TRunning = Awaited<ReturnType<typeof startSandbox>>;
const REDIRECT = 'http://127.0.0.1:3000/callback';
let dataDir: string;
let sandbox: TRunning;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-microsoft-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Allows the consent page at `url` as `account`; answers the code. */
const allow = async (url: string, account: string) => {
  const html = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account, decision: 'allow' }),
    redirect: 'manual',
  });
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
};

const microsoftTokens = async (scope: string) => {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${sandbox.url}/microsoft/authorize`);
  url.search = new URLSearchParams({
    client_id: 'feedloom-microsoft',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope,
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const code = await allow(url.href, 'jordan.kim@outlook.sandbox.test');
  const res = await fetch(`${sandbox.url}/microsoft/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: 'feedloom-microsoft',
      client_secret: 'sandbox-secret',
    }),
  });
  return (await res.json()) as { access_token: string; refresh_token?: string; scope: string };
};

describe('Microsoft Advertising', () => {
  it('gives a refresh token only for offline_access, and needs the developer token', async () => {
    expect((await microsoftTokens(MSADS_SCOPE)).refresh_token).toBeUndefined();
    const tokens = await microsoftTokens(`${MSADS_SCOPE} offline_access`);
    expect(tokens.refresh_token).toBeTruthy();
    const user = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}/CustomerManagement/v13/User/Query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ UserId: null }),
      });
    expect((await user({ authorization: `Bearer ${tokens.access_token}` })).status).toBe(401);
    const ok = await user({ authorization: `Bearer ${tokens.access_token}`, developertoken: 'd' });
    expect(await ok.json()).toMatchObject({ User: { Id: 71001 }, CustomerRoles: [{ CustomerId: 81001 }] });
    const expired = await user({ authorization: 'Bearer not-a-token', developertoken: 'd' });
    expect(await expired.json()).toMatchObject({ Code: 109 });
  });

  it(`refuses a Content API batch of more than ${MICROSOFT_BATCH_MAX} entries and another customer's store`, async () => {
    const { access_token } = await microsoftTokens(`${MSADS_SCOPE} offline_access`);
    const batch = (store: string, n: number) =>
      fetch(`${sandbox.url}/shopping/v9.1/bmc/${store}/products/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authenticationtoken: access_token, developertoken: 'd' },
        body: JSON.stringify({ entries: Array.from({ length: n }, (_, i) => ({ batchId: i, method: 'get', productId: `Online:en:US:${i}` })) }),
      });
    expect((await batch('510001', MICROSOFT_BATCH_MAX)).status).toBe(200);
    const big = await batch('510001', MICROSOFT_BATCH_MAX + 1);
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ error: { code: 400 } });
    expect((await batch('999999', 1)).status).toBe(404);
  });
});

describe('Microsoft Content API v9.1 request shapes', () => {
  const STORE = '510001';
  const product = (offerId: string) => ({
    offerId,
    contentLanguage: 'en',
    targetCountry: 'US',
    channel: 'Online',
    title: 'Acme Kettle',
    description: 'A stainless steel kettle.',
    link: 'https://shop.example.com/p/kettle',
    imageLink: 'https://shop.example.com/i/kettle.jpg',
    additionalImageLinks: ['https://shop.example.com/i/kettle-2.jpg'],
    availability: 'in stock',
    condition: 'new',
    price: { value: 39.99, currency: 'USD' },
    salePriceEffectiveDate: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
    brand: 'Acme',
    gtin: '4006381333931',
    multipack: 2,
    sizes: ['M'],
    identifierExists: true,
    unitPricingBaseMeasure: { value: 100, unit: 'ml' },
    shipping: [{ country: 'US', service: 'Standard', price: { value: 4.99, currency: 'USD' } }],
  });
  let token = '';
  const content = async (method: string, p: string, body?: unknown) => {
    token ||= (await microsoftTokens(`${MSADS_SCOPE} offline_access`)).access_token;
    return fetch(`${sandbox.url}/shopping/v9.1/bmc/${STORE}${p}`, {
      method,
      headers: { authenticationtoken: token, developertoken: 'd', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  /** Refused with the Content API's error body, the message naming what is wrong. */
  const refused = async (res: Response, message: RegExp) => {
    const body = (await res.json()) as { error: { code: number; message: string; errors: { reason: string; message: string }[] } };
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toMatchObject({ code: 400, message: expect.stringMatching(message) });
    expect(body.error.errors[0]).toMatchObject({ domain: 'global', reason: 'invalid', message: expect.stringMatching(message) });
  };

  it('products.insert: a documented Product is taken; unknown fields, wrong types and missing required fields are refused', async () => {
    const ok = await content('POST', '/products', product('MS-1'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: 'Online:en:US:MS-1', multipack: 2 });
    await refused(await content('POST', '/products', { ...product('X'), colour: 'red' }), /Unknown field "colour" in product/);
    await refused(await content('POST', '/products', { ...product('X'), price: '39.99 USD' }), /product\.price/);
    await refused(await content('POST', '/products', { ...product('X'), price: { value: '39.99', currency: 'USD' } }), /product\.price\.value must be a number/);
    await refused(await content('POST', '/products', { ...product('X'), availability: 'in_stock' }), /product\.availability must be one of: in stock, out of stock, preorder/);
    await refused(await content('POST', '/products', { ...product('X'), sizes: 'M' }), /product\.sizes must be an array/);
    await refused(await content('POST', '/products', { ...product('X'), multipack: '2' }), /product\.multipack must be a number/);
    const { title: _t, ...untitled } = product('X');
    await refused(await content('POST', '/products', untitled), /The field product\.title is required/);
    await refused(await content('POST', '/products?validate=true', product('X')), /Unknown field "validate" in query/);
  });

  it('products.batch: a malformed request is refused whole; an entry missing a required field fails alone', async () => {
    const res = await content('POST', '/products/batch', {
      entries: [
        { batchId: 0, merchantId: STORE, method: 'insert', product: product('MS-2') },
        { batchId: 1, merchantId: STORE, method: 'insert', product: { ...product('MS-3'), price: undefined } },
        { batchId: 2, merchantId: STORE, method: 'delete', productId: 'Online:en:US:MS-1' },
      ],
    });
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as { entries: { batchId: number; product?: unknown; errors?: { code: number; errors: { message: string }[] } }[] };
    expect(entries[0]).toMatchObject({ batchId: 0, product: { id: 'Online:en:US:MS-2' } });
    expect(entries[1]).toMatchObject({ batchId: 1, errors: { code: 400, errors: [{ message: 'The field product.price is required.' }] } });
    expect(entries[2]).toEqual({ batchId: 2 });
    await refused(await content('POST', '/products/batch', { entries: [{ batchId: '0', method: 'get', productId: 'x' }] }), /entries\.0\.batchId must be a number/);
    await refused(await content('POST', '/products/batch', { entries: [{ batchId: 0, method: 'upsert', productId: 'x' }] }), /entries\.0\.method must be one of: insert, get, delete/);
    await refused(await content('POST', '/products/batch', { entries: [], items: [] }), /Unknown field "items"/);
  });

  it('products.list and productstatuses take max-results and start-token only; get and delete take none', async () => {
    expect((await content('GET', '/products?max-results=1')).status).toBe(200);
    expect((await content('GET', '/productstatuses?max-results=1')).status).toBe(200);
    await refused(await content('GET', '/products?maxResults=1'), /Unknown field "maxResults" in query/);
    await refused(await content('GET', '/productstatuses?max-results=ten'), /query\.max-results/);
    await refused(await content('GET', '/products/Online:en:US:MS-2?fields=all'), /Unknown field "fields" in query/);
    await refused(await content('DELETE', '/products/Online:en:US:MS-2?force=1'), /Unknown field "force" in query/);
  });
});

describe('Microsoft Customer Management request shapes', () => {
  it('User/Query and Accounts/Search take their documented bodies; a missing page, a wrong type or an unknown field is a 400', async () => {
    const { access_token } = await microsoftTokens(`${MSADS_SCOPE} offline_access`);
    const post = (p: string, body: unknown) =>
      fetch(`${sandbox.url}/CustomerManagement/v13/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}`, developertoken: 'd' },
        body: JSON.stringify(body),
      });
    const search = { Predicates: [{ Field: 'UserId', Operator: 'Equals', Value: '71001' }], Ordering: null, PageInfo: { Index: 0, Size: 1000 }, ReturnAdditionalFields: null };
    expect((await post('User/Query', { UserId: null })).status).toBe(200);
    expect((await post('Accounts/Search', search)).status).toBe(200);
    const refusedWith = async (res: Response, message: RegExp) => {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ Code: 400, ErrorCode: 'InvalidRequest', Message: expect.stringMatching(message) });
    };
    await refusedWith(await post('User/Query', { UserId: null, Id: 1 }), /Unknown field "Id"/);
    await refusedWith(await post('Accounts/Search', { ...search, PageInfo: undefined }), /PageInfo is required/);
    await refusedWith(await post('Accounts/Search', { ...search, PageInfo: { Index: '0', Size: 1000 } }), /PageInfo\.Index must be a number/);
    await refusedWith(await post('Accounts/Search', { ...search, PageInfo: { Index: 0, Size: 5000 } }), /PageInfo\.Size/);
  });
});
