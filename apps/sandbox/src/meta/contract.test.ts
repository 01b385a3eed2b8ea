// The Meta stand-in read as Meta's Graph API reads a request: for each call Feedloom makes (the code exchange,
// businesses, owned catalogs, items_batch, check_batch_request_status, the catalog's products) a valid request
// is accepted and each kind of wrong one — an unknown field, a value of the wrong type, a value outside its
// enumeration or format, a missing required parameter, too many requests — is refused with Graph's HTTP 400
// and error body; answers carry Graph's shapes (ids as strings, handles, cursor paging), and paths Graph does
// not have are answered as Graph answers them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import { META_BATCH_MAX } from './graph';
import { checkMetaRequest, META_AVAILABILITY, META_REQUEST_SHAPES } from './schemas';

const REDIRECT = 'http://127.0.0.1:3000/facebook-callback';
const APP = { client_id: 'feedloom-facebook', client_secret: 'sandbox-secret' };
const RILEY = 'riley.chen@facebook.sandbox.test';
const BUSINESS = '200000000000001';
const CATALOG = '300000000000001';
const NOOR_BUSINESS = '200000000000003';

let dataDir: string;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let token: string;

/** The login dialog allowed as `account`: the code it sends back. */
const dialogCode = async (account = RILEY, scope = 'catalog_management,business_management') => {
  const url = new URL(`${sandbox.url}/v25.0/dialog/oauth`);
  url.search = new URLSearchParams({
    client_id: APP.client_id,
    redirect_uri: REDIRECT,
    state: 's',
    response_type: 'code',
    scope,
  }).toString();
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

const exchange = (params: Record<string, string>) =>
  fetch(`${sandbox.url}/v25.0/oauth/access_token?${new URLSearchParams(params)}`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-meta-contract-'));
  sandbox = await startSandbox({
    dataDir,
    port: 0,
    smtpPort: 0,
    logLevel: 'silent',
    google: { reviewDelayMs: 0 },
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  sandbox.meta.apply({ reset: true });
  // A token of its own per test: one test expires every token issued before it.
  const res = await exchange({ ...APP, redirect_uri: REDIRECT, code: await dialogCode() });
  token = ((await res.json()) as { access_token: string }).access_token;
  sandbox.meta.apply({ reset: true });
});

const get = (p: string, bearer: string | null = token) =>
  fetch(`${sandbox.url}/v25.0${p}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
const postJson = (p: string, body: unknown) =>
  fetch(`${sandbox.url}/v25.0${p}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const itemsBatch = (body: unknown) => postJson(`/${CATALOG}/items_batch`, body);

const ok = async <T>(res: Response): Promise<T> => {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};

/** Refused with exactly Graph's error body: message, type, code, the subcode when there is one, a trace id. */
const expectGraphError = async (
  res: Response,
  status: number,
  error: {
    message: string | RegExp;
    type: 'OAuthException' | 'GraphMethodException';
    code: number;
    error_subcode?: number;
  },
) => {
  const body = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({
    error: {
      ...error,
      message: typeof error.message === 'string' ? error.message : expect.stringMatching(error.message),
      fbtrace_id: expect.stringMatching(/^[\w-]{8,}$/),
    },
  });
};
const param = (message: string) => ({ message, type: 'OAuthException' as const, code: 100 });

/** An item as Feedloom sends one: feed names, Meta's formats. */
const data = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: 'Wool scarf',
  description: 'A soft wool scarf, 180 cm long.',
  availability: 'in stock',
  condition: 'new',
  price: '25.00 USD',
  sale_price: '19.50 USD',
  sale_price_effective_date: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
  link: `https://chen-apparel.example/p/${id}`,
  image_link: `https://chen-apparel.example/i/${id}.jpg`,
  additional_image_link: [`https://chen-apparel.example/i/${id}-2.jpg`],
  brand: 'Chen',
  gtin: '4006381333931',
  google_product_category: '167',
  product_type: 'Accessories > Scarves',
  age_group: 'adult',
  gender: 'unisex',
  color: 'Red',
  size: 'One size',
  shipping: [{ country: 'US', region: 'CA', service: 'Standard', price: '4.99 USD' }],
  custom_label_0: 'winter',
  ...extra,
});
const batch = (requests: unknown[], extra: Record<string, unknown> = {}) => ({
  item_type: 'PRODUCT_ITEM',
  requests,
  ...extra,
});

/** Polls a handle until Meta finished it. */
const finished = async (handle: string, query = '') => {
  for (let i = 0; i < 50; i++) {
    const body = await ok<{
      data: {
        status: string;
        errors: { line: number; id: string; message: string }[];
        ids_of_invalid_requests?: string[];
      }[];
    }>(await get(`/${CATALOG}/check_batch_request_status?handle=${handle}${query}`));
    if (body.data[0]!.status === 'finished') return body.data[0]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the batch did not finish');
};

describe('Facebook Login code exchange', () => {
  it('gives a bearer access token for a code once; refuses a missing parameter, a wrong secret and a used code', async () => {
    const code = await dialogCode();
    await expectGraphError(
      await exchange({ ...APP, redirect_uri: REDIRECT }),
      400,
      param('(#100) The parameter code is required'),
    );
    await expectGraphError(
      await exchange({ ...APP, client_secret: 'wrong', redirect_uri: REDIRECT, code }),
      400,
      {
        message: 'Error validating client secret.',
        type: 'OAuthException',
        code: 1,
      },
    );
    const body = await ok<{ access_token: string; token_type: string; expires_in: number }>(
      await exchange({ ...APP, redirect_uri: REDIRECT, code }),
    );
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    await expectGraphError(await exchange({ ...APP, redirect_uri: REDIRECT, code }), 400, {
      message: 'This authorization code has expired or has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36007,
    });
  });
});

describe('access tokens', () => {
  it('needs one (header or access_token parameter); a bad or expired one is OAuthException 190', async () => {
    await expectGraphError(await get('/me/businesses', null), 400, {
      message: 'An access token is required to request this resource.',
      type: 'OAuthException',
      code: 104,
    });
    await ok(await get(`/me/businesses?access_token=${token}`, null));
    const bad = await get('/me/businesses', 'not-a-token');
    expect(bad.headers.get('www-authenticate')).toMatch(/^OAuth "Facebook Platform" "invalid_token"/);
    await expectGraphError(bad, 400, {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    });
    const other = await ok<{ access_token: string }>(
      await exchange({ ...APP, redirect_uri: REDIRECT, code: await dialogCode() }),
    );
    sandbox.meta.apply({ expire_access_tokens: true });
    await expectGraphError(await get('/me/businesses', other.access_token), 400, {
      message: 'Error validating access token: Session has expired.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    });
  });

  it('a token without the catalog permission may not manage catalogs', async () => {
    const res = await exchange({
      ...APP,
      redirect_uri: REDIRECT,
      code: await dialogCode(RILEY, 'business_management'),
    });
    const { access_token } = await ok<{ access_token: string }>(res);
    await expectGraphError(await get(`/${BUSINESS}/owned_product_catalogs`, access_token), 403, {
      message: '(#200) Requires catalog_management permission to manage the object',
      type: 'OAuthException',
      code: 200,
    });
  });
});

describe('me/businesses and owned_product_catalogs', () => {
  it('answer the fields asked for, ids as strings; an unknown field name or a limit that is no number is refused', async () => {
    const businesses = await ok<{ data: Record<string, unknown>[] }>(
      await get('/me/businesses?fields=id,name&limit=100'),
    );
    expect(businesses.data).toEqual([
      { id: BUSINESS, name: 'Chen Apparel' },
      { id: '200000000000002', name: 'Chen Home' },
    ]);
    const catalogs = await ok<{ data: Record<string, unknown>[] }>(
      await get(`/${BUSINESS}/owned_product_catalogs?fields=id,name,product_count`),
    );
    expect(catalogs.data).toEqual([
      { id: CATALOG, name: expect.any(String), product_count: expect.any(Number) },
      { id: '300000000000002', name: expect.any(String), product_count: expect.any(Number) },
    ]);
    // Without fields, Graph answers the edge's defaults.
    expect(
      (await ok<{ data: Record<string, unknown>[] }>(await get(`/${BUSINESS}/owned_product_catalogs`)))
        .data[0],
    ).toEqual({
      id: CATALOG,
      name: expect.any(String),
    });
    // A parameter Graph does not know is ignored, as Graph ignores it.
    await ok(await get('/me/businesses?colour=red'));
    await expectGraphError(
      await get('/me/businesses?fields=id,colour'),
      400,
      param('(#100) Tried accessing nonexisting field (colour) on node type (Business)'),
    );
    await expectGraphError(
      await get(`/${BUSINESS}/owned_product_catalogs?fields=id,product_total`),
      400,
      param('(#100) Tried accessing nonexisting field (product_total) on node type (ProductCatalog)'),
    );
    await expectGraphError(
      await get('/me/businesses?limit=ten'),
      400,
      param('(#100) Param limit must be a non-negative integer'),
    );
  });

  it('page with cursors: next while more follow, previous after the first page; a cursor of another list is refused', async () => {
    sandbox.meta.apply({ max_page_size: 1 });
    type TPage = {
      data: { id: string }[];
      paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
    };
    const first = await ok<TPage>(await get('/me/businesses?fields=id,name&limit=100'));
    expect(first.data.map((b) => b.id)).toEqual([BUSINESS]);
    expect(first.paging).toEqual({
      cursors: { before: expect.any(String), after: expect.any(String) },
      next: expect.stringContaining('/v25.0/me/businesses?'),
    });
    expect(new URL(first.paging!.next!).searchParams.get('after')).toBe(first.paging!.cursors.after);
    const second = await ok<TPage>(await get(`/me/businesses?after=${first.paging!.cursors.after}`));
    expect(second.data.map((b) => b.id)).toEqual(['200000000000002']);
    expect(second.paging).toEqual({ cursors: expect.any(Object), previous: expect.any(String) });
    const back = await ok<TPage>(await get(`/me/businesses?before=${second.paging!.cursors.before}`));
    expect(back.data.map((b) => b.id)).toEqual([BUSINESS]);
    const catalogs = await ok<TPage>(await get(`/${BUSINESS}/owned_product_catalogs`));
    await expectGraphError(
      await get(`/me/businesses?after=${catalogs.paging!.cursors.after}`),
      400,
      param('(#100) Param after is not a valid cursor for this list'),
    );
  });

  it("another person's business is an object that cannot be loaded (GraphMethodException, subcode 33)", async () => {
    await expectGraphError(await get(`/${NOOR_BUSINESS}/owned_product_catalogs`), 400, {
      message: `Unsupported get request. Object with ID '${NOOR_BUSINESS}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
  });
});

describe('POST /{catalog_id}/items_batch', () => {
  it('takes PRODUCT_ITEM requests with feed names and formats (JSON body) and answers a handle', async () => {
    const body = await ok<{ handles: string[]; validation_status: unknown[] }>(
      await itemsBatch(
        batch([
          { method: 'UPDATE', data: data('IB-1') },
          { method: 'CREATE', data: data('IB-2') },
          { method: 'DELETE', data: { id: 'IB-0' } },
        ]),
      ),
    );
    expect(body).toEqual({ handles: [expect.stringMatching(/^[\w-]+$/)], validation_status: [] });
    const status = await finished(body.handles[0]!, '&load_ids_of_invalid_requests=true');
    // Deleting an item the catalog does not hold is that request's error only.
    expect(status.errors).toEqual([
      { line: 2, id: 'IB-0', message: expect.stringContaining('does not exist') },
    ]);
    expect(status.ids_of_invalid_requests).toEqual(['IB-0']);
  });

  it('takes the form encoding too: requests as a JSON string, booleans as text, the token as a parameter', async () => {
    const res = await fetch(`${sandbox.url}/v25.0/${CATALOG}/items_batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        access_token: token,
        item_type: 'PRODUCT_ITEM',
        allow_upsert: 'false',
        requests: JSON.stringify([{ method: 'UPDATE', data: { id: 'IB-FORM', price: '10.00 USD' } }]),
      }),
    });
    const { handles } = await ok<{ handles: string[] }>(res);
    // allow_upsert=false: an UPDATE of an item the catalog does not hold creates nothing.
    expect((await finished(handles[0]!)).errors).toEqual([
      { line: 0, id: 'IB-FORM', message: 'Item IB-FORM does not exist in this catalog.' },
    ]);
  });

  it('a CREATE missing a required field fails alone, in check_batch_request_status', async () => {
    const { handles } = await ok<{ handles: string[] }>(
      await itemsBatch(
        batch([
          { method: 'CREATE', data: { id: 'IB-BARE', title: 'Only a title' } },
          { method: 'CREATE', data: data('IB-FULL') },
        ]),
      ),
    );
    const status = await finished(handles[0]!, '&load_ids_of_invalid_requests=true');
    expect(status.errors.length).toBeGreaterThan(0);
    expect(new Set(status.errors.map((e) => e.id))).toEqual(new Set(['IB-BARE']));
    expect(status.ids_of_invalid_requests).toEqual(['IB-BARE']);
  });

  it('refuses an unknown field, a wrong type, a value outside the enumeration or format, and a missing parameter', async () => {
    const one = (d: Record<string, unknown>, method = 'UPDATE') => itemsBatch(batch([{ method, data: d }]));
    // Unknown field (Google's spelling of a Meta field).
    await expectGraphError(
      await one(data('X', { imageLink: 'https://a.example/i.jpg' })),
      400,
      param('(#100) Param requests[0][data][imageLink] is not a field of item_type PRODUCT_ITEM'),
    );
    await expectGraphError(
      await itemsBatch(batch([{ method: 'UPDATE', data: data('X'), retailer_id: 'X' }])),
      400,
      param('(#100) Param requests[0][retailer_id] is not a known field'),
    );
    // Wrong type.
    await expectGraphError(
      await one(data('X', { price: 25 })),
      400,
      param('(#100) Param requests[0][data][price] must be a string'),
    );
    await expectGraphError(
      await one(data('X', { additional_image_link: 'https://a.example/1.jpg,https://a.example/2.jpg' })),
      400,
      param('(#100) Param requests[0][data][additional_image_link] must be an array of URLs'),
    );
    await expectGraphError(
      await one(data('X', { inventory: '5' })),
      400,
      param('(#100) Param requests[0][data][inventory] must be an integer'),
    );
    await expectGraphError(
      await itemsBatch(batch([{ method: 'UPDATE', data: data('X') }], { allow_upsert: 'maybe' })),
      400,
      param('(#100) Param allow_upsert must be a boolean'),
    );
    // Outside the enumeration or the format.
    await expectGraphError(
      await one(data('X', { availability: 'in_stock' })),
      400,
      param(`(#100) Param requests[0][data][availability] must be one of {${META_AVAILABILITY.join(', ')}}`),
    );
    await expectGraphError(
      await one(data('X'), 'INSERT'),
      400,
      param('(#100) Param requests[0][method] must be one of {CREATE, UPDATE, DELETE}'),
    );
    await expectGraphError(
      await itemsBatch(batch([{ method: 'UPDATE', data: data('X') }], { item_type: 'HOTEL' })),
      400,
      param('(#100) Param item_type must be one of {PRODUCT_ITEM}'),
    );
    await expectGraphError(
      await one(data('X', { price: '25.00' })),
      400,
      param(
        '(#100) Param requests[0][data][price] must be an amount and an ISO 4217 currency code, like "12.50 USD"',
      ),
    );
    await expectGraphError(
      await one(data('X', { link: 'chen-apparel.example/p/X' })),
      400,
      param('(#100) Param requests[0][data][link] must be an absolute http or https URL'),
    );
    await expectGraphError(
      await one(data('X', { shipping: [{ country: 'USA', price: '4.99 USD' }] })),
      400,
      param(
        '(#100) Param requests[0][data][shipping][0][country] must be an ISO 3166-1 alpha-2 country code',
      ),
    );
    // Missing.
    await expectGraphError(
      await itemsBatch({ requests: [{ method: 'UPDATE', data: data('X') }] }),
      400,
      param('(#100) The parameter item_type is required'),
    );
    await expectGraphError(
      await itemsBatch({ item_type: 'PRODUCT_ITEM' }),
      400,
      param('(#100) The parameter requests is required'),
    );
    await expectGraphError(
      await one({ title: 'No id' }),
      400,
      param('(#100) The parameter requests[0][data][id] is required'),
    );
    await expectGraphError(
      await itemsBatch(batch([{ method: 'UPDATE' }])),
      400,
      param('(#100) The parameter requests[0][data] is required'),
    );
    // Not JSON.
    await expectGraphError(
      await itemsBatch({ item_type: 'PRODUCT_ITEM', requests: '[{"method":' }),
      400,
      param('(#100) Param requests must be a JSON array of {method, data} requests'),
    );
  });

  it(`takes at most ${META_BATCH_MAX} requests`, async () => {
    const requests = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ method: 'DELETE', data: { id: `many-${i}` } }));
    await expectGraphError(
      await itemsBatch(batch(requests(META_BATCH_MAX + 1))),
      400,
      param(`(#100) Param requests must hold at most ${META_BATCH_MAX} requests`),
    );
    await ok(await itemsBatch(batch(requests(META_BATCH_MAX))));
  });

  it('refuses a catalog the token cannot manage as an object that cannot be loaded', async () => {
    await expectGraphError(
      await postJson('/300000000000099/items_batch', batch([{ method: 'UPDATE', data: data('X') }])),
      400,
      {
        message: /^Unsupported post request\. Object with ID '300000000000099' does not exist/,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      },
    );
  });
});

