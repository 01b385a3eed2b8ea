import { randomBytes } from 'node:crypto';
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
import { META_USERS, metaUserOf, type TMetaUserSeed } from './accounts';

// Meta on its real paths, under one version prefix: Facebook Login's dialog
// (`/v25.0/dialog/oauth` → code) and the Graph API (`/v25.0/oauth/access_token`, `/me/businesses`,
// `/{business}/owned_product_catalogs`, `POST /{catalog}/items_batch` → handle, `GET
// /{catalog}/check_batch_request_status`, `GET /{catalog}/products` with review status). Access tokens
// are signed (they survive a restart); catalogs' items live in memory.

export const META_GRAPH_VERSION = 'v25.0';
export const META_CATALOG_PERMISSIONS = ['catalog_management', 'business_management'] as const;
export const META_BATCH_MAX = 5000;
const CODE_TTL_MS = 10 * 60_000;
const LIST_MAX = 1000;

class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly type: string,
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

export interface TMetaOptions {
  key: TSigningKey;
  /** The sandbox's own base URL (tokens' issuer). */
  baseUrl: () => string;
  clients: ClientRegistry;
  control: GoogleControl;
  taxonomy: () => TTaxonomy;
}

const sendError = (reply: FastifyReply, err: GraphError) =>
  reply.code(err.status).send({
    error: {
      message: err.message,
      type: err.type,
      code: err.code,
      ...(err.subcode !== undefined ? { error_subcode: err.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

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

  /** The code exchange: GET (as Meta documents it) or POST, client id and secret in the parameters. */
  const accessToken = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = { ...(req.query as Record<string, string | undefined>), ...((req.body ?? {}) as Record<string, string | undefined>) };
    const fail = (message: string) => sendError(reply, new GraphError(400, 100, 'OAuthException', message));
    const client = p.client_id && p.client_secret ? opts.clients.authenticate('facebook', p.client_id, p.client_secret) : undefined;
    if (!client) return fail('Error validating client secret.');
    const entry = p.code ? codes.get(p.code) : undefined;
    if (p.code) codes.delete(p.code);
    if (!entry || entry.expiresAt <= Date.now() || entry.clientId !== client.client_id) {
      return sendError(reply, new GraphError(400, 100, 'OAuthException', 'This authorization code has expired or has been used.', 36007));
    }
    if (p.redirect_uri !== entry.redirectUri) return fail('Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request');
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
  app.get(`${V}/oauth/access_token`, accessToken);
  app.post(`${V}/oauth/access_token`, accessToken);

  /* ------------------------------------------------------------ Graph API */

  const authenticate = async (req: FastifyRequest): Promise<{ user: TMetaUserSeed; scopes: string[] }> => {
    const q = req.query as Record<string, string | undefined>;
    const raw = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? q.access_token;
    if (!raw) throw new GraphError(400, 104, 'OAuthException', 'An access token is required to request this resource.');
    let payload;
    try {
      ({ payload } = await jwtVerify(raw, key.publicKey, { issuer: issuer(), typ: 'at+jwt', algorithms: [SIGNING_ALG] }));
    } catch {
      throw new GraphError(400, 190, 'OAuthException', 'Error validating access token: Session has expired.', 463);
    }
    const issuedAt = typeof payload.iat_ms === 'number' ? payload.iat_ms : 0;
    if (issuedAt <= control.accessExpiredBefore || issuedAt <= control.refreshRevokedBefore) {
      throw new GraphError(400, 190, 'OAuthException', 'Error validating access token: Session has expired.', 463);
    }
    return { user: metaUserOf(String(payload.email_address)), scopes: String(payload.scope ?? '').split(',') };
  };

  const needs = (scopes: string[], permission: string) => {
    if (!scopes.includes(permission)) throw new GraphError(403, 200, 'OAuthException', `(#200) Requires ${permission} permission to manage the object`);
  };

  const catalogOf = (user: TMetaUserSeed, catalogId: string) => {
    const found = user.businesses.flatMap((b) => b.catalogs).find((c) => c.id === catalogId);
    if (!found) throw new GraphError(400, 100, 'GraphMethodException', `Unsupported request - Object with ID '${catalogId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
    return found;
  };

  const reviewOf = (item: TItem): TChannelReview | undefined => {
    if (item.review) return item.review;
    if (Date.now() < item.reviewAt) return undefined;
    item.review = judgeMetaItem(item.data, { taxonomy: opts.taxonomy(), now: new Date() });
    return item.review;
  };

  const handle =
    (route: string, fn: (req: FastifyRequest, who: { user: TMetaUserSeed; scopes: string[] }) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      if (control.delayMs > 0) await new Promise((r) => setTimeout(r, control.delayMs));
      const fault = control.takeFailure();
      if (fault) {
        control.record(route, true);
        if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
        return fault.status === 429
          ? sendError(reply, new GraphError(429, 80014, 'OAuthException', 'There have been too many calls for this catalog. Wait a bit and try again.'))
          : sendError(reply, new GraphError(fault.status, 2, 'OAuthException', 'An unexpected error has occurred. Please retry your request later.'));
      }
      try {
        const result = await fn(req, await authenticate(req));
        control.record(route, false);
        return reply.send(result);
      } catch (err) {
        control.record(route, true);
        if (err instanceof GraphError) return sendError(reply, err);
        throw err;
      }
    };

  app.get(
    `${V}/me/businesses`,
    handle('GET me/businesses', (_req, { user, scopes }) => {
      needs(scopes, 'business_management');
      return { data: user.businesses.map((b) => ({ id: b.id, name: b.name })) };
    }),
  );

  app.get(
    `${V}/:businessId/owned_product_catalogs`,
    handle('GET owned_product_catalogs', (req, { user, scopes }) => {
      needs(scopes, 'catalog_management');
      const { businessId } = req.params as { businessId: string };
      const business = user.businesses.find((b) => b.id === businessId);
      if (!business) throw new GraphError(400, 100, 'GraphMethodException', `Unsupported get request. Object with ID '${businessId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 33);
      return {
        data: business.catalogs.map((c) => ({ id: c.id, name: c.name, vertical: 'commerce', product_count: itemsOf(c.id).size })),
      };
    }),
  );

  app.post(
    `${V}/:catalogId/items_batch`,
    handle('POST items_batch', (req, { user, scopes }) => {
      needs(scopes, 'catalog_management');
      const catalog = catalogOf(user, (req.params as { catalogId: string }).catalogId);
      const body = (req.body ?? {}) as { item_type?: unknown; requests?: unknown; allow_upsert?: unknown };
      if (body.item_type !== 'PRODUCT_ITEM') throw new GraphError(400, 100, 'OAuthException', '(#100) item_type must be PRODUCT_ITEM');
      let requests = body.requests;
      if (typeof requests === 'string') {
        try {
          requests = JSON.parse(requests) as unknown;
        } catch {
          throw new GraphError(400, 100, 'OAuthException', '(#100) requests must be a JSON array');
        }
      }
      if (!Array.isArray(requests) || requests.length === 0) throw new GraphError(400, 100, 'OAuthException', '(#100) requests is required');
      if (requests.length > META_BATCH_MAX) {
        throw new GraphError(400, 100, 'OAuthException', `(#100) requests may hold at most ${META_BATCH_MAX} items`);
      }
      const allowUpsert = body.allow_upsert !== false && body.allow_upsert !== 'false';
      const items = itemsOf(catalog.id);
      const batch: TBatch = { catalogId: catalog.id, status: 'in_progress', readyAt: Date.now() + Math.min(control.reviewDelayMs, 1000), errors: [], warnings: [], invalidIds: [] };
      requests.forEach((raw, line) => {
        const r = (raw ?? {}) as { method?: string; data?: Record<string, unknown> };
        const id = typeof r.data?.id === 'string' ? r.data.id : '';
        const invalid = (message: string) => {
          batch.errors.push({ line, id, message });
          if (id) batch.invalidIds.push(id);
        };
        if (!id) return invalid('The id field is required.');
        if (r.method === 'DELETE') {
          if (!items.delete(id)) invalid(`Item ${id} does not exist in this catalog.`);
          return;
        }
        if (r.method !== 'CREATE' && r.method !== 'UPDATE') return invalid('method must be CREATE, UPDATE or DELETE.');
        const existing = items.get(id);
        if (r.method === 'UPDATE' && !existing && !allowUpsert) return invalid(`Item ${id} does not exist in this catalog.`);
        if (r.method === 'CREATE' && existing) return invalid(`Item ${id} already exists in this catalog.`);
        const data = r.method === 'UPDATE' && existing ? { ...existing.data, ...r.data } : { ...r.data };
        const review = judgeMetaItem(data, { taxonomy: opts.taxonomy(), now: new Date() });
        // Missing required fields are refused at ingestion (the item is not stored); the rest is reviewed later.
        const blocking = review.issues.filter((i) => i.severity === 'error' && i.code.startsWith('missing'));
        if (blocking.length > 0 && !existing) {
          for (const i of blocking) batch.errors.push({ line, id, message: i.message });
          batch.invalidIds.push(id);
          return;
        }
        for (const i of review.issues.filter((x) => x.severity === 'warning')) batch.warnings.push({ line, id, message: i.message });
        items.set(id, { data, updatedAt: new Date(), reviewAt: Date.now() + control.reviewDelayMs });
      });
      const batchHandle = randomBytes(18).toString('base64url');
      batches.set(batchHandle, batch);
      return { handles: [batchHandle], validation_status: [] };
    }),
  );

  app.get(
    `${V}/:catalogId/check_batch_request_status`,
    handle('GET check_batch_request_status', (req, { user, scopes }) => {
      needs(scopes, 'catalog_management');
      const catalog = catalogOf(user, (req.params as { catalogId: string }).catalogId);
      const q = req.query as Record<string, string | undefined>;
      const batch = q.handle ? batches.get(q.handle) : undefined;
      if (!batch || batch.catalogId !== catalog.id) throw new GraphError(400, 100, 'OAuthException', '(#100) Invalid handle');
      if (batch.status === 'in_progress' && Date.now() >= batch.readyAt) batch.status = 'finished';
      const finished = batch.status === 'finished';
      return {
        data: [
          {
            handle: q.handle,
            status: batch.status,
            errors_total_count: finished ? batch.errors.length : 0,
            errors: finished ? batch.errors : [],
            warnings_total_count: finished ? batch.warnings.length : 0,
            warnings: finished ? batch.warnings : [],
            ...(finished && q.load_ids_of_invalid_requests === 'true' ? { ids_of_invalid_requests: batch.invalidIds } : {}),
          },
        ],
      };
    }),
  );

  app.get(
    `${V}/:catalogId/products`,
    handle('GET products', (req, { user, scopes }) => {
      needs(scopes, 'catalog_management');
      const catalog = catalogOf(user, (req.params as { catalogId: string }).catalogId);
      const q = req.query as Record<string, string | undefined>;
      const limit = Math.min(LIST_MAX, Math.max(1, Number(q.limit ?? 25) || 25));
      const start = q.after ? Number(Buffer.from(q.after, 'base64url').toString('utf8')) || 0 : 0;
      const all = [...itemsOf(catalog.id).values()];
      const slice = all.slice(start, start + limit);
      const after = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : undefined;
      return {
        data: slice.map((item) => {
          const review = reviewOf(item);
          return {
            id: `9${catalog.id.slice(1, 8)}${String(item.data.id)}`,
            retailer_id: item.data.id,
            name: item.data.title,
            review_status: review === undefined ? '' : review.approved ? 'approved' : 'rejected',
            errors: (review?.issues ?? []).map((i) => ({
              title: i.code,
              description: i.message,
              severity: i.severity === 'error' ? 'fatal' : 'warning',
              attribute: i.attribute,
            })),
          };
        }),
        paging: after ? { cursors: { after }, next: `${V}/${catalog.id}/products?limit=${limit}&after=${after}` } : { cursors: {} },
      };
    }),
  );
};
