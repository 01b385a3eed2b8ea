import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/render';
import { ROUTES } from '@/routes';
import { hasPermission, parsePermission } from '@/lib/permissions';
import { notFoundBackPath } from './landing';
import {
  defaultLanding,
  isAdminExcludedPath,
  matchAppRoute,
  resolveAccess,
  type AccessSession,
} from './route-access';

const member = makeSession();
const memberWithShop = makeSession({ active_shop_id: 'shop-7' });
const noOrg = makeSession({
  is_part_of_any_org: false,
  active_org_id: null,
  business_name: null,
  organizations_count: 0,
  permissions: [],
});
const noProfile = makeSession({ profile_created: false });
const newUser = makeSession({
  profile_created: false,
  is_part_of_any_org: false,
  active_org_id: null,
  permissions: [],
});
const admin = makeSession({ is_admin: true, active_shop_id: 'shop-7' });
const adminWithoutShop = makeSession({ is_admin: true });
const readOnlyProducts = makeSession({ permissions: ['product_and_promotions_feed'] });

/** Follows redirects like the router would, returning the visited paths (the last is where it settles). */
function visit(session: AccessSession | null, start: string): string[] {
  const visited = [start];
  for (let hops = 0; hops < 6; hops += 1) {
    const access = resolveAccess(session, visited[visited.length - 1] ?? start);
    if (access.kind !== 'redirect') return visited;
    visited.push(access.to);
  }
  throw new Error(`redirect loop: ${visited.join(' → ')}`);
}
const settle = (session: AccessSession | null, path: string) => visit(session, path).at(-1);

describe('the route table', () => {
  // Every path, as written there, with its parameters filled in.
  const SPEC_PATHS: Record<string, string[]> = {
    'logged-out': [
      '/login',
      '/signup',
      '/forgot-password',
      '/invitation-signup/o1/s1',
      '/confirm-otp/a%40b.co/u1',
      '/create-password/a%40b.co/u1/tok',
      '/reset-password/tok',
    ],
    always: ['/oauth/callback', '/invitation/o1/s1', '/page-not-found'],
    account: ['/complete-profile', '/manage-profile', '/create-org', '/update-org'],
    'no-org': ['/process-org'],
    org: [
      '/store-list',
      '/store-list/s1',
      '/store-list/edit/s1',
      '/add-store',
      '/sync-shop/s1',
      '/feed-configs',
      '/google-callback',
      '/microsoft-callback',
      '/facebook-callback',
      '/order-tracking-callback',
      '/destination-validation/s1',
      '/domain-verification/s1',
      '/domain-verification/s1/bing',
      '/verification-method/s1',
      '/shipping-validation/s1',
      '/automated-rules',
      '/automated-rules/create',
      '/automated-rules/create/brand',
      '/promotions',
      '/promotions/create',
      '/promotions/edit/p1',
      '/manage-products',
      '/manage-products/detail/p1',
      '/data-source/s1',
      '/data-sources',
      '/app-creds',
      '/notifications',
      '/dashboard',
      '/users-list',
      '/users-list/invite',
      '/users-list/edit-invite/st1',
      '/roles-list',
      '/overview/s1',
      ...['google', 'bing', 'facebook'].flatMap((channel) => [
        `/link-account/${channel}/s1`,
        `/link-account/${channel}/edit/s1`,
        `/sync-shop/${channel}/s1`,
        `/target-market/s1/${channel}`,
        `/target-market/edit/s1/${channel}`,
        `/${channel}/feed-config/s1`,
      ]),
    ],
  };

  it.each(Object.entries(SPEC_PATHS).flatMap(([scope, paths]) => paths.map((path) => [path, scope])))(
    '%s is a %s route',
    (path, scope) => {
      expect(matchAppRoute(path)?.route.scope).toBe(scope);
    },
  );

  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('guards routes by module, with _manage on create and edit routes', () => {
    const permissionOf = (path: string) => matchAppRoute(path)?.route.permission;
    expect(permissionOf('/store-list')).toBe('store_management');
    expect(permissionOf('/add-store')).toBe('store_management_manage');
    expect(permissionOf('/store-list/edit/s1')).toBe('store_management_manage');
    expect(permissionOf('/data-sources')).toBe('data_source_management');
    expect(permissionOf('/manage-products')).toBe('product_and_promotions_feed');
    expect(permissionOf('/promotions')).toBe('product_and_promotions_feed');
    expect(permissionOf('/promotions/create')).toBe('product_and_promotions_feed_manage');
    expect(permissionOf('/automated-rules/create/brand')).toBe('product_and_promotions_feed_manage');
    expect(permissionOf('/feed-configs')).toBe('product_and_promotions_feed');
    expect(permissionOf('/dashboard')).toBe('product_and_promotions_feed');
    expect(permissionOf('/users-list')).toBe('user_management');
    expect(permissionOf('/users-list/invite')).toBe('user_management_manage');
    expect(permissionOf('/roles-list')).toBe('user_management');
    expect(permissionOf('/notifications')).toBeUndefined();
  });

  it('hides the notification banner on the screens Layout', () => {
    const hidden = ROUTES.filter((r) => r.hideBanner).map((r) => r.path);
    expect(hidden).toEqual(
      expect.arrayContaining([
        '/notifications',
        '/create-org',
        '/manage-products/detail/:product_id',
        '/complete-profile',
        '/manage-profile',
        '/add-store',
        '/store-list/edit/:shop_id',
        '/roles-list',
        '/users-list',
        '/process-org',
      ]),
    );
    expect(matchAppRoute('/store-list')?.route.hideBanner).toBeFalsy();
    expect(matchAppRoute('/dashboard')?.route.hideBanner).toBeFalsy();
  });
});