describe('GET /{catalog_id}/check_batch_request_status', () => {
  it('answers the status of a handle; refuses a missing handle, a wrong boolean, a bad priority, an unknown field and a foreign handle', async () => {
    const { handles } = await ok<{ handles: string[] }>(
      await itemsBatch(batch([{ method: 'UPDATE', data: data('CB-1') }])),
    );
    const status = await finished(handles[0]!);
    expect(status).toEqual({
      handle: handles[0],
      status: 'finished',
      errors: [],
      errors_total_count: 0,
      warnings: expect.any(Array),
      warnings_total_count: expect.any(Number),
    });
    const only = await ok<{ data: unknown[] }>(
      await get(`/${CATALOG}/check_batch_request_status?handle=${handles[0]}&fields=status`),
    );
    expect(only.data).toEqual([{ status: 'finished' }]);
    await expectGraphError(
      await get(`/${CATALOG}/check_batch_request_status`),
      400,
      param('(#100) The parameter handle is required'),
    );
    await expectGraphError(
      await get(
        `/${CATALOG}/check_batch_request_status?handle=${handles[0]}&load_ids_of_invalid_requests=yes`,
      ),
      400,
      param('(#100) Param load_ids_of_invalid_requests must be a boolean'),
    );
    await expectGraphError(
      await get(`/${CATALOG}/check_batch_request_status?handle=${handles[0]}&error_priority=URGENT`),
      400,
      param('(#100) Param error_priority must be one of {HIGH, LOW, MEDIUM}'),
    );
    await expectGraphError(
      await get(`/${CATALOG}/check_batch_request_status?handle=${handles[0]}&fields=state`),
      400,
      param('(#100) Tried accessing nonexisting field (state) on node type (CheckBatchRequestStatus)'),
    );
    await expectGraphError(
      await get(`/300000000000002/check_batch_request_status?handle=${handles[0]}`),
      400,
      param('(#100) Param handle is not a batch request of this catalog'),
    );
  });
});

