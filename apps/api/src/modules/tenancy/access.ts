// What a member of an organisation may do, computed from their membership alone (no I/O): effective
// permissions, shop scope, and which rights they may hand to someone else.
import { hasModuleAccess, PERMISSIONS, type TModule } from '@feedloom/validation';
import { forbidden } from '../../lib/errors';
import { TENANCY_MSG } from './messages';

/** The shops a member may use: null for the entire organisation, else the listed shop ids. */
export type TShopScope = readonly string[] | null;

/** A membership as far as rights go. */
export interface TRights {
  is_owner: boolean;
  /** Module permissions as stored; the owner holds every permission regardless. */
  permissions: readonly string[] | null;
  /** null for the entire organisation. */
  shop_ids: TShopScope;
}

/** The owner of an organisation holds every module permission. */
export const effectivePermissions = (m: Pick<TRights, 'is_owner' | 'permissions'>): string[] =>
  m.is_owner ? [...PERMISSIONS] : [...(m.permissions ?? [])];

/** The shops a member may use: null (all) for the owner and whole-organisation members. */
export const shopScopeOf = (m: Pick<TRights, 'is_owner' | 'shop_ids'>): TShopScope =>
  m.is_owner ? null : m.shop_ids;

export const canReachShop = (scope: TShopScope, shopId: string): boolean => !scope || scope.includes(shopId);

/**
 * The owner, or a member holding every permission for the entire organisation (an admin, whether
 * through the predefined role or a custom role with every permission).
 */
export const isOrgAdmin = (m: TRights): boolean =>
  m.is_owner || (m.shop_ids === null && PERMISSIONS.every((p) => (m.permissions ?? []).includes(p)));

/** True when every permission in `granted` is one `holder` has (manage implies read). */
const holdsAll = (holder: readonly string[], granted: readonly string[]): boolean =>
  granted.every((p) => {
    const manage = p.endsWith('_manage');
    const module = (manage ? p.slice(0, -'_manage'.length) : p) as TModule;
    return hasModuleAccess(holder, module, manage ? 'manage' : 'read');
  });

/** True when `scope` covers every shop of `shops` (null covers all; the entire organisation only null). */
const scopeCovers = (scope: TShopScope, shops: TShopScope): boolean =>
  scope === null || (shops !== null && shops.every((id) => scope.includes(id)));

/** Rights one member could hand to another: a role's permissions over a set of shops (null: all). */
export interface TGrant {
  permissions: readonly string[];
  shop_ids: TShopScope;
  /** The predefined admin role, which only the owner or an organisation admin may hand out. */
  is_admin_role?: boolean;
}

/**
 * Nobody grants more than they hold: a member may grant only permissions they hold and only
 * shops they can reach; the entire organisation and the admin role need the owner or an organisation
 * admin. Throws 403 with the reason.
 */
export const assertCanGrant = (caller: TRights, grant: TGrant): void => {
  if (isOrgAdmin(caller)) return;
  if (grant.is_admin_role) throw forbidden(TENANCY_MSG.adminRoleNeedsAdmin);
  if (grant.shop_ids === null) throw forbidden(TENANCY_MSG.entireOrganizationNeedsAdmin);
  if (!holdsAll(effectivePermissions(caller), grant.permissions)) {
    throw forbidden(TENANCY_MSG.permissionsBeyondOwn);
  }
  if (!scopeCovers(shopScopeOf(caller), grant.shop_ids)) throw forbidden(TENANCY_MSG.shopsBeyondOwn);
};

/**
 * Whether `caller` may edit or remove a member or invitation holding `target`: nobody touches the owner;
 * rights beyond the caller's own need the owner or an organisation admin.
 */
export const assertCanManageMember = (caller: TRights, target: TRights): void => {
  if (target.is_owner) throw forbidden(TENANCY_MSG.ownerUntouchable);
  if (isOrgAdmin(caller)) return;
  if (isOrgAdmin(target) || target.shop_ids === null) throw forbidden(TENANCY_MSG.memberBeyondOwn);
  if (!holdsAll(effectivePermissions(caller), target.permissions ?? [])) {
    throw forbidden(TENANCY_MSG.memberBeyondOwn);
  }
  if (!scopeCovers(shopScopeOf(caller), target.shop_ids)) throw forbidden(TENANCY_MSG.memberBeyondOwn);
};

/**
 * Whether `caller` may change or delete the definition of a custom role holding `permissions`: a definition
 * is organisation-wide (anyone may be invited with it later), so only the owner, or a member managing users
 * for the entire organisation who holds at least every permission of the role, may rewrite it.
 */
export const assertCanRedefineRole = (caller: TRights, permissions: readonly string[]): void => {
  if (caller.is_owner) return;
  const own = effectivePermissions(caller);
  if (
    caller.shop_ids === null &&
    hasModuleAccess(own, 'user_management', 'manage') &&
    holdsAll(own, permissions)
  ) {
    return;
  }
  throw forbidden(TENANCY_MSG.roleBeyondOwn);
};