describe('defaultLanding', () => {
  it('is /login when signed out', () => {
    expect(defaultLanding(null)).toBe('/login');
  });

  it('is /process-org without an organisation', () => {
    expect(defaultLanding(noOrg)).toBe('/process-org');
  });

  it('is /sync-shop/{active shop} when a shop is active, else /store-list', () => {
    expect(defaultLanding(memberWithShop)).toBe('/sync-shop/shop-7');
    expect(defaultLanding(member)).toBe('/store-list');
  });

  it('reaches /complete-profile for a user without a profile', () => {
    expect(visit(newUser, defaultLanding(newUser))).toEqual(['/process-org', '/complete-profile']);
    expect(settle(noProfile, defaultLanding(noProfile))).toBe('/complete-profile');
  });

  it('falls back to a screen the role may open when the spec landing is not allowed', () => {
    expect(defaultLanding(readOnlyProducts)).toBe('/dashboard');
    expect(defaultLanding(makeSession({ permissions: ['user_management'] }))).toBe('/users-list');
    expect(defaultLanding(makeSession({ permissions: [] }))).toBe('/notifications');
  });

  it('never lands an admin on a route admins do not get', () => {
    expect(defaultLanding(admin)).toBe('/sync-shop/shop-7');
    expect(defaultLanding(adminWithoutShop)).toBe('/dashboard');
    expect(defaultLanding(makeSession({ is_admin: true, is_part_of_any_org: false }))).toBe(
      '/page-not-found',
    );
  });

  it('always settles without a loop, for every kind of user and every route', () => {
    const sessions: (AccessSession | null)[] = [
      null,
      member,
      memberWithShop,
      noOrg,
      noProfile,
      newUser,
      admin,
      adminWithoutShop,
      readOnlyProducts,
      makeSession({ is_admin: true, profile_created: false, is_part_of_any_org: false }),
    ];
    for (const session of sessions) {
      for (const route of ROUTES) {
        const path = route.path.replace(':channel', 'google').replace(/:[a-z_A-Z]+/g, 'x');
        expect(() => visit(session, path)).not.toThrow();
      }
    }
  });
});

