import { createHash } from 'node:crypto';
import { FORGOT_PASSWORD_MESSAGE, SOCIAL_STATE_INVALID_MESSAGE } from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OAUTH_FLOW_MAX_AGE_SECONDS, SOCIAL_FLOW_NOT_STARTED_MESSAGE } from '../../oauth-flow';
import { SOCIAL_SIGNUP_NOT_STARTED_MESSAGE } from './auth';
import {
  createStubApi,
  createTestCaller,
  LOGIN_REPLY,
  memoryCookieJar,
  rejection,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const PASSWORD = 'Fresh@2024';
const FLOW_COOKIE = 'feedloom_oauth';

/** The jar of a browser that started the flow of `state`: the cookie socialLoginUrl would have set. */
const startedFlow = (state: string) =>
  memoryCookieJar({ [FLOW_COOKIE]: createHash('sha256').update(state).digest('base64url') });

describe('auth router: passwords, social and support sign-in', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  describe('forgotPassword / resetPassword', () => {
    it('passes the e-mail on and answers the neutral server message', async () => {
      stub.on('POST', '/forgot-password', { message: FORGOT_PASSWORD_MESSAGE, data: {} });
      const { caller, session } = createTestCaller(stub);
      expect(await caller.auth.forgotPassword({ email: 'a@example.com' })).toEqual({
        message: FORGOT_PASSWORD_MESSAGE,
      });
      expect(stub.callsTo('POST', '/forgot-password')[0]?.body).toEqual({ email: 'a@example.com' });
      expect(session.isAuthenticated).toBe(false);
    });

    it('validates the e-mail before calling the api', async () => {
      const { caller } = createTestCaller(stub);
      const err = await rejection(caller.auth.forgotPassword({ email: 'a..b@example.com' }));
      // Over HTTP the error formatter makes the first issue the message; a direct caller sees the issues.
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toContain(MSG.emailInvalid);
      expect(stub.calls).toHaveLength(0);
    });

    it('resetPassword puts the token in the path and signs in without returning tokens', async () => {
      stub.on('POST', '/reset-password/tok-1', { data: LOGIN_REPLY });
      const { caller, session } = createTestCaller(stub);
      const info = await caller.auth.resetPassword({ token: 'tok-1', password: PASSWORD, confirm: PASSWORD });
      expect(info).toEqual(SESSION_INFO);
      expect(JSON.stringify(info)).not.toMatch(/access-1|refresh-1/);
      expect(session.tokens?.refresh_token).toBe('refresh-1');
      expect(stub.callsTo('POST', '/reset-password/tok-1')[0]?.body).toEqual({
        password: PASSWORD,
        confirm: PASSWORD,
      });
    });

    it('resetPassword carries the server message of a used link', async () => {
      stub.on('POST', '/reset-password/tok-1', {
        code: 400,
        message: 'This link is invalid or has expired.',
      });
      const { caller, session } = createTestCaller(stub);
      const err = await rejection(
        caller.auth.resetPassword({ token: 'tok-1', password: PASSWORD, confirm: PASSWORD }),
      );
      expect(err.message).toBe('This link is invalid or has expired.');
      expect(session.isAuthenticated).toBe(false);
    });

    it('resetPassword checks the password rules first', async () => {
      const { caller } = createTestCaller(stub);
      const err = await rejection(
        caller.auth.resetPassword({ token: 't', password: PASSWORD, confirm: 'Other@2024' }),
      );
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toContain(MSG.confirmMismatch);
      expect(stub.calls).toHaveLength(0);
    });
  });

  describe('social sign-in', () => {
    it('socialLoginUrl calls the provider endpoint with the invitation ids', async () => {
      stub.on('GET', '/google-login', {
        data: { auth_url: 'https://idp.test/authorize?x=1&state=google.s1' },
      });
      stub.on('GET', '/microsoft-login', {
        data: { auth_url: 'https://ms.test/authorize?state=microsoft.s2' },
      });
      const { caller } = createTestCaller(stub);
      expect(
        await caller.auth.socialLoginUrl({ provider: 'google', organization_id: 'o', staff_id: 's' }),
      ).toEqual({
        auth_url: 'https://idp.test/authorize?x=1&state=google.s1',
      });
      const call = stub.callsTo('GET', '/google-login')[0];
      expect(Object.fromEntries(call?.query ?? [])).toEqual({ organization_id: 'o', staff_id: 's' });
      await caller.auth.socialLoginUrl({ provider: 'microsoft' });
      expect(stub.callsTo('GET', '/microsoft-login')[0]?.query.toString()).toBe('');
    });

    it('socialLoginUrl binds the flow to this browser: a short-lived cookie with a hash of the state', async () => {
      stub.on('GET', '/google-login', { data: { auth_url: 'https://idp.test/authorize?state=google.s1' } });
      const { caller, cookies } = createTestCaller(stub);
      await caller.auth.socialLoginUrl({ provider: 'google' });
      const value = cookies.values.get(FLOW_COOKIE);
      expect(value).toBe(createHash('sha256').update('google.s1').digest('base64url'));
      expect(value).not.toContain('s1');
      expect(cookies.maxAges.get(FLOW_COOKIE)).toBe(OAUTH_FLOW_MAX_AGE_SECONDS);
      expect(OAUTH_FLOW_MAX_AGE_SECONDS).toBeLessThanOrEqual(600);
    });

    it('socialLoginUrl refuses an authorization URL it cannot bind (no state)', async () => {
      stub.on('GET', '/google-login', { data: { auth_url: 'https://idp.test/authorize?x=1' } });
      const { caller, cookies } = createTestCaller(stub);
      expect((await rejection(caller.auth.socialLoginUrl({ provider: 'google' }))).code).toBe(
        'INTERNAL_SERVER_ERROR',
      );
      expect(cookies.values.size).toBe(0);
    });

    it('socialCallback signs in with the callback of the state provider and returns the routing facts', async () => {
      stub.on('GET', '/microsoft-login-callback', {
        message: 'Logged in successfully.',
        data: { ...LOGIN_REPLY, invitation: { organization_id: 'o', staff_id: 's' }, linked: true },
      });
      const { caller, session, cookies } = createTestCaller(stub, { cookies: startedFlow('microsoft.abc') });
      const result = await caller.auth.socialCallback({ code: 'c-1', state: 'microsoft.abc' });
      expect(result).toEqual({
        mode: 'login',
        provider: 'microsoft',
        session: SESSION_INFO,
        invitation: { organization_id: 'o', staff_id: 's' },
        linked: true,
        message: 'Logged in successfully.',
      });
      expect(JSON.stringify(result)).not.toMatch(/access-1|refresh-1/);
      expect(session.tokens?.access_token).toBe('access-1');
      const call = stub.callsTo('GET', '/microsoft-login-callback')[0];
      expect(Object.fromEntries(call?.query ?? [])).toEqual({ code: 'c-1', state: 'microsoft.abc' });
      // One use: the binding is gone once the callback went through.
      expect(cookies.values.has(FLOW_COOKIE)).toBe(false);
    });

    it('a sign-in started in this browser finishes here (socialLoginUrl, then socialCallback)', async () => {
      stub.on('GET', '/google-login', { data: { auth_url: 'https://idp.test/authorize?state=google.xyz' } });
      stub.on('GET', '/google-login-callback', { data: { ...LOGIN_REPLY, invitation: null, linked: false } });
      const cookies = memoryCookieJar();
      await createTestCaller(stub, { cookies }).caller.auth.socialLoginUrl({ provider: 'google' });
      const { caller, session } = createTestCaller(stub, { cookies });
      expect((await caller.auth.socialCallback({ code: 'c', state: 'google.xyz' })).mode).toBe('login');
      expect(session.isAuthenticated).toBe(true);
    });

    it('socialCallback refuses a flow this browser did not start, without calling the api (login CSRF)', async () => {
      stub.on('GET', '/google-login-callback', { data: { ...LOGIN_REPLY, invitation: null, linked: false } });
      // A fresh browser: no cookie at all.
      const fresh = createTestCaller(stub);
      const err = await rejection(fresh.caller.auth.socialCallback({ code: 'c', state: 'google.attacker' }));
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: SOCIAL_FLOW_NOT_STARTED_MESSAGE });
      expect(fresh.session.isAuthenticated).toBe(false);

      // A browser in the middle of its own sign-in, handed the attacker's code and state.
      const own = createTestCaller(stub, { cookies: startedFlow('google.mine') });
      const forged = await rejection(own.caller.auth.socialCallback({ code: 'c', state: 'google.attacker' }));
      expect(forged).toMatchObject({ code: 'FORBIDDEN', message: SOCIAL_FLOW_NOT_STARTED_MESSAGE });
      expect(own.session.isAuthenticated).toBe(false);
      // The forged link does not cancel the user's own flow.
      expect(own.cookies.values.has(FLOW_COOKIE)).toBe(true);
      // A cookie value that is not a hash at all is refused too.
      const junk = createTestCaller(stub, { cookies: memoryCookieJar({ [FLOW_COOKIE]: 'x' }) });
      expect((await rejection(junk.caller.auth.socialCallback({ code: 'c', state: 'google.x' }))).code).toBe(
        'FORBIDDEN',
      );
      expect(stub.calls).toHaveLength(0);
    });

    it('socialCallback links to the signed-in user instead of signing in (connect)', async () => {
      stub.on('GET', '/connect-social-callback/google', {
        message: 'Google account connected.',
        data: { provider: 'google', email: 'me@gmail.test', linked: true },
      });
      const { caller, session } = createTestCaller(stub, {
        auth: storedAuth(),
        cookies: startedFlow('google.abc'),
      });
      const result = await caller.auth.socialCallback({ code: 'c-1', state: 'google.abc' });
      expect(result).toMatchObject({
        mode: 'connect',
        provider: 'google',
        session: SESSION_INFO,
        linked: true,
      });
      expect(result.message).toBe('Google account connected.');
      expect(stub.callsTo('GET', '/connect-social-callback/google')[0]?.headers.authorization).toBe(
        'Bearer access-1',
      );
      expect(session.tokens?.access_token).toBe('access-1');
      expect(stub.callsTo('GET', '/google-login-callback')).toHaveLength(0);
    });

    it('a connect is bound to the browser too: connectSocialUrl sets the cookie, a foreign callback is refused', async () => {
      stub.on('GET', '/connect-social/google', {
        data: { auth_url: 'https://idp.test/authorize?state=google.c1' },
      });
      const started = createTestCaller(stub, { auth: storedAuth() });
      await started.caller.auth.connectSocialUrl({ provider: 'google' });
      expect(started.cookies.values.get(FLOW_COOKIE)).toBe(
        createHash('sha256').update('google.c1').digest('base64url'),
      );
      const other = createTestCaller(stub, { auth: storedAuth() });
      const err = await rejection(other.caller.auth.socialCallback({ code: 'c', state: 'google.c1' }));
      expect(err).toMatchObject({ code: 'FORBIDDEN', message: SOCIAL_FLOW_NOT_STARTED_MESSAGE });
      expect(stub.callsTo('GET', '/connect-social-callback/google')).toHaveLength(0);
    });

    it('socialCallback refuses a state without a known provider prefix', async () => {
      const { caller } = createTestCaller(stub, { cookies: startedFlow('yahoo.abc') });
      const err = await rejection(caller.auth.socialCallback({ code: 'c', state: 'yahoo.abc' }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(SOCIAL_STATE_INVALID_MESSAGE);
      expect(stub.calls).toHaveLength(0);
    });

    it('socialCallback failures keep the server message and leave the visitor signed out', async () => {
      stub.on('GET', '/google-login-callback', { code: 400, message: SOCIAL_STATE_INVALID_MESSAGE });
      const { caller, session } = createTestCaller(stub, { cookies: startedFlow('google.old') });
      const err = await rejection(caller.auth.socialCallback({ code: 'c', state: 'google.old' }));
      expect(err.message).toBe(SOCIAL_STATE_INVALID_MESSAGE);
      expect(session.isAuthenticated).toBe(false);
    });

    it('socialCallback of a new account whose address the provider did not vouch for: asks for the mailed code', async () => {
      stub.on('GET', '/microsoft-login-callback', {
        message: 'A verification code has been sent to your email.',
        data: {
          verification_required: true,
          signup_id: 'su-1',
          email: 'new@contoso.test',
          signup_token: 'secret-1',
        },
      });
      const { caller, session, backend } = createTestCaller(stub, { cookies: startedFlow('microsoft.abc') });
      const result = await caller.auth.socialCallback({ code: 'c-1', state: 'microsoft.abc' });
      expect(result).toEqual({
        mode: 'verify_email',
        provider: 'microsoft',
        email: 'new@contoso.test',
        signup_id: 'su-1',
        message: 'A verification code has been sent to your email.',
      });
      // Not signed in; the token stays in this browser's session, never in the reply.
      expect(session.isAuthenticated).toBe(false);
      expect(JSON.stringify(result)).not.toContain('secret-1');
      expect(backend.data.social_signup).toEqual({
        signup_id: 'su-1',
        signup_token: 'secret-1',
        provider: 'microsoft',
      });
    });

    it("verifySocialSignup sends the code with this browser's token, signs in and forgets the sign-up", async () => {
      stub.on('GET', '/microsoft-login-callback', {
        data: {
          verification_required: true,
          signup_id: 'su-1',
          email: 'new@contoso.test',
          signup_token: 'secret-1',
        },
      });
      stub.on('POST', '/verify-social-signup/su-1', {
        message: 'Your email address has been verified.',
        data: { ...LOGIN_REPLY, invitation: { organization_id: 'o', staff_id: 's' }, linked: true },
      });
      stub.on('POST', '/resend-social-signup-otp/su-1', { data: { resend_after_seconds: 30 } });
      const { caller, session, backend } = createTestCaller(stub, { cookies: startedFlow('microsoft.abc') });
      await caller.auth.socialCallback({ code: 'c-1', state: 'microsoft.abc' });

      expect(await caller.auth.resendSocialSignupOtp({ signup_id: 'su-1' })).toEqual({
        resend_after_seconds: 30,
      });
      expect(stub.callsTo('POST', '/resend-social-signup-otp/su-1')[0]?.body).toEqual({
        signup_token: 'secret-1',
      });

      const result = await caller.auth.verifySocialSignup({ signup_id: 'su-1', otp: '123456' });
      expect(result).toEqual({
        provider: 'microsoft',
        session: SESSION_INFO,
        invitation: { organization_id: 'o', staff_id: 's' },
        message: 'Your email address has been verified.',
      });
      expect(stub.callsTo('POST', '/verify-social-signup/su-1')[0]?.body).toEqual({
        otp: '123456',
        signup_token: 'secret-1',
      });
      expect(JSON.stringify(result)).not.toMatch(/access-1|refresh-1|secret-1/);
      expect(session.tokens?.access_token).toBe('access-1');
      expect(backend.data.social_signup).toBeUndefined();
    });

    it('verifySocialSignup and resendSocialSignupOtp refuse a browser that did not sign in, without calling the api', async () => {
      const { caller } = createTestCaller(stub);
      for (const err of [
        await rejection(caller.auth.verifySocialSignup({ signup_id: 'su-1', otp: '123456' })),
        await rejection(caller.auth.resendSocialSignupOtp({ signup_id: 'su-1' })),
      ]) {
        expect(err).toMatchObject({ code: 'FORBIDDEN', message: SOCIAL_SIGNUP_NOT_STARTED_MESSAGE });
      }
      expect((await rejection(caller.auth.verifySocialSignup({ signup_id: 'su-1', otp: '12' }))).code).toBe(
        'BAD_REQUEST',
      );
      expect(stub.calls).toHaveLength(0);
    });

    it('supportLogin signs in with the one-time token', async () => {
      stub.on('GET', '/merchant-login/one-time', { data: { ...LOGIN_REPLY, active_shop_id: 'shop_7' } });
      const { caller, session } = createTestCaller(stub);
      expect(await caller.auth.supportLogin({ token: 'one-time' })).toEqual({
        ...SESSION_INFO,
        active_shop_id: 'shop_7',
      });
      expect(session.info?.active_shop_id).toBe('shop_7');
    });
  });

  describe('signed-in account procedures', () => {
    it('need a session', async () => {
      const { caller } = createTestCaller(stub);
      expect((await rejection(caller.auth.connectSocialUrl({ provider: 'google' }))).code).toBe(
        'UNAUTHORIZED',
      );
      expect((await rejection(caller.auth.disconnectSocial({ provider: 'google' }))).code).toBe(
        'UNAUTHORIZED',
      );
      expect(
        (
          await rejection(
            caller.auth.changePassword({ current_password: 'x', password: PASSWORD, confirm: PASSWORD }),
          )
        ).code,
      ).toBe('UNAUTHORIZED');
      expect(stub.calls).toHaveLength(0);
    });

    it('changePassword answers the status and the server message; a wrong current password is BAD_REQUEST', async () => {
      stub.on('POST', '/change-password', (call) =>
        (call.body as { current_password: string }).current_password === 'Demo@12345'
          ? {
              message: 'Your password has been changed.',
              data: { has_password: true, changed_password_at: '2026-01-02T00:00:00.000Z' },
            }
          : { code: 400, message: 'Current password is incorrect.' },
      );
      const { caller } = createTestCaller(stub, { auth: storedAuth() });
      expect(
        await caller.auth.changePassword({
          current_password: 'Demo@12345',
          password: PASSWORD,
          confirm: PASSWORD,
        }),
      ).toEqual({
        has_password: true,
        changed_password_at: '2026-01-02T00:00:00.000Z',
        message: 'Your password has been changed.',
      });
      const err = await rejection(
        caller.auth.changePassword({ current_password: 'Wrong@1234', password: PASSWORD, confirm: PASSWORD }),
      );
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe('Current password is incorrect.');
    });

    it('setPassword marks the session as having a password', async () => {
      stub.on('POST', '/set-password', {
        message: 'Your password has been created.',
        data: { has_password: true, changed_password_at: '2026-01-02T00:00:00.000Z' },
      });
      const { caller, session } = createTestCaller(stub, {
        auth: { ...storedAuth(), info: { ...SESSION_INFO, has_password: false } },
      });
      const res = await caller.auth.setPassword({ password: PASSWORD, confirm: PASSWORD });
      expect(res.message).toBe('Your password has been created.');
      expect(session.info?.has_password).toBe(true);
    });

    it('connectSocialUrl and disconnectSocial name the provider in the path', async () => {
      stub.on('GET', '/connect-social/microsoft', {
        data: { auth_url: 'https://ms.test/authorize?state=microsoft.c' },
      });
      stub.on('POST', '/disconnect-social/google', {
        code: 400,
        message: 'Please set your password to disconnect login service',
      });
      stub.on('POST', '/disconnect-social/microsoft', {
        message: 'Microsoft login service disconnected.',
        data: {},
      });
      const { caller } = createTestCaller(stub, { auth: storedAuth() });
      expect(await caller.auth.connectSocialUrl({ provider: 'microsoft' })).toEqual({
        auth_url: 'https://ms.test/authorize?state=microsoft.c',
      });
      expect(await caller.auth.disconnectSocial({ provider: 'microsoft' })).toEqual({
        message: 'Microsoft login service disconnected.',
      });
      const err = await rejection(caller.auth.disconnectSocial({ provider: 'google' }));
      expect(err.message).toBe('Please set your password to disconnect login service');
      expect((await rejection(caller.auth.disconnectSocial({ provider: 'yahoo' as 'google' }))).code).toBe(
        'BAD_REQUEST',
      );
    });
  });
  describe('invitationSignup', () => {
    const INPUT = {
      organization_id: 'enc-org',
      staff_id: 'enc-staff',
      first_name: 'Nora',
      last_name: '',
      password: PASSWORD,
      confirm: PASSWORD,
    };
    const JOINED = { ...LOGIN_REPLY, profile_created: false, business_name: 'Demo Outfitters' };

    it('puts the ids in the path, fills the session like login and answers the message, never tokens', async () => {
      stub.on('POST', '/create-staff-user/enc-org/enc-staff', {
        message: 'Invitation accepted. Welcome to Demo Outfitters!',
        data: JOINED,
      });
      const { caller, session } = createTestCaller(stub);
      const res = await caller.auth.invitationSignup(INPUT);
      expect(res.message).toBe('Invitation accepted. Welcome to Demo Outfitters!');
      expect(res.session).toEqual({
        ...SESSION_INFO,
        profile_created: false,
        business_name: 'Demo Outfitters',
      });
      expect(JSON.stringify(res)).not.toMatch(/access-1|refresh-1|token/);
      expect(session.tokens).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
      const call = stub.callsTo('POST', '/create-staff-user/enc-org/enc-staff')[0];
      expect(call?.body).toEqual({
        first_name: 'Nora',
        last_name: '',
        password: PASSWORD,
        confirm: PASSWORD,
      });
      expect(call?.headers.authorization).toBeUndefined();
    });

    it('carries the server message of an address with an account, and stays signed out', async () => {
      stub.on('POST', '/create-staff-user/enc-org/enc-staff', {
        code: 409,
        message: 'An account with this email already exists. Please sign in to accept the invitation.',
      });
      const { caller, session } = createTestCaller(stub);
      const err = await rejection(caller.auth.invitationSignup(INPUT));
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(
        'An account with this email already exists. Please sign in to accept the invitation.',
      );
      expect(session.isAuthenticated).toBe(false);
    });

    it('validates names and the password pair before calling the api', async () => {
      const { caller } = createTestCaller(stub);
      const weak = await rejection(
        caller.auth.invitationSignup({ ...INPUT, password: 'weak', confirm: 'weak' }),
      );
      expect(weak.code).toBe('BAD_REQUEST');
      expect(weak.message).toContain(MSG.passwordLength);
      const nameless = await rejection(caller.auth.invitationSignup({ ...INPUT, first_name: '' }));
      expect(nameless.message).toContain(MSG.firstNameRequired);
      const noIds = await rejection(caller.auth.invitationSignup({ ...INPUT, staff_id: '' }));
      expect(noIds.code).toBe('BAD_REQUEST');
      expect(stub.calls).toHaveLength(0);
    });
  });
});
