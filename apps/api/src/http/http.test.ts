import {
  API_PREFIX,
  contract,
  endpoint,
  FORBIDDEN_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  needs,
  ORG,
  PUBLIC,
  REQUEST_ID_HEADER,
  TOKEN_EXPIRED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  USER,
} from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client';
import { organization_members } from '../db/schema';
import { INPUT_MSG } from '../lib/errors';
import type { TServices } from '../services';
import { insertOrg, insertUser, PASSWORD } from '../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';
import { BAD_URL_MESSAGE, URL_TOO_LONG_MESSAGE } from './plugin';
import { route, withMessage } from './route';

// Test-only routes, one per access kind, plus a handler that fails unexpectedly.
const probe = {
  public: endpoint({
    method: 'GET',
    path: '/_test/public',
    access: PUBLIC,
    response: z.object({ who: z.null() }),
  }),
  user: endpoint({
    method: 'GET',
    path: '/_test/user',
    access: USER,
    response: z.object({ who: z.string() }),
  }),
  org: endpoint({ method: 'GET', path: '/_test/org', access: ORG, response: z.object({ org: z.string() }) }),
  read: endpoint({
    method: 'GET',
    path: '/_test/stores',
    access: needs('store_management', 'read'),
    response: z.object({ org: z.string() }),
  }),
  manage: endpoint({
    method: 'POST',
    path: '/_test/stores/:id',
    access: needs('store_management', 'manage'),
    params: z.object({ id: z.string().min(2, 'Id is too short.') }),
    query: z.object({ q: z.string().default('none') }),
    body: z.object({ name: z.string({ error: 'Store name is required.' }) }),
    response: z.object({ id: z.string(), q: z.string(), name: z.string() }),
  }),
  boom: endpoint({ method: 'GET', path: '/_test/boom', access: PUBLIC, response: z.object({}) }),
  drift: endpoint({
    method: 'GET',
    path: '/_test/drift',
    access: PUBLIC,
    response: z.object({ n: z.number() }),
  }),
  // Schemas as loose as they come, to show what the safety nets catch when a schema misses something.
  loose: endpoint({
    method: 'POST',
    path: '/_test/loose/:id',
    access: PUBLIC,
    params: z.object({ id: z.string() }),
    query: z.object({ q: z.string().optional() }),
    body: z.unknown(),
    response: z.object({ echoed: z.boolean() }),
  }),
  store: endpoint({
    method: 'POST',
    path: '/_test/store',
    access: PUBLIC,
    body: z.object({ number: z.string() }),
    response: z.object({ n: z.number() }),
  }),
};

const registerProbes = (app: FastifyInstance, services: TServices) => {
  route(app, probe.public, async (_i, ctx) => ({ who: ctx.user_id }));
  route(app, probe.user, async (_i, ctx) => ({ who: ctx.user_id }));
  route(app, probe.org, async (_i, ctx) => ({ org: ctx.org_id }));
  route(app, probe.read, async (_i, ctx) => ({ org: ctx.org_id }));
  route(app, probe.manage, async ({ params, query, body }) =>
    withMessage({ ...params, ...query, ...body }, 'Saved.'),
  );
  route(app, probe.boom, async () => {
    throw new Error('db password is hunter2');
  });
  route(app, probe.drift, async () => ({ n: 'not a number' }) as unknown as { n: number });
  route(app, probe.loose, async () => ({ echoed: true }));
  route(app, probe.store, async ({ body }) => {
    const [row] = await queryRows<{ n: number }>(services.db, sql`select ${body.number}::int as n`);
    return { n: Number(row?.n) };
  });
};

describe('route declarations', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('every registered route declares its access', () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(0);
    const undeclared = t.app.registeredRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers exactly the endpoints of the contract, with their declared access', () => {
    const expected = Object.values(contract)
      .flatMap((area) => Object.values(area))
      .map((e) => ({ method: e.method, url: API_PREFIX + e.path, access: e.access }));
    const registered = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD');
    expect(registered).toEqual(expect.arrayContaining(expected));
    expect(registered).toHaveLength(expected.length);
  });
});

