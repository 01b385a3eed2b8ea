import { createServer, connect, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, SESSION_COOKIE, TRPC_MAX_BATCH_SIZE } from './server';
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
import { API_BAD_ANSWER_MESSAGE, API_UNAVAILABLE_MESSAGE } from './trpc/errors';

const CSRF = CSRF_JSON_HEADERS;
const CREDENTIALS = DEMO_CREDENTIALS;

/** What must never reach a browser: a stack, a source file, a path on the server. */
const LEAK_RE = /stack|\.tsx?\b|\.m?js:\d|node_modules|\/work\/|\n\s+at /;

const cookieOf = (res: LightMyRequestResponse) => cookieHeaderOf(res, SESSION_COOKIE);
/** A port nothing listens on: bound once by the OS, then released. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** One raw HTTP/1.1 exchange, for what Node's parser refuses before Fastify sees it. */
const rawRequest = (port: number, request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });

const parseRaw = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
};

describe('gateway hardening: errors and headers', () => {
  let stub: TStubApi;
  let app: FastifyInstance;

  const start = async (env = testEnv()) => {
    app = await buildServer({ env, dispatcher: stub.agent, logger: false });
    return app;
  };

  beforeEach(() => {
    stub = createStubApi();
    stub.on('POST', '/login', { data: LOGIN_REPLY });
  });
  afterEach(async () => {
    await app.close();
    await stub.close();
  });

  describe('no stack traces or file paths in any error body', () => {
    it.each([
      ['a validation error', { method: 'POST', url: '/trpc/auth.login', headers: CSRF, payload: {} }],
      ['malformed JSON', { method: 'POST', url: '/trpc/auth.login', headers: CSRF, payload: '{bad' }],
      ['an unknown procedure', { method: 'GET', url: '/trpc/nope.nothing' }],
      ['a query sent as POST', { method: 'POST', url: '/trpc/auth.session', headers: CSRF, payload: {} }],
      ['a missing CSRF header', { method: 'POST', url: '/trpc/auth.login', payload: CREDENTIALS }],
      ['a signed-out protected call', { method: 'GET', url: '/trpc/profile.get' }],
    ] as const)('%s', async (_label, request) => {
      await start(testEnv({ NODE_ENV: 'development' }));
      const res = await app.inject(request);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.message).toBeTruthy();
      expect(res.body).not.toMatch(LEAK_RE);
    });

    it('an api failure without a message, and an answer that breaks the contract', async () => {
      stub.on('POST', '/signup', { code: 500, message: '' });
      stub.on('GET', '/user-profile-information', { data: { unexpected: true } });
      await start(testEnv({ NODE_ENV: 'development' }));
      const failed = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: CSRF,
        payload: { email: 'a@shop.test', isAgree: true },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toMatch(LEAK_RE);

      const cookie = cookieOf(
        await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: CSRF, payload: CREDENTIALS }),
      );
      const broken = await app.inject({ method: 'GET', url: '/trpc/profile.get', headers: { cookie } });
      expect(broken.statusCode).toBe(502);
      expect(broken.json().error).toMatchObject({
        message: API_BAD_ANSWER_MESSAGE,
        data: { code: 'BAD_GATEWAY', httpStatus: 502 },
      });
      expect(broken.body).not.toMatch(LEAK_RE);
    });
  });

  describe('the api unreachable', () => {
    /** A gateway whose api is not running: a real connection that is refused. */
    const startWithApiDown = async () => {
      app = await buildServer({
        env: testEnv({ API_URL: `http://127.0.0.1:${await closedPort()}/api/v1` }),
        logger: false,
      });
    };

    it('answers 503 with a clear message, not 500', async () => {
      await startWithApiDown();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: CSRF,
        payload: CREDENTIALS,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        message: API_UNAVAILABLE_MESSAGE,
        data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
      });
      expect(res.body).not.toMatch(LEAK_RE);
    });

    it('a batch with the api down answers each call with the same 503 message', async () => {
      await startWithApiDown();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login,auth.forgotPassword?batch=1',
        headers: CSRF,
        payload: { 0: CREDENTIALS, 1: { email: 'a@shop.test' } },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().map((r: { error: { message: string } }) => r.error.message)).toEqual([
        API_UNAVAILABLE_MESSAGE,
        API_UNAVAILABLE_MESSAGE,
      ]);
    });
  });

  describe('413, 414 and 431 in the same shape as every other error', () => {
    it('413: a body over the limit, in the tRPC error shape on /trpc', async () => {
      await start();
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: CSRF,
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: {
          message: 'The request is too large.',
          code: -32013,
          data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
        },
      });
      expect(stub.calls).toHaveLength(0);
    });

    it('414: an address segment over the limit, without echoing it back', async () => {
      await start();
      const trpc = await app.inject({ method: 'GET', url: `/trpc/${'a'.repeat(6000)}` });
      expect(trpc.statusCode).toBe(414);
      expect(trpc.json()).toEqual({
        error: {
          message: 'The request address is too long.',
          code: -32600,
          data: { code: 'BAD_REQUEST', httpStatus: 414 },
        },
      });
      const media = await app.inject({ method: 'GET', url: `/media/profile-picture/${'a'.repeat(6000)}` });
      expect(media.statusCode).toBe(414);
      expect(media.json()).toEqual({ code: 414, message: 'The request address is too long.', data: null });
      // Answered before routing, yet with the same security headers.
      expect(media.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(media.headers['x-frame-options']).toBe('DENY');
    });

    it('400: a malformed address, as an envelope', async () => {
      await start();
      const res = await app.inject({ method: 'GET', url: '/media/profile-picture/%c0' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: 'The request address is not valid.', data: null });
    });

    it('431: headers (or an address) over the size limit, answered by a listening gateway', async () => {
      await start();
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const big = 'a'.repeat(20_000);

      const page = parseRaw(
        await rawRequest(port, `GET /login HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`),
      );
      expect(page.status).toBe(431);
      expect(page.body).toEqual({ code: 431, message: 'The request headers are too large.', data: null });
      expect(page.headers['content-type']).toMatch(/application\/json/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');

      const trpc = parseRaw(
        await rawRequest(port, `GET /trpc/auth.session?input=${big} HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      expect(trpc.status).toBe(431);
      expect(trpc.body).toEqual({
        error: {
          message: 'The request headers are too large.',
          code: -32600,
          data: { code: 'BAD_REQUEST', httpStatus: 431 },
        },
      });
    });
  });

  describe('security headers', () => {
    const web = fakeWebDist();
    const dist = web.dist;
    afterAll(web.remove);

    it('the SPA: a Content-Security-Policy without inline scripts that forbids framing, and a Permissions-Policy', async () => {
      await start(testEnv({ WEB_DIST: dist }));
      const res = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      // Product images load from the merchant's https hosts; nothing else may come from elsewhere.
      expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      for (const name of [
        'connect-src',
        'font-src',
        'style-src',
        'script-src',
        'default-src',
        'form-action',
      ]) {
        expect(directives[name], name).not.toContain('https:');
      }
      expect(directives['connect-src']).toEqual(["'self'"]);
      expect(csp).not.toMatch(/\bhttp:/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
      // The existing headers stay.
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'cache-control': 'no-cache',
      });
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['content-security-policy']).toBeDefined();
    });

    it('tRPC answers, successes and errors alike, are Cache-Control: no-store', async () => {
      await start();
      const login = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: CSRF,
        payload: CREDENTIALS,
      });
      expect(login.json()).toEqual({ result: { data: SESSION_INFO } });
      expect(login.headers['cache-control']).toBe('no-store');
      const session = await app.inject({
        method: 'GET',
        url: '/trpc/auth.session',
        headers: { cookie: cookieOf(login) },
      });
      expect(session.headers['cache-control']).toBe('no-store');
      const failed = await app.inject({ method: 'GET', url: '/trpc/profile.get' });
      expect(failed.statusCode).toBe(401);
      expect(failed.headers['cache-control']).toBe('no-store');
      expect(failed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  });

  describe('tRPC batch size', () => {
    it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls with a 400 before any api call`, async () => {
      stub.on('GET', '/auth-session', { data: SESSION_INFO });
      await start();
      const cookie = cookieOf(
        await app.inject({ method: 'POST', url: '/trpc/auth.login', headers: CSRF, payload: CREDENTIALS }),
      );
      const batch = (n: number) => {
        const inputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { refresh: true }]));
        return app.inject({
          method: 'GET',
          url: `/trpc/${Array(n).fill('auth.session').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
          headers: { cookie },
        });
      };

      const fanOut = await batch(250);
      expect(fanOut.statusCode).toBe(400);
      expect(JSON.stringify(fanOut.json())).toContain('Batch call exceeds maximum size');
      expect(stub.callsTo('GET', '/auth-session')).toHaveLength(0);

      const mutations = await app.inject({
        method: 'POST',
        url: `/trpc/${Array(TRPC_MAX_BATCH_SIZE + 1)
          .fill('auth.login')
          .join(',')}?batch=1`,
        headers: CSRF,
        payload: Object.fromEntries(
          Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => [i, CREDENTIALS]),
        ),
      });
      expect(mutations.statusCode).toBe(400);
      expect(stub.callsTo('POST', '/login')).toHaveLength(1);

      const allowed = await batch(TRPC_MAX_BATCH_SIZE);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
      expect(stub.callsTo('GET', '/auth-session')).toHaveLength(TRPC_MAX_BATCH_SIZE);
    });
  });
});
