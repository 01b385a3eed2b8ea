// The Merchant API client against the sandbox's Google: payloads built by packages/catalog, retries, and
// the channel's own verdicts read back (products.list with productStatus).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ChannelItem, productIdSegment, toProductInput, type TLayerValues } from '@feedloom/catalog';
import { CONTENT_SCOPE, PRICE_MISMATCH_MARKER, startSandbox } from '@feedloom/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../lib/clock';
import { createLogger } from '../../../logger';
import { testEnv } from '../../../env';
import type { TGoogleHttpDeps } from './http';
import { createMerchantClient, type TMerchantClient } from './merchant-client';

type TSandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: TSandbox;
let dataDir: string;
let client: TMerchantClient;
const waits: number[] = [];
let token = '';
let refreshes = 0;

const REDIRECT = 'http://app.test/google-callback';

/** A consent as Sam Lee (one Merchant Center account), straight against the sandbox. */
const accessToken = async (): Promise<string> => {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${sandbox.url}/google/authorize`);
  url.search = new URLSearchParams({
    client_id: 'feedloom-google',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: CONTENT_SCOPE,
    state: 's',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const html = await (await fetch(url)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const decision = await fetch(`${sandbox.url}/google/authorize/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account: 'sam.lee@gmail.sandbox.test', decision: 'allow' }),
    redirect: 'manual',
  });
  const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const res = await fetch(`${sandbox.url}/google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: 'feedloom-google',
      client_secret: 'sandbox-secret',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

const control = (body: unknown) =>
  fetch(`${sandbox.url}/__control/google`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'api-merchant-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
  token = await accessToken();
  const http: TGoogleHttpDeps = {
    settings: { maxAttempts: 5, baseMs: 100, maxMs: 1000, timeoutMs: 5000 },
    clock: systemClock,
    log: createLogger(testEnv()),
    random: () => 0.5,
    sleep: async (ms) => void waits.push(ms),
  };
  client = createMerchantClient({
    baseUrl: sandbox.url,
    http,
    tokens: {
      get: async (rejected) => {
        if (rejected) {
          refreshes += 1;
          token = await accessToken();
        }
        return token;
      },
    },
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const source = (extra: TLayerValues = {}): TLayerValues => ({
  title: 'Lee Phone Stand',
  description: 'An aluminium stand for phones and small tablets.',
  link: 'https://lee-gadgets.example/p/stand',
  image_link: 'https://lee-gadgets.example/i/stand.jpg',
  availability: 'in_stock',
  condition: 'new',
  price: { value: 19.99, currency: 'USD' },
  brand: 'Lee',
  gtin: '4006381333931',
  google_product_category: '222',
  ...extra,
});
const input = (offerId: string, values: TLayerValues) =>
  toProductInput(new ChannelItem({ id: offerId, offer_id: offerId, source: values, overrides: {}, rules: {}, variants: [] }), {
    contentLanguage: 'en',
    feedLabel: 'US',
  });

describe('Merchant API client', () => {
  const ACCOUNT = '5550002001';

  it('sends catalog-built ProductInputs and reads back what the channel decided', async () => {
    const ds = await client.createDataSource(ACCOUNT, {
      displayName: 'Feedloom',
      primaryProductDataSource: { contentLanguage: 'en', feedLabel: 'US', countries: ['US'] },
    });
    expect((await client.listDataSources(ACCOUNT)).map((d) => d.name)).toEqual([ds.name]);
    await client.insertProductInput(ACCOUNT, ds.name, input('OK-1', source()));
    await client.insertProductInput(ACCOUNT, ds.name, input('CRAWL-1', source({ link: `https://lee-gadgets.example/p?${PRICE_MISMATCH_MARKER}` })));
    const { products = [] } = await client.listProducts(ACCOUNT);
    const byOffer = new Map(products.map((p) => [p.offerId, p]));
    expect(byOffer.get('OK-1')?.productStatus?.destinationStatuses?.[0]).toMatchObject({ approvedCountries: ['US'] });
    expect(byOffer.get('CRAWL-1')?.productStatus?.itemLevelIssues?.map((i) => i.code)).toContain('price_mismatch');

    const segment = productIdSegment('en', 'US', 'OK-1');
    expect((await client.getProduct(ACCOUNT, segment)).offerId).toBe('OK-1');
    await client.deleteProductInput(ACCOUNT, segment, ds.name);
    await expect(client.getProduct(ACCOUNT, segment)).rejects.toMatchObject({ status: 404, reason: 'NOT_FOUND' });
  });

  it('follows nextPageToken through every list when Google answers fewer items than asked', async () => {
    await control({ max_page_size: 1 });
    try {
      for (const name of ['Feedloom EU', 'Feedloom GB']) {
        await client.createDataSource(ACCOUNT, { displayName: name, primaryProductDataSource: {} });
      }
      expect((await client.listDataSources(ACCOUNT)).map((d) => d.displayName)).toEqual(expect.arrayContaining(['Feedloom EU', 'Feedloom GB']));
      expect((await client.listDataSources(ACCOUNT)).length).toBeGreaterThanOrEqual(2);
      expect(await client.listAccounts()).toHaveLength(2);
      expect((await client.listPrograms(ACCOUNT)).map((p) => p.name)).toEqual([
        `accounts/${ACCOUNT}/programs/free-listings`,
        `accounts/${ACCOUNT}/programs/shopping-ads`,
      ]);
    } finally {
      await control({ reset: true });
    }
  });

  it('waits with jittered exponential backoff between retries, at least what Retry-After asks', async () => {
    waits.length = 0;
    await control({ fail_next: { count: 3, status: 503 } });
    expect(await client.listAccounts()).toHaveLength(2);
    // random() = 0.5 of 100, 200, 400 ms.
    expect(waits).toEqual([50, 100, 200]);
    waits.length = 0;
    await control({ fail_next: { count: 1, status: 429, retry_after_seconds: 1 } });
    await client.getAccount(ACCOUNT);
    expect(waits).toEqual([1000]);
  });

  it('gives up after the last attempt with the status it saw', async () => {
    waits.length = 0;
    await control({ fail_next: { count: 5, status: 502 } });
    await expect(client.listAccounts()).rejects.toMatchObject({ status: 502 });
    expect(waits).toHaveLength(4);
  });

  it('refreshes the token once on a 401 and tries again', async () => {
    await control({ expire_access_tokens: true });
    expect(await client.listAccounts()).toHaveLength(2);
    expect(refreshes).toBe(1);
  });
});
