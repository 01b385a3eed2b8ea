import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import { identityFor, MICROSOFT_CONSUMER_TENANT, MICROSOFT_CONTOSO_TENANT } from './accounts';

type TRunning = Awaited<ReturnType<typeof startSandbox>>;

const REDIRECT_URI = 'http://127.0.0.1:3000/oauth/callback';
let dataDir: string;
let sandbox: TRunning;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-oidc-'));
  sandbox = await startSandbox({
    dataDir,
    port: 0,
    smtpPort: 0,
    logLevel: 'silent',
    oidcClients: [{ client_id: 'strict', client_secret: 's3cret', provider: 'google', redirect_uris: [REDIRECT_URI] }],
  });
});

afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

const discover = (provider: 'google' | 'microsoft', clientId: string, auth?: client.ClientAuth) =>
  client.discovery(new URL(`${sandbox.url}/${provider}`), clientId, 'sandbox-secret', auth, {
    execute: [client.allowInsecureRequests],
  });

/** What a browser does: open the consent page, press a button, follow nothing (we want the Location). */
const consent = async (authorizationUrl: URL, form: Record<string, string>) => {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(requestId).toBeTruthy();
  const res = await fetch(new URL(action!, authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId!, ...form }),
    redirect: 'manual',
  });
  return { html, res, location: res.headers.get('location') };
};

const startFlow = async (config: client.Configuration, extra: Record<string, string> = {}) => {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { verifier, state, nonce, url };
};

const grantError = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(client.ResponseBodyError);
  return (err as client.ResponseBodyError).error;
};

