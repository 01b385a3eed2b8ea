import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organization_members, organizations, type TMemberRow, type TOrganizationRow } from '../../db/schema';

export type TMembership = Pick<
  TMemberRow,
  'organization_id' | 'role_name' | 'permissions' | 'is_owner' | 'last_active_shop_id'
> & { business_name: string };

type TNewOrganization = Omit<typeof organizations.$inferInsert, 'id' | 'owner_user_id'>;

/**
 * Organisations and their members. Reads of an organisation's data take the organisation id the
 * caller is a member of (from the verified token); a user's own membership list is keyed by user id.
 */
export const orgsRepo = (db: TDb) => ({
  /** The organisations a user belongs to, oldest membership first. */
  listMembershipsOfUser: async (userId: string): Promise<TMembership[]> =>
    db
      .select({
        organization_id: organization_members.organization_id,
        role_name: organization_members.role_name,
        permissions: organization_members.permissions,
        is_owner: organization_members.is_owner,
        last_active_shop_id: organization_members.last_active_shop_id,
        business_name: organizations.business_name,
      })
      .from(organization_members)
      .innerJoin(organizations, eq(organizations.id, organization_members.organization_id))
      .where(eq(organization_members.user_id, userId))
      .orderBy(asc(organization_members.created_at), asc(organization_members.id)),

  getMember: async (orgId: string, userId: string): Promise<TMemberRow | null> =>
    (
      await db
        .select()
        .from(organization_members)
        .where(and(eq(organization_members.organization_id, orgId), eq(organization_members.user_id, userId)))
        .limit(1)
    )[0] ?? null,

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

  setLastActiveShop: async (orgId: string, userId: string, shopId: string | null): Promise<void> => {
    await db
      .update(organization_members)
      .set({ last_active_shop_id: shopId })
      .where(and(eq(organization_members.organization_id, orgId), eq(organization_members.user_id, userId)));
  },
});
