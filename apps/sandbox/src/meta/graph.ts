import { createHash, randomBytes } from 'node:crypto';
import type { TTaxonomy } from '@feedloom/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { GoogleControl } from '../google/control';
import { escapeHtml, renderPage } from '../lib/html';
import type { ClientRegistry } from '../oidc/clients';
import type { TSigningKey } from '../oidc/keys';
import { SIGNING_ALG } from '../oidc/keys';
import { consentPage, errorPage } from '../oidc/pages';
import { judgeMetaItem, type TChannelReview } from '../microsoft/judge';
import { META_USERS, metaUserOf, type TMetaBusinessSeed, type TMetaCatalogSeed, type TMetaUserSeed } from './accounts';
import {
  checkMetaRequest,
  fieldNames,
  META_GRAPH_VERSION,
  META_REQUEST_SHAPES,
  paramsOf,
  type TGraphErrorBody,
  type TItemsBatchParams,
  type TListParams,
  type TMetaRequest,
} from './schemas';

export { META_BATCH_MAX, META_GRAPH_VERSION } from './schemas';

// Meta on its real paths, under one version prefix: Facebook Login's dialog
// (`/v25.0/dialog/oauth` → code) and the Graph API (`/v25.0/oauth/access_token`, `/me/businesses`,
// `/{business}/owned_product_catalogs`, `POST /{catalog}/items_batch` → handle, `GET
// /{catalog}/check_batch_request_status`, `GET /{catalog}/products` with review status). Every Graph request
// is read as Graph reads it (./schemas) and kept on the switchboard (`received`); lists page with Graph's
// cursors; any other path under the version is answered as Graph answers an unknown object or edge. Access
// tokens are signed (they survive a restart); catalogs' items live in memory.

export const META_CATALOG_PERMISSIONS = ['catalog_management', 'business_management'] as const;
const CODE_TTL_MS = 10 * 60_000;
/** Graph's page when `limit` is not given, and the most this stand-in answers in one page. */
const LIST_DEFAULT = 25;
const LIST_MAX = 1000;
/** Meta's payload limit for items_batch (28 MB). */
const BATCH_BODY_LIMIT = 28 * 1024 * 1024;

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly type: TGraphErrorBody['type'],
    message: string,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

interface TItem {
  data: Record<string, unknown>;
  updatedAt: Date;
  reviewAt: number;
  review?: TChannelReview;
}

interface TBatch {
  catalogId: string;
  status: 'in_progress' | 'finished';
  readyAt: number;
  errors: { line: number; id: string; message: string }[];
  warnings: { line: number; id: string; message: string }[];
  invalidIds: string[];
}

interface TWho {
  user: TMetaUserSeed;
  scopes: string[];
  token: string;
}

export interface TMetaOptions {
  key: TSigningKey;
  /** The sandbox's own base URL (tokens' issuer). */
  baseUrl: () => string;
  clients: ClientRegistry;
  control: GoogleControl;
  taxonomy: () => TTaxonomy;
}

