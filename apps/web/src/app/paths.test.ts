import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/routes';
import { paths } from './paths';
import { matchAppRoute } from './route-access';

/** Each entry of `paths`, built with sample parameters ('google' is a shop id and a channel alike). */
const built = Object.entries(paths).map(([name, value]) => {
  const path =
    typeof value === 'string' ? value : (value as (...args: string[]) => string)('google', 'google', 'token');
  return [name, path] as const;
});

describe('paths', () => {
  it.each(built)('%s (%s) is a route of the table', (_name, path) => {
    expect(matchAppRoute(path)).not.toBeNull();
  });

  it('covers every route of the table', () => {
    const reached = new Set(built.map(([, path]) => matchAppRoute(path)?.route.id));
    expect(ROUTES.filter((route) => !reached.has(route.id)).map((route) => route.path)).toEqual([]);
  });

  it('encodes parameters so one value stays one segment', () => {
    expect(paths.shopEdit('a/b?c')).toBe('/store-list/edit/a%2Fb%3Fc');
    expect(paths.confirmOtp('robin@contoso.test', 'su-1')).toBe('/confirm-otp/robin%40contoso.test/su-1');
  });
});
