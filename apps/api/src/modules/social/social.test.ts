// Social sign-in against the sandbox's Google and Microsoft OpenID providers, started in this process:
// the real protocol (discovery, consent page, token endpoint, JWKS), no mocks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DISCONNECT_NEEDS_PASSWORD_MESSAGE,
  ZSocialLoginResponseSchema,
  type TLoginResponse,
  type TSocialLoginResponse,
  type TUserProfile,
} from '@feedloom/contracts';
import { startSandbox } from '@feedloom/sandbox/src/server';
import { MODULES } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser, PASSWORD } from '../../test/fixtures';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { usersRepo } from '../users/repo';
import { SOCIAL_MSG } from './messages';
import { isLoopbackHttp } from './oidc';

const APP_URL = 'http://app.test';

type TSandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: TSandbox;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'api-social-'));
  sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent' });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the browser does on the sandbox's consent page: choose an account (or type one) and press a button. */
const consent = async (
  authUrl: string,
  form: { account?: string; email?: string; decision?: 'allow' | 'cancel' },
) => {
  const page = await fetch(authUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1]!;
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(action, authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, decision: form.decision ?? 'allow', ...form }),
    redirect: 'manual',
  });
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(`${APP_URL}/oauth/callback`);
  return location.searchParams;
};

describe('isLoopbackHttp', () => {
  it('allows plain http only on this machine', () => {
    expect(isLoopbackHttp('http://127.0.0.1:4010/google')).toBe(true);
    expect(isLoopbackHttp('http://localhost:4010/google')).toBe(true);
    expect(isLoopbackHttp('https://accounts.google.com')).toBe(false);
    expect(isLoopbackHttp('http://sandbox.example.com/google')).toBe(false);
  });
});

