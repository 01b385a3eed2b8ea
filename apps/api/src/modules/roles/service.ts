import type { TRole, TRolePage } from '@feedloom/contracts';
import {
  CUSTOM_ROLE_ID,
  describePermissions,
  findPredefinedRole,
  PREDEFINED_ROLES,
  type TCustomRole,
  type TRoleListQuery,
} from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TRoleRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { auditRepo } from '../audit/repo';
import {
  assertCanGrant,
  assertCanManageMember,
  assertCanRedefineRole,
  shopScopeOf,
  type TRights,
} from '../tenancy/access';
import { holdersOfRole, staffRights } from '../tenancy/grants';
import { ROLE_MSG } from './messages';
import { rolesRepo } from './repo';

export type TRoleCaller = TRights & { org_id: string; user_id: string };

/** The role an invitation or member holds, as it is copied onto them. */
export interface TResolvedRole {
  role_id: string;
  role_name: string;
  permissions: string[];
  is_admin_role: boolean;
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Permissions without repeats, in the order given. */
const canonical = (permissions: readonly string[]): string[] => [...new Set(permissions)];

const auditValues = (r: { role_name: string; permissions: readonly string[] }) => ({
  role_name: r.role_name,
  permissions: describePermissions(r.permissions),
});

const toRole = (row: TRoleRow, usedBy: string[]): TRole => ({
  id: row.id,
  role_name: row.role_name,
  permissions: row.permissions,
  is_predefined: false,
  used_by: usedBy,
  updated_at: row.updated_at.toISOString(),
});

/** A name may be neither a predefined role's nor another custom role's (any case). */
const assertNameFree = async (db: TDb, orgId: string, name: string, exceptId?: string) => {
  const lower = name.toLowerCase();
  if (
    PREDEFINED_ROLES.some((r) => r.role_name.toLowerCase() === lower) ||
    (await rolesRepo(db).findByName(orgId, name, exceptId))
  ) {
    throw conflict(ROLE_MSG.duplicateName, 'role_name');
  }
};

/** Creates a custom role (in `db`, the caller's transaction) and records it. */
const createRole = async (
  db: TDb,
  clock: TClock,
  caller: TRoleCaller,
  input: TCustomRole,
): Promise<TRoleRow> => {
  const permissions = canonical(input.permissions);
  // Defining a role hands nothing out yet, but nobody writes a role stronger than themselves.
  assertCanGrant(caller, { permissions, shop_ids: [] });
  await assertNameFree(db, caller.org_id, input.role_name);
  const now = clock.now();
  const row = await rolesRepo(db)
    .create(caller.org_id, {
      role_name: input.role_name,
      permissions,
      created_by_user_id: caller.user_id,
      created_at: now,
      updated_at: now,
    })
    .catch((err: unknown) => {
      // The same name saved meanwhile by someone else: the unique index has the last word.
      throw isUniqueViolation(err) ? conflict(ROLE_MSG.duplicateName, 'role_name') : err;
    });
  await auditRepo(db).record(caller.org_id, caller.user_id, {
    entity: 'role',
    entity_id: row.id,
    action: 'created',
    summary: row.role_name,
    after: auditValues(row),
  });
  return row;
};

/**
 * The role of an invitation's role_id: a predefined role, a custom role of the organisation, or
 * custom_role with a name and permissions, which creates that custom role (in `db`, the caller's
 * transaction). 400 for an unknown role.
 */
export const resolveRole = async (
  db: TDb,
  clock: TClock,
  caller: TRoleCaller,
  input: { role_id: string; role_name?: string | undefined; permissions: readonly string[] },
): Promise<TResolvedRole> => {
  const predefined = findPredefinedRole(input.role_id);
  if (predefined) {
    return {
      role_id: predefined.role_id,
      role_name: predefined.role_name,
      permissions: [...predefined.permissions],
      is_admin_role: predefined.role_id === 'admin',
    };
  }
  const row =
    input.role_id === CUSTOM_ROLE_ID
      ? await createRole(db, clock, caller, {
          role_name: input.role_name ?? '',
          permissions: [...input.permissions] as TCustomRole['permissions'],
        })
      : await rolesRepo(db).getForOrg(caller.org_id, input.role_id);
  if (!row) throw badRequest(ROLE_MSG.notFound, 'role_id');
  return { role_id: row.id, role_name: row.role_name, permissions: row.permissions, is_admin_role: false };
};

/** Roles: predefined roles, read-only, then the organisation's custom roles by name. */
export const createRolesService = (deps: { db: TDb; clock: TClock }) => {
  const { db, clock } = deps;

  const customRole = async (orgId: string, roleId: string): Promise<TRoleRow> => {
    if (findPredefinedRole(roleId)) throw badRequest(ROLE_MSG.predefinedReadOnly);
    const row = await rolesRepo(db).getForOrg(orgId, roleId);
    if (!row) throw notFound(ROLE_MSG.notFound);
    return row;
  };

  const withHolders = async (caller: TRoleCaller, row: TRoleRow) =>
    toRole(
      row,
      (await rolesRepo(db).holders(caller.org_id, [row.id], shopScopeOf(caller))).get(row.id) ?? [],
    );

  return {
    /** The roles, each with who holds it among the staff the caller may see. */
    find: async (caller: TRoleCaller, query: TRoleListQuery): Promise<TRolePage> => {
      const orgId = caller.org_id;
      const offset = (query.page - 1) * query.limit;
      const predefined = PREDEFINED_ROLES.slice(offset, offset + query.limit);
      const customOffset = Math.max(0, offset - PREDEFINED_ROLES.length);
      const { rows, total } = await rolesRepo(db).page(orgId, customOffset, query.limit - predefined.length);
      const holders = await rolesRepo(db).holders(
        orgId,
        [...predefined.map((r) => r.role_id), ...rows.map((r) => r.id)],
        shopScopeOf(caller),
      );
      return {
        data: [
          ...predefined.map((r) => ({
            id: r.role_id,
            role_name: r.role_name,
            permissions: [...r.permissions],
            is_predefined: true,
            used_by: holders.get(r.role_id) ?? [],
            updated_at: null,
          })),
          ...rows.map((r) => toRole(r, holders.get(r.id) ?? [])),
        ],
        total_records: PREDEFINED_ROLES.length + total,
      };
    },

    create: async (caller: TRoleCaller, input: TCustomRole): Promise<TRole> =>
      toRole(await db.transaction((tx) => createRole(tx, clock, caller, input)), []),

    /**
     * Renames a custom role or changes its permissions, for everyone holding it at once. The caller must be
     * the owner or an organisation-wide user manager holding the role's rights, be able to manage each
     * holder and to grant them the new permissions over their shops.
     */
    update: async (caller: TRoleCaller, roleId: string, input: TCustomRole): Promise<TRole> => {
      const before = await customRole(caller.org_id, roleId);
      const permissions = canonical(input.permissions);
      assertCanRedefineRole(caller, before.permissions);
      assertCanGrant(caller, { permissions, shop_ids: [] });
      for (const holder of await holdersOfRole(db, caller.org_id, roleId)) {
        const rights = staffRights(holder);
        assertCanManageMember(caller, rights);
        assertCanGrant(caller, { permissions, shop_ids: rights.shop_ids });
      }
      await assertNameFree(db, caller.org_id, input.role_name, roleId);
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const updated = await rolesRepo(tx).update(caller.org_id, roleId, {
          role_name: input.role_name,
          permissions,
          updated_at: now,
        });
        if (!updated) throw notFound(ROLE_MSG.notFound);
        await rolesRepo(tx).applyToHolders(caller.org_id, roleId, {
          role_name: updated.role_name,
          permissions,
          updated_at: now,
        });
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: 'role',
          entity_id: roleId,
          action: 'updated',
          summary: updated.role_name,
          before: auditValues(before),
          after: auditValues(updated),
        });
        return updated;
      });
      return withHolders(caller, row);
    },

    /**
     * A role someone holds (a pending invitation included) is refused, naming who, so nobody is left
     * without one. Like a change, only for the owner or an organisation-wide user manager with its rights.
     */
    delete: async (caller: TRoleCaller, roleId: string): Promise<TRole> => {
      const row = await customRole(caller.org_id, roleId);
      assertCanRedefineRole(caller, row.permissions);
      const usedBy = (await rolesRepo(db).holders(caller.org_id, [roleId])).get(roleId) ?? [];
      if (usedBy.length > 0) throw conflict(ROLE_MSG.inUse(usedBy));
      await db.transaction(async (tx) => {
        await rolesRepo(tx).delete(caller.org_id, roleId);
        await auditRepo(tx).record(caller.org_id, caller.user_id, {
          entity: 'role',
          entity_id: roleId,
          action: 'deleted',
          summary: row.role_name,
          before: auditValues(row),
        });
      });
      return toRole(row, []);
    },
  };
};
export type TRolesService = ReturnType<typeof createRolesService>;