describe('OIDC providers', () => {
  it('publish discovery documents that a standard client understands', async () => {
    const config = await discover('google', 'feedloom-google');
    const meta = config.serverMetadata();
    expect(meta).toMatchObject({
      issuer: `${sandbox.url}/google`,
      authorization_endpoint: `${sandbox.url}/google/authorize`,
      token_endpoint: `${sandbox.url}/google/token`,
      jwks_uri: `${sandbox.url}/google/jwks`,
      userinfo_endpoint: `${sandbox.url}/google/userinfo`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256', 'plain'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      id_token_signing_alg_values_supported: ['RS256'],
      // Google also grants the Merchant API's and Site Verification's scopes (offline access, refresh tokens:
      // google/merchant.test.ts).
      scopes_supported: [
        'openid',
        'email',
        'profile',
        'https://www.googleapis.com/auth/content',
        'https://www.googleapis.com/auth/siteverification',
      ],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    expect(meta.supportsPKCE()).toBe(true);
    expect((await discover('microsoft', 'feedloom-microsoft')).serverMetadata().issuer).toBe(`${sandbox.url}/microsoft`);
  });

  it('completes an authorization code + PKCE round trip (Google, client_secret_post)', async () => {
    const config = await discover('google', 'feedloom-google');
    const flow = await startFlow(config);
    const { html, res, location } = await consent(flow.url, { decision: 'allow', account: 'sam.lee@gmail.sandbox.test' });
    expect(html).toContain('<title>Sign in with Google (sandbox)</title>');
    expect(html).toContain('Alex Rivera — alex.rivera@gmail.sandbox.test');
    expect(res.status).toBe(303);
    const callback = new URL(location!);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(flow.state);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(0);
    const claims = tokens.claims()!;
    const identity = identityFor('google', 'sam.lee@gmail.sandbox.test');
    expect(claims).toMatchObject({
      iss: `${sandbox.url}/google`,
      aud: 'feedloom-google',
      sub: identity.sub,
      email: 'sam.lee@gmail.sandbox.test',
      email_verified: true,
      name: 'Sam Lee',
      given_name: 'Sam',
      family_name: 'Lee',
      nonce: flow.nonce,
    });
    expect(claims.exp - claims.iat).toBe(3600);

    // The signature verifies against the published JWKS.
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const verified = await jwtVerify(tokens.id_token!, jwks, { issuer: `${sandbox.url}/google`, audience: 'feedloom-google' });
    expect(verified.protectedHeader.alg).toBe('RS256');

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(userinfo).toMatchObject({ sub: identity.sub, email: 'sam.lee@gmail.sandbox.test', name: 'Sam Lee' });
  });

  it('accepts a typed address and client_secret_basic (Microsoft); sub is stable per email', async () => {
    const config = await discover('microsoft', 'feedloom-microsoft', client.ClientSecretBasic('sandbox-secret'));
    const subs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const flow = await startFlow(config);
      const { html, location } = await consent(flow.url, {
        decision: 'allow',
        account: 'jordan.kim@outlook.sandbox.test',
        email: 'Robin.Fox@Contoso.example',
      });
      expect(html).toContain('Sign in with Microsoft (sandbox)');
      expect(html).toContain('Jordan Kim — jordan.kim@outlook.sandbox.test');
      const tokens = await client.authorizationCodeGrant(config, new URL(location!), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      const claims = tokens.claims()!;
      expect(claims).toMatchObject({ email: 'robin.fox@contoso.example', name: 'Robin Fox', aud: 'feedloom-microsoft' });
      subs.push(claims.sub);
    }
    expect(subs[0]).toBe(subs[1]);
    expect(subs[0]).not.toBe(identityFor('google', 'robin.fox@contoso.example').sub);
  });

  it('Microsoft ID tokens carry tid and oid and no email_verified, like the real ones', async () => {
    const config = await discover('microsoft', 'feedloom-microsoft');
    expect(config.serverMetadata().claims_supported).toEqual(expect.arrayContaining(['tid', 'oid']));
    expect(config.serverMetadata().claims_supported).not.toContain('email_verified');
    const signIn = async (form: Record<string, string>) => {
      const flow = await startFlow(config);
      const { location } = await consent(flow.url, { decision: 'allow', ...form });
      const tokens = await client.authorizationCodeGrant(config, new URL(location!), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      return { claims: tokens.claims()!, userinfo: await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub) };
    };

    const jordan = await signIn({ account: 'jordan.kim@outlook.sandbox.test' });
    expect(jordan.claims).toMatchObject({
      iss: `${sandbox.url}/microsoft`,
      tid: MICROSOFT_CONSUMER_TENANT,
      oid: '00000000-0000-0000-4a0d-6b1e5f1c0a01',
      email: 'jordan.kim@outlook.sandbox.test',
      preferred_username: 'jordan.kim@outlook.sandbox.test',
      ver: '2.0',
    });
    expect(jordan.claims).not.toHaveProperty('email_verified');
    expect(jordan.userinfo).not.toHaveProperty('email_verified');
    expect(jordan.userinfo.sub).toBe(jordan.claims.sub);

    // The same account (directory and object id) with a changed address: same oid, same sub.
    const renamed = await signIn({ email: 'jordan@contoso.example', tid: MICROSOFT_CONSUMER_TENANT, oid: jordan.claims.oid as string });
    expect(renamed.claims).toMatchObject({ email: 'jordan@contoso.example', tid: jordan.claims.tid, oid: jordan.claims.oid });
    expect(renamed.claims.sub).toBe(jordan.claims.sub);
    expect(renamed.userinfo.sub).toBe(jordan.claims.sub);

    // The same object id in another directory is another account.
    const elsewhere = await signIn({ account: 'jordan.kim@outlook.sandbox.test', tid: MICROSOFT_CONTOSO_TENANT });
    expect(elsewhere.claims).toMatchObject({ tid: MICROSOFT_CONTOSO_TENANT, oid: jordan.claims.oid });
    expect(elsewhere.claims.sub).not.toBe(jordan.claims.sub);

    // A work account whose address is the seeded demo merchant's.
    expect((await signIn({ account: 'demo@feedloom.test' })).claims).toMatchObject({
      email: 'demo@feedloom.test',
      tid: MICROSOFT_CONTOSO_TENANT,
    });
  });

  it('offers directory and object id fields on the Microsoft page only, and checks them', async () => {
    const microsoft = await startFlow(await discover('microsoft', 'feedloom-microsoft'));
    const { html, res } = await consent(microsoft.url, { decision: 'allow', account: 'jordan.kim@outlook.sandbox.test', oid: 'not-a-guid' });
    expect(html).toContain('name="tid"');
    expect(html).toContain('name="oid"');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Directory and object ids are GUIDs');
    const google = await startFlow(await discover('google', 'feedloom-google'));
    expect((await consent(google.url, { decision: 'cancel' })).html).not.toContain('name="oid"');
  });

  it('refuses a wrong PKCE verifier with invalid_grant', async () => {
    const config = await discover('google', 'feedloom-google');
    const flow = await startFlow(config);
    const { location } = await consent(flow.url, { decision: 'allow', account: 'alex.rivera@gmail.sandbox.test' });
    const error = await grantError(
      client.authorizationCodeGrant(config, new URL(location!), {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    );
    expect(error).toBe('invalid_grant');
  });

  it('refuses a reused code with invalid_grant', async () => {
    const config = await discover('google', 'feedloom-google');
    const flow = await startFlow(config);
    const { location } = await consent(flow.url, { decision: 'allow', account: 'alex.rivera@gmail.sandbox.test' });
    const checks = { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce };
    await client.authorizationCodeGrant(config, new URL(location!), checks);
    expect(await grantError(client.authorizationCodeGrant(config, new URL(location!), checks))).toBe('invalid_grant');
  });

  it('sends Cancel back as access_denied with the state', async () => {
    const config = await discover('google', 'feedloom-google');
    const flow = await startFlow(config);
    const { location } = await consent(flow.url, { decision: 'cancel' });
    const callback = new URL(location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('validates the authorization request', async () => {
    const base = `${sandbox.url}/google/authorize`;
    const params = {
      client_id: 'feedloom-google',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email',
      state: 'st',
      nonce: 'n',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuKZgWYs2xM',
      code_challenge_method: 'S256',
    };
    const get = (p: Record<string, string>) => fetch(`${base}?${new URLSearchParams(p)}`, { redirect: 'manual' });

    expect((await get(params)).status).toBe(200);
    // Unknown client or a redirect URI it may not use: shown, never redirected.
    expect((await get({ ...params, client_id: 'nobody' })).status).toBe(400);
    expect((await get({ ...params, client_id: 'feedloom-microsoft' })).status).toBe(400);
    expect((await get({ ...params, client_id: 'strict', redirect_uri: 'http://evil.example/cb' })).status).toBe(400);
    // Anything else goes back to the client.
    for (const [bad, error] of [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'email' }, 'invalid_scope'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'S512' }, 'invalid_request'],
    ] as const) {
      const res = await get({ ...params, ...bad });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st');
    }
  });

  it('authenticates clients at the token endpoint', async () => {
    const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${sandbox.url}/google/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(body),
      });
    const wrong = await post({ grant_type: 'authorization_code', code: 'x', client_id: 'feedloom-google', client_secret: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknownCode = await post({
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: REDIRECT_URI,
      code_verifier: 'v'.repeat(43),
      client_id: 'feedloom-google',
      client_secret: 'sandbox-secret',
    });
    expect(unknownCode.status).toBe(400);
    expect(await unknownCode.json()).toMatchObject({ error: 'invalid_grant' });
    const refresh = await post({ grant_type: 'refresh_token', refresh_token: 'x' }, {
      authorization: `Basic ${Buffer.from('feedloom-google:sandbox-secret').toString('base64')}`,
    });
    // Google takes refresh tokens (of the content scope); an unknown one is an invalid grant.
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses userinfo without a valid token', async () => {
    const res = await fetch(`${sandbox.url}/google/userinfo`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('keeps its signing key across restarts', async () => {
    const jwksOf = async (url: string) => ((await (await fetch(`${url}/google/jwks`)).json()) as { keys: { kid: string }[] }).keys;
    const before = await jwksOf(sandbox.url);
    const other = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent' });
    try {
      expect(await jwksOf(other.url)).toEqual(before);
    } finally {
      await other.close();
    }
  });
});
