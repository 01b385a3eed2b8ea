// At the gateway: every procedure validates its input with the shared schemas, so
// a NUL or an overlong value is a BAD_REQUEST with the field's message and never reaches the api.
import { looseStringsOf, TEXT_LIMITS, TEXT_MSG } from '@feedloom/validation';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, SESSION_COOKIE } from '../server';
import {
  cookieHeaderOf,
  createStubApi,
  createTestCaller,
  CSRF_JSON_HEADERS,
  DEMO_CREDENTIALS,
  firstIssue,
  LOGIN_REPLY,
  rejection,
  storedAuth,
  testEnv,
  type TStubApi,
} from '../testing/stub-api';
import { appRouter } from './root';

const NUL = '\u0000';
const STORE = {
  shop_name: 'Outlet',
  shop_url: 'https://outlet.example.com',
  shop_currency: 'EUR',
  shop_timezone: 'Europe/Berlin',
  utc_offset: '+01:00',
};

type TProcedures = Record<string, { _def: { inputs: z.ZodType[] } }>;

describe('procedure inputs', () => {
  it('bound every string a procedure takes and refuse control characters in it (new ones too)', () => {
    const procedures = (appRouter as unknown as { _def: { procedures: TProcedures } })._def.procedures;
    expect(Object.keys(procedures).length).toBeGreaterThan(30);
    const loose = Object.entries(procedures).flatMap(([name, p]) =>
      p._def.inputs.flatMap((input) => looseStringsOf(input, name)),
    );
    expect(loose).toEqual([]);
  });
});

describe('a NUL or an overlong value in a procedure input', () => {
  let stub: TStubApi;
  beforeEach(() => {
    stub = createStubApi();
  });
  afterEach(async () => {
    await stub.close();
  });

  it.each([
    [
      'a NUL in a store name',
      { ...STORE, shop_name: `Out${NUL}let` },
      TEXT_MSG.controlCharacters('Store name'),
    ],
    [
      'a store name of 101 characters',
      { ...STORE, shop_name: 'x'.repeat(101) },
      TEXT_MSG.tooLong('Store name', 100),
    ],
    [
      'a 100 KB store URL',
      { ...STORE, shop_url: `https://outlet.example.com/${'x'.repeat(100 * 1024)}` },
      TEXT_MSG.tooLong('Store URL', TEXT_LIMITS.url),
    ],
  ])(
    'shops.create: %s is a BAD_REQUEST with the message, and the api is not called',
    async (_n, input, message) => {
      const { caller } = createTestCaller(stub, { auth: storedAuth() });
      const err = await rejection(caller.shops.create(input));
      expect(err.code).toBe('BAD_REQUEST');
      expect(firstIssue(err)).toBe(message);
      expect(stub.calls).toHaveLength(0);
    },
  );

  it('organizations, staff, auth and ids: the field says what is wrong', async () => {
    const { caller } = createTestCaller(stub, { auth: storedAuth() });
    const cases: [Promise<unknown>, string][] = [
      [
        caller.organizations.create({ business_name: `Ac${NUL}me`, business_email: 'a@example.com' }),
        TEXT_MSG.controlCharacters('Business name'),
      ],
      [
        caller.organizations.update({
          id: 'org_1',
          data: {
            business_name: 'Acme',
            business_email: 'a@example.com',
            address_1: '1 Main St',
            city: `Pu${NUL}ne`,
            zipcode: '411001',
          },
        }),
        TEXT_MSG.controlCharacters('City'),
      ],
      [
        caller.staff.invite({
          email: 'ops@example.com',
          role_id: 'custom_role',
          role_name: `Ops${NUL}`,
          permissions: ['store_management'],
          is_for_entire_organization: true,
        }),
        TEXT_MSG.controlCharacters('Role name'),
      ],
      [
        caller.auth.signup({ email: `${'a'.repeat(10 * 1024)}@example.com`, isAgree: true }),
        TEXT_MSG.tooLong('Email Address', TEXT_LIMITS.email),
      ],
      [caller.shops.get({ id: `shop${NUL}` }), TEXT_MSG.controlCharacters('Id')],
      [caller.shops.find({ search: 'x'.repeat(201) }), TEXT_MSG.tooLong('Search', TEXT_LIMITS.search)],
      [caller.auth.supportLogin({ token: 'x'.repeat(10_000) }), TEXT_MSG.tooLong('Token', TEXT_LIMITS.token)],
    ];
    for (const [call, message] of cases) {
      const err = await rejection(call);
      expect(err.code, message).toBe('BAD_REQUEST');
      expect(firstIssue(err)).toBe(message);
    }
    expect(stub.calls).toHaveLength(0);
  });
});

describe('over HTTP', () => {
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

  it('a NUL in a store name is a 400 carrying the message, with no stack or file path', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: CSRF_JSON_HEADERS,
      payload: DEMO_CREDENTIALS,
    });
    const cookie = cookieHeaderOf(login, SESSION_COOKIE);
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/shops.create',
      headers: { ...CSRF_JSON_HEADERS, cookie },
      payload: JSON.stringify({ ...STORE, shop_name: `Out${NUL}let` }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { message: string; data: { code: string } } }>();
    expect(body.error.message).toBe(TEXT_MSG.controlCharacters('Store name'));
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(res.body).not.toMatch(/stack|\/src\/|node_modules|\.ts:\d+/);
    expect(stub.callsTo('POST', '/add-new-shop')).toHaveLength(0);
  });
});
