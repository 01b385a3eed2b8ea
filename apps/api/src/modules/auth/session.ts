import type { TSessionInfo } from '@feedloom/contracts';
import { PERMISSIONS } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { orgsRepo, type TMembership } from '../orgs/repo';
import { shopsRepo } from '../shops/repo';

/** The owner of an organisation holds every module permission (spec §6). */
export const effectivePermissions = (m: {
  is_owner: boolean;
  permissions: readonly string[] | null;
}): string[] => (m.is_owner ? [...PERMISSIONS] : [...(m.permissions ?? [])]);

/** Active organisation: the last one the user chose while still a member, else their first. */
export const pickActiveMembership = (user: TUserRow, memberships: TMembership[]): TMembership | null =>
  memberships.find((m) => m.organization_id === user.last_active_organization_id) ?? memberships[0] ?? null;

export const resolveActiveOrgId = async (db: TDb, user: TUserRow): Promise<string | null> =>
  pickActiveMembership(user, await orgsRepo(db).listMembershipsOfUser(user.id))?.organization_id ?? null;

/** The Auth session of spec §3 (without tokens), computed from the database. */
export const buildSessionInfo = async (db: TDb, user: TUserRow): Promise<TSessionInfo> => {
  const memberships = await orgsRepo(db).listMembershipsOfUser(user.id);
  const active = pickActiveMembership(user, memberships);
  let activeShopId: string | null = null;
  let shopsCount = 0;
  if (active) {
    const shops = shopsRepo(db);
    const orgId = active.organization_id;
    const last = active.last_active_shop_id ? await shops.getForOrg(orgId, active.last_active_shop_id) : null;
    activeShopId = last?.status === 'active' ? last.id : ((await shops.firstActiveForOrg(orgId))?.id ?? null);
    shopsCount = await shops.countForOrg(orgId);
  }
  return {
    user_id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    profile_picture_path: user.profile_picture_path,
    profile_created: user.profile_created,
    // Invitations arrive with staff management; until then there are none to count.
    pending_invitation_count: 0,
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
