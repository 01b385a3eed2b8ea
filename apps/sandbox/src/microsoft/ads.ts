import type { TTaxonomy } from '@feedloom/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { z } from 'zod';
import type { GoogleControl } from '../google/control';
import type { TSigningKey } from '../oidc/keys';
import { SIGNING_ALG } from '../oidc/keys';
import { microsoftUserOf, storeDomainVerified, type TMicrosoftUserSeed } from './accounts';
import { judgeMicrosoftProduct, type TChannelReview } from './judge';
import {
  missingRequired,
  problemOf,
  ZGetStoresRequestSchema,
  ZGetUserRequestSchema,
  ZInsertQuerySchema,
  ZListQuerySchema,
  ZSearchAccountsRequestSchema,
  ZMicrosoftBatchSchema,
  ZMicrosoftProductSchema,
  ZNoQuerySchema,
  type TMicrosoftProduct,
} from './schemas';

// Microsoft Advertising on its real paths: the Customer Management REST API (who the user is,
// their ad accounts), Campaign Management's Merchant Center stores of a customer, and the Content API
// (`/shopping/v9.1/bmc/{storeId}/products`, batch of at most 300 entries, insert replaces the whole item).
// Every call needs an access token of the sandbox's Microsoft identity platform with the msads.manage scope
// and a DeveloperToken header. Content API requests are read against the documented shapes (./schemas): an
// unknown field or query parameter, a value of the wrong type or a missing required field is a 400. State is
// kept in memory for the life of the process.

export const MSADS_SCOPE = 'https://ads.microsoft.com/msads.manage';
/** The limits page's ceiling of method calls in one batch. */
export const MICROSOFT_BATCH_MAX = 300;
const LIST_MAX = 250;
const LIST_DEFAULT = 25;
const CONTENT = '/shopping/v9.1/bmc';

