import { describe, expect, it } from 'vitest';
import { looseStringsOf } from '@feedloom/validation';
import { buildPath, contract, type TEndpoint } from './index';

const allEndpoints = (): [string, TEndpoint][] =>
  Object.entries(contract).flatMap(([area, endpoints]) =>
    Object.entries(endpoints as Record<string, TEndpoint>).map(([name, e]) => [`${area}.${name}`, e] as [string, TEndpoint]),
  );

describe('contract', () => {
  it('gives every endpoint a unique method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, e] of allEndpoints()) {
      const key = `${e.method} ${e.path.replace(/:[A-Za-z_]+/g, ':')}`;
      expect(seen.get(key), `${name} and ${seen.get(key)} share ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it('declares access on every endpoint', () => {
    for (const [name, e] of allEndpoints()) {
      expect(['public', 'user', 'org', 'module'], name).toContain(e.access.kind);
      expect(e.path.startsWith('/'), `${name} path starts with /`).toBe(true);
    }
  });

  it('declares every path param in the params schema', () => {
    for (const [name, e] of allEndpoints()) {
      const names = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      const shape = (e.params as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const p of names) expect(Object.keys(shape), `${name} declares :${p}`).toContain(p);
    }
  });

  // These paths skip token refresh on a 401, so they must not need a token at all.
  it.each(['/login', '/signup', '/verify-account/:user_id', '/check-and-refresh-token'])('%s is public', (path) => {
    const found = allEndpoints().find(([, e]) => e.path === path);
    expect(found, path).toBeDefined();
    expect(found?.[1].access.kind).toBe('public');
  });

  // /invitation-signup is a logged-out screen, so its sign-up call needs no token either.
  it('lets a signed-out invitee sign up from the invitation link', () => {
    expect(contract.invitations.createStaffUser).toMatchObject({
      method: 'POST',
      path: '/create-staff-user/:orgId/:staffId',
      access: { kind: 'public' },
    });
  });

  // A NUL reached PostgreSQL (500) and a 100 KB URL was stored. Every string an endpoint reads from
  // its params, query or body has a maximum length and refuses control characters.
  it('bounds every string an endpoint reads and refuses control characters in it', () => {
    const loose = allEndpoints().flatMap(([name, e]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = e[part];
        return schema ? looseStringsOf(schema, `${name}.${part}`) : [];
      }),
    );
    expect(loose).toEqual([]);
  });

  it('keeps the session endpoint behind a signed-in user', () => {
    expect(contract.auth.session.access.kind).toBe('user');
  });
});

describe('buildPath', () => {
  it('fills and encodes path params', () => {
    expect(buildPath('/verify-account/:user_id', { user_id: 'a b/c' })).toBe('/verify-account/a%20b%2Fc');
    expect(buildPath('/x/:a/y/:b', { a: 1, b: 'two' })).toBe('/x/1/y/two');
  });
  it('refuses a missing param', () => {
    expect(() => buildPath('/shop/:id', {})).toThrow('Missing path parameter id for /shop/:id');
  });
});
