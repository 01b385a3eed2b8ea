import type { TSessionInfo } from '@feedloom/contracts';
import { PERMISSIONS } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { orgsRepo, type TMembership } from '../orgs/repo';
import { shopsRepo, type TShopScope } from '../shops/repo';
import { staffRepo } from '../staff/repo';

/** The owner of an organisation holds every module permission (spec §6). */
export const effectivePermissions = (m: {
  is_owner: boolean;
  permissions: readonly string[] | null;
}): string[] => (m.is_owner ? [...PERMISSIONS] : [...(m.permissions ?? [])]);

/** Active organisation: the last one the user chose while still a member, else their first. */
export const pickActiveMembership = (user: TUserRow, memberships: TMembership[]): TMembership | null =>
  memberships.find((m) => m.organization_id === user.last_active_organization_id) ?? memberships[0] ?? null;

/** The shops a member may use: null (all) for the owner and whole-organisation members. */
export const shopScopeOf = (m: { is_owner: boolean; shop_ids: string[] | null }): TShopScope =>
  m.is_owner ? null : m.shop_ids;

/** The shop a member lands on in an organisation: the last active one while usable, else the first. */
export const resolveActiveShop = async (
  db: TDb,
  orgId: string,
  m: { is_owner: boolean; shop_ids: string[] | null; last_active_shop_id: string | null },
) => {
  const shops = shopsRepo(db);
  const scope = shopScopeOf(m);
  const last = m.last_active_shop_id ? await shops.getForOrg(orgId, m.last_active_shop_id) : null;
  if (last?.status === 'active' && (!scope || scope.includes(last.id))) return last;
  return shops.firstActiveForOrg(orgId, scope);
};

export const resolveActiveOrgId = async (db: TDb, user: TUserRow): Promise<string | null> =>
  pickActiveMembership(user, await orgsRepo(db).listMembershipsOfUser(user.id))?.organization_id ?? null;

/** The Auth session of spec §3 (without tokens), computed from the database. */
export const buildSessionInfo = async (db: TDb, user: TUserRow): Promise<TSessionInfo> => {
  const memberships = await orgsRepo(db).listMembershipsOfUser(user.id);
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