class AdsError extends Error {
  constructor(
    readonly status: number,
    /** Microsoft's numeric error code (105 invalid credentials, 109 expired token…). */
    readonly code: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

interface TStoredProduct {
  product: Record<string, unknown>;
  updatedAt: Date;
  reviewAt: number;
  review?: TChannelReview;
}

export interface TMicrosoftAdsOptions {
  key: TSigningKey;
  /** The Microsoft identity issuer whose access tokens are accepted. */
  issuer: () => string;
  control: GoogleControl;
  taxonomy: () => TTaxonomy;
}

const sendError = (reply: FastifyReply, err: AdsError, content: boolean) =>
  content
    ? reply.code(err.status).send({
        error: { code: err.status, message: err.message, errors: [{ domain: 'global', reason: err.errorCode, message: err.message, code: err.code }] },
      })
    : reply.code(err.status).send({ Code: err.code, ErrorCode: err.errorCode, Message: err.message });

const productIdOf = (p: Record<string, unknown>) =>
  `${String(p.channel ?? 'Online')}:${String(p.contentLanguage ?? '')}:${String(p.targetCountry ?? '')}:${String(p.offerId ?? '')}`;

export const registerMicrosoftAds = (app: FastifyInstance, opts: TMicrosoftAdsOptions): void => {
  const { control } = opts;
  /** Products by store id, then by product id. */
  const stores = new Map<number, Map<string, TStoredProduct>>();
  const productsOf = (storeId: number) => {
    let m = stores.get(storeId);
    if (!m) stores.set(storeId, (m = new Map<string, TStoredProduct>()));
    return m;
  };

  const authenticate = async (req: FastifyRequest): Promise<TMicrosoftUserSeed> => {
    const raw =
      (req.headers['authenticationtoken'] as string | undefined) ??
      /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!raw) throw new AdsError(401, 105, 'InvalidCredentials', 'Authentication failed. Either supplied credentials are invalid or the account is inactive.');
    if (!req.headers['developertoken']) throw new AdsError(401, 106, 'UserIsNotAuthorized', 'The developer token is missing.');
    let payload;
    try {
      ({ payload } = await jwtVerify(raw, opts.key.publicKey, {
        issuer: opts.issuer(),
        audience: `${opts.issuer()}/userinfo`,
        typ: 'at+jwt',
        algorithms: [SIGNING_ALG],
      }));
    } catch {
      throw new AdsError(401, 109, 'AuthenticationTokenExpired', 'The authentication token expired. Refresh the token and try again.');
    }
    const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
    if (issuedAt <= control.accessExpiredBefore) {
      throw new AdsError(401, 109, 'AuthenticationTokenExpired', 'The authentication token expired. Refresh the token and try again.');
    }
    if (!String(payload.scope ?? '').split(' ').includes(MSADS_SCOPE)) {
      throw new AdsError(403, 106, 'UserIsNotAuthorized', 'The user does not represent an authorized developer (msads.manage scope missing).');
    }
    return microsoftUserOf(String(payload.email_address));
  };

  /** The store, when the caller's customer owns it (CustomerId, when sent, must be that customer). */
  const storeOf = (req: FastifyRequest, user: TMicrosoftUserSeed, storeId: string) => {
    const customer = req.headers['customerid'];
    if (customer !== undefined && String(customer) !== String(user.customerId)) {
      throw new AdsError(403, 106, 'UserIsNotAuthorized', 'The user is not authorized for this customer.');
    }
    const store = user.stores.find((s) => String(s.id) === storeId);
    if (!store) throw new AdsError(404, 404, 'StoreNotFound', `Store ${storeId} was not found or you do not have access to it.`);
    return store;
  };

  const reviewOf = (stored: TStoredProduct): TChannelReview | undefined => {
    if (stored.review) return stored.review;
    if (Date.now() < stored.reviewAt) return undefined;
    stored.review = judgeMicrosoftProduct(stored.product, { taxonomy: opts.taxonomy(), now: new Date() });
    return stored.review;
  };

  /** Faults, delay and counting around every call; `content` picks the Content API's error shape. */
  const handle =
    (route: string, content: boolean, fn: (req: FastifyRequest, user: TMicrosoftUserSeed) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
      const fault = control.takeFailure();
      if (fault) {
        control.record(route, true);
        if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
        return sendError(reply, new AdsError(fault.status, fault.status === 429 ? 117 : 0, fault.status === 429 ? 'CallRateExceeded' : 'InternalError', 'The service is busy. Try again later.'), content);
      }
      control.receive({ route, query: { ...((req.query ?? {}) as Record<string, unknown>) }, body: req.body });
      try {
        const user = await authenticate(req);
        const body = await fn(req, user);
        control.record(route, false);
        return reply.send(body ?? {});
      } catch (err) {
        control.record(route, true);
        if (err instanceof AdsError) return sendError(reply, err, content);
        throw err;
      }
    };

  /** `value` read as `schema`, or a 400 naming the field (the Content API's `invalid`, REST v13's InvalidRequest). */
  const read = <T extends z.ZodType>(schema: T, value: unknown, root: string, reason = 'invalid'): z.output<T> => {
    const parsed = schema.safeParse(value, { reportInput: true });
    if (!parsed.success) throw new AdsError(400, 400, reason, problemOf(parsed.error, root));
    return parsed.data;
  };

  /* ------------------------------------------------------------ Customer Management (REST v13) */

  app.post(
    '/CustomerManagement/v13/User/Query',
    handle('POST User/Query', false, (req, user) => {
      read(ZGetUserRequestSchema, req.body ?? {}, '', 'InvalidRequest');
      return {
        User: { Id: user.userId, CustomerId: user.customerId, UserName: user.customerName },
        CustomerRoles: [{ RoleId: 41, Id: user.customerId, CustomerId: user.customerId, AccountIds: user.accounts.map((a) => a.id) }],
      };
    }),
  );

  app.post(
    '/CustomerManagement/v13/Accounts/Search',
    handle('POST Accounts/Search', false, (req, user) => {
      read(ZSearchAccountsRequestSchema, req.body ?? {}, '', 'InvalidRequest');
      return {
        Accounts: user.accounts.map((a) => ({
          Id: a.id,
          Name: a.name,
          Number: a.number,
          ParentCustomerId: user.customerId,
          CurrencyCode: a.currency,
          AccountLifeCycleStatus: 'Active',
        })),
      };
    }),
  );

  /* ------------------------------------------------------------ Campaign Management: Merchant Center stores */

  app.post(
    '/CampaignManagement/v13/BMCStores/QueryByCustomerId',
    handle('POST BMCStores/QueryByCustomerId', false, (req, user) => {
      read(ZGetStoresRequestSchema, req.body ?? {}, '', 'InvalidRequest');
      const customer = req.headers['customerid'];
      if (customer === undefined || String(customer) !== String(user.customerId)) {
        throw new AdsError(403, 106, 'UserIsNotAuthorized', 'The user is not authorized for this customer.');
      }
      return {
        BMCStores: user.stores.map((s) => ({
          Id: s.id,
          Name: s.name,
          HasCatalog: true,
          IsActive: true,
          IsProductAdsEnabled: true,
          SubType: null,
          // Not in Microsoft's published BMCStore object [U]: the sandbox's answer to "is the store's domain verified".
          StoreUrl: s.storeUrl,
          IsDomainVerified: storeDomainVerified(s),
        })),
      };
    }),
  );

  /* ------------------------------------------------------------ Content API v9.1 */


  const insert = (storeId: number, product: TMicrosoftProduct) => {
    const missing = missingRequired(product);
    if (missing.length > 0) throw new AdsError(400, 400, 'invalid', `The field product.${missing[0]} is required.`);
    const id = productIdOf(product);
    const stored = { product: { ...product, id }, updatedAt: new Date(), reviewAt: Date.now() + control.reviewDelayMs };
    productsOf(storeId).set(id, stored);
    return stored.product;
  };

  app.post(
    `${CONTENT}/:storeId/products`,
    handle('POST products', true, (req, user) => {
      const store = storeOf(req, user, (req.params as { storeId: string }).storeId);
      read(ZInsertQuerySchema, req.query, 'query');
      return insert(store.id, read(ZMicrosoftProductSchema, req.body ?? {}, 'product'));
    }),
  );

  app.post(
    `${CONTENT}/:storeId/products/batch`,
    handle('POST products/batch', true, (req, user) => {
      const store = storeOf(req, user, (req.params as { storeId: string }).storeId);
      read(ZInsertQuerySchema, req.query, 'query');
      const { entries } = read(ZMicrosoftBatchSchema, req.body ?? {}, '');
      if (entries.length > MICROSOFT_BATCH_MAX) {
        throw new AdsError(400, 400, 'BatchTooLarge', `A batch may hold at most ${MICROSOFT_BATCH_MAX} entries; this one has ${entries.length}.`);
      }
      const products = productsOf(store.id);
      return {
        entries: entries.map((e) => {
          const fail = (code: number, reason: string, message: string) => ({
            batchId: e.batchId,
            errors: { code, message, errors: [{ domain: 'global', reason, message }] },
          });
          try {
            switch (e.method.toLowerCase()) {
              case 'insert':
                if (!e.product) return fail(400, 'invalid', 'The field product is required for an insert.');
                return { batchId: e.batchId, product: insert(store.id, e.product) };
              case 'delete':
                if (!e.productId || !products.delete(e.productId)) return fail(404, 'notFound', `Product ${e.productId ?? ''} not found.`);
                return { batchId: e.batchId };
              case 'get': {
                const found = e.productId ? products.get(e.productId) : undefined;
                return found ? { batchId: e.batchId, product: found.product } : fail(404, 'notFound', `Product ${e.productId ?? ''} not found.`);
              }
              default:
                return fail(400, 'invalid', 'method must be insert, get or delete.');
            }
          } catch (err) {
            if (err instanceof AdsError) return fail(err.status, err.errorCode, err.message);
            throw err;
          }
        }),
      };
    }),
  );

  const page = (req: FastifyRequest, all: TStoredProduct[]) => {
    const q = read(ZListQuerySchema, req.query, 'query');
    const size = Math.min(LIST_MAX, Math.max(1, Number(q['max-results'] ?? LIST_DEFAULT) || LIST_DEFAULT));
    const start = Number(q['start-token'] ?? 0) || 0;
    const slice = all.slice(start, start + size);
    return { slice, next: start + size < all.length ? String(start + size) : undefined };
  };

  app.get(
    `${CONTENT}/:storeId/products`,
    handle('GET products', true, (req, user) => {
      const store = storeOf(req, user, (req.params as { storeId: string }).storeId);
      const { slice, next } = page(req, [...productsOf(store.id).values()]);
      return { resources: slice.map((s) => s.product), ...(next ? { nextPageToken: next } : {}) };
    }),
  );

  app.get(
    `${CONTENT}/:storeId/products/:productId`,
    handle('GET product', true, (req, user) => {
      const p = req.params as { storeId: string; productId: string };
      read(ZNoQuerySchema, req.query, 'query');
      const found = productsOf(storeOf(req, user, p.storeId).id).get(p.productId);
      if (!found) throw new AdsError(404, 404, 'notFound', `Product ${p.productId} not found.`);
      return found.product;
    }),
  );

  app.delete(
    `${CONTENT}/:storeId/products/:productId`,
    handle('DELETE product', true, (req, user) => {
      const p = req.params as { storeId: string; productId: string };
      read(ZNoQuerySchema, req.query, 'query');
      if (!productsOf(storeOf(req, user, p.storeId).id).delete(p.productId)) {
        throw new AdsError(404, 404, 'notFound', `Product ${p.productId} not found.`);
      }
      return {};
    }),
  );

  /**
   * The review state of every product of the store (paged like products). Microsoft documents statuses in the
   * Merchant Center UI; this resource's shape is the sandbox's [U], after Content API v2.1's productstatuses.
   */
  app.get(
    `${CONTENT}/:storeId/productstatuses`,
    handle('GET productstatuses', true, (req, user) => {
      const store = storeOf(req, user, (req.params as { storeId: string }).storeId);
      const { slice, next } = page(req, [...productsOf(store.id).values()]);
      return {
        resources: slice.map((s) => {
          const review = reviewOf(s);
          return {
            productId: s.product.id,
            offerId: s.product.offerId,
            status: review === undefined ? 'Pending' : review.approved ? 'Approved' : 'Disapproved',
            lastUpdated: s.updatedAt.toISOString(),
            issues: (review?.issues ?? []).map((i) => ({
              code: i.code,
              severity: i.severity === 'error' ? 'Error' : 'Warning',
              attribute: i.attribute,
              message: i.message,
            })),
          };
        }),
        ...(next ? { nextPageToken: next } : {}),
      };
    }),
  );
};
