// The permission matrix: every endpoint of the contract, called by each kind of caller, answers
// what its access declaration says. It is generated from the contract, so an endpoint added later is in it
// without anyone remembering.
import {
  API_PREFIX,
  buildPath,
  contract,
  FORBIDDEN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  type TAccess,
} from '@feedloom/contracts';
import { hasModuleAccess, MODULES, PERMISSIONS, type TPermission } from '@feedloom/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOf, ownerWithOrg } from '../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../test/test-app';

type TActor = 'signed-out' | 'other-org' | 'one-shop' | 'read-only' | 'admin' | 'owner';
/** Callers that may not use what an id in the call names: the organisation's ids, and shop B's. */
const OUTSIDE: { org: readonly TActor[]; shop: readonly TActor[] } = {
  org: ['other-org'],
  shop: ['other-org', 'one-shop'],
};
/** Every permission a caller holds in the organisation of its token (signed-out: none, no token). */
const PERMISSIONS_OF: Record<TActor, readonly string[]> = {
  'signed-out': [],
  'other-org': PERMISSIONS,
  'one-shop': PERMISSIONS,
  'read-only': MODULES,
  admin: PERMISSIONS,
  owner: PERMISSIONS,
};
/** Called in this order, the owner last, so a caller's own side effects do not hide another's refusal. */
const ACTORS: readonly TActor[] = ['signed-out', 'other-org', 'one-shop', 'read-only', 'admin', 'owner'];

/** What the access hook must answer for `actor` on an endpoint declaring `access`. */
export const expectedGate = (access: TAccess, actor: TActor): 401 | 403 | 'passes' => {
  if (access.kind === 'public') return 'passes';
  if (actor === 'signed-out') return 401;
  if (access.kind === 'module' && !hasModuleAccess(PERMISSIONS_OF[actor], access.module, access.level))
    return 403;
  return 'passes';
};

/** What the ids in a path name: the organisation, a shop, or nothing the matrix gives an id for. */
const idKind = (path: string): 'org' | 'shop' | null =>
  /:orgId\b/.test(path) || (path.startsWith('/organization') && path.includes(':id'))
    ? 'org'
    : /:id\b/.test(path) && !path.startsWith('/countries')
      ? 'shop'
      : null;

const ENDPOINTS = Object.entries(contract).flatMap(([area, endpoints]) =>
  Object.entries(endpoints).map(([name, e]) => ({ name: `${area}.${name}`, ...e })),
);

describe.each(DRIVERS)('permission matrix on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  /** A fresh organisation (shops A and B) with one caller of each kind. */
  const world = async () => {
    await t.reset();
    const owner = await ownerWithOrg(t, 'owner@example.com', 'Acme', 2);
    const other = await ownerWithOrg(t, 'other@example.com', 'Other', 1);
    const [shopA, shopB] = [owner.shops[0]!, owner.shops[1]!];
    const member = (email: string, permissions: readonly string[], shops: string[] | null) =>
      memberOf(t, owner.org.id, email, permissions as TPermission[], shops);
    const tokens: Record<TActor, string | undefined> = {
      'signed-out': undefined,
      'other-org': other.token,
      'one-shop': (await member('one-shop@example.com', PERMISSIONS, [shopA.id])).token,
      'read-only': (await member('reader@example.com', MODULES, null)).token,
      admin: (await member('admin@example.com', PERMISSIONS, null)).token,
      owner: owner.token,
    };
    // Ids in the calls point at the organisation and at shop B, which the one-shop member cannot reach; a
    // parameter the matrix does not know (a later endpoint's) gets an id that names nothing.
    const known = (path: string): Record<string, string> => ({
      id: path.startsWith('/organization') ? owner.org.id : shopB.id,
      orgId: owner.org.id,
      staffId: shopB.id,
      user_id: owner.user.id,
      provider: 'google',
      token: 'x'.repeat(43),
    });
    const params = (path: string): Record<string, string> =>
      Object.fromEntries(
        [...path.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => [
          name!,
          known(path)[name!] ?? '00000000-0000-4000-8000-000000000000',
        ]),
      );
    return { tokens, params };
  };

  // A fresh world after any call that may have changed it (a write: a shop deleted, a token revoked, a role
  // rewritten); reads share one, which keeps the matrix to a few minutes on both drivers.
  let shared: Awaited<ReturnType<typeof world>> | null = null;
  let changed = true;

  it.each(ENDPOINTS)('$name ($method $path)', async (endpoint) => {
    if (changed || !shared) shared = await world();
    changed = endpoint.method !== 'GET';
    const { tokens, params } = shared;
    const refusals: string[] = [];
    for (const actor of ACTORS) {
      const token = tokens[actor];
      const res = await t.app.inject({
        method: endpoint.method,
        url: API_PREFIX + buildPath(endpoint.path, params(endpoint.path)),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
      });
      const gate = expectedGate(endpoint.access, actor);
      const status = res.statusCode;
      // A binary endpoint's 200 is bytes, not an envelope; every other answer (refusals included) is one.
      const isBytes = endpoint.binary === true && status === 200;
      if (isBytes) expect(res.headers['content-type'], endpoint.path).not.toMatch(/json/);
      const message = isBytes ? undefined : res.json<{ message?: string }>().message;
      const seen = `${actor}: ${status} ${message}`;
      // 503 is a deliberate answer (social sign-in not configured here, health without the worker).
      if (status >= 500 && status !== 503) refusals.push(`${seen} (server error)`);
      else if (gate === 401 && (status !== 401 || message !== UNAUTHORIZED_MESSAGE))
        refusals.push(`${seen}, expected 401`);
      else if (gate === 403 && (status !== 403 || message !== FORBIDDEN_MESSAGE))
        refusals.push(`${seen}, expected 403`);
      else if (gate === 'passes') {
        if (
          (status === 401 && message === UNAUTHORIZED_MESSAGE) ||
          (status === 403 && message === FORBIDDEN_MESSAGE)
        ) {
          refusals.push(`${seen}, expected past the access check`);
        }
        // A caller outside the organisation, or outside shop B, never succeeds on its ids.
        const names = endpoint.access.kind === 'public' ? null : idKind(endpoint.path);
        if (names && OUTSIDE[names].includes(actor) && status < 300) {
          refusals.push(`${seen}, expected a refusal for another organisation's or shop's id`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});
