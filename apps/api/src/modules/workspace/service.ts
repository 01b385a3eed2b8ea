// The workspace: the organisations a user belongs to, each with the shop they would land on and how many shops
// they reach there. Above organisations and shops, which it reads.
import type { TOrganizationListEntry } from '@feedloom/contracts';
import type { TDb } from '../../db/client';
import { toOrganizationEntity } from '../organizations/service';
import { organizationsRepo } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { effectivePermissions, shopScopeOf } from '../tenancy/access';
import { resolveActiveShop } from './membership';

export const createWorkspaceService = (deps: { db: TDb }) => {
  const { db } = deps;
  return {
    /** The user's organisations, with their role there, the shop they land on and the shops they reach. */
    organizationsOf: async (userId: string): Promise<TOrganizationListEntry[]> => {
      const orgs = await organizationsRepo(db).listOrganizationsOfUser(userId);
      return Promise.all(
        orgs.map(async (org) => {
          const shop = await resolveActiveShop(db, org.id, org.member);
          return {
            ...toOrganizationEntity(org, org.member.is_owner),
            role_name: org.member.role_name,
            permissions: effectivePermissions(org.member),
            shop_object_id: shop?.id ?? null,
            shop_id: shop?.id ?? null,
            shops_count: await shopsRepo(db).countForOrg(org.id, 'active', shopScopeOf(org.member)),
          };
        }),
      );
    },
  };
};
export type TWorkspaceService = ReturnType<typeof createWorkspaceService>;
