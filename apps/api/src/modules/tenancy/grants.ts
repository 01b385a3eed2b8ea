// Grants: what an invitation (or the member it became) holds — a role's permissions over some shops or the whole
// organisation. The staff module invites and manages people; the roles module rewrites what a role grants; both
// read a grant's rights and who holds a role from here.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { staff, staff_shops, type TStaffRow } from '../../db/schema';
import type { TRights, TShopScope } from './access';

/** An invitation with the shops it grants (empty for the entire organisation). */
export type TStaffRecord = TStaffRow & { shop_ids: string[] };

/** The rights an invitation grants (or granted the member it became), for the grant rules. */
export const staffRights = (row: TStaffRecord): TRights => ({
  is_owner: false,
  permissions: row.permissions,
  shop_ids: row.is_for_entire_organization ? null : row.shop_ids,
});

/** A staff row with the shops it grants (`shop_ids`). */
export const staffColumns = {
  ...getTableColumns(staff),
  shop_ids: sql<
    string[]
  >`coalesce((select jsonb_agg(${staff_shops.shop_id} order by ${staff_shops.shop_id}) from ${staff_shops} where ${staff_shops.staff_id} = ${staff.id}), '[]'::jsonb)`,
};

/**
 * The staff a member limited to `scope` may see: those granted at least one of its shops (an invitation for
 * the entire organisation reaches beyond it). No condition for a caller of the entire organisation (null).
 */
export const sharesShopOf = (scope: TShopScope) =>
  scope === null
    ? undefined
    : scope.length === 0
      ? sql`false`
      : and(
          eq(staff.is_for_entire_organization, false),
          sql`exists (select 1 from ${staff_shops} where ${staff_shops.staff_id} = ${staff.id} and ${inArray(staff_shops.shop_id, [...scope])})`,
        );

/** The staff holding a role (pending or accepted), with their shops. */
export const holdersOfRole = (db: TDb, orgId: string, roleId: string): Promise<TStaffRecord[]> =>
  db
    .select(staffColumns)
    .from(staff)
    .where(
      and(
        eq(staff.organization_id, orgId),
        eq(staff.role_id, roleId),
        inArray(staff.status, ['pending', 'accepted']),
      ),
    );
