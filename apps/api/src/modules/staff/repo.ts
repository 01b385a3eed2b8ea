import { and, asc, count, desc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { isUuid } from '../../lib/ids';
import {
  organization_members,
  organizations,
  staff,
  users,
  type TStaffRow,
} from '../../db/schema';
import type { TShopScope } from '../tenancy/access';
import { sharesShopOf, staffColumns, type TStaffRecord } from '../tenancy/grants';
import { tenancyRepo } from '../tenancy/repo';

export { sharesShopOf, staffRights, type TStaffRecord } from '../tenancy/grants';

type TNewStaff = Omit<typeof staff.$inferInsert, 'id' | 'organization_id'>;

const SORT_COLUMNS = {
  email: staff.email,
  role_name: sql`lower(${staff.role_name})`,
  status: staff.status,
  created_at: staff.created_at,
} as const;

export interface TStaffPageQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sort_col: keyof typeof SORT_COLUMNS;
  order: 1 | -1;
}

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Staff (invitations) of one organisation, scoped by its id. The invitee's own view (pending invitations
 * for their e-mail) is keyed by that e-mail, as a user's own data is keyed by the user.
 */
export const staffRepo = (db: TDb) => ({
  /** One invitation or member; with a shop scope, only one granted at least one of those shops. */
  getForOrg: async (
    orgId: string,
    staffId: string,
    scope: TShopScope = null,
  ): Promise<TStaffRecord | null> =>
    !isUuid(orgId) || !isUuid(staffId)
      ? null
      : ((
          await db
            .select(staffColumns)
            .from(staff)
            .where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId), sharesShopOf(scope)))
            .limit(1)
        )[0] ?? null),

  /** The invitation a mailed link names (its current link id). */
  getByLink: async (orgId: string, linkId: string): Promise<TStaffRecord | null> =>
    !isUuid(orgId) || !isUuid(linkId)
      ? null
      : ((
          await db
            .select(staffColumns)
            .from(staff)
            .where(and(eq(staff.organization_id, orgId), eq(staff.link_id, linkId)))
            .limit(1)
        )[0] ?? null),

  findByEmail: async (orgId: string, email: string): Promise<TStaffRecord | null> =>
    (
      await db
        .select(staffColumns)
        .from(staff)
        .where(and(eq(staff.organization_id, orgId), eq(staff.email, email)))
        .limit(1)
    )[0] ?? null,

  /** Inserts the invitation, or turns an earlier one for the same e-mail into this new pending one. */
  upsert: async (orgId: string, values: TNewStaff): Promise<TStaffRow> =>
    (
      await db
        .insert(staff)
        .values({ ...values, organization_id: orgId })
        .onConflictDoUpdate({
          target: [staff.organization_id, staff.email],
          set: { ...values, user_id: null, accepted_at: null, link_id: sql`gen_random_uuid()` },
        })
        .returning()
    )[0]!,

  /** Marks a pending invitation accepted; false when it no longer is pending (accepted concurrently). */
  markAccepted: async (orgId: string, staffId: string, userId: string, now: Date): Promise<boolean> =>
    (
      await db
        .update(staff)
        .set({ status: 'accepted', user_id: userId, accepted_at: now, updated_at: now })
        .where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId), eq(staff.status, 'pending')))
        .returning({ id: staff.id })
    ).length > 0,

  /** A page of the organisation's staff; with a shop scope, only those sharing one of its shops. */
  page: async (
    orgId: string,
    query: TStaffPageQuery,
    scope: TShopScope = null,
  ): Promise<{ rows: TStaffRecord[]; total: number; totalAll: number }> => {
    const inOrg = and(eq(staff.organization_id, orgId), sharesShopOf(scope));
    const where = query.search
      ? and(
          inOrg,
          or(
            ilike(staff.email, containsPattern(query.search)),
            ilike(staff.role_name, containsPattern(query.search)),
          ),
        )
      : inOrg;
    const direction = query.order === -1 ? desc : asc;
    const [rows, matching, all] = await Promise.all([
      db
        .select(staffColumns)
        .from(staff)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[query.sort_col]), direction(staff.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ n: count() }).from(staff).where(where),
      db.select({ n: count() }).from(staff).where(inOrg),
    ]);
    return { rows, total: matching[0]?.n ?? 0, totalAll: all[0]?.n ?? 0 };
  },

  /** Pending invitations for an invitee's e-mail, with the inviting organisation's name, newest first. */
  listPendingForEmail: async (email: string, now?: Date) =>
    db
      .select({ staff: staffColumns, business_name: organizations.business_name })
      .from(staff)
      .innerJoin(organizations, eq(organizations.id, staff.organization_id))
      .where(
        and(eq(staff.email, email), eq(staff.status, 'pending'), gt(staff.expires_at, now ?? sql`now()`)),
      )
      .orderBy(desc(staff.created_at), asc(staff.id)),

  /** Pending invitations still valid at `now` (the database's time unless given). */
  countPendingForEmail: async (email: string, now?: Date): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(staff)
        .where(
          and(eq(staff.email, email), eq(staff.status, 'pending'), gt(staff.expires_at, now ?? sql`now()`)),
        )
    )[0]?.n ?? 0,

  update: async (
    orgId: string,
    staffId: string,
    values: Partial<Omit<TNewStaff, 'email'>>,
  ): Promise<TStaffRow | null> =>
    (
      await db
        .update(staff)
        .set(values)
        .where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId)))
        .returning()
    )[0] ?? null,

  /** A new link: older ones stop working; `expiresAt` null retires every link (revoked). */
  renewLink: async (
    orgId: string,
    staffId: string,
    values: { status: 'pending' | 'revoked'; expires_at: Date | null; updated_at: Date },
  ): Promise<TStaffRow | null> =>
    (
      await db
        .update(staff)
        .set({ ...values, link_id: sql`gen_random_uuid()` })
        .where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId)))
        .returning()
    )[0] ?? null,

  delete: async (orgId: string, staffId: string): Promise<void> => {
    await db.delete(staff).where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId)));
  },

  /** The owner of the organisation, shown above the staff list. */
  owner: async (orgId: string) =>
    (
      await db
        .select({
          user_id: users.id,
          email: users.email,
          name: sql<string>`trim(concat_ws(' ', ${users.first_name}, ${users.last_name}))`,
        })
        .from(organization_members)
        .innerJoin(users, eq(users.id, organization_members.user_id))
        .where(and(eq(organization_members.organization_id, orgId), eq(organization_members.is_owner, true)))
        .limit(1)
    )[0] ?? null,

  /** New role, permissions and stores of the member an invitation became (never the owner). */
  updateMember: async (
    orgId: string,
    userId: string,
    values: { role_name: string; permissions: string[]; shop_ids: readonly string[] | null },
  ): Promise<void> => {
    const [member] = await db
      .update(organization_members)
      .set({ role_name: values.role_name, permissions: values.permissions })
      .where(
        and(
          eq(organization_members.organization_id, orgId),
          eq(organization_members.user_id, userId),
          eq(organization_members.is_owner, false),
        ),
      )
      .returning({ id: organization_members.id });
    if (member) await tenancyRepo(db).setMemberShops(orgId, member.id, values.shop_ids);
  },

  /** Takes the organisation away from a member (never the owner); their shops go with the membership. */
  removeMember: async (orgId: string, userId: string): Promise<void> => {
    await db
      .delete(organization_members)
      .where(
        and(
          eq(organization_members.organization_id, orgId),
          eq(organization_members.user_id, userId),
          eq(organization_members.is_owner, false),
        ),
      );
  },
});