describe.each(DRIVERS)('social sign-in on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: {
        APP_URL,
        GOOGLE_OIDC_ISSUER: `${sandbox.url}/google`,
        GOOGLE_OIDC_CLIENT_ID: 'feedloom-google',
        GOOGLE_OIDC_CLIENT_SECRET: 'sandbox-secret',
        MICROSOFT_OIDC_ISSUER: `${sandbox.url}/microsoft`,
        MICROSOFT_OIDC_CLIENT_ID: 'feedloom-microsoft',
        MICROSOFT_OIDC_CLIENT_SECRET: 'sandbox-secret',
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const loginUrl = async (provider: 'google' | 'microsoft', query = '') => {
    const res = await t.call<{ auth_url: string }>('GET', `/${provider}-login${query}`);
    expect(res.status).toBe(200);
    return res.body.data.auth_url;
  };
  const callback = (provider: 'google' | 'microsoft', params: URLSearchParams) =>
    t.call<TSocialLoginResponse>('GET', `/${provider}-login-callback?${params}`);
  const signInWith = async (provider: 'google' | 'microsoft', email: string, query = '') =>
    callback(provider, await consent(await loginUrl(provider, query), { email }));
  const profileOf = async (token: string) =>
    (await t.call<TUserProfile>('GET', '/user-profile-information', { token })).body.data;

  describe('GET /{provider}-login', () => {
    it('builds an authorization code + PKCE (S256) request with state and nonce', async () => {
      const url = new URL(await loginUrl('google'));
      expect(url.origin + url.pathname).toBe(`${sandbox.url}/google/authorize`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: 'feedloom-google',
        redirect_uri: `${APP_URL}/oauth/callback`,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('nonce')).toBeTruthy();
      expect(url.searchParams.get('state')).toMatch(/^google\.[\w-]{43}$/);
      expect(new URL(await loginUrl('microsoft')).searchParams.get('state')).toMatch(/^microsoft\./);
    });

    it('validates the invitation ids', async () => {
      const res = await t.call('GET', `/google-login?organization_id=${'x'.repeat(201)}`);
      expect(res.status).toBe(400);
    });
  });

  describe('GET /{provider}-login-callback', () => {
    it('creates a verified account without a password or profile, and signs in', async () => {
      const res = await signInWith('google', 'New.Person@Example.com');
      expect(res.status).toBe(200);
      const data = ZSocialLoginResponseSchema.parse(res.body.data);
      expect(data).toMatchObject({
        email: 'new.person@example.com',
        first_name: 'New',
        last_name: 'Person',
        has_password: false,
        profile_created: false,
        is_part_of_any_org: false,
        invitation: null,
        linked: true,
      });
      const user = await usersRepo(t.database.db).findById(data.user_id);
      expect(user).toMatchObject({ password_hash: null, profile_created: false });
      expect(user?.email_verified_at).toBeInstanceOf(Date);
      expect(await profileOf(data.access_token)).toMatchObject({
        is_google_connected: true,
        google_email: 'new.person@example.com',
        is_microsoft_connected: false,
      });
    });

    it('finds the account again by the identity; by the verified e-mail for an existing account', async () => {
      const first = (await signInWith('google', 'sam.lee@gmail.sandbox.test')).body.data;
      const again = (await signInWith('google', 'sam.lee@gmail.sandbox.test')).body.data;
      expect(again).toMatchObject({ user_id: first.user_id, linked: false });

      const existing = await insertUser(t, 'pat@example.com');
      const viaMicrosoft = (await signInWith('microsoft', 'pat@example.com')).body.data;
      expect(viaMicrosoft).toMatchObject({ user_id: existing.id, has_password: true, linked: true });
      expect(await profileOf(viaMicrosoft.access_token)).toMatchObject({
        is_microsoft_connected: true,
        microsoft_email: 'pat@example.com',
        is_google_connected: false,
      });
    });

    it('carries the invitation ids of the state to the reply', async () => {
      const res = await signInWith(
        'google',
        'invitee@example.com',
        '?organization_id=org-enc&staff_id=staff-enc',
      );
      expect(res.body.data.invitation).toEqual({ organization_id: 'org-enc', staff_id: 'staff-enc' });
    });

    it('joins the invitation the sign-in started from when it is for the signed-in e-mail', async () => {
      const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 1);
      await t.call('POST', '/staff', {
        token: owner.token,
        body: { email: 'invitee@example.com', role_id: 'viewer', is_for_entire_organization: true },
      });
      const [, orgId, staffId] = t.mail.outbox
        .at(-1)!
        .text.match(/\/invitation-signup\/([^/\s]+)\/([^/\s]+)/)!;
      const fromLink = `?organization_id=${orgId}&staff_id=${staffId}`;

      // Another address than the invitation's: no membership (the web shows the invitation page).
      const stranger = (await signInWith('google', 'stranger@example.com', fromLink)).body.data;
      expect(stranger).toMatchObject({ is_part_of_any_org: false, active_org_id: null });
      expect(stranger.invitation).toEqual({ organization_id: orgId, staff_id: staffId });

      const res = await signInWith('microsoft', 'invitee@example.com', fromLink);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email: 'invitee@example.com',
        is_part_of_any_org: true,
        active_org_id: owner.org.id,
        business_name: 'Acme',
        permissions: [...MODULES],
        pending_invitation_count: 0,
        invitation: { organization_id: orgId, staff_id: staffId },
      });
      expect((await t.call('GET', `/invitation-status/${orgId}/${staffId}`)).body.data).toMatchObject({
        status: 'accepted',
      });
      // The link again (used now): just a sign-in.
      const again = (await signInWith('microsoft', 'invitee@example.com', fromLink)).body.data;
      expect(again).toMatchObject({ active_org_id: owner.org.id, organizations_count: 1 });
    });

    it('accepts a state once, for its own provider, within 10 minutes', async () => {
      const params = await consent(await loginUrl('google'), { email: 'once@example.com' });
      const wrongProvider = await callback('microsoft', params);
      expect(wrongProvider.status).toBe(400);
      expect(wrongProvider.body.message).toBe(SOCIAL_MSG.stateInvalid);
      expect((await callback('google', params)).status).toBe(200);
      const replay = await callback('google', params);
      expect(replay.status).toBe(400);
      expect(replay.body.message).toBe(SOCIAL_MSG.stateInvalid);

      const late = await consent(await loginUrl('google'), { email: 'late@example.com' });
      t.clock.advance(10 * 60 * 1000 + 1);
      expect((await callback('google', late)).body.message).toBe(SOCIAL_MSG.stateInvalid);
    });

    it('refuses a made-up state and a forged code', async () => {
      const made = new URLSearchParams({ code: 'abc', state: 'google.made-up' });
      expect((await callback('google', made)).body.message).toBe(SOCIAL_MSG.stateInvalid);
      const params = await consent(await loginUrl('google'), { email: 'x@example.com' });
      params.set('code', 'forged-code');
      const res = await callback('google', params);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SOCIAL_MSG.failed('google'));
    });

    it('validates the query', async () => {
      const res = await t.call('GET', '/google-login-callback?state=google.x');
      expect(res.status).toBe(400);
    });
  });

  describe('connect and disconnect', () => {
    const signedIn = async (email: string) => {
      await insertUser(t, email);
      return (await t.call<TLoginResponse>('POST', '/login', { body: { email, password: PASSWORD } })).body
        .data;
    };
    const connectUrl = async (token: string, provider: 'google' | 'microsoft') =>
      (await t.call<{ auth_url: string }>('GET', `/connect-social/${provider}`, { token })).body.data
        .auth_url;
    const connectCallback = (token: string, provider: 'google' | 'microsoft', params: URLSearchParams) =>
      t.call<{ provider: string; email: string | null; linked: boolean }>(
        'GET',
        `/connect-social-callback/${provider}?${params}`,
        { token },
      );

    it('links a login service to the signed-in user only, then disconnects it', async () => {
      const me = await signedIn('me@example.com');
      const params = await consent(await connectUrl(me.access_token, 'google'), {
        email: 'me.google@example.com',
      });
      const other = await signedIn('other@example.com');
      // The state is bound to the user who started the connect.
      expect((await connectCallback(other.access_token, 'google', params)).body.message).toBe(
        SOCIAL_MSG.stateInvalid,
      );

      const again = await consent(await connectUrl(me.access_token, 'google'), {
        email: 'me.google@example.com',
      });
      const res = await connectCallback(me.access_token, 'google', again);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: SOCIAL_MSG.connected('google'),
        data: { provider: 'google', email: 'me.google@example.com', linked: true },
      });
      // The linked identity now signs in as this user.
      expect((await signInWith('google', 'me.google@example.com')).body.data.user_id).toBe(me.user_id);

      const off = await t.call('POST', '/disconnect-social/google', { token: me.access_token });
      expect(off.status).toBe(200);
      expect(off.body.message).toBe(SOCIAL_MSG.disconnected('google'));
      expect(await profileOf(me.access_token)).toMatchObject({
        is_google_connected: false,
        google_email: null,
      });
      const twice = await t.call('POST', '/disconnect-social/google', { token: me.access_token });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe(SOCIAL_MSG.notConnected('google'));
    });

    it('refuses an identity that belongs to another user (409)', async () => {
      const owner = (await signInWith('microsoft', 'jordan.kim@outlook.sandbox.test')).body.data;
      const me = await signedIn('me@example.com');
      const params = await consent(await connectUrl(me.access_token, 'microsoft'), {
        account: 'jordan.kim@outlook.sandbox.test',
      });
      const res = await connectCallback(me.access_token, 'microsoft', params);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SOCIAL_MSG.linkedElsewhere('microsoft'));
      expect(owner.user_id).not.toBe(me.user_id);
    });

    it('keeps a login service while the user has no password', async () => {
      const social = (await signInWith('google', 'nopass@example.com')).body.data;
      const res = await t.call('POST', '/disconnect-social/google', { token: social.access_token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: DISCONNECT_NEEDS_PASSWORD_MESSAGE, data: null });
      expect(DISCONNECT_NEEDS_PASSWORD_MESSAGE).toBe('Please set your password to disconnect login service');
    });

    it('needs a signed-in user and a known provider', async () => {
      expect((await t.call('GET', '/connect-social/google')).status).toBe(401);
      const me = await signedIn('me@example.com');
      expect((await t.call('GET', '/connect-social/facebook', { token: me.access_token })).status).toBe(400);
      expect((await t.call('POST', '/disconnect-social/yahoo', { token: me.access_token })).status).toBe(400);
    });
  });
});

describe('social sign-in without a provider', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        GOOGLE_OIDC_ISSUER: 'http://127.0.0.1:9/google',
        GOOGLE_OIDC_CLIENT_ID: 'feedloom-google',
        GOOGLE_OIDC_CLIENT_SECRET: 'sandbox-secret',
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 when the provider is not configured or cannot be reached', async () => {
    const unreachable = await t.call('GET', '/google-login');
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.message).toBe(SOCIAL_MSG.unavailable('google'));
    const unconfigured = await t.call('GET', '/microsoft-login');
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.body.message).toBe(SOCIAL_MSG.unavailable('microsoft'));
  });
});