const sendError = (reply: FastifyReply, err: GraphError) => {
  // Graph names a refused token in WWW-Authenticate as well as in the body.
  if (err.code === 190) reply.header('www-authenticate', `OAuth "Facebook Platform" "invalid_token" "${err.message.replace(/"/g, "'")}"`);
  return reply.code(err.status).send({
    error: {
      message: err.message,
      type: err.type,
      code: err.code,
      ...(err.subcode !== undefined ? { error_subcode: err.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
};

const invalidParameter = (message: string) => new GraphError(400, 100, 'OAuthException', message);
const unsupported = (method: string, id: string) =>
  new GraphError(
    400,
    100,
    'GraphMethodException',
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    33,
  );

/** Only the fields asked for (`fields=`), or the node's defaults; Graph leaves out what has no value. */
const select = (node: Record<string, unknown>, fields: string | undefined, defaults: readonly string[]) => {
  const names = new Set(fields ? ['id', ...fieldNames(fields)] : defaults);
  return Object.fromEntries([...names].filter((n) => node[n] !== undefined && node[n] !== null).map((n) => [n, node[n]]));
};

/** A catalog item's Graph id: a numeric string, stable for its catalog and retailer id. */
const graphIdOf = (catalogId: string, retailerId: string) => {
  const n = BigInt(`0x${createHash('sha256').update(`${catalogId}\n${retailerId}`).digest('hex').slice(0, 13)}`);
  return String(1_000_000_000_000_000n + (n % 9_000_000_000_000_000n));
};

export const registerMeta = (app: FastifyInstance, opts: TMetaOptions): void => {
  const { control, key } = opts;
  const V = `/${META_GRAPH_VERSION}`;
  const issuer = () => `${opts.baseUrl()}/meta`;
  const codes = new Map<string, { clientId: string; redirectUri: string; email: string; scopes: string[]; expiresAt: number }>();
  const pending = new Map<string, { clientId: string; redirectUri: string; state?: string; scopes: string[]; expiresAt: number }>();
  const catalogs = new Map<string, Map<string, TItem>>();
  const batches = new Map<string, TBatch>();
  const itemsOf = (catalogId: string) => {
    let m = catalogs.get(catalogId);
    if (!m) catalogs.set(catalogId, (m = new Map<string, TItem>()));
    return m;
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  /* ------------------------------------------------------------ Facebook Login */

  app.get(`${V}/dialog/oauth`, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const client = q.client_id ? opts.clients.find('facebook', q.client_id) : undefined;
    if (!client) return html(reply, 400, errorPage('Facebook', 'invalid_client', `Unknown app id "${q.client_id ?? ''}".`));
    if (!q.redirect_uri || !opts.clients.acceptsRedirect(client, q.redirect_uri)) {
      return html(reply, 400, errorPage('Facebook', 'invalid_request', 'redirect_uri is not allowed for this app.'));
    }
    const scopes = (q.scope ?? '').split(/[ ,]+/).filter(Boolean);
    const requestId = randomBytes(24).toString('base64url');
    pending.set(requestId, { clientId: client.client_id, redirectUri: q.redirect_uri, state: q.state, scopes, expiresAt: Date.now() + CODE_TTL_MS });
    return html(
      reply,
      200,
      consentPage({
        providerName: 'Facebook',
        action: `${V}/dialog/oauth/decision`,
        requestId,
        clientId: client.client_id,
        redirectOrigin: new URL(q.redirect_uri).origin,
        scopes,
        accounts: META_USERS.map((u) => ({ name: u.name, email: u.email })),
      }),
    );
  });

  app.post(`${V}/dialog/oauth/decision`, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const entry = pending.get(body.request_id ?? '');
    pending.delete(body.request_id ?? '');
    if (!entry || entry.expiresAt <= Date.now()) {
      return html(reply, 400, errorPage('Facebook', 'invalid_request', 'This login request has expired. Start again from the application.'));
    }
    const back = new URL(entry.redirectUri);
    if (entry.state !== undefined) back.searchParams.set('state', entry.state);
    if (body.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', 'Permissions error');
      return reply.redirect(back.href, 303);
    }
    const email = (body.email?.trim() || body.account?.trim() || '').toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return html(reply, 400, renderPage({ title: 'Facebook (sandbox)', body: `<p class="error">${escapeHtml('Choose an account or enter an email address.')}</p>` }));
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { clientId: entry.clientId, redirectUri: entry.redirectUri, email, scopes: entry.scopes, expiresAt: Date.now() + CODE_TTL_MS });
    back.searchParams.set('code', code);
    return reply.redirect(back.href, 303);
  });

  /* ------------------------------------------------------------ Graph API */

  const tokenOf = (req: FastifyRequest, params: Record<string, unknown>): string | undefined => {
    const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    return header ?? (typeof params.access_token === 'string' && params.access_token !== '' ? params.access_token : undefined);
  };

  const authenticate = async (req: FastifyRequest, params: Record<string, unknown>): Promise<TWho> => {
    const raw = tokenOf(req, params);
    if (!raw) throw new GraphError(400, 104, 'OAuthException', 'An access token is required to request this resource.');
    let payload;
    try {
      ({ payload } = await jwtVerify(raw, key.publicKey, { issuer: issuer(), typ: 'at+jwt', algorithms: [SIGNING_ALG] }));
    } catch (err) {
      const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw expired
        ? new GraphError(400, 190, 'OAuthException', 'Error validating access token: Session has expired.', 463)
        : new GraphError(400, 190, 'OAuthException', 'Invalid OAuth access token - Cannot parse access token');
    }
    const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : 0;
    if (issuedAt <= control.accessExpiredBefore || issuedAt <= control.refreshRevokedBefore) {
      throw new GraphError(400, 190, 'OAuthException', 'Error validating access token: Session has expired.', 463);
    }
    return { user: metaUserOf(String(payload.email_address)), scopes: String(payload.scope ?? '').split(','), token: raw };
  };

  const needs = (scopes: string[], permission: string) => {
    if (!scopes.includes(permission)) throw new GraphError(403, 200, 'OAuthException', `(#200) Requires ${permission} permission to manage the object`);
  };

  const businessOf = (user: TMetaUserSeed, id: string): TMetaBusinessSeed | undefined => user.businesses.find((b) => b.id === id);
  const catalogOf = (user: TMetaUserSeed, id: string): TMetaCatalogSeed | undefined =>
    user.businesses.flatMap((b) => b.catalogs).find((c) => c.id === id);
  const mustCatalog = (req: FastifyRequest, user: TMetaUserSeed) => {
    const { catalogId } = req.params as { catalogId: string };
    const found = catalogOf(user, catalogId);
    if (!found) throw unsupported(req.method, catalogId);
    return found;
  };

  const reviewOf = (item: TItem): TChannelReview | undefined => {
    if (item.review) return item.review;
    if (Date.now() < item.reviewAt) return undefined;
    item.review = judgeMetaItem(item.data, { taxonomy: opts.taxonomy(), now: new Date() });
    return item.review;
  };

  /**
   * One page of an edge, as Graph pages: `limit` (25 unless given; never more than the stand-in's page or the
   * switchboard's `max_page_size`, as Graph may answer fewer), cursors `before`/`after` of the page's first and
   * last item, `next` only while more follow and `previous` only after the first page. A cursor names its list.
   */
  const pageOf = <T>(req: FastifyRequest, all: readonly T[], list: string, params: TListParams, who: TWho) => {
    const size = Math.max(1, Math.min(params.limit || LIST_DEFAULT, LIST_MAX, control.maxPageSize ?? LIST_MAX));
    const cursor = (i: number) => Buffer.from(`${list}\n${i}`).toString('base64url');
    const indexOf = (value: string, name: string) => {
      const [scope, at] = Buffer.from(value, 'base64url').toString('utf8').split('\n');
      const i = Number(at);
      if (scope !== list || !Number.isInteger(i) || i < 0) throw invalidParameter(`(#100) Param ${name} is not a valid cursor for this list`);
      return i;
    };
    let start = 0;
    let end = size;
    if (params.after) {
      start = indexOf(params.after, 'after') + 1;
      end = start + size;
    } else if (params.before) {
      end = indexOf(params.before, 'before');
      start = Math.max(0, end - size);
    }
    start = Math.min(start, all.length);
    end = Math.min(end, all.length);
    const data = all.slice(start, end);
    if (data.length === 0) return { data };
    const link = (name: 'after' | 'before', value: string) => {
      const q = new URLSearchParams({ access_token: who.token, ...(params.fields ? { fields: params.fields } : {}), limit: String(size), [name]: value });
      return `${opts.baseUrl()}${req.url.split('?')[0]}?${q.toString()}`;
    };
    return {
      data,
      paging: {
        cursors: { before: cursor(start), after: cursor(end - 1) },
        ...(end < all.length ? { next: link('after', cursor(end - 1)) } : {}),
        ...(start > 0 ? { previous: link('before', cursor(start)) } : {}),
      },
    };
  };

  const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? ''}`;
  const requestOf = (req: FastifyRequest): TMetaRequest => ({
    route: routeOf(req),
    query: { ...((req.query ?? {}) as Record<string, unknown>) },
    body: req.body,
  });

  /** Reads the request's parameters as Graph would, or refuses it. */
  const read = (request: TMetaRequest): Record<string, unknown> => {
    const checked = checkMetaRequest(request);
    if (!checked.ok) throw new GraphError(400, checked.error.code, checked.error.type, checked.error.message, checked.error.error_subcode);
    return checked.params;
  };

  /** A Graph call: optionally slow or failing (switchboard), kept, authenticated, read, then answered. */
  const graph =
    (fn: (req: FastifyRequest, params: Record<string, unknown>, who: TWho) => unknown) => async (req: FastifyRequest, reply: FastifyReply) => {
      const request = requestOf(req);
      if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
      const fault = control.takeFailure();
      if (fault) {
        control.record(request.route, true);
        if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
        return fault.status === 429
          ? sendError(
              reply,
              new GraphError(
                429,
                80014,
                'OAuthException',
                'There have been too many calls for the batch uploads to this catalog account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#catalog.',
              ),
            )
          : sendError(reply, new GraphError(fault.status, 2, 'OAuthException', 'An unexpected error has occurred. Please retry your request later.'));
      }
      control.receive(request);
      try {
        const who = await authenticate(req, paramsOf(request));
        const result = await fn(req, read(request), who);
        control.record(request.route, false);
        return reply.send(result);
      } catch (err) {
        control.record(request.route, true);
        if (err instanceof GraphError) return sendError(reply, err);
        throw err;
      }
    };

  app.register(async (r) => {
    // Only routes whose parameters are known are served: every request is read against its shape.
    r.addHook('onRoute', (route) => {
      if (route.url.endsWith('/*')) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (!META_REQUEST_SHAPES[`${method} ${route.url}`]) throw new Error(`No request shape for ${method} ${route.url}`);
      }
    });
    r.setErrorHandler((err, _req, reply) => {
      if (err instanceof GraphError) return sendError(reply, err);
      const fault = err as { code?: string; statusCode?: number; message?: string };
      if (fault.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return sendError(reply, new GraphError(400, 1, 'OAuthException', "Please reduce the amount of data you're asking for, then retry your request"));
      }
      if (fault.statusCode && fault.statusCode < 500) return sendError(reply, invalidParameter(`(#100) ${fault.message ?? 'Invalid request'}`));
      r.log.error({ err }, 'graph api failure');
      return sendError(reply, new GraphError(500, 2, 'OAuthException', 'An unexpected error has occurred. Please retry your request later.'));
    });

    /** The code exchange: GET (as Meta documents it) or POST, the app id and secret among the parameters. */
    const accessToken = async (req: FastifyRequest, reply: FastifyReply) => {
      const request = requestOf(req);
      control.receive(request);
      const p = read(request) as { client_id: string; client_secret: string; redirect_uri: string; code: string };
      const client = opts.clients.authenticate('facebook', p.client_id, p.client_secret);
      if (!client) return sendError(reply, new GraphError(400, 1, 'OAuthException', 'Error validating client secret.'));
      const entry = codes.get(p.code);
      codes.delete(p.code);
      if (!entry || entry.expiresAt <= Date.now() || entry.clientId !== client.client_id) {
        return sendError(reply, new GraphError(400, 100, 'OAuthException', 'This authorization code has expired or has been used.', 36007));
      }
      if (p.redirect_uri !== entry.redirectUri) {
        return sendError(
          reply,
          invalidParameter('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request'),
        );
      }
      const ttl = control.accessTokenTtlSeconds;
      const token = await new SignJWT({ email_address: entry.email, scope: entry.scopes.join(','), iat_ms: Date.now() })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
        .setIssuer(issuer())
        .setAudience(client.client_id)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(key.privateKey);
      return { access_token: token, token_type: 'bearer', expires_in: ttl };
    };
    r.get(`${V}/oauth/access_token`, accessToken);
    r.post(`${V}/oauth/access_token`, accessToken);

    r.get(
      `${V}/me/businesses`,
      graph((req, params, who) => {
        needs(who.scopes, 'business_management');
        const p = params as TListParams;
        const page = pageOf(req, who.user.businesses, `businesses ${who.user.id}`, p, who);
        return { ...page, data: page.data.map((b) => select({ id: b.id, name: b.name }, p.fields, ['id', 'name'])) };
      }),
    );

    r.get(
      `${V}/:businessId/owned_product_catalogs`,
      graph((req, params, who) => {
        needs(who.scopes, 'catalog_management');
        const { businessId } = req.params as { businessId: string };
        const business = businessOf(who.user, businessId);
        if (!business) throw unsupported(req.method, businessId);
        const p = params as TListParams;
        const page = pageOf(req, business.catalogs, `catalogs ${business.id}`, p, who);
        return {
          ...page,
          data: page.data.map((c) =>
            select({ id: c.id, name: c.name, vertical: 'commerce', product_count: itemsOf(c.id).size, business: { id: business.id, name: business.name } }, p.fields, [
              'id',
              'name',
            ]),
          ),
        };
      }),
    );

    r.post(
      `${V}/:catalogId/items_batch`,
      { bodyLimit: BATCH_BODY_LIMIT },
      graph((req, params, who) => {
        needs(who.scopes, 'catalog_management');
        const catalog = mustCatalog(req, who.user);
        const p = params as TItemsBatchParams;
        const allowUpsert = p.allow_upsert ?? true;
        const items = itemsOf(catalog.id);
        const batch: TBatch = {
          catalogId: catalog.id,
          status: 'in_progress',
          readyAt: Date.now() + Math.min(control.reviewDelayMs, 1000),
          errors: [],
          warnings: [],
          invalidIds: [],
        };
        p.requests.forEach((request, line) => {
          const { id } = request.data;
          const invalid = (message: string) => {
            batch.errors.push({ line, id, message });
            batch.invalidIds.push(id);
          };
          if (request.method === 'DELETE') {
            if (!items.delete(id)) invalid(`Item ${id} does not exist in this catalog.`);
            return;
          }
          const existing = items.get(id);
          if (request.method === 'UPDATE' && !existing && !allowUpsert) return invalid(`Item ${id} does not exist in this catalog.`);
          if (request.method === 'CREATE' && existing) return invalid(`Item ${id} already exists in this catalog.`);
          const data: Record<string, unknown> = request.method === 'UPDATE' && existing ? { ...existing.data, ...request.data } : { ...request.data };
          const review = judgeMetaItem(data, { taxonomy: opts.taxonomy(), now: new Date() });
          // A new item missing a required field is not stored; the rest of what the catalog judges comes later.
          const blocking = review.issues.filter((i) => i.severity === 'error' && i.code.startsWith('missing'));
          if (blocking.length > 0 && !existing) {
            for (const i of blocking) batch.errors.push({ line, id, message: i.message });
            batch.invalidIds.push(id);
            return;
          }
          for (const i of review.issues.filter((x) => x.severity === 'warning')) batch.warnings.push({ line, id, message: i.message });
          items.set(id, { data, updatedAt: new Date(), reviewAt: Date.now() + control.reviewDelayMs });
        });
        const handle = randomBytes(18).toString('base64url');
        batches.set(handle, batch);
        return { handles: [handle], validation_status: [] };
      }),
    );

    r.get(
      `${V}/:catalogId/check_batch_request_status`,
      graph((req, params, who) => {
        needs(who.scopes, 'catalog_management');
        const catalog = mustCatalog(req, who.user);
        const p = params as { handle: string; load_ids_of_invalid_requests?: boolean; fields?: string };
        const batch = batches.get(p.handle);
        if (!batch || batch.catalogId !== catalog.id) throw invalidParameter('(#100) Param handle is not a batch request of this catalog');
        if (batch.status === 'in_progress' && Date.now() >= batch.readyAt) batch.status = 'finished';
        const finished = batch.status === 'finished';
        const status = {
          handle: p.handle,
          status: batch.status,
          errors_total_count: finished ? batch.errors.length : 0,
          errors: finished ? batch.errors : [],
          warnings_total_count: finished ? batch.warnings.length : 0,
          warnings: finished ? batch.warnings : [],
          ...(finished && p.load_ids_of_invalid_requests ? { ids_of_invalid_requests: batch.invalidIds } : {}),
        };
        return { data: [select(status, p.fields, Object.keys(status))] };
      }),
    );

    r.get(
      `${V}/:catalogId/products`,
      graph((req, params, who) => {
        needs(who.scopes, 'catalog_management');
        const catalog = mustCatalog(req, who.user);
        const p = params as TListParams;
        const page = pageOf(req, [...itemsOf(catalog.id).values()], `products ${catalog.id}`, p, who);
        return {
          ...page,
          data: page.data.map((item) => {
            const review = reviewOf(item);
            const d = item.data;
            const node = {
              id: graphIdOf(catalog.id, String(d.id)),
              retailer_id: d.id,
              name: d.title,
              description: d.description,
              url: d.link,
              image_url: d.image_link,
              brand: d.brand,
              availability: d.availability,
              condition: d.condition,
              review_status: review === undefined ? 'pending' : review.approved ? 'approved' : 'rejected',
              // ProductItemError: a title, a description, its priority and its type.
              errors: (review?.issues ?? []).map((i) => ({
                title: i.code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
                description: i.message,
                error_priority: i.severity === 'error' ? 'HIGH' : 'LOW',
                error_type: i.code.toUpperCase(),
              })),
            };
            return select(node, p.fields, ['id']);
          }),
        };
      }),
    );

    // Any other path under the version: an object the caller cannot see, or an edge the object does not have.
    r.all(`${V}/*`, async (req, reply) => {
      const request = { route: `${req.method} ${V}/*`, query: { ...((req.query ?? {}) as Record<string, unknown>) }, body: req.body };
      control.receive(request);
      try {
        const who = await authenticate(req, paramsOf(request));
        const [id = '', edge, ...rest] = ((req.params as { '*': string })['*'] ?? '').split('/').filter(Boolean);
        const node =
          id === 'me'
            ? { type: 'User', json: { id: who.user.id, name: who.user.name } }
            : businessOf(who.user, id)
              ? { type: 'Business', json: { id, name: businessOf(who.user, id)!.name } }
              : catalogOf(who.user, id)
                ? { type: 'ProductCatalog', json: { id, name: catalogOf(who.user, id)!.name } }
                : undefined;
        if (!node) throw unsupported(req.method, id);
        if (rest.length > 0) throw new GraphError(400, 2500, 'OAuthException', `Unknown path components: /${[edge, ...rest].join('/')}`);
        if (req.method !== 'GET') throw unsupported(req.method, id);
        if (edge) throw invalidParameter(`(#100) Tried accessing nonexisting field (${edge}) on node type (${node.type})`);
        control.record(request.route, false);
        return reply.send(node.json);
      } catch (err) {
        control.record(request.route, true);
        if (err instanceof GraphError) return sendError(reply, err);
        throw err;
      }
    });
  });
};
