import type { TPermission } from '@feedloom/validation';
import { matchRoutes } from 'react-router-dom';
import { hasPermission } from '@/lib/permissions';
import { ROUTES, type AppRoute, type RouteScope } from '@/routes';
import { isInOrganization, type AccessSession } from './landing';
import { paths } from './paths';

export type { AccessSession } from './landing';

/**
 * The guards as pure functions of (session, pathname), so they are tested without a browser
 * and the router, the sidebar and the screens all ask the same question.
 *
 * Order of the checks (first that applies wins):
 * 1. unknown path, or a parameter outside its allowed values → default landing;
 * 2. signed out: `logged-out` and `always` routes are open, everything else → /login;
 * 3. signed in on a `logged-out` route → default landing;
 * 4. `always` routes are open;
 * 5. admin prefix filter: for `is_admin`, the admin-excluded paths do not exist → default landing;
 * 6. profile guard: no created profile → /complete-profile, on `no-org` and `org` routes. The `account`
 *    routes stay reachable, so a user may create an organisation before the profile (it then goes to /complete-profile);
 * 7. organisation split: `no-org` routes need no organisation, `org` routes need one → default landing;
 * 8. module guard: a route's permission must be granted → unauthorized (rendered in place).
 */

export type RouteAccess =
  | { kind: 'allow'; route: AppRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'unauthorized'; route: AppRoute; permission: TPermission };

/** "Admin users do not get these routes, judged by path prefix". */
export const ADMIN_EXCLUDED_PREFIXES = [
  '/add-store',
  '/store-list',
  '/create-org',
  '/update-org',
  '/complete-profile',
  '/manage-profile',
  '/users-list',
  '/roles-list',
  '/process-org',
] as const;

const ROUTE_OBJECTS = ROUTES.map((route) => ({ id: route.id, path: route.path }));
const ROUTES_BY_ID = new Map(ROUTES.map((route) => [route.id, route]));

export interface RouteMatch {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** The route of the table that answers `pathname` (react-router's ranking), or null. */
export function matchAppRoute(pathname: string): RouteMatch | null {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const last = matches?.[matches.length - 1];
  const route = last ? ROUTES_BY_ID.get(last.route.id) : undefined;
  return route && last ? { route, params: last.params } : null;
}

/** Segment-aware prefix test: '/store-list' covers '/store-list/edit/1', not '/store-listing'. */
export function isAdminExcludedPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return ADMIN_EXCLUDED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const MEMBER_SCOPES: ReadonlySet<RouteScope> = new Set(['account', 'no-org', 'org']);
const PROFILE_GUARDED_SCOPES: ReadonlySet<RouteScope> = new Set(['no-org', 'org']);

/** A redirect to the default landing, kept symbolic so the landing itself can be checked. */
const TO_LANDING = { kind: 'landing' } as const;
type Decision = RouteAccess | typeof TO_LANDING;

function decide(session: AccessSession | null, pathname: string): Decision {
  const match = matchAppRoute(pathname);
  if (!match) return TO_LANDING;
  const { route, params } = match;
  for (const [name, allowed] of Object.entries(route.paramValues ?? {})) {
    const value = params[name];
    if (value === undefined || !allowed.includes(value)) return TO_LANDING;
  }

  if (!session) {
    return MEMBER_SCOPES.has(route.scope) ? { kind: 'redirect', to: paths.login } : { kind: 'allow', route };
  }
  if (route.scope === 'logged-out') return TO_LANDING;
  if (route.scope === 'always') return { kind: 'allow', route };
  if (session.is_admin && isAdminExcludedPath(pathname)) return TO_LANDING;
  // Admins never reach /complete-profile (excluded above), so the profile guard would loop for them.
  if (!session.is_admin && !session.profile_created && PROFILE_GUARDED_SCOPES.has(route.scope)) {
    return { kind: 'redirect', to: paths.completeProfile };
  }
  const inOrg = isInOrganization(session);
  if (route.scope === 'no-org' && inOrg) return TO_LANDING;
  if (route.scope === 'org' && !inOrg) return TO_LANDING;
  if (!hasPermission(session.permissions, route.permission)) {
    return { kind: 'unauthorized', route, permission: route.permission as TPermission };
  }
  return { kind: 'allow', route };
}

/**
 * Where the landing falls back to when the spec's landing is not open to this user: an admin (for whom
 * /store-list and /process-org do not exist) or staff whose role lacks store_management.
 */
const LANDING_FALLBACKS = [
  paths.dashboard,
  paths.manageProducts,
  paths.dataSources,
  paths.usersList,
  paths.notifications,
  paths.notFound,
] as const;

/**
 * Default landing: signed out → /login; without an organisation → /process-org; otherwise
 * /sync-shop/{active shop} if a shop is active, else /store-list. If that route is not open to this
 * user, the first open one of LANDING_FALLBACKS. (The profile guard may then redirect to
 * /complete-profile: the landing of a user without a profile is reached in two steps.)
 */
export function defaultLanding(session: AccessSession | null): string {
  if (!session) return paths.login;
  const specLanding = !isInOrganization(session)
    ? paths.processOrg
    : session.active_shop_id
      ? paths.syncShop(session.active_shop_id)
      : paths.storeList;
  for (const candidate of [specLanding, ...LANDING_FALLBACKS]) {
    const decision = decide(session, candidate);
    // A guard redirect to a concrete page (the profile guard) still lands; a bounce to the landing does not.
    if (decision.kind === 'allow' || decision.kind === 'redirect') {
      return candidate;
    }
  }
  return paths.notFound;
}

/** What the router does for `pathname`: render it, redirect, or render the unauthorized page. */
export function resolveAccess(session: AccessSession | null, pathname: string): RouteAccess {
  const decision = decide(session, pathname);
  return decision.kind === 'landing' ? { kind: 'redirect', to: defaultLanding(session) } : decision;
}
