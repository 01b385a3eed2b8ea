import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  organization_members,
  organizations,
  users,
  type TMemberRow,
  type TOrganizationRow,
} from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { memberShopIds, tenancyRepo } from '../tenancy/repo';

/** A membership with its shop scope (null: the entire organisation). */
type TMemberRights = Pick<TMemberRow, 'role_name' | 'permissions' | 'is_owner' | 'last_active_shop_id'> & {
  shop_ids: string[] | null;
};

export type TMembership = TMemberRights & { organization_id: string; business_name: string };

/** An organisation with the caller's membership of it. */
export type TOrganizationWithMembership = TOrganizationRow & { member: TMemberRights };

export type TOrganizationValues = Omit<
  typeof organizations.$inferInsert,
  'id' | 'owner_user_id' | 'created_at' | 'updated_at'
>;

type TNewOrganization = Omit<typeof organizations.$inferInsert, 'id' | 'owner_user_id'>;

/**
 * Organisations and their members. Reads of an organisation's data take the organisation id the
 * caller is a member of (from the verified token); a user's own membership list is keyed by user id.
 */
export const organizationsRepo = (db: TDb) => ({
  /** The organisations a user belongs to, oldest membership first. */
  listMembershipsOfUser: async (userId: string): Promise<TMembership[]> =>
    db
      .select({
        organization_id: organization_members.organization_id,
        role_name: organization_members.role_name,
        permissions: organization_members.permissions,
        is_owner: organization_members.is_owner,
        last_active_shop_id: organization_members.last_active_shop_id,
        shop_ids: memberShopIds,
        business_name: organizations.business_name,
      })
      .from(organization_members)
      .innerJoin(organizations, eq(organizations.id, organization_members.organization_id))
      .where(eq(organization_members.user_id, userId))
      .orderBy(asc(organization_members.created_at), asc(organization_members.id)),

  getMember: async (orgId: string, userId: string): Promise<TMemberRow | null> =>
    !isUuid(orgId)
      ? null
      : ((
          await db
            .select()
            .from(organization_members)
            .where(
              and(eq(organization_members.organization_id, orgId), eq(organization_members.user_id, userId)),
            )
            .limit(1)
        )[0] ?? null),

  getOrganization: async (orgId: string): Promise<TOrganizationRow | null> =>
    (await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1))[0] ?? null,

  /** Creates an organisation with its owner as the first member. Run inside a transaction. */
  createWithOwner: async (ownerUserId: string, values: TNewOrganization): Promise<TOrganizationRow> => {
    const [org] = await db
      .insert(organizations)
      .values({ ...values, owner_user_id: ownerUserId })
      .returning();
    await db.insert(organization_members).values({
      organization_id: org!.id,
      user_id: ownerUserId,
      role_name: 'Owner',
      permissions: [],
      is_owner: true,
    });
    return org!;
  },

  /** The organisations a user belongs to with their membership, oldest membership first. */
  listOrganizationsOfUser: async (userId: string): Promise<TOrganizationWithMembership[]> =>
    (
      await db
        .select({
          org: organizations,
          member: {
            role_name: organization_members.role_name,
            permissions: organization_members.permissions,
            is_owner: organization_members.is_owner,
            last_active_shop_id: organization_members.last_active_shop_id,
            shop_ids: memberShopIds,
          },
        })
        .from(organization_members)
        .innerJoin(organizations, eq(organizations.id, organization_members.organization_id))
        .where(eq(organization_members.user_id, userId))
        .orderBy(asc(organization_members.created_at), asc(organization_members.id))
    ).map((r) => ({ ...r.org, member: r.member })),

  /** Updates an organisation the caller owns (the service checked ownership). */
  updateOrganization: async (
    orgId: string,
    values: TOrganizationValues & { updated_at: Date },
  ): Promise<TOrganizationRow | null> =>
    (await db.update(organizations).set(values).where(eq(organizations.id, orgId)).returning())[0] ?? null,

  /**
   * Adds a member unless already one, with their shops (null: the entire organisation); returns false
   * when the user was a member already.
   */
  addMember: async (
    orgId: string,
    userId: string,
    values: Pick<TMemberRow, 'role_name' | 'permissions'> & { shop_ids: readonly string[] | null },
  ): Promise<boolean> => {
    const { shop_ids, ...rest } = values;
    const [added] = await db
      .insert(organization_members)
      .values({ organization_id: orgId, user_id: userId, is_owner: false, ...rest })
      .onConflictDoNothing({
        target: [organization_members.organization_id, organization_members.user_id],
      })
      .returning({ id: organization_members.id });
    if (!added) return false;
    await tenancyRepo(db).setMemberShops(orgId, added.id, shop_ids);
    return true;
  },

  /** True when the user with this (normalised) e-mail is a member of the organisation. */
  hasMemberWithEmail: async (orgId: string, email: string): Promise<boolean> =>
    (
      await db
        .select({ id: organization_members.id })
        .from(organization_members)
        .innerJoin(users, eq(users.id, organization_members.user_id))
        .where(and(eq(organization_members.organization_id, orgId), eq(users.email, email)))
        .limit(1)
    ).length > 0,

  setLastActiveShop: async (orgId: string, userId: string, shopId: string | null): Promise<void> => {
    await db
      .update(organization_members)
      .set({ last_active_shop_id: shopId })
      .where(and(eq(organization_members.organization_id, orgId), eq(organization_members.user_id, userId)));
  },
});