describe('resolveAccess', () => {
  it('lets signed-out visitors open the logged-out and always-available routes only', () => {
    expect(resolveAccess(null, '/login').kind).toBe('allow');
    expect(resolveAccess(null, '/signup').kind).toBe('allow');
    expect(resolveAccess(null, '/confirm-otp/a%40b.co/u1').kind).toBe('allow');
    expect(resolveAccess(null, '/page-not-found').kind).toBe('allow');
    expect(resolveAccess(null, '/oauth/callback').kind).toBe('allow');
    expect(resolveAccess(null, '/store-list')).toEqual({ kind: 'redirect', to: '/login' });
    expect(resolveAccess(null, '/complete-profile')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends signed-in users away from the logged-out routes to the default landing', () => {
    expect(resolveAccess(member, '/login')).toEqual({ kind: 'redirect', to: '/store-list' });
    expect(resolveAccess(memberWithShop, '/signup')).toEqual({ kind: 'redirect', to: '/sync-shop/shop-7' });
    expect(resolveAccess(noOrg, '/login')).toEqual({ kind: 'redirect', to: '/process-org' });
  });

  it('redirects unknown paths to the default landing', () => {
    expect(resolveAccess(null, '/no/such/page')).toEqual({ kind: 'redirect', to: '/login' });
    expect(resolveAccess(member, '/no/such/page')).toEqual({ kind: 'redirect', to: '/store-list' });
    expect(resolveAccess(noOrg, '/')).toEqual({ kind: 'redirect', to: '/process-org' });
  });

  it('treats an unknown channel as an unknown path', () => {
    expect(resolveAccess(member, '/link-account/google/s1').kind).toBe('allow');
    expect(resolveAccess(member, '/link-account/myspace/s1')).toEqual({
      kind: 'redirect',
      to: '/store-list',
    });
    expect(resolveAccess(member, '/tiktok/feed-config/s1')).toEqual({ kind: 'redirect', to: '/store-list' });
  });

  it('without an organisation: only the account routes, /process-org and /page-not-found', () => {
    for (const path of [
      '/complete-profile',
      '/manage-profile',
      '/create-org',
      '/update-org',
      '/process-org',
      '/page-not-found',
    ]) {
      expect(resolveAccess(noOrg, path).kind, path).toBe('allow');
    }
    expect(resolveAccess(noOrg, '/store-list')).toEqual({ kind: 'redirect', to: '/process-org' });
    expect(resolveAccess(noOrg, '/dashboard')).toEqual({ kind: 'redirect', to: '/process-org' });
  });

  it('with an organisation: everything except /process-org', () => {
    expect(resolveAccess(member, '/process-org')).toEqual({ kind: 'redirect', to: '/store-list' });
    expect(resolveAccess(member, '/create-org').kind).toBe('allow');
    expect(resolveAccess(member, '/users-list/edit-invite/st1').kind).toBe('allow');
  });

  it('sends users without a profile to /complete-profile (organisation routes and /process-org)', () => {
    expect(resolveAccess(noProfile, '/store-list')).toEqual({ kind: 'redirect', to: '/complete-profile' });
    expect(resolveAccess(newUser, '/process-org')).toEqual({ kind: 'redirect', to: '/complete-profile' });
    expect(resolveAccess(noProfile, '/complete-profile').kind).toBe('allow');
    // A user may create an organisation before completing the profile.
    expect(resolveAccess(newUser, '/create-org').kind).toBe('allow');
  });

  it('filters the admin-excluded routes by path prefix for admins', () => {
    for (const path of [
      '/store-list',
      '/store-list/edit/s1',
      '/add-store',
      '/users-list/invite',
      '/roles-list',
      '/manage-profile',
      '/update-org',
    ]) {
      expect(resolveAccess(admin, path), path).toEqual({ kind: 'redirect', to: '/sync-shop/shop-7' });
    }
    expect(resolveAccess(admin, '/manage-products').kind).toBe('allow');
    expect(resolveAccess(member, '/store-list').kind).toBe('allow');
  });

  it('renders unauthorized when the role lacks the module permission', () => {
    expect(resolveAccess(readOnlyProducts, '/manage-products').kind).toBe('allow');
    expect(resolveAccess(readOnlyProducts, '/promotions/create')).toMatchObject({
      kind: 'unauthorized',
      permission: 'product_and_promotions_feed_manage',
    });
    expect(resolveAccess(readOnlyProducts, '/store-list')).toMatchObject({
      kind: 'unauthorized',
      permission: 'store_management',
    });
    // Routes without a module are open to any member.
    expect(resolveAccess(readOnlyProducts, '/notifications').kind).toBe('allow');
  });
});

describe('helpers', () => {
  it('judges admin exclusion by whole path segments', () => {
    expect(isAdminExcludedPath('/store-list')).toBe(true);
    expect(isAdminExcludedPath('/store-list/edit/1')).toBe(true);
    expect(isAdminExcludedPath('/users-list/invite')).toBe(true);
    expect(isAdminExcludedPath('/store-listing')).toBe(false);
    expect(isAdminExcludedPath('/sync-shop/1')).toBe(false);
  });

  it('reads manage as write and plain as read access', () => {
    expect(parsePermission('store_management_manage')).toEqual({
      module: 'store_management',
      level: 'manage',
    });
    expect(parsePermission('user_management')).toEqual({ module: 'user_management', level: 'read' });
    expect(hasPermission(['store_management_manage'], 'store_management')).toBe(true);
    expect(hasPermission(['store_management'], 'store_management_manage')).toBe(false);
    expect(hasPermission([], undefined)).toBe(true);
  });

  it('Go Back on the not-found page leads to /store-list in an organisation, else /process-org', () => {
    expect(notFoundBackPath(member)).toBe('/store-list');
    expect(notFoundBackPath(noOrg)).toBe('/process-org');
  });
});
