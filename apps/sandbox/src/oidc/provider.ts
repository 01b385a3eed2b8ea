import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { TIdentity, TIdentityOverrides, TProviderId } from './accounts';
import { identityFor, isGuid, isPlausibleEmail, TEST_ACCOUNTS } from './accounts';
import type { ClientRegistry } from './clients';
import type { TSigningKey } from './keys';
import { SIGNING_ALG } from './keys';
import { consentPage, errorPage } from './pages';

export interface TOidcProviderOptions {
  id: TProviderId;
  displayName: string;
  /** The issuer URL; a function because the port is only known once the server listens. */
  issuer: () => string;
  key: TSigningKey;
  clients: ClientRegistry;
  /**
   * API scopes the provider grants besides OpenID's (Google: the Merchant API's content scope). A request
   * for one of them needs no `openid`; `access_type=offline` then also returns a refresh token.
   */
  apiScopes?: string[];
  /**
   * A scope that asks for a refresh token (Microsoft's `offline_access`) besides `access_type=offline`
   * (Google's); it then counts as a supported scope.
   */
  offlineScope?: string;
  /** Token lifetimes and revocation, set through the sandbox's control endpoint. */
  tokens?: TTokenPolicy;
}

export interface TTokenPolicy {
  accessTokenTtlSeconds(): number;
  /** Refresh tokens issued at or before this instant (ms since the epoch) are refused. */
  refreshRevokedBefore(): number;
  onRefresh?(): void;
}

const DEFAULT_TOKEN_POLICY: TTokenPolicy = {
  accessTokenTtlSeconds: () => 3600,
  refreshRevokedBefore: () => 0,
};

/** Authorization codes are single-use and short-lived. */
const CODE_TTL_MS = 60_000;
/** How long a consent page may stay open before its decision is refused. */
const PENDING_TTL_MS = 10 * 60_000;
const TOKEN_TTL_SECONDS = 3600;
const OIDC_SCOPES = ['openid', 'email', 'profile'];
/** RFC 7636 §4.1: code verifier (and plain challenge) alphabet and length. */
const PKCE_RE = /^[A-Za-z0-9\-._~]{43,128}$/;

interface TAuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256' | 'plain';
  loginHint?: string;
  /** `access_type=offline` (Google): a refresh token comes with the access token. */
  offline: boolean;
}

interface TPending {
  request: TAuthorizationRequest;
  expiresAt: number;
}

interface TCode {
  request: TAuthorizationRequest;
  identity: TIdentity;
  authTime: number;
  expiresAt: number;
  used: boolean;
}

class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const token = (bytes = 32): string => randomBytes(bytes).toString('base64url');

const sweep = <T extends { expiresAt: number }>(map: Map<string, T>): void => {
  const now = Date.now();
  for (const [k, v] of map) if (v.expiresAt <= now) map.delete(k);
};

const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const withParams = (uri: string, params: Record<string, string | undefined>): string => {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
};

/** A parameter that must appear at most once (RFC 6749 §3.1); repeated ones are refused. */
const single = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new OAuthError('invalid_request', `${name} must be given once`);
  return value;
};

/**
 * Claims of the identity that the granted scopes release. Google vouches for the address
 * (`email_verified: true`). Microsoft, like the real one, does not: its tokens carry `tid` and `oid` (who
 * the account is) and an `email` that is only what the account says, without `email_verified`.
 */
const releasedClaims = (provider: TProviderId, identity: TIdentity, scopes: string[]): Record<string, unknown> => {
  const microsoft = provider === 'microsoft';
  return {
    ...(microsoft ? { tid: identity.tid, oid: identity.oid, ver: '2.0' } : {}),
    ...(scopes.includes('email') ? (microsoft ? { email: identity.email } : { email: identity.email, email_verified: true }) : {}),
    ...(scopes.includes('profile')
      ? {
          name: identity.name,
          given_name: identity.given_name,
          family_name: identity.family_name,
          ...(microsoft ? { preferred_username: identity.email } : {}),
        }
      : {}),
  };
};

