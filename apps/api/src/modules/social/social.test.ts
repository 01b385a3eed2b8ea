// Social sign-in against the sandbox's Google and Microsoft OpenID providers, started in this process:
// the real protocol (discovery, consent page, token endpoint, JWKS), no mocks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DISCONNECT_NEEDS_PASSWORD_MESSAGE,
  ZSocialLoginResponseSchema,
  ZSocialSignupPendingSchema,
  type TLoginResponse,
  type TSocialLoginCallbackResponse,
  type TSocialLoginResponse,
  type TSocialSignupPending,
  type TUserProfile,
} from '@feedloom/contracts';
import {
  identityFor,
  MICROSOFT_CONSUMER_TENANT,
  MICROSOFT_CONTOSO_TENANT,
  startSandbox,
} from '@feedloom/sandbox/testing';
import { MODULES } from '@feedloom/validation';
import { eq } from 'drizzle-orm';
import type * as client from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { social_signups, user_identities } from '../../db/schema';
import { insertUser, lastOtp, PASSWORD } from '../../test/fixtures';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { AUTH_MSG } from '../auth/messages';
import { usersRepo } from '../users/repo';
import { SOCIAL_MSG } from './messages';
import { isLoopbackHttp } from './oidc';
import { identityKeyOf, isEmailVouchedFor } from './service';

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
interface TConsentForm {
  account?: string;
  email?: string;
  /** Microsoft: another directory (tenant) or object id for the account. */
  tid?: string;
  oid?: string;
  decision?: 'allow' | 'cancel';
}
const consent = async (authUrl: string, form: TConsentForm) => {
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

describe('the identity of an ID token', () => {
  const token = (claims: Record<string, unknown>) =>
    ({ iss: 'https://issuer.test', sub: 'sub-1', aud: 'x', exp: 0, iat: 0, ...claims }) as client.IDToken;

  it('is (issuer, sub) for Google and (issuer, tid, oid) for Microsoft, never the e-mail', () => {
    expect(identityKeyOf('google', token({ email: 'a@example.com', tid: 't', oid: 'o' }))).toEqual({
      provider: 'google',
      issuer: 'https://issuer.test',
      tenant_id: '',
      subject: 'sub-1',
    });
    expect(identityKeyOf('microsoft', token({ email: 'a@example.com', tid: 't-1', oid: 'o-1' }))).toEqual({
      provider: 'microsoft',
      issuer: 'https://issuer.test',
      tenant_id: 't-1',
      subject: 'o-1',
    });
    // A Microsoft token without oid: its sub stands in.
    expect(identityKeyOf('microsoft', token({ tid: 't-1' }))).toMatchObject({
      tenant_id: 't-1',
      subject: 'sub-1',
    });
  });

  it('vouches for the address only with email_verified: true, or xms_edov: true from Microsoft', () => {
    expect(isEmailVouchedFor('google', token({ email_verified: true }))).toBe(true);
    expect(isEmailVouchedFor('microsoft', token({ email_verified: true }))).toBe(true);
    expect(isEmailVouchedFor('microsoft', token({ xms_edov: true }))).toBe(true);
    expect(isEmailVouchedFor('microsoft', token({}))).toBe(false);
    expect(isEmailVouchedFor('microsoft', token({ email_verified: 'true', xms_edov: 1 }))).toBe(false);
    expect(isEmailVouchedFor('google', token({ xms_edov: true }))).toBe(false);
  });
});

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
  /** A Microsoft sign-in as the consent page's `form`; the reply signs in or holds a sign-up. */
  const microsoft = async (form: TConsentForm, query = '') =>
    t.call<TSocialLoginCallbackResponse>(
      'GET',
      `/microsoft-login-callback?${await consent(await loginUrl('microsoft', query), form)}`,
    );
  /** A Microsoft sign-in that holds a sign-up: the pending reply. */
  const heldSignup = async (form: TConsentForm, query = '') => {
    const res = await microsoft(form, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(AUTH_MSG.otpSent);
    return ZSocialSignupPendingSchema.parse(res.body.data);
  };
  const verifySignup = (pending: TSocialSignupPending, otp: string, token = pending.signup_token) =>
    t.call<TSocialLoginResponse>('POST', `/verify-social-signup/${pending.signup_id}`, {
      body: { otp, signup_token: token },
    });
  /** A new Microsoft account, through the mailed code: the sign-in reply. */
  const microsoftSignUp = async (form: TConsentForm, query = '') => {
    const pending = await heldSignup(form, query);
    const res = await verifySignup(pending, lastOtp(t, pending.email));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ZSocialLoginResponseSchema.parse(res.body.data);
  };
  const identityRows = () => t.database.db.select().from(user_identities);
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

      // Google vouches for the address (email_verified: true): it joins the account of that address.
      const existing = await insertUser(t, 'pat@example.com');
      const viaGoogle = (await signInWith('google', 'pat@example.com')).body.data;
      expect(viaGoogle).toMatchObject({ user_id: existing.id, has_password: true, linked: true });
      expect(await profileOf(viaGoogle.access_token)).toMatchObject({
        is_google_connected: true,
        google_email: 'pat@example.com',
        is_microsoft_connected: false,
      });
      expect(await identityRows()).toContainEqual(
        expect.objectContaining({
          user_id: existing.id,
          provider: 'google',
          issuer: `${sandbox.url}/google`,
          tenant_id: '',
          subject: identityFor('google', 'pat@example.com').sub,
        }),
      );
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

      // Microsoft does not vouch for the address: the invitation waits with the sign-up for its code.
      const joined = await microsoftSignUp({ email: 'invitee@example.com' }, fromLink);
      expect(joined).toMatchObject({
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
      // The link again (used now): just a sign-in, by the identity.
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

  describe('Microsoft sign-in without a verified address', () => {
    const JORDAN = 'jordan.kim@outlook.sandbox.test';
    const JORDAN_OID = '00000000-0000-0000-4a0d-6b1e5f1c0a01';

    it('mails the sign-up code and makes no account until the code comes back; then signs in by tenant + oid', async () => {
      const pending = await heldSignup({ account: JORDAN });
      expect(pending).toMatchObject({ verification_required: true, email: JORDAN });
      expect(await usersRepo(t.database.db).findByEmail(JORDAN)).toBeNull();
      // The same mail as sign-up.
      expect(t.mail.outbox).toHaveLength(1);
      expect(t.mail.outbox[0]).toMatchObject({ to: JORDAN, subject: 'Your Feedloom verification code' });

      const res = await verifySignup(pending, lastOtp(t, JORDAN));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MSG.accountVerified);
      const data = ZSocialLoginResponseSchema.parse(res.body.data);
      expect(data).toMatchObject({
        email: JORDAN,
        first_name: 'Jordan',
        last_name: 'Kim',
        has_password: false,
        profile_created: false,
        invitation: null,
        linked: true,
      });
      const user = await usersRepo(t.database.db).findById(data.user_id);
      expect(user?.email_verified_at).toBeInstanceOf(Date);
      expect(await profileOf(data.access_token)).toMatchObject({
        is_microsoft_connected: true,
        microsoft_email: JORDAN,
      });
      expect(await identityRows()).toEqual([
        expect.objectContaining({
          user_id: data.user_id,
          provider: 'microsoft',
          issuer: `${sandbox.url}/microsoft`,
          tenant_id: MICROSOFT_CONSUMER_TENANT,
          subject: JORDAN_OID,
        }),
      ]);
      // The sign-up is done: its code cannot be used again.
      expect((await verifySignup(pending, lastOtp(t, JORDAN))).body.message).toBe(SOCIAL_MSG.signupExpired);

      // From now on the identity signs in straight away, without a code.
      const again = await microsoft({ account: JORDAN });
      expect(again.body.data).toMatchObject({ user_id: data.user_id, linked: false });
      expect(t.mail.outbox).toHaveLength(1);
    });

    it('a wrong code makes no account; a code gets 5 attempts and 10 minutes, a new one every 30 s, as at sign-up', async () => {
      const email = 'robin@contoso.example';
      const pending = await heldSignup({ email });
      const code = lastOtp(t, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await verifySignup(pending, wrong);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(AUTH_MSG.otpInvalid);
      }
      const sixth = await verifySignup(pending, code);
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(AUTH_MSG.tooManyAttempts(30));
      expect(await usersRepo(t.database.db).findByEmail(email)).toBeNull();
      expect(await identityRows()).toEqual([]);

      const resend = (token = pending.signup_token) =>
        t.call('POST', `/resend-social-signup-otp/${pending.signup_id}`, { body: { signup_token: token } });
      const early = await resend();
      expect(early.status).toBe(429);
      expect(early.body.message).toBe(AUTH_MSG.otpResendWait(30));
      t.clock.advance(30_000);
      expect((await resend('another-browser')).body.message).toBe(SOCIAL_MSG.signupExpired);
      const ok = await resend();
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ message: AUTH_MSG.otpSent, data: { resend_after_seconds: 30 } });
      expect(t.mail.outbox.filter((m) => m.to === email)).toHaveLength(2);
      const fresh = lastOtp(t, email);
      // The new code brings no fresh guesses: one more wrong guess, and the next must wait again.
      expect((await verifySignup(pending, wrong)).status).toBe(400);
      expect((await verifySignup(pending, fresh)).status).toBe(429);
      t.clock.advance(60_000);

      t.clock.advance(10 * 60 * 1000 + 1);
      expect((await verifySignup(pending, fresh)).body.message).toBe(AUTH_MSG.otpExpired);
      expect(await usersRepo(t.database.db).findByEmail(email)).toBeNull();
    });

    it('only the browser that signed in can enter the code, and only within the hour', async () => {
      const pending = await heldSignup({ account: JORDAN });
      const code = lastOtp(t, JORDAN);
      const stranger = await verifySignup(pending, code, 'a-token-of-another-browser');
      expect(stranger.status).toBe(400);
      expect(stranger.body.message).toBe(SOCIAL_MSG.signupExpired);
      const unknown = await t.call('POST', `/verify-social-signup/not-an-id`, {
        body: { otp: code, signup_token: pending.signup_token },
      });
      expect(unknown.body.message).toBe(SOCIAL_MSG.signupExpired);
      expect(await usersRepo(t.database.db).findByEmail(JORDAN)).toBeNull();

      // Signing in again replaces the sign-up: within 30 s the code already mailed stands, no new mail;
      // the earlier browser can no longer finish, the latest can.
      const again = await heldSignup({ account: JORDAN });
      expect(again.signup_id).toBe(pending.signup_id);
      expect(t.mail.outbox).toHaveLength(1);
      expect((await verifySignup(pending, code)).body.message).toBe(SOCIAL_MSG.signupExpired);
      expect((await verifySignup(again, code)).status).toBe(200);

      const late = await heldSignup({ email: 'late@contoso.example' });
      t.clock.advance(60 * 60 * 1000 + 1);
      expect((await verifySignup(late, lastOtp(t, 'late@contoso.example'))).body.message).toBe(
        SOCIAL_MSG.signupExpired,
      );
    });

    it('never links to or signs into an existing account by its address; the owner signs in and connects', async () => {
      const pat = await insertUser(t, 'pat@example.com');
      const res = await microsoft({ email: 'pat@example.com' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 409, message: SOCIAL_MSG.signInToConnect('microsoft'), data: null });
      expect(res.body.message).toBe(
        'An account with this email already exists. Please sign in with your password, then connect Microsoft under Login Services on your profile.',
      );
      expect(t.mail.outbox).toHaveLength(0);
      expect(await identityRows()).toEqual([]);
      expect(await t.database.db.select().from(social_signups)).toEqual([]);

      // The owner signs in with the password and connects the same Microsoft account from the profile.
      const session = (
        await t.call<TLoginResponse>('POST', '/login', {
          body: { email: 'pat@example.com', password: PASSWORD },
        })
      ).body.data;
      const connect = await t.call<{ auth_url: string }>('GET', '/connect-social/microsoft', {
        token: session.access_token,
      });
      const params = await consent(connect.body.data.auth_url, { email: 'pat@example.com' });
      const connected = await t.call('GET', `/connect-social-callback/microsoft?${params}`, {
        token: session.access_token,
      });
      expect(connected.status).toBe(200);
      // Now the identity signs in to that account.
      expect((await microsoft({ email: 'pat@example.com' })).body.data).toMatchObject({
        user_id: pat.id,
        linked: false,
      });
    });

    it('does not link an account that got the address while the code was out', async () => {
      const pending = await heldSignup({ email: 'pat@example.com' });
      const pat = await insertUser(t, 'pat@example.com');
      const res = await verifySignup(pending, lastOtp(t, 'pat@example.com'));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SOCIAL_MSG.signInToConnect('microsoft'));
      expect(await identityRows()).toEqual([]);
      expect((await usersRepo(t.database.db).findById(pat.id))?.password_hash).toBeTruthy();
    });

    it('an unfinished password sign-up of the address becomes the Microsoft account once the code comes back', async () => {
      const signup = await t.call<{ user_id: string }>('POST', '/signup', {
        body: { email: 'half@example.com', isAgree: true },
      });
      const pending = await heldSignup({ email: 'half@example.com' });
      const data = ZSocialLoginResponseSchema.parse(
        (await verifySignup(pending, lastOtp(t, 'half@example.com'))).body.data,
      );
      expect(data.user_id).toBe(signup.body.data.user_id);
      expect((await usersRepo(t.database.db).findById(data.user_id))?.email_verified_at).toBeInstanceOf(Date);
    });

    it("signs into the same account by tenant + oid when the Microsoft address changes, even to another account's", async () => {
      const first = await microsoftSignUp({
        email: 'robin@contoso.example',
        tid: MICROSOFT_CONTOSO_TENANT,
        oid: JORDAN_OID,
      });
      await insertUser(t, 'pat@example.com');
      for (const email of ['robin.fox@contoso.example', 'pat@example.com']) {
        const res = await microsoft({ email, tid: MICROSOFT_CONTOSO_TENANT, oid: JORDAN_OID });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({
          user_id: first.user_id,
          email: 'robin@contoso.example',
          linked: false,
        });
        expect(await profileOf(first.access_token)).toMatchObject({ microsoft_email: email });
      }
      expect(t.mail.outbox).toHaveLength(1);
    });

    it('the same oid in another tenant is another identity', async () => {
      const home = await microsoftSignUp({ account: JORDAN });
      // Same object id and address, another directory: not this account (and not linked by the address).
      const sameAddress = await microsoft({ account: JORDAN, tid: MICROSOFT_CONTOSO_TENANT });
      expect(sameAddress.status).toBe(409);
      expect(sameAddress.body.message).toBe(SOCIAL_MSG.signInToConnect('microsoft'));
      // With its own address it is a new sign-up of its own.
      const other = await microsoftSignUp({
        email: 'jordan@contoso.example',
        tid: MICROSOFT_CONTOSO_TENANT,
        oid: JORDAN_OID,
      });
      expect(other.user_id).not.toBe(home.user_id);
      expect((await identityRows()).map((r) => [r.tenant_id, r.subject]).sort()).toEqual(
        [
          [MICROSOFT_CONSUMER_TENANT, JORDAN_OID],
          [MICROSOFT_CONTOSO_TENANT, JORDAN_OID],
        ].sort(),
      );
    });

    it('completes an identity linked before issuers were kept, found once by its sub', async () => {
      const user = await insertUser(t, 'legacy@example.com');
      const sub = identityFor('microsoft', JORDAN).sub;
      await t.database.db
        .insert(user_identities)
        .values({ user_id: user.id, provider: 'microsoft', subject: sub, email: JORDAN });
      const res = await microsoft({ account: JORDAN });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ user_id: user.id, linked: false });
      const [row] = await t.database.db
        .select()
        .from(user_identities)
        .where(eq(user_identities.user_id, user.id));
      expect(row).toMatchObject({
        issuer: `${sandbox.url}/microsoft`,
        tenant_id: MICROSOFT_CONSUMER_TENANT,
        subject: JORDAN_OID,
      });
      // Found by the full key from now on.
      expect((await microsoft({ account: JORDAN })).body.data).toMatchObject({ user_id: user.id });
    });

    it('validates the code and the ids', async () => {
      const pending = await heldSignup({ account: JORDAN });
      const bad = await verifySignup(pending, '12ab');
      expect(bad.status).toBe(400);
      const long = await t.call('POST', `/verify-social-signup/${'x'.repeat(101)}`, {
        body: { otp: '123456', signup_token: pending.signup_token },
      });
      // Fastify refuses a path parameter over 100 characters before the schema sees it.
      expect(long.status).toBe(414);
      const longToken = await verifySignup(pending, '123456', 'x'.repeat(201));
      expect(longToken.status).toBe(400);
      const noToken = await t.call('POST', `/verify-social-signup/${pending.signup_id}`, {
        body: { otp: '123456' },
      });
      expect(noToken.status).toBe(400);
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
      const owner = await microsoftSignUp({ account: 'jordan.kim@outlook.sandbox.test' });
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