describe('GET /{catalog_id}/products', () => {
  it('lists the items with numeric ids, retailer ids, review status and ProductItemErrors, paged by cursor', async () => {
    const first = await ok<{ handles: string[] }>(
      await itemsBatch(
        batch([
          { method: 'UPDATE', data: data('PR-1') },
          { method: 'UPDATE', data: data('PR-2') },
        ]),
      ),
    );
    await finished(first.handles[0]!);
    // An empty string unsets a field: PR-2 loses its brand and GTIN.
    const second = await ok<{ handles: string[] }>(
      await itemsBatch(batch([{ method: 'UPDATE', data: { id: 'PR-2', brand: '', gtin: '' } }])),
    );
    await finished(second.handles[0]!);
    type TItem = {
      id: string;
      retailer_id: string;
      review_status: string;
      errors: { title: string; description: string; error_priority: string; error_type: string }[];
    };
    const all: TItem[] = [];
    let after = '';
    for (let i = 0; i < 100; i++) {
      const page = await ok<{ data: TItem[]; paging?: { cursors: { after: string }; next?: string } }>(
        await get(
          `/${CATALOG}/products?fields=id,retailer_id,name,review_status,errors&limit=1${after ? `&after=${after}` : ''}`,
        ),
      );
      expect(page.data.length).toBeLessThanOrEqual(1);
      all.push(...page.data);
      if (!page.paging?.next) break;
      after = page.paging.cursors.after;
    }
    const pr1 = all.find((p) => p.retailer_id === 'PR-1');
    const pr2 = all.find((p) => p.retailer_id === 'PR-2');
    expect(pr1).toMatchObject({ id: expect.stringMatching(/^\d+$/), review_status: 'approved', errors: [] });
    // No brand, GTIN or MPN: Meta rejects the item and says why.
    expect(pr2).toMatchObject({ review_status: 'rejected' });
    expect(pr2!.errors[0]).toEqual({
      title: expect.any(String),
      description: expect.any(String),
      error_priority: 'HIGH',
      error_type: expect.stringMatching(/^[A-Z_]+$/),
    });
    await expectGraphError(
      await get(`/${CATALOG}/products?fields=id,severity`),
      400,
      param('(#100) Tried accessing nonexisting field (severity) on node type (ProductItem)'),
    );
    await expectGraphError(
      await get(`/${CATALOG}/products?filter={oops`),
      400,
      param('(#100) Param filter must be a JSON object'),
    );
  });
});

