import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, SESSION_COOKIE } from './server';
import { createStubApi, LOGIN_REPLY, testEnv, type TStubApi } from './testing/stub-api';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const cookieOf = (res: LightMyRequestResponse) => {
  const header = res.headers['set-cookie'];
  const raw = (Array.isArray(header) ? header : [header]).find((h) => h?.startsWith(`${SESSION_COOKIE}=`));
  return raw!.split(';', 1)[0]!;
};

describe('GET /media/profile-picture/{user_id}', () => {
  let stub: TStubApi;
  let app: FastifyInstance;

  beforeEach(async () => {
    stub = createStubApi();
    stub.on('POST', '/login', { data: LOGIN_REPLY });
    app = await buildServer({ env: testEnv(), dispatcher: stub.agent, logger: false });
  });
  afterEach(async () => {
    await app.close();
    await stub.close();
  });

  const signIn = async () =>
    cookieOf(
      await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        headers: { 'x-feedloom-csrf': '1', 'content-type': 'application/json' },
        payload: { email: 'demo@feedloom.test', password: 'Demo@12345' },
      }),
    );

  it('streams the picture fetched with the session token, never exposing it', async () => {
    // The api's picture endpoint is binary: the bytes themselves, never base64 in JSON.
    stub.on('GET', '/profile-picture/u_1', {
      bytes: { body: PNG, contentType: 'image/png', headers: { 'cache-control': 'private, no-cache' } },
    });
    const cookie = await signIn();
    const res = await app.inject({
      method: 'GET',
      url: '/media/profile-picture/u_1?v=17',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.body).not.toContain('access-1');
    expect(stub.callsTo('GET', '/profile-picture/u_1')[0]?.headers.authorization).toBe('Bearer access-1');

    const unversioned = await app.inject({
      method: 'GET',
      url: '/media/profile-picture/u_1',
      headers: { cookie },
    });
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 502 when the api sends JSON where the image should be', async () => {
    stub.on('GET', '/profile-picture/u_1', { data: { data_base64: PNG.toString('base64') } });
    const cookie = await signIn();
    const json = await app.inject({ method: 'GET', url: '/media/profile-picture/u_1', headers: { cookie } });
    expect(json.statusCode).toBe(502);
    expect(json.json()).toMatchObject({ code: 502 });
  });

  it("answers 404 for someone else's (or a missing) picture and 401 without a session", async () => {
    stub.on('GET', '/profile-picture/u_2', { code: 404, message: 'No profile picture.' });
    const cookie = await signIn();
    const other = await app.inject({ method: 'GET', url: '/media/profile-picture/u_2', headers: { cookie } });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: '/media/profile-picture/u_1' });
    expect(anonymous.statusCode).toBe(401);
    expect(stub.callsTo('GET', '/profile-picture/u_1')).toHaveLength(0);
  });

  it('answers 404 for an id no picture can have (a NUL, too long), without calling the api', async () => {
    const cookie = await signIn();
    for (const id of ['u%001', 'x'.repeat(100)]) {
      const res = await app.inject({
        method: 'GET',
        url: `/media/profile-picture/${id}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'Not found', data: null });
    }
    expect(stub.calls.filter((c) => c.path.startsWith('/profile-picture'))).toHaveLength(0);
  });
});
