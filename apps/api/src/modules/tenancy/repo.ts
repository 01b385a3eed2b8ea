import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  member_shops,
  organization_members,
  refresh_tokens,
  shops,
  staff_shops,
  users,
  type TShopRow,
} from '../../db/schema';
import { isUuid } from '../../lib/ids';
import type { TShopScope } from './access';

/**
 * A member's shop scope as one column: null for the entire organisation, else the ids of their shops
 * (from `member_shops`, so a deleted shop is gone from it).
 */
export const memberShopIds = sql<
  string[] | null
>`case when ${organization_members.is_for_entire_organization} then null else coalesce((select jsonb_agg(${member_shops.shop_id} order by ${member_shops.shop_id}) from ${member_shops} where ${member_shops.member_id} = ${organization_members.id}), '[]'::jsonb) end`;

export interface TPrincipalRow {
  user_id: string;
  session_revoked: boolean;
  is_member: boolean;
  is_owner: boolean;
  permissions: string[] | null;
  shop_ids: string[] | null;
}

/** Memberships, their shops and the caller behind a token: the data of tenancy, always by organisation. */
export const tenancyRepo = (db: TDb) => ({
  /** A shop of the organisation by id (any status), or null: the lookup every reach of a shop starts from. */
  shopOfOrg: async (orgId: string, shopId: string): Promise<TShopRow | null> =>
    !isUuid(shopId)
      ? null
      : ((
          await db
            .select()
            .from(shops)
            .where(and(eq(shops.organization_id, orgId), eq(shops.id, shopId)))
            .limit(1)
        )[0] ?? null),

  /**
   * Everything the access hook needs about a token's subject in one round trip: the user still exists,
   * their session (refresh-token family) is not revoked, and their membership of the token's organisation.
   */
  loadPrincipal: async (
    userId: string,
    orgId: string | null,
    sessionId: string,
  ): Promise<TPrincipalRow | null> => {
    const rows = await db
      .select({
        user_id: users.id,
        session_revoked: sql<boolean>`exists (select 1 from ${refresh_tokens} where ${refresh_tokens.family_id} = ${sessionId} and ${refresh_tokens.revoked_at} is not null)`,
        is_member: sql<boolean>`${organization_members.id} is not null`,
        is_owner: sql<boolean>`coalesce(${organization_members.is_owner}, false)`,
        permissions: organization_members.permissions,
        shop_ids: memberShopIds,
      })
      .from(users)
      .leftJoin(
        organization_members,
        orgId
          ? and(eq(organization_members.user_id, users.id), eq(organization_members.organization_id, orgId))
          : sql`false`,
      )
      .where(eq(users.id, userId))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Sets the shops of a member of `orgId` (null: the entire organisation); only shops of that organisation. */
  setMemberShops: async (orgId: string, memberId: string, shopIds: TShopScope): Promise<void> => {
    await db
      .update(organization_members)
      .set({ is_for_entire_organization: shopIds === null })
      .where(and(eq(organization_members.organization_id, orgId), eq(organization_members.id, memberId)));
    await db.delete(member_shops).where(eq(member_shops.member_id, memberId));
    if (shopIds?.length) {
      await db
        .insert(member_shops)
        .select(
          db
            .select({ member_id: sql`${memberId}::uuid`.as('member_id'), shop_id: shops.id })
            .from(shops)
            .where(and(eq(shops.organization_id, orgId), inArray(shops.id, [...shopIds]))),
        )
        .onConflictDoNothing();
    }
  },

  /** Adds one shop to a member limited to selected shops (no-op for whole-organisation members). */
  addMemberShop: async (orgId: string, userId: string, shopId: string): Promise<void> => {
    await db
      .insert(member_shops)
      .select(
        db
          .select({ member_id: organization_members.id, shop_id: shops.id })
          .from(organization_members)
          .innerJoin(shops, and(eq(shops.organization_id, orgId), eq(shops.id, shopId)))
          .where(
            and(
              eq(organization_members.organization_id, orgId),
              eq(organization_members.user_id, userId),
              eq(organization_members.is_for_entire_organization, false),
            ),
          ),
      )
      .onConflictDoNothing();
  },

  /** The shops an invitation grants, sorted. */
  staffShopIds: async (staffIds: readonly string[]): Promise<Map<string, string[]>> => {
    const byStaff = new Map<string, string[]>(staffIds.map((id) => [id, []]));
    if (staffIds.length === 0) return byStaff;
    const rows = await db
      .select()
      .from(staff_shops)
      .where(inArray(staff_shops.staff_id, [...staffIds]))
      .orderBy(staff_shops.shop_id);
    for (const r of rows) byStaff.get(r.staff_id)?.push(r.shop_id);
    return byStaff;
  },

  /** Replaces the shops an invitation of `orgId` grants with those of `shopIds` that belong to the organisation. */
  setStaffShops: async (orgId: string, staffId: string, shopIds: readonly string[]): Promise<void> => {
    await db.delete(staff_shops).where(eq(staff_shops.staff_id, staffId));
    if (shopIds.length === 0) return;
    await db
      .insert(staff_shops)
      .select(
        db
          .select({ staff_id: sql`${staffId}::uuid`.as('staff_id'), shop_id: shops.id })
          .from(shops)
          .where(and(eq(shops.organization_id, orgId), inArray(shops.id, [...shopIds]))),
      )
      .onConflictDoNothing();
  },
});