describe('paths Graph does not have', () => {
  it('an unknown object, an unknown edge, a method an edge does not take, a path too deep', async () => {
    await expectGraphError(await get('/999999'), 400, {
      message: /^Unsupported get request\. Object with ID '999999' does not exist/,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
    await expectGraphError(
      await get(`/${CATALOG}/product_list`),
      400,
      param('(#100) Tried accessing nonexisting field (product_list) on node type (ProductCatalog)'),
    );
    await expectGraphError(await postJson('/me/businesses', {}), 400, {
      message: /^Unsupported post request\. Object with ID 'me'/,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    });
    await expectGraphError(await get(`/${CATALOG}/products/all`), 400, {
      message: 'Unknown path components: /products/all',
      type: 'OAuthException',
      code: 2500,
    });
    expect(await ok(await get(`/${CATALOG}`))).toEqual({ id: CATALOG, name: expect.any(String) });
  });
});

describe('received requests', () => {
  it('keeps every Graph request as it came, and reads it again as Graph would', async () => {
    await ok(await get('/me/businesses?fields=id,name'));
    await itemsBatch(batch([{ method: 'UPDATE', data: data('RR-1', { colour: 'red' }) }]));
    const received = sandbox.meta.received;
    expect(received.map((r) => r.route)).toEqual([
      'GET /v25.0/me/businesses',
      'POST /v25.0/:catalogId/items_batch',
    ]);
    expect(checkMetaRequest(received[0]!)).toMatchObject({ ok: true });
    expect(checkMetaRequest(received[1]!)).toEqual({
      ok: false,
      error: param('(#100) Param requests[0][data][colour] is not a field of item_type PRODUCT_ITEM'),
    });
    for (const route of received.map((r) => r.route)) expect(META_REQUEST_SHAPES).toHaveProperty([route]);
  });
});
