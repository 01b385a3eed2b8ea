import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { organizations, staff, staff_shops, type TStaffRow } from '../../db/schema';

type TNewStaff = Omit<typeof staff.$inferInsert, 'id' | 'organization_id'>;

/** An invitation with the shops it grants (empty for the entire organisation). */
export type TStaffRecord = TStaffRow & { shop_ids: string[] };

const staffColumns = {
  ...getTableColumns(staff),
  shop_ids: sql<
    string[]
  >`coalesce((select jsonb_agg(${staff_shops.shop_id} order by ${staff_shops.shop_id}) from ${staff_shops} where ${staff_shops.staff_id} = ${staff.id}), '[]'::jsonb)`,
};

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
  getForOrg: async (orgId: string, staffId: string): Promise<TStaffRecord | null> =>
    !isUuid(orgId) || !isUuid(staffId)
      ? null
      : ((
          await db
            .select(staffColumns)
            .from(staff)
            .where(and(eq(staff.organization_id, orgId), eq(staff.id, staffId)))
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
          set: { ...values, user_id: null, accepted_at: null },
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

  page: async (
    orgId: string,
    query: TStaffPageQuery,
  ): Promise<{ rows: TStaffRecord[]; total: number; totalAll: number }> => {
    const inOrg = eq(staff.organization_id, orgId);
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
  listPendingForEmail: async (email: string) =>
    db
      .select({ staff: staffColumns, business_name: organizations.business_name })
      .from(staff)
      .innerJoin(organizations, eq(organizations.id, staff.organization_id))
      .where(and(eq(staff.email, email), eq(staff.status, 'pending')))
      .orderBy(desc(staff.created_at), asc(staff.id)),

  countPendingForEmail: async (email: string): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(staff)
        .where(and(eq(staff.email, email), eq(staff.status, 'pending')))
    )[0]?.n ?? 0,
});
