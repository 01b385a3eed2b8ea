// The Google stand-in read as Google reads a request: for each Merchant API v1 (and Site Verification) method
// it serves, a valid request is accepted and each kind of wrong request — an unknown field, an unknown query
// parameter, a value of the wrong JSON type, a missing required field — is refused with Google's
// 400 INVALID_ARGUMENT and a google.rpc.BadRequest naming the field; answers carry Google's shapes (int64 as
// strings, product names accounts/{account}/products/{product}) and lists page with nextPageToken.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import { CONTENT_SCOPE, SITE_VERIFICATION_SCOPE } from './merchant';
import { ALEX, apiCall, connect } from './test-helpers';

let dataDir: string;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let token: string;

const ACCOUNT = '5550001001';
const KITCHEN = '5550001002';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-google-contract-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
  token = (await connect(sandbox.url, ALEX, { scope: `${CONTENT_SCOPE} ${SITE_VERIFICATION_SCOPE}` })).access_token;
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  sandbox.google.apply({ reset: true, reset_websites: true });
});

const api = (method: string, p: string, body?: unknown) => apiCall(sandbox.url, token, method, p, body);

interface TGoogleError {
  error: {
    code: number;
    message: string;
    status: string;
    details?: { '@type': string; fieldViolations: { field?: string; description: string }[] }[];
  };
}

/** Refused as Google refuses a request it cannot read: 400 INVALID_ARGUMENT, a BadRequest naming `field`. */
const expectRefused = async (res: Response, field: string | undefined, description: RegExp) => {
  const body = (await res.json()) as TGoogleError;
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  expect(body.error.details?.[0]?.['@type']).toBe('type.googleapis.com/google.rpc.BadRequest');
  const violations = body.error.details?.[0]?.fieldViolations ?? [];
  expect(violations).toContainEqual(expect.objectContaining({ ...(field ? { field } : {}), description: expect.stringMatching(description) }));
  expect(body.error.message).toMatch(description);
};

const ok = async <T>(res: Response): Promise<T> => {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};

const unknownQuery = (name: string) => new RegExp(`Unknown name "${name}": Cannot bind query parameter`);

