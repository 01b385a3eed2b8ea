import { createHash } from 'node:crypto';
import type { TTaxonomy } from '@feedloom/catalog';
import { productIdSegment } from '@feedloom/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { TSigningKey } from '../oidc/keys';
import { SIGNING_ALG } from '../oidc/keys';
import type { GoogleControl } from './control';
import { judgeProductInput, REPORTING_CONTEXTS, type TProductInputBody, type TReview } from './judge';
import { merchantAccountsOf, type TMerchantAccountSeed } from './merchant-accounts';
import { checkGoogleRequest, GOOGLE_REQUEST_SHAPES, type TFieldViolation } from './schemas';

// Google's Merchant API v1 on its real paths: accounts, homepage (website claim), shipping
// settings, data sources, product inputs and processed products with their status. Every call needs a
// Bearer access token with the content scope from the sandbox's Google OAuth; a user reaches only their own
// accounts. Every request is read as Google reads it (./schemas): an unknown field or query parameter, a value
// of the wrong JSON type or a missing required field is refused with Google's 400 INVALID_ARGUMENT naming the
// field. Lists page with nextPageToken at Google's page sizes. State is kept in memory for the life of the
// process.

export const CONTENT_SCOPE = 'https://www.googleapis.com/auth/content';
/** Google's Site Verification API scope (verify and list the sites a user owns). */
export const SITE_VERIFICATION_SCOPE = 'https://www.googleapis.com/auth/siteverification';
const SITE_VERIFICATION_METHODS = ['META', 'FILE'] as const;
const LIST_MAX = 1000;
/** A homepage on a host starting with this is never verified, so its claim fails (as an unverified site's). */
export const UNVERIFIED_HOST_PREFIX = 'unverified.';
const LIST_DEFAULT = 25;

interface TDataSource {
  name: string;
  dataSourceId: string;
  displayName: string;
  input: 'API';
  primaryProductDataSource: { contentLanguage?: string; feedLabel?: string; countries?: string[] };
}

interface TStoredProduct {
  input: TProductInputBody & { versionNumber?: string };
  dataSource: string;
  /** `contentLanguage~feedLabel~offerId`. */
  key: string;
  createdAt: Date;
  updatedAt: Date;
  reviewAt: number;
  review?: TReview;
}

interface TAccountState {
  seed: TMerchantAccountSeed;
  homepage: string;
  claimed: boolean;
  dataSources: Map<string, TDataSource>;
  products: Map<string, TStoredProduct>;
  nextDataSourceId: number;
}

class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
    /** google.rpc.BadRequest's field violations, for a request Google could not read. */
    readonly violations: readonly TFieldViolation[] = [],
  ) {
    super(message);
  }
}

const invalid = (message: string, violations: readonly TFieldViolation[] = []) =>
  new GoogleApiError(400, 'INVALID_ARGUMENT', message, violations);
const notFound = (message: string) => new GoogleApiError(404, 'NOT_FOUND', message);

const STATUS_NAMES: Record<number, string> = {
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Google's error body: `{error: {code, message, status, details?}}`, a BadRequest among the details. */
const sendError = (reply: FastifyReply, err: GoogleApiError) =>
  reply.code(err.code).send({
    error: {
      code: err.code,
      message: err.message,
      status: err.status,
      ...(err.violations.length > 0
        ? { details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: err.violations }] }
        : {}),
    },
  });

/** `en~US~sku` as given, or its unpadded base64url form; both name the same product. */
const keyOfSegment = (segment: string): string => {
  if (segment.split('~').length >= 3) return segment;
  const decoded = Buffer.from(segment, 'base64url').toString('utf8');
  return decoded.split('~').length >= 3 ? decoded : segment;
};

const keyOf = (input: TProductInputBody) => `${input.contentLanguage}~${input.feedLabel}~${input.offerId}`;


