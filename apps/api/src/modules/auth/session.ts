import type { TSessionInfo } from '@feedloom/contracts';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { organizationsRepo } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { staffRepo } from '../staff/repo';
import { effectivePermissions, shopScopeOf } from '../tenancy/access';
import { pickActiveMembership, resolveActiveShop } from '../workspace/membership';

/** The Auth session (without tokens), computed from the database. */
export const buildSessionInfo = async (db: TDb, user: TUserRow): Promise<TSessionInfo> => {
  const memberships = await organizationsRepo(db).listMembershipsOfUser(user.id);
  const active = pickActiveMembership(user, memberships);
  let activeShopId: string | null = null;
  let shopsCount = 0;
  if (active) {
    const orgId = active.organization_id;
    activeShopId = (await resolveActiveShop(db, orgId, active))?.id ?? null;
    shopsCount = await shopsRepo(db).countForOrg(orgId, 'active', shopScopeOf(active));
  }
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    profile_picture_path: user.profile_picture_path,
    profile_created: user.profile_created,
    pending_invitation_count: await staffRepo(db).countPendingForEmail(user.email),
    organizations_count: memberships.length,
    is_part_of_any_org: memberships.length > 0,
    business_name: active?.business_name ?? null,
    active_org_id: active?.organization_id ?? null,
    active_shop_id: activeShopId,
    shops_count: shopsCount,
    is_admin: user.is_admin,
    has_password: user.password_hash !== null,
    permissions: active ? effectivePermissions(active) : [],
  };
};
