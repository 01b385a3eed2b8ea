// Test helpers: a stubbed api on undici's MockAgent, a session fixture and a tRPC caller. Not used at runtime.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLoginResponse, TSessionInfo } from '@feedloom/contracts';
import { makeSessionInfo } from '@feedloom/contracts/testing';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';
import type { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { MockAgent } from 'undici';
import { loadEnv, type TEnv } from '../env';
import type { TCookieJar } from '../oauth-flow';
import { AuthSession, memorySessionBackend, type TStoredAuth } from '../session';
import { createCallerFactory, createContext } from '../trpc/init';
import { appRouter } from '../trpc/root';
import { createUpstreamClient } from '../upstream/client';
import { createRefresher } from '../upstream/refresh';

export const API_ORIGIN = 'http://api.test';
export const API_URL = `${API_ORIGIN}/api/v1`;

export const testEnv = (overrides: Record<string, string> = {}): TEnv =>
  loadEnv({
    NODE_ENV: 'test',
    API_URL,
    SESSION_KEY: 'ab'.repeat(32),
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent/web/dist',
    ...overrides,
  });

/** The shared session fixture, as the gateway's tests name their ids. */
export const SESSION_INFO: TSessionInfo = makeSessionInfo({
  user_id: 'u_1',
  email: 'demo@feedloom.test',
  first_name: 'Dana',
  last_name: 'Demo',
  business_name: 'Demo Outfitters',
  active_org_id: 'org_1',
  active_shop_id: 'shop_1',
  shops_count: 1,
  permissions: ['product_and_promotions_feed', 'product_and_promotions_feed_manage'],
});

export const LOGIN_REPLY: TLoginResponse = {
  ...SESSION_INFO,
  access_token: 'access-1',
  refresh_token: 'refresh-1',
};

export const storedAuth = (
  tokens: Partial<Pick<TStoredAuth, 'access_token' | 'refresh_token'>> = {},
): TStoredAuth => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  info: SESSION_INFO,
  ...tokens,
});

export interface TStubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface TStubReply {
  /** Envelope code; also the HTTP status unless `status` says otherwise. */
  code?: number;
  message?: string;
  data?: unknown;
  /** The envelope's `field`: the request field an api failure concerns. */
  field?: string;
  status?: number;
  /** A raw body instead of an envelope. */
  raw?: string;
  /** Bytes as a binary endpoint answers them, with their content type (and any other headers). */
  bytes?: { body: Buffer | string; contentType: string; headers?: Record<string, string> };
}

type THandler = (call: TStubCall) => TStubReply;

