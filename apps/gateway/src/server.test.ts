import { TOKEN_EXPIRED_MESSAGE } from '@feedloom/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, SESSION_COOKIE } from './server';
import {
  cookieHeaderOf,
  createStubApi,
  CSRF_JSON_HEADERS,
  DEMO_CREDENTIALS,
  fakeWebDist,
  LOGIN_REPLY,
  SESSION_INFO,
  testEnv,
  type TStubApi,
} from './testing/stub-api';

const CSRF = CSRF_JSON_HEADERS;
const CREDENTIALS = DEMO_CREDENTIALS;

const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === SESSION_COOKIE);
const cookieHeader = (res: LightMyRequestResponse) => cookieHeaderOf(res, SESSION_COOKIE);
const query = (name: string, input?: unknown) =>
  `/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

describe('gateway server', () => {
  let stub: TStubApi;
  let app: FastifyInstance;

  const start = async (env = testEnv()) => {
    app = await buildServer({ env, dispatcher: stub.agent, logger: false });
    return app;
  };
  const login = () =>
    app.inject({ method: 'POST', url: '/trpc/auth.login', headers: CSRF, payload: CREDENTIALS });

  beforeEach(() => {
    stub = createStubApi();
    stub.on('POST', '/login', { data: LOGIN_REPLY });
  });
  afterEach(async () => {
    await app.close();
    await stub.close();
  });

  it('answers /healthz', async () => {
    await start();
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  describe('session cookie', () => {
    it('login sets an httpOnly, SameSite=Lax cookie and the reply carries no token', async () => {
      await start();
      const res = await login();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: { data: SESSION_INFO } });
      expect(res.body).not.toMatch(/access-1|refresh-1|access_token|refresh_token/);
      const cookie = sessionCookie(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      // Encrypted: the tokens cannot be read from the cookie either.
      expect(cookie?.value).not.toMatch(/access-1|refresh-1/);
      expect(Buffer.from(cookie?.value.split(';')[0] ?? '', 'base64').toString('latin1')).not.toContain(
        'access-1',
      );
    });

    it('is Secure outside development and test', async () => {
      await start(testEnv({ NODE_ENV: 'production' }));
      const cookie = sessionCookie(await login());
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    });

    it('COOKIE_SECURE overrides the default', async () => {
      await start(testEnv({ COOKIE_SECURE: 'true' }));
      expect(sessionCookie(await login())?.secure).toBe(true);
    });

    it('the cookie carries the session to later requests; logout expires it', async () => {
      await start();
      const cookie = cookieHeader(await login());
      const res = await app.inject({ method: 'GET', url: query('auth.session'), headers: { cookie } });
      expect(res.json()).toEqual({ result: { data: SESSION_INFO } });

      stub.on('POST', '/logout', { data: {} });
      const out = await app.inject({
        method: 'POST',
        url: '/trpc/auth.logout',
        headers: { ...CSRF, cookie },
      });
      expect(out.json()).toEqual({ result: { data: { ok: true } } });
      expect(sessionCookie(out)).toMatchObject({ value: '', maxAge: 0 });
    });

    it('a cookie from another key is ignored', async () => {
      await start();
      const cookie = cookieHeader(await login());
      await app.close();
      await start(testEnv({ SESSION_KEY: 'cd'.repeat(32) }));
      const res = await app.inject({ method: 'GET', url: query('auth.session'), headers: { cookie } });
      expect(res.json()).toEqual({ result: { data: null } });
    });
  });

  describe('social sign-in is bound to the browser that started it (login CSRF)', () => {
    const FLOW = 'feedloom_oauth';
    const startFlow = () =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.socialLoginUrl',
        headers: CSRF,
        payload: { provider: 'google' },
      });
    const callback = (headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.socialCallback',
        headers: { ...CSRF, ...headers },
        payload: { code: 'code-1', state: 'google.s-1' },
      });

    beforeEach(() => {
      stub.on('GET', '/google-login', { data: { auth_url: 'https://idp.test/authorize?state=google.s-1' } });
      stub.on('GET', '/google-login-callback', { data: { ...LOGIN_REPLY, invitation: null, linked: false } });
    });

    it('starting sets an HttpOnly, SameSite=Lax cookie for 10 minutes that holds no state', async () => {
      await start();
      const res = await startFlow();
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === FLOW);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
      expect(cookie?.value).not.toContain('s-1');
    });

    it('over https the cookie is Secure and __Host- prefixed', async () => {
      await start(testEnv({ NODE_ENV: 'production' }));
      const cookie = (await startFlow()).cookies.find((c) => c.name === `__Host-${FLOW}`);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      expect(cookie).not.toHaveProperty('domain');
    });

    it('the callback with the cookie signs in and clears the cookie; without it nothing reaches the api', async () => {
      await start();
      const flow = (await startFlow()).cookies.find((c) => c.name === FLOW);
      if (!flow) throw new Error('no flow cookie');

      const foreign = await callback();
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error).toMatchObject({
        message:
          'This sign-in was not started in this browser. For your security it was not completed; please sign in again.',
        data: { code: 'FORBIDDEN' },
      });
      expect(sessionCookie(foreign)).toBeUndefined();
      expect(stub.callsTo('GET', '/google-login-callback')).toHaveLength(0);

      const own = await callback({ cookie: `${FLOW}=${flow.value}` });
      expect(own.statusCode).toBe(200);
      expect(own.json().result.data).toMatchObject({ mode: 'login', session: SESSION_INFO });
      expect(sessionCookie(own)?.value).toBeTruthy();
      expect(own.cookies.find((c) => c.name === FLOW)).toMatchObject({ value: '', path: '/' });
      expect(stub.callsTo('GET', '/google-login-callback')).toHaveLength(1);
    });
  });

  describe('CSRF', () => {
    it('a mutation without the header is FORBIDDEN', async () => {
      await start();
      const res = await app.inject({ method: 'POST', url: '/trpc/auth.login', payload: CREDENTIALS });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ message: 'Missing CSRF header', data: { code: 'FORBIDDEN' } });
      expect(stub.calls).toHaveLength(0);
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('batched calls (as httpBatchLink sends them) go through, mutations only with the header', async () => {
      await start();
      const cookie = cookieHeader(await login());
      const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
      const batch = await app.inject({
        method: 'GET',
        url: `/trpc/auth.session,auth.session?batch=1&input=${input}`,
        headers: { cookie },
      });
      expect(batch.statusCode).toBe(200);
      expect(batch.json()).toEqual([{ result: { data: SESSION_INFO } }, { result: { data: SESSION_INFO } }]);

      const mutation = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login?batch=1',
        payload: { 0: CREDENTIALS },
      });
      expect(mutation.statusCode).toBe(403);
      expect(mutation.json()[0].error.message).toBe('Missing CSRF header');
    });

    it('a mutation with the header goes through; a query needs none', async () => {
      await start();
      expect((await login()).statusCode).toBe(200);
      const res = await app.inject({ method: 'GET', url: query('auth.session') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: { data: null } });
    });
  });

  describe('error mapping', () => {
    it('409 becomes CONFLICT with the server message and the server data', async () => {
      stub.on('POST', '/signup', {
        code: 409,
        message: 'Email already registered',
        data: { user_id: 'u_9' },
      });
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'taken@shop.test', isAgree: true },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        message: 'Email already registered',
        data: { code: 'CONFLICT', httpStatus: 409, upstreamCode: 409, upstreamData: { user_id: 'u_9' } },
      });
    });

    it.each([
      [400, 'BAD_REQUEST'],
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [429, 'TOO_MANY_REQUESTS'],
    ])('%i becomes %s', async (code, trpcCode) => {
      stub.on('POST', '/signup', { code, message: `server says ${code}` });
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'a@shop.test', isAgree: true },
      });
      expect(res.statusCode).toBe(code);
      expect(res.json().error).toMatchObject({ message: `server says ${code}`, data: { code: trpcCode } });
    });

    it("500 without a message becomes INTERNAL_SERVER_ERROR 'Internal Server Error!'", async () => {
      stub.on('POST', '/signup', { code: 500, message: '' });
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'a@shop.test', isAgree: true },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toMatchObject({
        message: 'Internal Server Error!',
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
      });
    });

    it("the api's field reaches error.data.field next to the server message", async () => {
      stub.on('POST', '/signup', { code: 409, message: 'Email already registered', field: 'email' });
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'a@shop.test', isAgree: true },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        message: 'Email already registered',
        data: { code: 'CONFLICT', field: 'email', upstreamCode: 409 },
      });
      expect(res.json().error.data).not.toHaveProperty('session_ended');
    });

    it('an input error is BAD_REQUEST with the first issue message of the shared schema', async () => {
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'a@shop.test', isAgree: false },
      });
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.data.code).toBe('BAD_REQUEST');
      expect(error.message).not.toMatch(/^\[/);
      expect(error.message).toBe(error.data.fieldErrors.isAgree);
      expect(error.data.field).toBe('isAgree');
      expect(stub.calls).toHaveLength(0);
    });

    it('an unknown procedure is NOT_FOUND', async () => {
      await start();
      const res = await app.inject({ method: 'GET', url: query('auth.nope') });
      expect(res.statusCode).toBe(404);
    });
  });

  it('ten concurrent requests with one expired cookie refresh once, and each reply carries the new cookie', async () => {
    stub.on('GET', '/auth-session', (call) =>
      call.headers.authorization === 'Bearer access-2'
        ? { data: SESSION_INFO }
        : { code: 401, message: TOKEN_EXPIRED_MESSAGE },
    );
    stub.on(
      'POST',
      '/check-and-refresh-token',
      { data: { access_token: 'access-2', refresh_token: 'refresh-2' } },
      { delayMs: 30 },
    );
    await start();
    const cookie = cookieHeader(await login());
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'GET', url: query('auth.session', { refresh: true }), headers: { cookie } }),
      ),
    );
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: { data: SESSION_INFO } });
      expect(sessionCookie(res)?.value).toBeTruthy();
    }
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
    const retried = stub
      .callsTo('GET', '/auth-session')
      .filter((c) => c.headers.authorization === 'Bearer access-2');
    expect(retried).toHaveLength(10);

    // The new cookie holds the new token: no 401, no refresh.
    const next = await app.inject({
      method: 'GET',
      url: query('auth.session', { refresh: true }),
      headers: { cookie: cookieHeader(replies[0] as LightMyRequestResponse) },
    });
    expect(next.statusCode).toBe(200);
    expect(stub.callsTo('GET', '/auth-session').at(-1)?.headers.authorization).toBe('Bearer access-2');
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
  });

  it('a failed refresh answers 401 with the server message and expires the cookie', async () => {
    stub.on('GET', '/auth-session', { code: 401, message: TOKEN_EXPIRED_MESSAGE });
    stub.on('POST', '/check-and-refresh-token', { code: 401, message: 'Refresh token revoked' });
    await start();
    const cookie = cookieHeader(await login());
    const res = await app.inject({
      method: 'GET',
      url: query('auth.session', { refresh: true }),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      message: 'Refresh token revoked',
      // The web learns from the error itself that the session ended, whatever the procedure.
      data: { code: 'UNAUTHORIZED', session_ended: true },
    });
    expect(sessionCookie(res)).toMatchObject({ value: '', maxAge: 0 });
  });

  it("a public call's 401 (no session involved) is UNAUTHORIZED without session_ended", async () => {
    stub.on('POST', '/signup', { code: 401, message: 'Invalid email or password.' });
    await start();
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.signup',
      headers: CSRF,
      payload: { email: 'a@shop.test', isAgree: true },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.data.code).toBe('UNAUTHORIZED');
    expect(res.json().error.data).not.toHaveProperty('session_ended');
  });

  it('a protected procedure without a session is UNAUTHORIZED with session_ended', async () => {
    await start();
    const res = await app.inject({ method: 'GET', url: query('profile.get') });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ data: { code: 'UNAUTHORIZED', session_ended: true } });
  });

  it('forwards the request id to the api and echoes it', async () => {
    await start();
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { ...CSRF, 'x-request-id': 'trace-123' },
      payload: CREDENTIALS,
    });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(stub.callsTo('POST', '/login')[0]?.headers['x-request-id']).toBe('trace-123');

    const generated = await login();
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(stub.callsTo('POST', '/login')[1]?.headers['x-request-id']).toBe(
      generated.headers['x-request-id'],
    );
  });

  describe("the browser's address, for the api's per-address sign-in limit", () => {
    const loginFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        remoteAddress,
        headers: { ...CSRF, ...headers },
        payload: CREDENTIALS,
      });

    it("goes to the api in X-Forwarded-For, never one the browser claims; a 429 comes back with the api's message", async () => {
      stub.on('POST', '/signup', { code: 429, message: 'Too many attempts. Try again in 3 minutes.' });
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        remoteAddress: '203.0.113.5',
        headers: { ...CSRF, 'x-forwarded-for': '10.6.6.6' },
        payload: { email: 'a@shop.test', isAgree: true },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({
        message: 'Too many attempts. Try again in 3 minutes.',
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, upstreamCode: 429 },
      });
      expect(stub.callsTo('POST', '/signup')[0]?.headers['x-forwarded-for']).toBe('203.0.113.5');
    });

    it('is the one a trusted load balancer names (TRUST_PROXY)', async () => {
      await start(testEnv({ TRUST_PROXY: '127.0.0.1' }));
      await loginFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' });
      // Only the peer is trusted, not addresses it was told by others.
      await loginFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.8, 198.51.100.9' });
      await loginFrom('203.0.113.5', { 'x-forwarded-for': '198.51.100.7' });
      expect(stub.callsTo('POST', '/login').map((c) => c.headers['x-forwarded-for'])).toEqual([
        '198.51.100.7',
        '198.51.100.9',
        '203.0.113.5',
      ]);
    });
  });

  describe('static SPA', () => {
    const web = fakeWebDist();
    const dist = web.dist;
    afterAll(web.remove);

    it('serves index.html at / and for client routes such as /login', async () => {
      await start(testEnv({ WEB_DIST: dist }));
      for (const url of ['/', '/login', '/create-password/a@b.co/u_1/tok', '/store-list?tab=all']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('Feedloom SPA');
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
      }
      const bare = await app.inject({ method: 'GET', url: '/login' });
      expect(bare.body).toContain('Feedloom SPA');
    });

    it('serves assets with a long cache, and 404 JSON for missing files, api paths and other methods', async () => {
      await start(testEnv({ WEB_DIST: dist }));
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      for (const req of [
        { method: 'GET' as const, url: '/assets/missing.js' },
        { method: 'GET' as const, url: '/api/v1/login' },
        { method: 'POST' as const, url: '/login' },
      ]) {
        const res = await app.inject(req);
        expect(res.statusCode, req.url).toBe(404);
        expect(res.json(), req.url).toEqual({ code: 404, message: 'Not found', data: null });
      }
    });

    it('says the web app is not built when there is no dist folder', async () => {
      await start();
      const res = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('The web app is not built');
    });
  });
});
