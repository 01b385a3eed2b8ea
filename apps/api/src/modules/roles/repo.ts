import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organization_members, roles, staff, type TRoleRow } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { sharesShopOf } from '../tenancy/grants';
import type { TShopScope } from '../tenancy/access';

/** Staff states that hold a role (a revoked invitation no longer does). */
const HOLDING = ['pending', 'accepted'] as const;

/** Custom roles of one organisation, always by its id. */
export const rolesRepo = (db: TDb) => ({
  getForOrg: async (orgId: string, roleId: string): Promise<TRoleRow | null> =>
    !isUuid(roleId)
      ? null
      : ((
          await db
            .select()
            .from(roles)
            .where(and(eq(roles.organization_id, orgId), eq(roles.id, roleId)))
            .limit(1)
        )[0] ?? null),

  /** The role of that name whatever its case, except `exceptId`. */
  findByName: async (orgId: string, name: string, exceptId?: string): Promise<TRoleRow | null> =>
    (
      await db
        .select()
        .from(roles)
        .where(
          and(
            eq(roles.organization_id, orgId),
            sql`lower(${roles.role_name}) = lower(${name})`,
            exceptId ? sql`${roles.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1)
    )[0] ?? null,

  page: async (orgId: string, offset: number, limit: number) => {
    const [rows, total] = await Promise.all([
      limit > 0
        ? db
            .select()
            .from(roles)
            .where(eq(roles.organization_id, orgId))
            .orderBy(asc(sql`lower(${roles.role_name})`), asc(roles.id))
            .limit(limit)
            .offset(offset)
        : Promise.resolve([]),
      db.select({ n: count() }).from(roles).where(eq(roles.organization_id, orgId)),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  create: async (
    orgId: string,
    values: Pick<TRoleRow, 'role_name' | 'permissions' | 'created_by_user_id' | 'created_at' | 'updated_at'>,
  ): Promise<TRoleRow> =>
    (
      await db
        .insert(roles)
        .values({ ...values, organization_id: orgId })
        .returning()
    )[0]!,

  update: async (
    orgId: string,
    roleId: string,
    values: Pick<TRoleRow, 'role_name' | 'permissions' | 'updated_at'>,
  ): Promise<TRoleRow | null> =>
    (
      await db
        .update(roles)
        .set(values)
        .where(and(eq(roles.organization_id, orgId), eq(roles.id, roleId)))
        .returning()
    )[0] ?? null,

  delete: async (orgId: string, roleId: string): Promise<void> => {
    await db.delete(roles).where(and(eq(roles.organization_id, orgId), eq(roles.id, roleId)));
  },

  /** The e-mails of the staff holding each role (pending or accepted), by role id. */
  /**
   * Who holds each role (e-mail addresses): everyone, or with a shop scope only the staff sharing one of its
   * shops, as the staff list shows them to such a caller.
   */
  holders: async (
    orgId: string,
    roleIds: readonly string[],
    scope: TShopScope = null,
  ): Promise<Map<string, string[]>> => {
    const byRole = new Map<string, string[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return byRole;
    const rows = await db
      .select({ role_id: staff.role_id, email: staff.email })
      .from(staff)
      .where(
        and(
          eq(staff.organization_id, orgId),
          inArray(staff.role_id, [...roleIds]),
          inArray(staff.status, [...HOLDING]),
          sharesShopOf(scope),
        ),
      )
      .orderBy(asc(staff.email));
    for (const r of rows) byRole.get(r.role_id)?.push(r.email);
    return byRole;
  },

  /**
   * Gives everyone holding the role its new name and permissions: the invitations, and the members they
   * became (the access hook reads the membership on every request, so the change applies at once).
   */
  applyToHolders: async (
    orgId: string,
    roleId: string,
    values: { role_name: string; permissions: string[]; updated_at: Date },
  ): Promise<void> => {
    await db
      .update(organization_members)
      .set({ role_name: values.role_name, permissions: values.permissions })
      .where(
        and(
          eq(organization_members.organization_id, orgId),
          eq(organization_members.is_owner, false),
          inArray(
            organization_members.user_id,
            db
              .select({ user_id: sql<string>`${staff.user_id}` })
              .from(staff)
              .where(
                and(
                  eq(staff.organization_id, orgId),
                  eq(staff.role_id, roleId),
                  eq(staff.status, 'accepted'),
                ),
              ),
          ),
        ),
      );
    await db
      .update(staff)
      .set(values)
      .where(and(eq(staff.organization_id, orgId), eq(staff.role_id, roleId)));
  },
});