/** The api as a MockAgent: `on(method, path, handler)` answers with an envelope and records every call. */
export const createStubApi = () => {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(API_ORIGIN);
  const calls: TStubCall[] = [];

  const on = (method: string, path: string, handler: THandler | TStubReply, { delayMs = 0 } = {}) => {
    const fullPath = `/api/v1${path}`;
    const scope = pool
      .intercept({ method, path: (p) => new URL(p, API_ORIGIN).pathname === fullPath })
      .reply((opts) => {
        const url = new URL(opts.path, API_ORIGIN);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries((opts.headers ?? {}) as Record<string, string>))
          headers[k.toLowerCase()] = v;
        const call: TStubCall = {
          method: opts.method,
          path: url.pathname.slice('/api/v1'.length),
          query: url.searchParams,
          headers,
          body: typeof opts.body === 'string' ? JSON.parse(opts.body) : undefined,
        };
        calls.push(call);
        const reply = typeof handler === 'function' ? handler(call) : handler;
        const code = reply.code ?? 200;
        if (reply.bytes) {
          return {
            statusCode: reply.status ?? 200,
            data: reply.bytes.body,
            responseOptions: { headers: { 'content-type': reply.bytes.contentType, ...reply.bytes.headers } },
          };
        }
        return {
          statusCode: reply.status ?? code,
          data:
            reply.raw ??
            JSON.stringify({
              code,
              message: reply.message ?? 'OK',
              data: reply.data ?? null,
              ...(reply.field !== undefined ? { field: reply.field } : {}),
            }),
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .persist();
    if (delayMs > 0) scope.delay(delayMs);
  };

  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);

  return { agent, calls, on, callsTo, close: () => agent.close() };
};
export type TStubApi = ReturnType<typeof createStubApi>;

/** Cookies kept in memory, as one browser holds them across requests; `values` shows what is set. */
export const memoryCookieJar = (initial: Record<string, string> = {}, { secure = false } = {}) => {
  const values = new Map(Object.entries(initial));
  const maxAges = new Map<string, number>();
  return {
    secure,
    values,
    maxAges,
    get: (name) => values.get(name),
    set(name, value, maxAgeSeconds) {
      values.set(name, value);
      maxAges.set(name, maxAgeSeconds);
    },
    clear(name) {
      values.delete(name);
      maxAges.delete(name);
    },
  } satisfies TCookieJar & { values: Map<string, string>; maxAges: Map<string, number> };
};
export type TMemoryCookieJar = ReturnType<typeof memoryCookieJar>;

/** A tRPC caller over the stubbed api, with an in-memory session, as one browser request would see it. */
export const createTestCaller = (
  stub: TStubApi,
  {
    auth,
    headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    cookies = memoryCookieJar(),
  }: { auth?: TStoredAuth; headers?: Record<string, string>; cookies?: TMemoryCookieJar } = {},
  shared?: { client: ReturnType<typeof createUpstreamClient>; refresher: ReturnType<typeof createRefresher> },
) => {
  const client = shared?.client ?? createUpstreamClient({ apiUrl: API_URL, dispatcher: stub.agent });
  const refresher = shared?.refresher ?? createRefresher(client);
  const backend = memorySessionBackend(auth ? { auth } : {});
  const session = new AuthSession(backend);
  const req = { headers } as unknown as FastifyRequest;
  const ctx = createContext(
    { client, refresher },
    { req, reply: {} as FastifyReply, session, cookies, requestId: 'req-test' },
  );
  return { caller: createCallerFactory(appRouter)(ctx), session, backend, cookies, client, refresher };
};

/** Shared upstream client and refresher: what one gateway process holds across requests. */
export const createGatewayDeps = (stub: TStubApi) => {
  const client = createUpstreamClient({ apiUrl: API_URL, dispatcher: stub.agent });
  return { client, refresher: createRefresher(client) };
};

/** The TRPCError a procedure call failed with (a success fails the test). */
export const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as TRPCError,
  );

/** The first validation message behind a BAD_REQUEST (what the web shows under the field). */
export const firstIssue = (err: TRPCError) =>
  (err.cause as { issues?: { message: string }[] } | undefined)?.issues?.[0]?.message;

/** A built SPA in a temporary folder (index.html and one fingerprinted asset); `remove` deletes it. */
export const fakeWebDist = () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'feedloom-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Feedloom SPA</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  return { dist, remove: () => rmSync(dist, { recursive: true, force: true }) };
};

/** Over HTTP (app.inject): the headers of a mutation as the SPA sends it, and the demo merchant's sign-in. */
export const CSRF_JSON_HEADERS = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
export const DEMO_CREDENTIALS = { email: 'demo@feedloom.test', password: 'Demo@12345' };

/** A cookie as a browser sends it back: the raw (still encoded) `name=value` of the reply's Set-Cookie. */
export const cookieHeaderOf = (res: LightMyRequestResponse, name: string): string => {
  const header = res.headers['set-cookie'];
  const raw = (Array.isArray(header) ? header : [header]).find((h) => h?.startsWith(`${name}=`));
  if (!raw) throw new Error(`no ${name} cookie set`);
  return raw.split(';', 1)[0] as string;
};
