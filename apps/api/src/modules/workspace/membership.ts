// Which organisation and shop a user is working in: the membership they act in and its active shop.
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { organizationsRepo, type TMembership } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { canReachShop, shopScopeOf, type TRights } from '../tenancy/access';

/** Active organisation: the last one the user chose while still a member, else their first. */
export const pickActiveMembership = (user: TUserRow, memberships: TMembership[]): TMembership | null =>
  memberships.find((m) => m.organization_id === user.last_active_organization_id) ?? memberships[0] ?? null;

/** The shop a member lands on in an organisation: the last active one while usable, else the first. */
export const resolveActiveShop = async (
  db: TDb,
  orgId: string,
  m: Pick<TRights, 'is_owner' | 'shop_ids'> & { last_active_shop_id: string | null },
) => {
  const shops = shopsRepo(db);
  const scope = shopScopeOf(m);
  const last = m.last_active_shop_id ? await shops.getForOrg(orgId, m.last_active_shop_id) : null;
  if (last?.status === 'active' && canReachShop(scope, last.id)) return last;
  return shops.firstActiveForOrg(orgId, scope);
};

export const resolveActiveOrgId = async (db: TDb, user: TUserRow): Promise<string | null> =>
  pickActiveMembership(user, await organizationsRepo(db).listMembershipsOfUser(user.id))?.organization_id ??
  null;