describe('a route registered without route()', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      register: (app) => {
        app.get(`${API_PREFIX}/_test/undeclared`, async () => ({ code: 200, message: 'ok', data: 'secret' }));
      },
    });
  });
  afterAll(() => t.close());

  it('is found by the declaration check and refused at runtime', async () => {
    expect(t.app.registeredRoutes.filter((r) => !r.access).map((r) => r.url)).toContain(
      `${API_PREFIX}/_test/undeclared`,
    );
    const res = await t.call('GET', '/_test/undeclared');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, message: INTERNAL_ERROR_MESSAGE, data: null });
  });
});

describe.each(DRIVERS)('http layer on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { register: registerProbes });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const login = async (email: string) => {
    const res = await t.call<{ access_token: string }>('POST', '/login', {
      body: { email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    return res.body.data.access_token;
  };

  it('wraps results in the envelope with a default or handler message', async () => {
    const res = await t.call('GET', '/_test/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Success', data: { who: null } });
  });

  it('answers an unknown path with a 404 envelope', async () => {
    const res = await t.call('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'Not found', data: null });
  });

  it('passes the request id through and generates one when absent', async () => {
    const given = await t.call('GET', '/_test/public', { headers: { [REQUEST_ID_HEADER]: 'gw-42' } });
    expect(given.headers[REQUEST_ID_HEADER]).toBe('gw-42');
    const generated = await t.call('GET', '/_test/public');
    expect(generated.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const lines = t.logs.filter((l) => l.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ req_id: 'gw-42', method: 'GET', status: 200 });
  });

  it('hides unexpected errors behind "Internal Server Error!" and logs the details', async () => {
    const res = await t.call('GET', '/_test/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, message: INTERNAL_ERROR_MESSAGE, data: null });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(JSON.stringify(t.logs)).toContain('hunter2');
  });

  it('refuses to send a result that breaks the contract', async () => {
    const res = await t.call('GET', '/_test/drift');
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(INTERNAL_ERROR_MESSAGE);
  });

  it('answers a path the router cannot read in the envelope, without repeating the path', async () => {
    const bad = await t.call('GET', '/shop-list/%ED%A0%80');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, message: BAD_URL_MESSAGE, data: null });
    const long = await t.call('GET', `/shop-list/${'x'.repeat(10_000)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ code: 414, message: URL_TOO_LONG_MESSAGE, data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });

  describe('access hook', () => {
    it('lets anyone call a public route', async () => {
      expect((await t.call('GET', '/_test/public')).status).toBe(200);
    });

    it('answers 401 Unauthorized without, or with a bad, token', async () => {
      for (const token of [undefined, 'not-a-jwt']) {
        const res = await t.call('GET', '/_test/user', { token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: 401, message: UNAUTHORIZED_MESSAGE, data: null });
      }
      const wrongScheme = await t.call('GET', '/_test/user', { headers: { authorization: 'Basic abc' } });
      expect(wrongScheme.status).toBe(401);
    });

    it("answers 401 'Token Expired!' once the access token has expired", async () => {
      await insertUser(t, 'late@example.com');
      const token = await login('late@example.com');
      expect((await t.call('GET', '/_test/user', { token })).status).toBe(200);
      t.clock.advance(16 * 60 * 1000);
      const res = await t.call('GET', '/_test/user', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(TOKEN_EXPIRED_MESSAGE);
    });

    it('checks the token before validating the request', async () => {
      const res = await t.call('POST', '/_test/stores/x', { body: {} });
      expect(res.status).toBe(401);
    });

    it('gives a signed-in user without an organisation user routes but 403 on org routes', async () => {
      const user = await insertUser(t, 'solo@example.com');
      const token = await login('solo@example.com');
      expect((await t.call('GET', '/_test/user', { token })).body.data).toEqual({ who: user.id });
      const res = await t.call('GET', '/_test/org', { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, message: FORBIDDEN_MESSAGE, data: null });
    });

    it('grants the owner every module', async () => {
      const owner = await insertUser(t, 'owner@example.com');
      const { org } = await insertOrg(t, owner.id, 'Acme');
      const token = await login('owner@example.com');
      expect((await t.call('GET', '/_test/org', { token })).body.data).toEqual({ org: org.id });
      expect((await t.call('GET', '/_test/stores', { token })).status).toBe(200);
      const res = await t.call('POST', '/_test/stores/s1?q=blue', { token, body: { name: 'Main' } });
      expect(res.body).toEqual({ code: 200, message: 'Saved.', data: { id: 's1', q: 'blue', name: 'Main' } });
    });

    it('enforces module permissions: read-only member reads, cannot manage; others get 403', async () => {
      const owner = await insertUser(t, 'boss@example.com');
      const { org } = await insertOrg(t, owner.id, 'Acme');
      const reader = await insertUser(t, 'reader@example.com');
      const outsider = await insertUser(t, 'feeds@example.com');
      await t.database.db.insert(organization_members).values([
        {
          organization_id: org.id,
          user_id: reader.id,
          role_name: 'Viewer',
          permissions: ['store_management'],
        },
        {
          organization_id: org.id,
          user_id: outsider.id,
          role_name: 'Feeds',
          permissions: ['product_and_promotions_feed_manage'],
        },
      ]);

      const readerToken = await login('reader@example.com');
      expect((await t.call('GET', '/_test/stores', { token: readerToken })).status).toBe(200);
      const denied = await t.call('POST', '/_test/stores/s1', { token: readerToken, body: { name: 'x' } });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(FORBIDDEN_MESSAGE);

      const feedsToken = await login('feeds@example.com');
      expect((await t.call('GET', '/_test/org', { token: feedsToken })).status).toBe(200);
      expect((await t.call('GET', '/_test/stores', { token: feedsToken })).status).toBe(403);
    });

    it('takes effect at once when a membership is removed', async () => {
      const owner = await insertUser(t, 'boss@example.com');
      const { org } = await insertOrg(t, owner.id, 'Acme');
      const member = await insertUser(t, 'member@example.com');
      await t.database.db.insert(organization_members).values({
        organization_id: org.id,
        user_id: member.id,
        role_name: 'Viewer',
        permissions: ['store_management'],
      });
      const token = await login('member@example.com');
      expect((await t.call('GET', '/_test/stores', { token })).status).toBe(200);
      await t.database.db.delete(organization_members).where(eq(organization_members.user_id, member.id));
      expect((await t.call('GET', '/_test/stores', { token })).status).toBe(403);
    });

    it('validates params, query and body with the first message, after access', async () => {
      await insertOrg(t, (await insertUser(t, 'v@example.com')).id, 'Acme');
      const token = await login('v@example.com');
      const noBody = await t.call('POST', '/_test/stores/s1', { token });
      expect(noBody.status).toBe(400);
      // The first issue's path names the field, which the gateway passes on to the form.
      expect(noBody.body).toEqual({
        code: 400,
        message: 'Store name is required.',
        data: null,
        field: 'name',
      });
      const shortId = await t.call('POST', '/_test/stores/x', { token, body: {} });
      expect(shortId.body.message).toBe('Id is too short.');
    });
  });

  describe('input that gets past a schema', () => {
    it.each([
      ['a path param', '/_test/loose/a%00b', {}],
      ['a query value', '/_test/loose/x?q=a%00b', {}],
      ['a body value, however deep', '/_test/loose/x', { a: [{ b: { c: ['ok', 'no\u0000'] } }] }],
      ['a body key', '/_test/loose/x', { 'k\u0000': 1 }],
    ])('with a NUL in %s is a 400, never a 500', async (_where, path, body) => {
      const res = await t.call('POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: INPUT_MSG.nul, data: null });
    });

    it('passes clean input, and survives JSON nested far deeper than any schema', async () => {
      expect((await t.call('POST', '/_test/loose/x?q=fine', { body: { a: ['b'] } })).status).toBe(200);
      const deep = `${'['.repeat(50_000)}"\u0000"${']'.repeat(50_000)}`;
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/_test/loose/x`,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode).toBe(400);
    });

    it('a value the database refuses is a 400 envelope, not a 500', async () => {
      const res = await t.call('POST', '/_test/store', { body: { number: 'twelve' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: INPUT_MSG.unstorable, data: null });
      expect(t.logs.some((l) => l.msg === 'database refused a request value')).toBe(true);
      expect((await t.call('POST', '/_test/store', { body: { number: '12' } })).body.data).toEqual({ n: 12 });
    });
  });

  it('reports the validation message of the shared schema', async () => {
    const res = await t.call('POST', '/signup', { body: { email: 'a..b@example.com', isAgree: true } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.emailInvalid);
  });
});