export interface TMerchantApiOptions {
  key: TSigningKey;
  /** The Google issuer (its tokens are the ones accepted) and the audience its access tokens carry. */
  issuer: () => string;
  control: GoogleControl;
  taxonomy: () => TTaxonomy;
}

export const registerMerchantApi = (app: FastifyInstance, opts: TMerchantApiOptions): void => {
  const { control } = opts;
  const accounts = new Map<string, TAccountState>();
  /** Site Verification, per Google user: tokens handed out (`METHOD site` → token) and sites verified. */
  const verificationTokens = new Map<string, Map<string, string>>();
  const verifiedSites = new Map<string, Set<string>>();
  let websitesGeneration = control.websitesGeneration;

  const stateOf = (seed: TMerchantAccountSeed): TAccountState => {
    let state = accounts.get(seed.accountId);
    if (!state) {
      state = {
        seed,
        homepage: seed.homepage,
        claimed: seed.claimed,
        dataSources: new Map(),
        products: new Map(),
        nextDataSourceId: 1,
      };
      accounts.set(seed.accountId, state);
    }
    return state;
  };

  /** The caller's address, from a valid, unexpired access token with the content scope. */
  const authenticate = async (req: FastifyRequest, scope: string = CONTENT_SCOPE): Promise<string> => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw new GoogleApiError(401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.');
    try {
      const { payload } = await jwtVerify(match[1]!, opts.key.publicKey, {
        issuer: opts.issuer(),
        audience: `${opts.issuer()}/userinfo`,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALG],
      });
      const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
      if (issuedAt <= control.accessExpiredBefore) throw new Error('expired by the control endpoint');
      if (!String(payload.scope ?? '').split(' ').includes(scope)) {
        throw new GoogleApiError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      }
      return String(payload.email_address);
    } catch (err) {
      if (err instanceof GoogleApiError) throw err;
      throw new GoogleApiError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
  };

  const accountFor = (email: string, accountId: string): TAccountState => {
    const seed = merchantAccountsOf(email).find((a) => a.accountId === accountId);
    if (!seed) throw new GoogleApiError(403, 'PERMISSION_DENIED', `The caller does not have access to the accounts: [${accountId}]`);
    return stateOf(seed);
  };

  const accountJson = (seed: TMerchantAccountSeed) => ({
    name: `accounts/${seed.accountId}`,
    accountId: seed.accountId,
    accountName: seed.accountName,
    adultContent: false,
    testAccount: false,
    timeZone: { id: seed.timeZone },
    languageCode: seed.languageCode,
  });

  const reviewOf = (account: TAccountState, stored: TStoredProduct): TReview | undefined => {
    if (stored.review) return stored.review;
    if (Date.now() < stored.reviewAt) return undefined;
    stored.review = judgeProductInput(stored.input, {
      taxonomy: opts.taxonomy(),
      accountShipping: account.seed.shipping,
      now: new Date(),
    });
    return stored.review;
  };

  const productJson = (account: TAccountState, stored: TStoredProduct) => {
    const accountId = account.seed.accountId;
    const { input } = stored;
    const segment = productIdSegment(input.contentLanguage, input.feedLabel, input.offerId);
    const review = reviewOf(account, stored);
    const country = input.feedLabel;
    const disapproved = (context: string) =>
      review?.issues.some((i) => i.severity === 'DISAPPROVED' && i.reportingContext === context) ?? false;
    const expiry = new Date(stored.updatedAt.getTime() + 30 * 86_400_000);
    return {
      name: `accounts/${accountId}/products/${segment}`,
      offerId: input.offerId,
      contentLanguage: input.contentLanguage,
      feedLabel: input.feedLabel,
      dataSource: stored.dataSource,
      productAttributes: input.productAttributes ?? {},
      customAttributes: input.customAttributes ?? [],
      ...(input.versionNumber !== undefined ? { versionNumber: input.versionNumber } : {}),
      productStatus: {
        destinationStatuses: REPORTING_CONTEXTS.map((reportingContext) => ({
          reportingContext,
          ...(review === undefined
            ? { pendingCountries: [country] }
            : disapproved(reportingContext)
              ? { disapprovedCountries: [country] }
              : { approvedCountries: [country] }),
        })),
        itemLevelIssues: review?.issues ?? [],
        creationDate: stored.createdAt.toISOString(),
        lastUpdateDate: stored.updatedAt.toISOString(),
        googleExpirationDate: expiry.toISOString(),
      },
    };
  };

  const shippingJson = (account: TAccountState) => ({
    name: `accounts/${account.seed.accountId}/shippingSettings`,
    services: account.seed.shipping
      ? [
          {
            serviceName: 'Standard shipping',
            active: true,
            deliveryCountries: ['US', 'GB', 'IN'],
            currencyCode: 'USD',
            deliveryTime: { minHandlingDays: 0, maxHandlingDays: 1, minTransitDays: 2, maxTransitDays: 5 },
            rateGroups: [{ name: 'Flat rate', singleValue: { flatRate: { amountMicros: '4990000', currencyCode: 'USD' } } }],
          },
        ]
      : [],
    etag: `${account.seed.accountId}-${account.seed.shipping ? 1 : 0}`,
  });

  /**
   * One page of a list, as Google pages: `pageSize` unset or 0 is the method's default, above its maximum is
   * the maximum, and never more than the switchboard's `max_page_size` (Google may return fewer than asked).
   * The token names the list it belongs to, so another list's token is refused.
   */
  const pageOf = <T>(items: T[], list: string, query: Record<string, unknown>, max: number, fallback: number) => {
    const asked = typeof query.pageSize === 'string' ? Number(query.pageSize) : 0;
    if (asked < 0) throw invalid('pageSize must not be negative.', [{ field: 'page_size', description: 'pageSize must not be negative.' }]);
    const size = Math.max(1, Math.min(asked || fallback, max, control.maxPageSize ?? max));
    let offset = 0;
    if (typeof query.pageToken === 'string' && query.pageToken !== '') {
      const [scope, at] = Buffer.from(query.pageToken, 'base64url').toString('utf8').split('\n');
      offset = Number(at);
      if (scope !== list || !Number.isInteger(offset) || offset < 0) {
        throw invalid('The page token is invalid.', [{ field: 'page_token', description: 'The page token is invalid.' }]);
      }
    }
    const page = items.slice(offset, offset + size);
    const next = offset + size < items.length ? Buffer.from(`${list}\n${offset + size}`).toString('base64url') : undefined;
    return { page, nextPageToken: next };
  };

  app.register(async (r) => {
    // Only methods whose request shape is known are served: every request is checked against one.
    r.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (!GOOGLE_REQUEST_SHAPES[`${method} ${route.url}`]) throw new Error(`No request shape for ${method} ${route.url}`);
      }
    });
    // Every Merchant API call: optionally slow, optionally failing (control), then authenticated.
    r.addHook('onRequest', async (req, reply) => {
      if (websitesGeneration !== control.websitesGeneration) {
        websitesGeneration = control.websitesGeneration;
        for (const state of accounts.values()) {
          state.homepage = state.seed.homepage;
          state.claimed = state.seed.claimed;
        }
        verificationTokens.clear();
        verifiedSites.clear();
      }
      if (control.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
      const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
      const failure = control.takeFailure();
      if (failure) {
        control.record(route, true);
        if (failure.status === 429 && failure.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(failure.retryAfterSeconds));
        }
        const message = failure.status === 429 ? 'Quota exceeded for quota metric (quota/request_rate_too_high).' : 'The service is currently unavailable.';
        return sendError(reply, new GoogleApiError(failure.status, STATUS_NAMES[failure.status] ?? 'INTERNAL', message));
      }
      control.record(route, false);
    });
    // The request read as Google reads it; the handlers see the message it parsed to.
    r.addHook('preHandler', async (req) => {
      const route = `${req.method} ${req.routeOptions.url ?? ''}`;
      const query = { ...((req.query ?? {}) as Record<string, unknown>) };
      control.receive({ route, query, body: req.body });
      const checked = checkGoogleRequest({ route, query, body: req.body });
      if (!checked.ok) throw invalid(checked.violations.map((v) => v.description).join('\n'), checked.violations);
      req.query = checked.query;
      if (checked.body !== undefined) req.body = checked.body;
    });
    r.setErrorHandler((err, _req, reply) => {
      if (err instanceof GoogleApiError) return sendError(reply, err);
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status < 500) return sendError(reply, invalid((err as Error).message));
      r.log.error({ err }, 'merchant api failure');
      return sendError(reply, new GoogleApiError(500, 'INTERNAL', 'Internal error encountered.'));
    });

    type P = Record<string, string>;
    const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

    r.get('/accounts/v1/accounts', async (req) => {
      const email = await authenticate(req);
      const { page, nextPageToken } = pageOf(merchantAccountsOf(email), `accounts ${email}`, q(req), 500, 250);
      return { accounts: page.map(accountJson), ...(nextPageToken ? { nextPageToken } : {}) };
    });

    r.get('/accounts/v1/accounts/:account', async (req) => {
      const email = await authenticate(req);
      return accountJson(accountFor(email, (req.params as P).account!).seed);
    });

    r.get('/accounts/v1/accounts/:account/homepage', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      return { name: `accounts/${account.seed.accountId}/homepage`, uri: account.homepage, claimed: account.claimed };
    });

    // Override the website: a new URI is unclaimed until claimed again.
    r.patch('/accounts/v1/accounts/:account/homepage', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const body = req.body as { uri: string };
      if (body.uri !== account.homepage) account.claimed = false;
      account.homepage = body.uri;
      return { name: `accounts/${account.seed.accountId}/homepage`, uri: account.homepage, claimed: account.claimed };
    });

    r.post('/accounts/v1/accounts/:account/homepage::claim', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      // Google claims a site only once its ownership is verified: a host starting with "unverified." never is.
      if (new URL(account.homepage).hostname.startsWith(UNVERIFIED_HOST_PREFIX)) {
        throw new GoogleApiError(400, 'FAILED_PRECONDITION', 'The website could not be verified. Add the verification meta tag or file, then claim again.');
      }
      account.claimed = true;
      return { name: `accounts/${account.seed.accountId}/homepage`, uri: account.homepage, claimed: true };
    });

    r.get('/accounts/v1/accounts/:account/shippingSettings', async (req) =>
      shippingJson(accountFor(await authenticate(req), (req.params as P).account!)),
    );

    const programJson = (accountId: string, p: TMerchantAccountSeed['programs'][number]) => ({
      name: `accounts/${accountId}/programs/${p.id}`,
      documentationUri: `https://support.google.com/merchants/answer/${p.id === 'free-listings' ? '9199328' : '6149970'}`,
      state: p.state,
      ...(p.activeRegions.length ? { activeRegionCodes: p.activeRegions } : {}),
      ...(p.unmet.length
        ? { unmetRequirements: p.unmet.map((u) => ({ title: u.title, documentationUri: 'https://support.google.com/merchants', affectedRegionCodes: u.regions })) }
        : {}),
    });

    r.get('/accounts/v1/accounts/:account/programs', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const { page, nextPageToken } = pageOf(account.seed.programs, `programs ${account.seed.accountId}`, q(req), 1000, 1000);
      return { programs: page.map((p) => programJson(account.seed.accountId, p)), ...(nextPageToken ? { nextPageToken } : {}) };
    });

    r.get('/accounts/v1/accounts/:account/programs/:program', async (req) => {
      const params = req.params as P;
      const account = accountFor(await authenticate(req), params.account!);
      const program = account.seed.programs.find((p) => p.id === params.program);
      if (!program) throw notFound(`Program ${params.program} not found.`);
      return programJson(account.seed.accountId, program);
    });

    // Google's Site Verification API (www.googleapis.com/siteVerification/v1): a token for a site and method,
    // then webResource.insert verifies the site by finding that token on it. The sandbox cannot fetch the
    // site: it finds the token when it was handed out to the same user, unless the host starts with
    // "unverified." (such a site never shows it).
    const siteOf = (body: unknown): { type: string; identifier: string } => {
      const { site } = body as { site: { type: string; identifier: string } };
      if (site.type !== 'SITE' || !/^https?:\/\/[^\s/]+/.test(site.identifier)) {
        throw invalid('site.type must be SITE and site.identifier an http(s) URL.', [
          { field: 'site', description: 'The sandbox verifies http(s) sites (type SITE) only.' },
        ]);
      }
      return site;
    };
    // Google's other methods (ANALYTICS, TAG_MANAGER, DNS…) need a property or a domain the sandbox cannot see.
    const methodOf = (value: unknown) => {
      if (!SITE_VERIFICATION_METHODS.includes(value as (typeof SITE_VERIFICATION_METHODS)[number])) {
        throw invalid(`verificationMethod must be one of ${SITE_VERIFICATION_METHODS.join(', ')}.`, [
          { field: 'verification_method', description: `The sandbox verifies sites by ${SITE_VERIFICATION_METHODS.join(' or ')} only.` },
        ]);
      }
      return value as (typeof SITE_VERIFICATION_METHODS)[number];
    };
    const resourceJson = (email: string, identifier: string) => ({
      id: encodeURIComponent(identifier),
      site: { type: 'SITE', identifier },
      owners: [email],
    });

    r.post('/siteVerification/v1/token', async (req) => {
      const email = await authenticate(req, SITE_VERIFICATION_SCOPE);
      const body = req.body as { verificationMethod: string };
      const site = siteOf(body);
      const method = methodOf(body.verificationMethod);
      const digest = createHash('sha256').update(`${email} ${method} ${site.identifier}`).digest('base64url').slice(0, 43);
      const token =
        method === 'META'
          ? `<meta name="google-site-verification" content="${digest}" />`
          : `google${createHash('sha256').update(digest).digest('hex').slice(0, 16)}.html`;
      const mine = verificationTokens.get(email) ?? new Map<string, string>();
      mine.set(`${method} ${site.identifier}`, token);
      verificationTokens.set(email, mine);
      return { method, token };
    });

    r.post('/siteVerification/v1/webResource', async (req) => {
      const email = await authenticate(req, SITE_VERIFICATION_SCOPE);
      const method = methodOf(q(req).verificationMethod);
      const site = siteOf(req.body);
      const handedOut = verificationTokens.get(email)?.has(`${method} ${site.identifier}`) ?? false;
      if (!handedOut || new URL(site.identifier).hostname.startsWith(UNVERIFIED_HOST_PREFIX)) {
        throw invalid('The necessary verification token could not be found on your site.');
      }
      const mine = verifiedSites.get(email) ?? new Set<string>();
      mine.add(site.identifier);
      verifiedSites.set(email, mine);
      return resourceJson(email, site.identifier);
    });

    r.get('/siteVerification/v1/webResource', async (req) => {
      const email = await authenticate(req, SITE_VERIFICATION_SCOPE);
      return { items: [...(verifiedSites.get(email) ?? [])].map((site) => resourceJson(email, site)) };
    });

    r.get('/datasources/v1/accounts/:account/dataSources', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const { page, nextPageToken } = pageOf([...account.dataSources.values()], `dataSources ${account.seed.accountId}`, q(req), 1000, 1000);
      return { dataSources: page, ...(nextPageToken ? { nextPageToken } : {}) };
    });

    r.post('/datasources/v1/accounts/:account/dataSources', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const body = req.body as { displayName: string; primaryProductDataSource?: TDataSource['primaryProductDataSource'] };
      const primary = body.primaryProductDataSource;
      if (!primary) {
        throw invalid('The sandbox makes primary product data sources only.', [
          { field: 'data_source', description: 'Only primaryProductDataSource is supported by the sandbox.' },
        ]);
      }
      const id = String(10_000_000 + account.nextDataSourceId++);
      const dataSource: TDataSource = {
        name: `accounts/${account.seed.accountId}/dataSources/${id}`,
        dataSourceId: id,
        displayName: body.displayName.trim(),
        input: 'API',
        primaryProductDataSource: {
          ...(primary.contentLanguage ? { contentLanguage: primary.contentLanguage, feedLabel: primary.feedLabel } : {}),
          ...(primary.countries ? { countries: primary.countries } : {}),
        },
      };
      account.dataSources.set(dataSource.name, dataSource);
      return dataSource;
    });

    r.post('/products/v1/accounts/:account/productInputs::insert', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const dataSourceName = q(req).dataSource as string;
      const dataSource = account.dataSources.get(dataSourceName);
      if (!dataSource) throw invalid(`The data source ${dataSourceName} does not exist or is not an API data source of this account.`);
      const input = req.body as TProductInputBody & { versionNumber?: string };
      const { primaryProductDataSource: p } = dataSource;
      if (p.contentLanguage && (p.contentLanguage !== input.contentLanguage || p.feedLabel !== input.feedLabel)) {
        throw invalid(`The data source accepts contentLanguage ${p.contentLanguage} and feedLabel ${p.feedLabel} only.`);
      }
      const body: TProductInputBody & { versionNumber?: string } = {
        offerId: input.offerId.trim().replace(/\s+/g, ' '),
        contentLanguage: input.contentLanguage,
        feedLabel: input.feedLabel,
        productAttributes: input.productAttributes ?? {},
        customAttributes: input.customAttributes ?? [],
        ...(input.versionNumber !== undefined ? { versionNumber: input.versionNumber } : {}),
      };
      const key = keyOf(body);
      const existing = account.products.get(key);
      if (existing?.input.versionNumber && body.versionNumber && BigInt(body.versionNumber) < BigInt(existing.input.versionNumber)) {
        throw new GoogleApiError(409, 'ABORTED', 'The versionNumber is lower than the current one.');
      }
      const now = new Date();
      // Insert replaces the input with the same language, label and offer id (and may move it between sources).
      account.products.set(key, {
        input: body,
        dataSource: dataSourceName,
        key,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        reviewAt: now.getTime() + control.reviewDelayMs,
      });
      const segment = productIdSegment(body.contentLanguage, body.feedLabel, body.offerId);
      return {
        name: `accounts/${account.seed.accountId}/productInputs/${segment}`,
        product: `accounts/${account.seed.accountId}/products/${segment}`,
        ...body,
      };
    });

    r.delete('/products/v1/accounts/:account/productInputs/:productInput', async (req, reply) => {
      const params = req.params as P;
      const account = accountFor(await authenticate(req), params.account!);
      const dataSourceName = q(req).dataSource as string;
      const key = keyOfSegment(params.productInput!);
      const stored = account.products.get(key);
      if (!stored || stored.dataSource !== dataSourceName) throw notFound(`Product input ${params.productInput} not found.`);
      account.products.delete(key);
      return reply.send({});
    });

    r.get('/products/v1/accounts/:account/products/:product', async (req) => {
      const params = req.params as P;
      const account = accountFor(await authenticate(req), params.account!);
      const stored = account.products.get(keyOfSegment(params.product!));
      if (!stored) throw notFound(`Product ${params.product} not found.`);
      return productJson(account, stored);
    });

    r.get('/products/v1/accounts/:account/products', async (req) => {
      const account = accountFor(await authenticate(req), (req.params as P).account!);
      const all = [...account.products.values()];
      const { page, nextPageToken } = pageOf(all, `products ${account.seed.accountId}`, q(req), LIST_MAX, LIST_DEFAULT);
      return { products: page.map((p) => productJson(account, p)), ...(nextPageToken ? { nextPageToken } : {}) };
    });
  });
};
