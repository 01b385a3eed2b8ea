import {
  contract,
  NO_REFRESH_TOKEN_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  type TSessionInfo,
} from '@feedloom/contracts';
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthSession, memorySessionBackend } from '../session';
import {
  createGatewayDeps,
  createStubApi,
  createTestCaller,
  SESSION_INFO,
  storedAuth,
  type TStubApi,
  type TStubCall,
} from '../testing/stub-api';
import { UpstreamError } from './client';
import { createSessionUpstream } from './refresh';

const FRESH_INFO: TSessionInfo = { ...SESSION_INFO, first_name: 'Fresh' };

/** /auth-session accepts only `validToken`; anything else is 'Token Expired!' (the api's 401). */
const sessionRoute = (stub: TStubApi, validToken: string) =>
  stub.on('GET', '/auth-session', (call: TStubCall) =>
    call.headers.authorization === `Bearer ${validToken}`
      ? { data: FRESH_INFO }
      : { code: 401, message: TOKEN_EXPIRED_MESSAGE },
  );

const refreshOk = (stub: TStubApi, delayMs = 30) =>
  stub.on(
    'POST',
    '/check-and-refresh-token',
    (call) =>
      (call.body as { refresh_token: string }).refresh_token === 'refresh-1'
        ? { data: { access_token: 'access-2', refresh_token: 'refresh-2' } }
        : { code: 401, message: 'Invalid refresh token' },
    { delayMs },
  );

const expectTRPCError = async (promise: Promise<unknown>, code: TRPCError['code'], message: string) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  expect((err as TRPCError).code).toBe(code);
  expect((err as TRPCError).message).toBe(message);
};

