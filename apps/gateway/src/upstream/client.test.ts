import { contract, endpoint, INTERNAL_ERROR_MESSAGE, PUBLIC } from '@feedloom/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_URL, createStubApi, type TStubApi } from '../testing/stub-api';
import { createUpstreamClient, UpstreamError } from './client';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as UpstreamError,
  );

describe('upstream client', () => {
  let stub: TStubApi;
  let client: ReturnType<typeof createUpstreamClient>;
  beforeEach(() => {
    stub = createStubApi();
    client = createUpstreamClient({ apiUrl: API_URL, dispatcher: stub.agent });
  });
  afterEach(async () => {
    await client.close();
    await stub.close();
  });

  it('builds the path from the contract, sends the body, the bearer token and the request id, and returns data', async () => {
    stub.on('POST', '/verify-account/u%201', { data: { user_id: 'u 1', email: 'a@b.co', token: 't' } });
    const data = await client.call(
      contract.auth.verifyAccount,
      { params: { user_id: 'u 1' }, body: { otp: '123456' } },
      { accessToken: 'tok', requestId: 'rid-1' },
    );
    expect(data).toEqual({ user_id: 'u 1', email: 'a@b.co', token: 't' });
    const [call] = stub.callsTo('POST', '/verify-account/u%201');
    expect(call?.body).toEqual({ otp: '123456' });
    expect(call?.headers.authorization).toBe('Bearer tok');
    expect(call?.headers['x-request-id']).toBe('rid-1');
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it("sends the browser's address as X-Forwarded-For, and none when there is no browser", async () => {
    stub.on('POST', '/login', {
      data: null,
      code: 429,
      message: 'Too many attempts. Try again in 3 minutes.',
    });
    const body = { email: 'a@b.co', password: 'x' };
    const err = await failure(client.call(contract.auth.login, { body }, { clientIp: '203.0.113.5' }));
    expect(err.code).toBe(429);
    expect(err.message).toBe('Too many attempts. Try again in 3 minutes.');
    await failure(client.call(contract.auth.login, { body }));
    const [first, second] = stub.callsTo('POST', '/login');
    expect(first?.headers['x-forwarded-for']).toBe('203.0.113.5');
    expect(second?.headers['x-forwarded-for']).toBeUndefined();
  });

  it('puts the query in the URL', async () => {
    const probe = endpoint({
      method: 'GET',
      path: '/probe',
      access: PUBLIC,
      query: z.object({ page: z.number(), tags: z.array(z.string()), skip: z.string().optional() }),
      response: z.object({ ok: z.boolean() }),
    });
    stub.on('GET', '/probe', { data: { ok: true } });
    await client.call(probe, { query: { page: 2, tags: ['a', 'b'] } });
    const [call] = stub.callsTo('GET', '/probe');
    expect(call?.query.get('page')).toBe('2');
    expect(call?.query.getAll('tags')).toEqual(['a', 'b']);
    expect(call?.query.has('skip')).toBe(false);
    expect(call?.headers.authorization).toBeUndefined();
  });

  it('throws the server code, message and data for a non-200 envelope', async () => {
    stub.on('POST', '/signup', { code: 409, message: 'Email already registered', data: { field: 'email' } });
    const err = await failure(
      client.call(contract.auth.signup, { body: { email: 'a@b.co', isAgree: true } }),
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err.code).toBe(409);
    expect(err.message).toBe('Email already registered');
    expect(err.data).toEqual({ field: 'email' });
  });

  it("falls back to 'Internal Server Error!' when the server gives no message", async () => {
    stub.on('POST', '/signup', { code: 500, message: '' });
    const err = await failure(
      client.call(contract.auth.signup, { body: { email: 'a@b.co', isAgree: true } }),
    );
    expect(err.code).toBe(500);
    expect(err.serverMessage).toBeUndefined();
    expect(err.message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('rejects data that does not match the contract (502)', async () => {
    stub.on('POST', '/signup', { data: { user_id: 42 } });
    const err = await failure(
      client.call(contract.auth.signup, { body: { email: 'a@b.co', isAgree: true } }),
    );
    expect(err.code).toBe(502);
    expect(err.message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('treats a body that is not an envelope as a failure with the HTTP status', async () => {
    stub.on('POST', '/signup', { status: 504, raw: '<html>Gateway Timeout</html>' });
    const err = await failure(
      client.call(contract.auth.signup, { body: { email: 'a@b.co', isAgree: true } }),
    );
    expect(err.code).toBe(504);
    expect(err.message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('reports an api that does not answer as 503 (unavailable), not 502', async () => {
    const err = await failure(client.call(contract.health.health, undefined));
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err.code).toBe(503);
  });
});