/** A product input as Feedloom sends one, every JSON type of the API in it. */
const productInput = (offerId: string) => ({
  offerId,
  contentLanguage: 'en',
  feedLabel: 'US',
  productAttributes: {
    title: 'Acme Kettle 1.7 L',
    description: 'A stainless steel kettle that boils 1.7 litres in three minutes.',
    link: 'https://shop.example.com/p/kettle',
    imageLink: 'https://shop.example.com/i/kettle.jpg',
    additionalImageLinks: ['https://shop.example.com/i/kettle-2.jpg'],
    availability: 'IN_STOCK',
    condition: 'NEW',
    price: { amountMicros: '39990000', currencyCode: 'USD' },
    salePrice: { amountMicros: '29990000', currencyCode: 'USD' },
    salePriceEffectiveDate: { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-31T23:59:59Z' },
    availabilityDate: '2026-02-01T00:00:00-08:00',
    brand: 'Acme',
    gtins: ['4006381333931'],
    googleProductCategory: '222',
    productTypes: ['Home > Kitchen'],
    identifierExists: true,
    multipack: '2',
    unitPricingMeasure: { value: 1.7, unit: 'l' },
    unitPricingBaseMeasure: { value: '1', unit: 'l' },
    productWeight: { value: 1.2, unit: 'kg' },
    shipping: [
      {
        country: 'US',
        service: 'Standard',
        price: { amountMicros: '4990000', currencyCode: 'USD' },
        minHandlingTime: '0',
        maxHandlingTime: '1',
        minTransitTime: '2',
        maxTransitTime: '5',
      },
    ],
    sizeTypes: ['REGULAR'],
    adsLabels: ['summer', 'kitchen'],
    customLabel0: 'bestseller',
  },
  customAttributes: [{ name: 'tax category', value: 'standard' }],
});

describe('accounts', () => {
  it('accounts.list: pages at pageSize with nextPageToken; refuses an unknown parameter and a pageSize that is no number', async () => {
    const first = await ok<{ accounts: { name: string; accountId: string }[]; nextPageToken?: string }>(
      await api('GET', '/accounts/v1/accounts?pageSize=1'),
    );
    expect(first.accounts).toEqual([expect.objectContaining({ name: `accounts/${ACCOUNT}`, accountId: ACCOUNT })]);
    expect(typeof first.accounts[0]!.accountId).toBe('string');
    const second = await ok<{ accounts: { accountId: string }[]; nextPageToken?: string }>(
      await api('GET', `/accounts/v1/accounts?pageSize=1&pageToken=${first.nextPageToken}`),
    );
    expect(second).toEqual({ accounts: [expect.objectContaining({ accountId: KITCHEN })] });
    await expectRefused(await api('GET', '/accounts/v1/accounts?colour=red'), undefined, unknownQuery('colour'));
    await expectRefused(await api('GET', '/accounts/v1/accounts?pageSize=ten'), 'page_size', /Invalid value at 'page_size' \(TYPE_INT32\), "ten"/);
    await expectRefused(await api('GET', '/accounts/v1/accounts?pageSize=-1'), 'page_size', /must not be negative/);
    // A token of another list is no token of this one.
    const programs = await ok<{ nextPageToken?: string }>(await api('GET', `/accounts/v1/accounts/${ACCOUNT}/programs?pageSize=1`));
    await expectRefused(await api('GET', `/accounts/v1/accounts?pageToken=${programs.nextPageToken}`), 'page_token', /page token is invalid/);
  });

  it('accounts.get, homepage.get, shippingSettings.get, programs.get take no parameter', async () => {
    for (const p of ['', '/homepage', '/shippingSettings', '/programs/free-listings']) {
      await ok(await api('GET', `/accounts/v1/accounts/${ACCOUNT}${p}`));
      await expectRefused(await api('GET', `/accounts/v1/accounts/${ACCOUNT}${p}?verbose=true`), undefined, unknownQuery('verbose'));
    }
    // System parameters every Google API takes are no unknown parameters.
    await ok(await api('GET', `/accounts/v1/accounts/${ACCOUNT}?prettyPrint=false&alt=json`));
  });

  it('programs.list pages too', async () => {
    const first = await ok<{ programs: { name: string }[]; nextPageToken?: string }>(
      await api('GET', `/accounts/v1/accounts/${ACCOUNT}/programs?pageSize=1`),
    );
    expect(first.programs.map((p) => p.name)).toEqual([`accounts/${ACCOUNT}/programs/free-listings`]);
    const second = await ok<{ programs: { name: string }[]; nextPageToken?: string }>(
      await api('GET', `/accounts/v1/accounts/${ACCOUNT}/programs?pageToken=${first.nextPageToken}&pageSize=1`),
    );
    expect(second.programs.map((p) => p.name)).toEqual([`accounts/${ACCOUNT}/programs/shopping-ads`]);
    expect(second.nextPageToken).toBeUndefined();
  });

  it('homepage.update: a Homepage with its uri; unknown fields, wrong types, a missing uri and an unknown mask refused', async () => {
    const path = `/accounts/v1/accounts/${KITCHEN}/homepage`;
    expect(await ok(await api('PATCH', `${path}?updateMask=uri`, { uri: 'https://kitchen.example/' }))).toMatchObject({
      uri: 'https://kitchen.example/',
      claimed: false,
    });
    await expectRefused(await api('PATCH', `${path}?updateMask=uri`, { uri: 'https://kitchen.example/', url: 'x' }), 'homepage', /Unknown name "url" at 'homepage': Cannot find field/);
    await expectRefused(await api('PATCH', `${path}?updateMask=uri`, { uri: 42 }), 'homepage.uri', /Invalid value at 'homepage.uri' \(TYPE_STRING\), 42/);
    await expectRefused(await api('PATCH', `${path}?updateMask=uri`, {}), 'homepage.uri', /Required field homepage.uri is not set/);
    await expectRefused(await api('PATCH', `${path}?updateMask=claimed`, { uri: 'https://kitchen.example/' }), 'update_mask', /may only name uri/);
    await expectRefused(await api('PATCH', `${path}?update=uri`, { uri: 'https://kitchen.example/' }), undefined, unknownQuery('update'));
  });

  it('homepage.claim: overwrite is a boolean; "yes" and unknown fields refused', async () => {
    const path = `/accounts/v1/accounts/${KITCHEN}/homepage:claim`;
    expect(await ok(await api('POST', path, { overwrite: true }))).toMatchObject({ claimed: true });
    await expectRefused(await api('POST', path, { overwrite: 'yes' }), 'overwrite', /Invalid value at 'overwrite' \(TYPE_BOOL\), "yes"/);
    await expectRefused(await api('POST', path, { force: true }), undefined, /Unknown name "force": Cannot find field/);
  });
});

describe('site verification', () => {
  const site = { type: 'SITE', identifier: 'https://rivera-kitchen.example/' };

  it('webResource.getToken and insert: the method an enum, site and method required, unknown fields refused', async () => {
    await ok(await api('POST', '/siteVerification/v1/token', { site, verificationMethod: 'META' }));
    await expectRefused(
      await api('POST', '/siteVerification/v1/token', { site, verificationMethod: 'meta' }),
      'verification_method',
      /Invalid value at 'verification_method' \(type.googleapis.com\/siteVerification.v1.VerificationMethod\), "meta"/,
    );
    await expectRefused(await api('POST', '/siteVerification/v1/token', { verificationMethod: 'META' }), 'site', /Required field site is not set/);
    await expectRefused(await api('POST', '/siteVerification/v1/token', { site: { ...site, url: 'x' }, verificationMethod: 'META' }), 'site', /Unknown name "url" at 'site'/);
    expect(await ok(await api('POST', '/siteVerification/v1/webResource?verificationMethod=META', { site }))).toMatchObject({ site });
    await expectRefused(await api('POST', '/siteVerification/v1/webResource', { site }), 'verification_method', /Required field verification_method is not set/);
    await ok(await api('GET', '/siteVerification/v1/webResource'));
    await expectRefused(await api('GET', '/siteVerification/v1/webResource?all=1'), undefined, unknownQuery('all'));
  });
});

describe('data sources and products', () => {
  const dataSource = async (account = ACCOUNT) =>
    ok<{ name: string; dataSourceId: string }>(
      await api('POST', `/datasources/v1/accounts/${account}/dataSources`, {
        displayName: 'Feedloom',
        primaryProductDataSource: { contentLanguage: 'en', feedLabel: 'US', countries: ['US'] },
      }),
    );

  it('dataSources.create and list: a v1 DataSource; the v1beta channel, a string for a list and no name refused', async () => {
    const made = await dataSource();
    expect(made.name).toBe(`accounts/${ACCOUNT}/dataSources/${made.dataSourceId}`);
    expect(typeof made.dataSourceId).toBe('string');
    const create = (body: unknown) => api('POST', `/datasources/v1/accounts/${ACCOUNT}/dataSources`, body);
    await expectRefused(
      await create({ displayName: 'F', primaryProductDataSource: { channel: 'ONLINE_PRODUCTS' } }),
      'data_source.primary_product_data_source',
      /Unknown name "channel" at 'data_source.primary_product_data_source'/,
    );
    await expectRefused(
      await create({ displayName: 'F', primaryProductDataSource: { countries: 'US' } }),
      'data_source.primary_product_data_source.countries',
      /\(TYPE_STRING\), "US"/,
    );
    await expectRefused(await create({ primaryProductDataSource: {} }), 'data_source.display_name', /Required field data_source.display_name/);
    await expectRefused(
      await create({ displayName: 'F', primaryProductDataSource: { feedLabel: 'US' } }),
      'data_source.primary_product_data_source',
      /set together/,
    );
    await dataSource();
    const page = await ok<{ dataSources: unknown[]; nextPageToken?: string }>(
      await api('GET', `/datasources/v1/accounts/${ACCOUNT}/dataSources?pageSize=1`),
    );
    expect(page.dataSources).toHaveLength(1);
    expect(page.nextPageToken).toBeTruthy();
    await expectRefused(await api('GET', `/datasources/v1/accounts/${ACCOUNT}/dataSources?filter=x`), undefined, unknownQuery('filter'));
  });

  it('productInputs.insert takes a v1 ProductInput and answers it with int64 as strings and the documented names', async () => {
    const ds = await dataSource();
    const inserted = await ok<Record<string, unknown>>(
      await api('POST', `/products/v1/accounts/${ACCOUNT}/productInputs:insert?dataSource=${ds.name}`, { ...productInput('K-1'), versionNumber: '3' }),
    );
    const segment = Buffer.from('en~US~K-1').toString('base64url');
    expect(inserted).toMatchObject({
      name: `accounts/${ACCOUNT}/productInputs/${segment}`,
      product: `accounts/${ACCOUNT}/products/${segment}`,
      versionNumber: '3',
    });
    const product = await ok<{ name: string; versionNumber: string; productAttributes: Record<string, unknown> }>(
      await api('GET', `/products/v1/accounts/${ACCOUNT}/products/${segment}`),
    );
    expect(product.name).toBe(`accounts/${ACCOUNT}/products/${segment}`);
    expect(product.versionNumber).toBe('3');
    expect(product.productAttributes).toMatchObject({
      multipack: '2',
      unitPricingBaseMeasure: { value: '1', unit: 'l' },
      price: { amountMicros: '39990000', currencyCode: 'USD' },
    });
    // The proto's own field names are read as the same fields.
    await ok(await api('POST', `/products/v1/accounts/${ACCOUNT}/productInputs:insert?dataSource=${ds.name}`, { offer_id: 'K-2', content_language: 'en', feed_label: 'US' }));
  });

  it('productInputs.insert refuses what Google refuses, naming the field', async () => {
    const ds = await dataSource();
    const insert = (body: unknown, query = `dataSource=${ds.name}`) =>
      api('POST', `/products/v1/accounts/${ACCOUNT}/productInputs:insert?${query}`, body);
    const withAttributes = (attrs: Record<string, unknown>) => {
      const input = productInput('BAD-1');
      return { ...input, productAttributes: { ...input.productAttributes, ...attrs } };
    };
    const A = 'product_input.product_attributes';
    // An enum in the feed's spelling.
    await expectRefused(
      await insert(withAttributes({ availability: 'in_stock' })),
      `${A}.availability`,
      /Invalid value at 'product_input.product_attributes.availability' \(type.googleapis.com\/google.shopping.merchant.products.v1.Availability\), "in_stock"/,
    );
    // An unknown field, and v1beta's name of productAttributes.
    await expectRefused(await insert(withAttributes({ colour: 'red' })), A, /Unknown name "colour" at 'product_input.product_attributes': Cannot find field/);
    const { productAttributes, ...rest } = productInput('BAD-2');
    await expectRefused(await insert({ ...rest, attributes: productAttributes }), 'product_input', /Unknown name "attributes" at 'product_input'/);
    // Wrong JSON types: a price as text, a list as one value, an interval as text, int64 as a number.
    await expectRefused(await insert(withAttributes({ price: '39.99 USD' })), `${A}.price`, /\(type.googleapis.com\/google.shopping.type.Price\), "39.99 USD"/);
    await expectRefused(await insert(withAttributes({ gtins: '4006381333931' })), `${A}.gtins`, /Invalid value at 'product_input.product_attributes.gtins' \(TYPE_STRING\), "4006381333931"/);
    await expectRefused(
      await insert(withAttributes({ salePriceEffectiveDate: '2026-03-01T00:00Z/2026-03-31T00:00Z' })),
      `${A}.sale_price_effective_date`,
      /\(type.googleapis.com\/google.type.Interval\)/,
    );
    await expectRefused(
      await insert(withAttributes({ salePriceEffectiveDate: { startTime: '2026-03-01', endTime: '2026-03-31T00:00:00Z' } })),
      `${A}.sale_price_effective_date.start_time`,
      /\(type.googleapis.com\/google.protobuf.Timestamp\), "2026-03-01"/,
    );
    await expectRefused(await insert(withAttributes({ multipack: 2 })), `${A}.multipack`, /Invalid value at 'product_input.product_attributes.multipack' \(TYPE_INT64\), 2/);
    await expectRefused(await insert(withAttributes({ price: { amountMicros: 39990000, currencyCode: 'USD' } })), `${A}.price.amount_micros`, /\(TYPE_INT64\), 39990000/);
    await expectRefused(await insert(withAttributes({ unitPricingBaseMeasure: { value: 1, unit: 'l' } })), `${A}.unit_pricing_base_measure.value`, /TYPE_INT64/);
    await expectRefused(
      await insert(withAttributes({ shipping: [{ country: 'US', maxHandlingTime: 1 }] })),
      `${A}.shipping[0].max_handling_time`,
      /TYPE_INT64/,
    );
    await expectRefused(await insert(withAttributes({ unitPricingMeasure: { value: '1.7', unit: 'l' } })), `${A}.unit_pricing_measure.value`, /\(TYPE_DOUBLE\), "1.7"/);
    await expectRefused(await insert(withAttributes({ identifierExists: 'no' })), `${A}.identifier_exists`, /\(TYPE_BOOL\), "no"/);
    await expectRefused(await insert(withAttributes({ sizeTypes: ['regular'] })), `${A}.size_types[0]`, /SizeType\), "regular"/);
    // Required fields.
    const { offerId: _o, ...noOffer } = productInput('X');
    await expectRefused(await insert(noOffer), 'product_input.offer_id', /Required field product_input.offer_id is not set/);
    await expectRefused(await insert({ ...productInput('X'), feedLabel: 'us' }), 'product_input.feed_label', /feedLabel must be/);
    await expectRefused(await insert(productInput('X'), ''), 'data_source', /Required field data_source is not set/);
    // An unknown query parameter.
    await expectRefused(await insert(productInput('X'), `dataSource=${ds.name}&validateOnly=true`), undefined, unknownQuery('validateOnly'));
  });

  it('productInputs.delete needs its data source; products.get takes no parameter', async () => {
    const ds = await dataSource();
    await ok(await api('POST', `/products/v1/accounts/${ACCOUNT}/productInputs:insert?dataSource=${ds.name}`, productInput('D-1')));
    const segment = Buffer.from('en~US~D-1').toString('base64url');
    await expectRefused(await api('GET', `/products/v1/accounts/${ACCOUNT}/products/${segment}?view=full`), undefined, unknownQuery('view'));
    await expectRefused(await api('DELETE', `/products/v1/accounts/${ACCOUNT}/productInputs/${segment}`), 'data_source', /Required field data_source/);
    await expectRefused(await api('DELETE', `/products/v1/accounts/${ACCOUNT}/productInputs/${segment}?dataSource=${ds.name}&force=1`), undefined, unknownQuery('force'));
    await ok(await api('DELETE', `/products/v1/accounts/${ACCOUNT}/productInputs/${segment}?dataSource=${ds.name}`));
  });

  it('products.list pages at 25 by default, at most 1000, and never more than the switchboard allows', async () => {
    const ds = await dataSource(KITCHEN);
    for (let i = 1; i <= 27; i++) {
      await ok(await api('POST', `/products/v1/accounts/${KITCHEN}/productInputs:insert?dataSource=${ds.name}`, productInput(`L-${i}`)));
    }
    type TPage = { products: { name: string }[]; nextPageToken?: string };
    const first = await ok<TPage>(await api('GET', `/products/v1/accounts/${KITCHEN}/products`));
    expect(first.products).toHaveLength(25);
    const rest = await ok<TPage>(await api('GET', `/products/v1/accounts/${KITCHEN}/products?pageToken=${first.nextPageToken}`));
    expect(rest.products.length).toBeGreaterThanOrEqual(2);
    const big = await ok<TPage>(await api('GET', `/products/v1/accounts/${KITCHEN}/products?pageSize=5000`));
    expect(big.nextPageToken).toBeUndefined();
    sandbox.google.apply({ max_page_size: 10 });
    const capped = await ok<TPage>(await api('GET', `/products/v1/accounts/${KITCHEN}/products?pageSize=1000`));
    expect(capped.products).toHaveLength(10);
    expect(capped.nextPageToken).toBeTruthy();
    await expectRefused(await api('GET', `/products/v1/accounts/${KITCHEN}/products?page=2`), undefined, unknownQuery('page'));
  });
});