describe('single-flight token refresh', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('ten concurrent calls that all get 401 cause exactly one refresh, and all ten succeed with the new token', async () => {
    sessionRoute(stub, 'access-2');
    refreshOk(stub);
    const deps = createGatewayDeps(stub);
    // Ten browser requests carrying the same cookie: ten contexts, one gateway process.
    const requests = Array.from({ length: 10 }, () => createTestCaller(stub, { auth: storedAuth() }, deps));

    const results = await Promise.all(requests.map(({ caller }) => caller.auth.session({ refresh: true })));

    expect(results).toEqual(Array.from({ length: 10 }, () => FRESH_INFO));
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
    const sessionCalls = stub.callsTo('GET', '/auth-session');
    expect(sessionCalls).toHaveLength(20);
    expect(sessionCalls.filter((c) => c.headers.authorization === 'Bearer access-1')).toHaveLength(10);
    expect(sessionCalls.filter((c) => c.headers.authorization === 'Bearer access-2')).toHaveLength(10);
    for (const { session } of requests) {
      expect(session.tokens).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
      expect(session.info).toEqual(FRESH_INFO);
    }
  });

  it('a 401 that arrives just after the refresh finished reuses the new pair instead of refreshing again', async () => {
    sessionRoute(stub, 'access-2');
    refreshOk(stub, 0);
    const deps = createGatewayDeps(stub);
    const first = createTestCaller(stub, { auth: storedAuth() }, deps);
    await first.caller.auth.session({ refresh: true });
    const late = createTestCaller(stub, { auth: storedAuth() }, deps);
    await expect(late.caller.auth.session({ refresh: true })).resolves.toEqual(FRESH_INFO);
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
    expect(late.session.tokens?.access_token).toBe('access-2');
  });

  it('sends the request id and the refresh token to the api', async () => {
    sessionRoute(stub, 'access-2');
    refreshOk(stub);
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    await caller.auth.session({ refresh: true });
    const [refresh] = stub.callsTo('POST', '/check-and-refresh-token');
    expect(refresh?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(refresh?.headers['x-request-id']).toBe('req-test');
    expect(stub.calls.every((c) => c.headers['x-request-id'] === 'req-test')).toBe(true);
  });

  it('a failed refresh clears the session and answers UNAUTHORIZED with the server message', async () => {
    sessionRoute(stub, 'access-2');
    refreshOk(stub);
    const { caller, session, backend } = createTestCaller(stub, {
      auth: storedAuth({ refresh_token: 'stolen' }),
    });
    await expectTRPCError(caller.auth.session({ refresh: true }), 'UNAUTHORIZED', 'Invalid refresh token');
    expect(session.isAuthenticated).toBe(false);
    expect(backend.deleted).toBe(true);
    expect(backend.data.auth).toBeUndefined();
    await expect(caller.auth.session()).resolves.toBeNull();
  });

  it("a failed refresh without a server message answers 'Token Expired!'", async () => {
    sessionRoute(stub, 'access-2');
    stub.on('POST', '/check-and-refresh-token', { code: 401, message: '' });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    await expectTRPCError(caller.auth.session({ refresh: true }), 'UNAUTHORIZED', TOKEN_EXPIRED_MESSAGE);
    expect(session.isAuthenticated).toBe(false);
  });

  it('concurrent calls share a failed refresh: one refresh call, all UNAUTHORIZED', async () => {
    sessionRoute(stub, 'access-2');
    stub.on(
      'POST',
      '/check-and-refresh-token',
      { code: 401, message: TOKEN_EXPIRED_MESSAGE },
      { delayMs: 20 },
    );
    const deps = createGatewayDeps(stub);
    const requests = Array.from({ length: 5 }, () => createTestCaller(stub, { auth: storedAuth() }, deps));
    const settled = await Promise.allSettled(
      requests.map(({ caller }) => caller.auth.session({ refresh: true })),
    );
    expect(
      settled.every((s) => s.status === 'rejected' && (s.reason as TRPCError).code === 'UNAUTHORIZED'),
    ).toBe(true);
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
  });

  it("without a refresh token the call fails with 'No refresh token available' and no refresh is attempted", async () => {
    sessionRoute(stub, 'access-2');
    refreshOk(stub);
    const deps = createGatewayDeps(stub);
    const session = new AuthSession(memorySessionBackend());
    const upstream = createSessionUpstream({ ...deps, session });
    const err = await upstream.call(contract.auth.session).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).code).toBe(401);
    expect((err as UpstreamError).message).toBe(NO_REFRESH_TOKEN_MESSAGE);
    expect((err as UpstreamError).sessionEnded).toBe(true);
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(0);
  });

  it('retries only once: a second 401 with the new token goes back as UNAUTHORIZED', async () => {
    sessionRoute(stub, 'never-valid');
    refreshOk(stub);
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    await expectTRPCError(caller.auth.session({ refresh: true }), 'UNAUTHORIZED', TOKEN_EXPIRED_MESSAGE);
    expect(stub.callsTo('GET', '/auth-session')).toHaveLength(2);
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(1);
  });

  it('a public endpoint that answers 401 never refreshes', async () => {
    refreshOk(stub);
    stub.on('POST', '/login', { code: 401, message: 'Invalid email or password' });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    await expectTRPCError(
      caller.auth.login({ email: 'demo@feedloom.test', password: 'Wrong@123' }),
      'UNAUTHORIZED',
      'Invalid email or password',
    );
    expect(stub.callsTo('POST', '/check-and-refresh-token')).toHaveLength(0);
    // The existing session is untouched by a failed public call.
    expect(session.tokens?.refresh_token).toBe('refresh-1');
  });

  it('ends the session when the refresh fails for any reason, with the server message', async () => {
    sessionRoute(stub, 'access-2');
    stub.on('POST', '/check-and-refresh-token', { code: 503, message: 'Service Unavailable' });
    const { caller, session } = createTestCaller(stub, { auth: storedAuth() });
    await expectTRPCError(caller.auth.session({ refresh: true }), 'UNAUTHORIZED', 'Service Unavailable');
    expect(session.tokens).toBeFalsy();
  });
});
