import { ZSessionInfoSchema } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStubApi,
  createTestCaller,
  LOGIN_REPLY,
  rejection,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
} from '../../testing/stub-api';

const PASSWORD = 'Demo@12345';

describe('auth router', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('login stores both tokens in the session and answers only the session fields', async () => {
    stub.on('POST', '/login', { data: LOGIN_REPLY });
    const { caller, session } = createTestCaller(stub);

    const info = await caller.auth.login({ email: 'demo@feedloom.test', password: PASSWORD });

    expect(info).toEqual(SESSION_INFO);
    expect(Object.keys(info).sort()).toEqual(Object.keys(ZSessionInfoSchema.shape).sort());
    const json = JSON.stringify(info);
    expect(json).not.toContain('access-1');
    expect(json).not.toContain('refresh-1');
    expect(json).not.toContain('token');
    expect(session.tokens).toEqual({ access_token: 'access-1', refresh_token: 'refresh-1' });
    expect(stub.callsTo('POST', '/login')[0]?.body).toEqual({
      email: 'demo@feedloom.test',
      password: PASSWORD,
    });
  });

  it('login failures carry the server message and code', async () => {
    stub.on('POST', '/login', { code: 400, message: 'Invalid email or password' });
    const { caller, session } = createTestCaller(stub);
    const err = await rejection(caller.auth.login({ email: 'demo@feedloom.test', password: 'nope' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe('Invalid email or password');
    expect(session.isAuthenticated).toBe(false);
  });

  it('validates input with the shared schemas before calling the api', async () => {
    const { caller } = createTestCaller(stub);
    const err = await rejection(caller.auth.login({ email: 'not-an-email', password: PASSWORD }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(stub.calls).toHaveLength(0);
  });

  it('session: null when signed out, the cookie fields when signed in, re-read from the api with refresh', async () => {
    expect(await createTestCaller(stub).caller.auth.session()).toBeNull();
    expect(await createTestCaller(stub).caller.auth.session({ refresh: true })).toBeNull();
    expect(stub.calls).toHaveLength(0);

    const signedIn = createTestCaller(stub, { auth: storedAuth() });
    expect(await signedIn.caller.auth.session()).toEqual(SESSION_INFO);
    expect(stub.calls).toHaveLength(0);

    const updated = { ...SESSION_INFO, shops_count: 3, active_shop_id: 'shop_3' };
    stub.on('GET', '/auth-session', { data: updated });
    expect(await signedIn.caller.auth.session({ refresh: true })).toEqual(updated);
    expect(signedIn.session.info).toEqual(updated);
    expect(stub.callsTo('GET', '/auth-session')[0]?.headers.authorization).toBe('Bearer access-1');
  });

  it('a stored session missing a token is logged out', async () => {
    const { caller, backend } = createTestCaller(stub, {
      auth: { ...storedAuth(), refresh_token: undefined } as never,
    });
    expect(await caller.auth.session()).toBeNull();
    expect(backend.deleted).toBe(true);
  });

  it('signup, verifyAccount and resendOtp pass their input to the api as the contract says', async () => {
    stub.on('POST', '/signup', { data: { user_id: 'u_9', email: 'new@shop.test' } });
    stub.on('POST', '/verify-account/u_9', {
      data: { user_id: 'u_9', email: 'new@shop.test', token: 'one-time' },
    });
    stub.on('POST', '/resend-otp/u_9', { data: { resend_after_seconds: 60 } });
    const { caller, session } = createTestCaller(stub);

    expect(await caller.auth.signup({ email: 'new@shop.test', isAgree: true })).toEqual({
      user_id: 'u_9',
      email: 'new@shop.test',
    });
    expect(await caller.auth.verifyAccount({ user_id: 'u_9', otp: '123456' })).toEqual({
      user_id: 'u_9',
      email: 'new@shop.test',
      token: 'one-time',
    });
    expect(await caller.auth.resendOtp({ user_id: 'u_9', email: 'new@shop.test' })).toEqual({
      resend_after_seconds: 60,
    });
    expect(stub.callsTo('POST', '/signup')[0]?.body).toEqual({ email: 'new@shop.test', isAgree: true });
    expect(stub.callsTo('POST', '/verify-account/u_9')[0]?.body).toEqual({ otp: '123456' });
    expect(stub.callsTo('POST', '/resend-otp/u_9')[0]?.body).toEqual({ email: 'new@shop.test' });
    expect(session.isAuthenticated).toBe(false);
  });

  it('verifyAccount answers the server message on a wrong OTP', async () => {
    stub.on('POST', '/verify-account/u_9', { code: 400, message: 'Invalid OTP' });
    const { caller } = createTestCaller(stub);
    const err = await rejection(caller.auth.verifyAccount({ user_id: 'u_9', otp: '000000' }));
    expect(err.message).toBe('Invalid OTP');
  });

  it('createPassword sends user_id in the query, signs in and never returns the tokens', async () => {
    stub.on('POST', '/create-password', { data: LOGIN_REPLY });
    const { caller, session } = createTestCaller(stub);
    const info = await caller.auth.createPassword({
      user_id: 'u_1',
      token: 'one-time',
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(info).toEqual(SESSION_INFO);
    expect(JSON.stringify(info)).not.toMatch(/access-1|refresh-1/);
    expect(session.tokens?.access_token).toBe('access-1');
    const [call] = stub.callsTo('POST', '/create-password');
    expect(call?.query.get('user_id')).toBe('u_1');
    expect(call?.body).toEqual({ token: 'one-time', password: PASSWORD, confirm: PASSWORD });
  });

  it('createPassword rejects a mismatched confirmation without calling the api', async () => {
    const { caller } = createTestCaller(stub);
    const err = await rejection(
      caller.auth.createPassword({ user_id: 'u_1', token: 't', password: PASSWORD, confirm: 'Other@12345' }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(stub.calls).toHaveLength(0);
  });

  it('logout revokes the refresh token upstream and clears the session', async () => {
    stub.on('POST', '/logout', { data: {} });
    const { caller, session, backend } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.auth.logout()).toEqual({ ok: true });
    expect(stub.callsTo('POST', '/logout')[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(session.isAuthenticated).toBe(false);
    expect(backend.deleted).toBe(true);
  });

  it('logout ignores an upstream failure and still clears the session', async () => {
    stub.on('POST', '/logout', { code: 500, message: 'boom' });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    expect(await caller.auth.logout()).toEqual({ ok: true });
    expect(session.isAuthenticated).toBe(false);
  });

  it('logout without a session does not call the api', async () => {
    const { caller } = createTestCaller(stub);
    expect(await caller.auth.logout()).toEqual({ ok: true });
    expect(stub.calls).toHaveLength(0);
  });

  describe('CSRF', () => {
    it('refuses a mutation without the header', async () => {
      stub.on('POST', '/login', { data: LOGIN_REPLY });
      const { caller } = createTestCaller(stub, { headers: {} });
      const err = await rejection(caller.auth.login({ email: 'demo@feedloom.test', password: PASSWORD }));
      expect(err.code).toBe('FORBIDDEN');
      expect(err.message).toBe('Missing CSRF header');
      expect(stub.calls).toHaveLength(0);
    });

    it('refuses a wrong header value', async () => {
      const { caller } = createTestCaller(stub, { headers: { 'x-feedloom-csrf': 'yes' } });
      expect((await rejection(caller.auth.logout())).code).toBe('FORBIDDEN');
    });

    it('lets queries through without it', async () => {
      const { caller } = createTestCaller(stub, { auth: storedAuth(), headers: {} });
      expect(await caller.auth.session()).toEqual(SESSION_INFO);
    });
  });
});