const CLAIMS_SUPPORTED: Record<TProviderId, string[]> = {
  google: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'nonce', 'sub'],
  microsoft: ['aud', 'email', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'nonce', 'oid', 'preferred_username', 'sub', 'tid', 'ver'],
};

/**
 * One OpenID Connect provider (authorization code flow with PKCE), mounted under its own prefix. It
 * speaks the protocol as Google and Microsoft do, so a standard client works against it unchanged.
 */
export const registerOidcProvider = (app: FastifyInstance, opts: TOidcProviderOptions): void => {
  const { id, displayName, key, clients } = opts;
  const apiScopes = opts.apiScopes ?? [];
  const SUPPORTED_SCOPES = [...OIDC_SCOPES, ...apiScopes, ...(opts.offlineScope ? [opts.offlineScope] : [])];
  const policy = opts.tokens ?? DEFAULT_TOKEN_POLICY;
  const pending = new Map<string, TPending>();
  const codes = new Map<string, TCode>();
  const endpoint = (path: string) => `${opts.issuer()}${path}`;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  app.register(
    async (r) => {
      r.get('/.well-known/openid-configuration', async () => ({
        issuer: opts.issuer(),
        authorization_endpoint: endpoint('/authorize'),
        token_endpoint: endpoint('/token'),
        userinfo_endpoint: endpoint('/userinfo'),
        jwks_uri: endpoint('/jwks'),
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: apiScopes.length ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [SIGNING_ALG],
        scopes_supported: SUPPORTED_SCOPES,
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256', 'plain'],
        claims_supported: CLAIMS_SUPPORTED[id],
      }));

      r.get('/jwks', async () => ({ keys: [key.publicJwk] }));

      r.get('/authorize', async (req, reply) => {
        const q = req.query as Record<string, unknown>;
        // Until client and redirect URI are known good, errors are shown here, never redirected (RFC 6749 §4.1.2.1).
        let clientId: string | undefined;
        let redirectUri: string | undefined;
        try {
          clientId = single(q, 'client_id');
          redirectUri = single(q, 'redirect_uri');
        } catch (err) {
          return html(reply, 400, errorPage(displayName, 'invalid_request', (err as Error).message));
        }
        const client = clientId ? clients.find(id, clientId) : undefined;
        if (!client) return html(reply, 400, errorPage(displayName, 'invalid_client', `Unknown client_id "${clientId ?? ''}".`));
        if (!redirectUri || !clients.acceptsRedirect(client, redirectUri)) {
          return html(reply, 400, errorPage(displayName, 'invalid_request', `redirect_uri "${redirectUri ?? ''}" is not allowed for this client.`));
        }

        let state: string | undefined;
        try {
          state = single(q, 'state');
          const responseType = single(q, 'response_type');
          if (responseType !== 'code') throw new OAuthError('unsupported_response_type', 'response_type must be "code".');
          const responseMode = single(q, 'response_mode');
          if (responseMode !== undefined && responseMode !== 'query') {
            throw new OAuthError('invalid_request', 'Only response_mode=query is supported.');
          }
          const scopes = (single(q, 'scope') ?? '').split(' ').filter(Boolean);
          if (!scopes.includes('openid') && !scopes.some((s) => apiScopes.includes(s))) {
            throw new OAuthError('invalid_scope', `scope must include "openid"${apiScopes.length ? ` or one of ${apiScopes.join(', ')}` : ''}.`);
          }
          const unknown = scopes.filter((s) => !SUPPORTED_SCOPES.includes(s));
          if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
          const accessType = single(q, 'access_type') ?? 'online';
          if (accessType !== 'online' && accessType !== 'offline') {
            throw new OAuthError('invalid_request', 'access_type must be online or offline.');
          }
          const codeChallenge = single(q, 'code_challenge');
          const method = single(q, 'code_challenge_method') ?? 'plain';
          if (!codeChallenge) throw new OAuthError('invalid_request', 'code_challenge is required (PKCE).');
          if (method !== 'S256' && method !== 'plain') {
            throw new OAuthError('invalid_request', 'code_challenge_method must be S256 or plain.');
          }
          if (!PKCE_RE.test(codeChallenge) || (method === 'S256' && !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))) {
            throw new OAuthError('invalid_request', 'code_challenge is malformed.');
          }
          const nonce = single(q, 'nonce');
          if (single(q, 'prompt') === 'none') {
            // The sandbox keeps no sign-in session, so it can never answer without showing its page.
            throw new OAuthError('interaction_required', 'The user must choose an account.');
          }
          const request: TAuthorizationRequest = {
            clientId: client.client_id,
            redirectUri,
            scopes,
            state,
            nonce,
            codeChallenge,
            codeChallengeMethod: method,
            loginHint: single(q, 'login_hint'),
            offline:
              (accessType === 'offline' || (opts.offlineScope !== undefined && scopes.includes(opts.offlineScope))) &&
              scopes.some((s) => apiScopes.includes(s)),
          };
          sweep(pending);
          const requestId = token();
          pending.set(requestId, { request, expiresAt: Date.now() + PENDING_TTL_MS });
          return html(reply, 200, renderConsent(requestId, request));
        } catch (err) {
          if (!(err instanceof OAuthError)) throw err;
          return reply.redirect(withParams(redirectUri, { error: err.error, error_description: err.description, state }), 302);
        }
      });

      r.post('/authorize/decision', async (req, reply) => {
        const body = (req.body ?? {}) as Record<string, string | undefined>;
        const requestId = body.request_id ?? '';
        const entry = pending.get(requestId);
        if (!entry || entry.expiresAt <= Date.now()) {
          pending.delete(requestId);
          return html(reply, 400, errorPage(displayName, 'invalid_request', 'This sign-in request has expired. Start again from the application.'));
        }
        const { request } = entry;
        if (body.decision !== 'allow') {
          pending.delete(requestId);
          return reply.redirect(
            withParams(request.redirectUri, {
              error: 'access_denied',
              error_description: 'The user cancelled the sign-in.',
              state: request.state,
            }),
            303,
          );
        }
        const typed = body.email?.trim() ?? '';
        const email = typed || body.account?.trim() || '';
        // Microsoft: another directory or object id for the account (to try a changed address, or the same
        // object id in another directory). Google has no such fields.
        const overrides: TIdentityOverrides =
          id === 'microsoft' ? { tid: body.tid?.trim() || undefined, oid: body.oid?.trim() || undefined } : {};
        const badId = [overrides.tid, overrides.oid].some((v) => v !== undefined && !isGuid(v));
        if (!isPlausibleEmail(email) || badId) {
          const error = badId
            ? 'Directory and object ids are GUIDs (8-4-4-4-12 hexadecimal digits).'
            : typed
              ? 'Enter a valid email address.'
              : 'Choose an account or enter an email address.';
          return html(
            reply,
            400,
            renderConsent(requestId, request, { error, typedEmail: typed, selected: body.account, ...overrides }),
          );
        }
        pending.delete(requestId);
        sweep(codes);
        const code = token();
        codes.set(code, {
          request,
          identity: identityFor(id, email, overrides),
          authTime: Math.floor(Date.now() / 1000),
          expiresAt: Date.now() + CODE_TTL_MS,
          used: false,
        });
        return reply.redirect(withParams(request.redirectUri, { code, state: request.state }), 303);
      });

      r.post('/token', async (req, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        try {
          return await exchange(req);
        } catch (err) {
          if (!(err instanceof OAuthError)) throw err;
          if (err.status === 401 && req.headers.authorization?.startsWith('Basic ')) {
            reply.header('www-authenticate', `Basic realm="${displayName} sandbox"`);
          }
          return reply.code(err.status).send({ error: err.error, error_description: err.description });
        }
      });

      const userinfo = async (req: FastifyRequest, reply: FastifyReply) => {
        const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
        if (!match) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'invalid_request', error_description: 'Bearer token required.' });
        }
        try {
          const { payload } = await jwtVerify(match[1]!, key.publicKey, {
            issuer: opts.issuer(),
            audience: endpoint('/userinfo'),
            typ: 'at+jwt',
            algorithms: [SIGNING_ALG],
          });
          const identity = identityFor(id, String(payload.email_address), {
            tid: typeof payload.tid === 'string' ? payload.tid : undefined,
            oid: typeof payload.oid === 'string' ? payload.oid : undefined,
          });
          const scopes = String(payload.scope ?? '').split(' ');
          return { sub: identity.sub, ...releasedClaims(id, identity, scopes) };
        } catch {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer error="invalid_token", error_description="The access token is invalid or expired"')
            .send({ error: 'invalid_token', error_description: 'The access token is invalid or expired.' });
        }
      };
      r.get('/userinfo', userinfo);
      r.post('/userinfo', userinfo);
    },
    { prefix: `/${id}` },
  );

  const renderConsent = (
    requestId: string,
    request: TAuthorizationRequest,
    extra: { error?: string; typedEmail?: string; selected?: string; tid?: string; oid?: string } = {},
  ): string => {
    const accounts = TEST_ACCOUNTS[id];
    const hint = request.loginHint?.trim().toLowerCase();
    const hinted = hint && accounts.some((a) => a.email === hint);
    return consentPage({
      providerName: displayName,
      action: `${new URL(opts.issuer()).pathname.replace(/\/$/, '')}/authorize/decision`,
      requestId,
      clientId: request.clientId,
      redirectOrigin: new URL(request.redirectUri).origin,
      scopes: request.scopes,
      accounts,
      selected: extra.selected ?? (hinted ? hint : undefined),
      typedEmail: extra.typedEmail ?? (hint && !hinted ? hint : undefined),
      error: extra.error,
      directoryIds: id === 'microsoft' ? { tid: extra.tid, oid: extra.oid } : undefined,
    });
  };

  /** Client authentication of RFC 6749 §2.3.1: HTTP Basic or client_id/client_secret in the body, not both. */
  const authenticateClient = (req: FastifyRequest, body: Record<string, string | undefined>) => {
    const header = req.headers.authorization;
    let clientId = body.client_id;
    let secret = body.client_secret;
    if (header?.startsWith('Basic ')) {
      if (secret !== undefined) throw new OAuthError('invalid_request', 'Use one client authentication method only.');
      const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw new OAuthError('invalid_client', 'Malformed Basic credentials.', 401);
      // Basic credentials are form-urlencoded before base64 (RFC 6749 §2.3.1).
      const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      const basicId = formDecode(decoded.slice(0, colon));
      if (clientId !== undefined && clientId !== basicId) {
        throw new OAuthError('invalid_request', 'client_id in the body differs from the Basic credentials.');
      }
      clientId = basicId;
      secret = formDecode(decoded.slice(colon + 1));
    }
    if (!clientId || secret === undefined) throw new OAuthError('invalid_client', 'Client authentication is required.', 401);
    const client = clients.authenticate(id, clientId, secret);
    if (!client) throw new OAuthError('invalid_client', 'Unknown client or wrong client secret.', 401);
    return client;
  };

  const exchange = async (req: FastifyRequest) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
    }
    const params = body as Record<string, string | undefined>;
    const client = authenticateClient(req, params);
    if (params.grant_type === 'refresh_token' && apiScopes.length > 0) return refresh(client.client_id, params);
    if (params.grant_type !== 'authorization_code') {
      throw new OAuthError('unsupported_grant_type', 'Only the authorization_code grant is supported.');
    }
    const entry = params.code ? codes.get(params.code) : undefined;
    if (!entry || entry.expiresAt <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code is invalid or expired.');
    if (entry.used) throw new OAuthError('invalid_grant', 'The authorization code has already been used.');
    // Spent on the first attempt, right or wrong, so a leaked code cannot be tried again.
    entry.used = true;
    const { request, identity } = entry;
    if (request.clientId !== client.client_id) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
    if (params.redirect_uri !== request.redirectUri) {
      throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const verifier = params.code_verifier ?? '';
    if (!PKCE_RE.test(verifier)) throw new OAuthError('invalid_grant', 'code_verifier is missing or malformed.');
    const expected =
      request.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    if (!safeEqual(expected, request.codeChallenge)) throw new OAuthError('invalid_grant', 'PKCE verification failed.');

    const scope = request.scopes.filter((s) => SUPPORTED_SCOPES.includes(s)).join(' ');
    const accessToken = await signAccessToken(client.client_id, identity, scope);
    const expiresIn = policy.accessTokenTtlSeconds();
    const refreshToken = request.offline ? await signRefreshToken(client.client_id, identity, scope) : undefined;
    if (!request.scopes.includes('openid')) {
      return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, scope, ...(refreshToken ? { refresh_token: refreshToken } : {}) };
    }
    const issuer = opts.issuer();
    const idToken = await new SignJWT({
      ...releasedClaims(id, identity, request.scopes),
      azp: client.client_id,
      auth_time: entry.authTime,
      ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(client.client_id)
      .setSubject(identity.sub)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(key.privateKey);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope,
      id_token: idToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
  };

  // A signed access token: /userinfo and the Merchant API need no server-side state, and it survives a
  // restart. `iat_ms` lets the control endpoint expire every token issued up to an instant.
  const signAccessToken = (clientId: string, identity: TIdentity, scope: string): Promise<string> =>
    new SignJWT({
      scope,
      client_id: clientId,
      email_address: identity.email,
      iat_ms: Date.now(),
      ...(identity.tid ? { tid: identity.tid, oid: identity.oid } : {}),
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(opts.issuer())
      .setAudience(endpoint('/userinfo'))
      .setSubject(identity.sub)
      .setIssuedAt()
      .setJti(token(16))
      .setExpirationTime(`${policy.accessTokenTtlSeconds()}s`)
      .sign(key.privateKey);

  /** Offline access: a refresh token that does not expire by itself (as Google's), signed like the others. */
  const signRefreshToken = (clientId: string, identity: TIdentity, scope: string): Promise<string> =>
    new SignJWT({ scope, client_id: clientId, email_address: identity.email, iat_ms: Date.now() })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'rt+jwt' })
      .setIssuer(opts.issuer())
      .setAudience(endpoint('/token'))
      .setSubject(identity.sub)
      .setIssuedAt()
      .setJti(token(16))
      .sign(key.privateKey);

  /** The refresh_token grant (RFC 6749 §6): a new access token with the same (or a narrower) scope. */
  const refresh = async (clientId: string, params: Record<string, string | undefined>) => {
    const invalidGrant = new OAuthError('invalid_grant', 'Token has been expired or revoked.');
    if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
    let payload;
    try {
      ({ payload } = await jwtVerify(params.refresh_token, key.publicKey, {
        issuer: opts.issuer(),
        audience: endpoint('/token'),
        typ: 'rt+jwt',
        algorithms: [SIGNING_ALG],
      }));
    } catch {
      throw invalidGrant;
    }
    if (payload.client_id !== clientId) throw invalidGrant;
    if (typeof payload.iat_ms !== 'number' || payload.iat_ms <= policy.refreshRevokedBefore()) throw invalidGrant;
    const granted = String(payload.scope ?? '').split(' ').filter(Boolean);
    const asked = params.scope ? params.scope.split(' ').filter(Boolean) : granted;
    if (asked.some((s) => !granted.includes(s))) throw new OAuthError('invalid_scope', 'The requested scope exceeds the granted scope.');
    policy.onRefresh?.();
    const identity = identityFor(id, String(payload.email_address));
    const scope = asked.join(' ');
    return {
      access_token: await signAccessToken(clientId, identity, scope),
      token_type: 'Bearer',
      expires_in: policy.accessTokenTtlSeconds(),
      scope,
    };
  };
};
