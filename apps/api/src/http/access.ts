import type { TAccess } from '@feedloom/contracts';
import { hasModuleAccess } from '@feedloom/validation';
import type { FastifyRequest } from 'fastify';
import type { TDb } from '../db/client';
import { forbidden, internalError, unauthorized } from '../lib/errors';
import { effectivePermissions, shopScopeOf } from '../modules/tenancy/access';
import { tenancyRepo } from '../modules/tenancy/repo';
import type { TAccessTokens } from '../modules/auth/tokens';
import type { TPrincipal } from './context';

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

/**
 * Establishes the caller for a route's access declaration, or throws 401/403:
 * - public: nobody needed;
 * - user: a valid access token of an existing user whose session is not revoked;
 * - org: that, plus membership of the token's active organisation;
 * - module: that, plus a permission granting the level on the module.
 */
export const createAuthenticator = (deps: { db: TDb; accessTokens: TAccessTokens }) => {
  return async (request: FastifyRequest, access: TAccess | undefined): Promise<TPrincipal | null> => {
    if (!access) {
      // Fail closed: a route that escaped `route()` must not be reachable. The route test catches it first.
      request.log.error({ url: request.routeOptions.url }, 'route has no access declaration');
      throw internalError();
    }
    if (access.kind === 'public') return null;

    const token = bearer(request);
    if (!token) throw unauthorized();
    const claims = await deps.accessTokens.verify(token);
    const row = await tenancyRepo(deps.db).loadPrincipal(claims.user_id, claims.org_id, claims.session_id);
    if (!row || row.session_revoked) throw unauthorized();

    const principal: TPrincipal = {
      user_id: row.user_id,
      session_id: claims.session_id,
      org_id: row.is_member ? claims.org_id : null,
      is_owner: row.is_owner,
      permissions: row.is_member ? effectivePermissions(row) : [],
      shop_ids: row.is_member ? shopScopeOf(row) : null,
    };
    if (access.kind === 'user') return principal;
    if (!principal.org_id) throw forbidden();
    if (access.kind === 'module' && !hasModuleAccess(principal.permissions, access.module, access.level)) {
      throw forbidden();
    }
    return principal;
  };
};
