import { z } from 'zod';
import { ZEmailSchema } from './email';
import { ZListQuerySchema } from './limits';
import { ZDateSchema } from './notifications';
import { MSG } from './messages';
import { MODULES, PERMISSIONS, type TModule, type TPermission } from './permissions';
import { TEXT_LIMITS, TEXT_MSG, ZIdSchema, ZTextSchema } from './text';

export const ZPermissionSchema = z.enum(PERMISSIONS as [TPermission, ...TPermission[]]);

/** role_id of a role defined on the invitation itself. */
export const CUSTOM_ROLE_ID = 'custom_role';

export interface TPredefinedRole {
  role_id: string;
  role_name: string;
  permissions: readonly TPermission[];
}

/**
 * The roles every organisation has. The spec names no predefined roles ("not shown"); these cover the
 * usual split of a merchant team. Custom roles (role_id custom_role) carry their own permissions.
 */
export const PREDEFINED_ROLES: readonly TPredefinedRole[] = [
  { role_id: 'admin', role_name: 'Admin', permissions: PERMISSIONS },
  {
    role_id: 'store_manager',
    role_name: 'Store Manager',
    permissions: [
      'store_management',
      'store_management_manage',
      'data_source_management',
      'data_source_management_manage',
      'product_and_promotions_feed',
      'product_and_promotions_feed_manage',
    ],
  },
  {
    role_id: 'catalog_editor',
    role_name: 'Catalogue Editor',
    permissions: [
      'store_management',
      'data_source_management',
      'data_source_management_manage',
      'product_and_promotions_feed',
      'product_and_promotions_feed_manage',
    ],
  },
  { role_id: 'viewer', role_name: 'Viewer', permissions: MODULES },
];

export const findPredefinedRole = (roleId: string): TPredefinedRole | undefined =>
  PREDEFINED_ROLES.find((r) => r.role_id === roleId);

const ROLE_NAME = { label: 'Role name', trim: true, max: 100 } as const;

/** Custom role: a name and at least one permission. */
export const ZCustomRoleSchema = z.object({
  role_name: ZTextSchema({ ...ROLE_NAME, min: 1, requiredMessage: MSG.roleNameRequired }),
  permissions: z
    .array(ZPermissionSchema, { error: MSG.rolePermissionsRequired })
    .min(1, MSG.rolePermissionsRequired)
    .max(PERMISSIONS.length, TEXT_MSG.tooManyItems('Permissions', PERMISSIONS.length)),
});
export type TCustomRole = z.infer<typeof ZCustomRoleSchema>;

/** The role and scope of an invitation or a member: what an invitation sets and an edit changes. */
const ZStaffGrantShape = {
  role_id: ZTextSchema({
    label: 'Role',
    trim: true,
    min: 1,
    max: TEXT_LIMITS.id,
    requiredMessage: MSG.roleRequired,
  }),
  role_name: ZTextSchema(ROLE_NAME).optional(),
  permissions: z
    .array(ZPermissionSchema)
    .max(PERMISSIONS.length, TEXT_MSG.tooManyItems('Permissions', PERMISSIONS.length))
    .default([]),
  is_for_entire_organization: z.boolean({ error: MSG.inviteScopeRequired }),
  shop_id_list: z
    .array(ZIdSchema('Store'))
    .max(TEXT_LIMITS.listItems, TEXT_MSG.tooManyItems('Stores', TEXT_LIMITS.listItems))
    .default([]),
};

/** A custom role needs its name and permissions; selected stores need at least one store. */
const refineGrant = (
  v: {
    role_id: string;
    role_name?: string | undefined;
    permissions: string[];
    is_for_entire_organization: boolean;
    shop_id_list: string[];
  },
  ctx: z.RefinementCtx,
) => {
  if (v.role_id === CUSTOM_ROLE_ID) {
    if (!v.role_name) ctx.addIssue({ code: 'custom', message: MSG.roleNameRequired, path: ['role_name'] });
    if (v.permissions.length === 0) {
      ctx.addIssue({ code: 'custom', message: MSG.rolePermissionsRequired, path: ['permissions'] });
    }
  }
  if (!v.is_for_entire_organization && v.shop_id_list.length === 0) {
    ctx.addIssue({ code: 'custom', message: MSG.inviteShopsRequired, path: ['shop_id_list'] });
  }
};

/**
 * Staff invitation payload: role required, organisation scope required, at least one shop when
 * the invitation is not for the entire organisation. role_id is a predefined role, a custom role's id, or
 * custom_role with a role name and permissions (a new custom role, saved with the invitation).
 */
export const ZStaffInvitationSchema = z
  .object({ email: ZEmailSchema, ...ZStaffGrantShape })
  .superRefine(refineGrant);
export type TStaffInvitationInput = z.input<typeof ZStaffInvitationSchema>;
export type TStaffInvitation = z.infer<typeof ZStaffInvitationSchema>;

/** Editing an invitation or a member: role and scope; the e-mail stays. */
export const ZStaffUpdateSchema = z.object(ZStaffGrantShape).superRefine(refineGrant);
export type TStaffUpdateInput = z.input<typeof ZStaffUpdateSchema>;
export type TStaffUpdate = z.infer<typeof ZStaffUpdateSchema>;

export const STAFF_SORT_COLUMNS = ['email', 'role_name', 'status', 'created_at'] as const;

/** Query of the staff list. */
export const ZStaffListQuerySchema = ZListQuerySchema.extend({
  sort_col: z.enum(STAFF_SORT_COLUMNS).catch('created_at').default('created_at'),
});
export type TStaffListQueryInput = z.input<typeof ZStaffListQuerySchema>;
export type TStaffListQuery = z.infer<typeof ZStaffListQuerySchema>;

/** Query of the roles list. */
export const ZRoleListQuerySchema = ZListQuerySchema.pick({ page: true, limit: true });
export type TRoleListQueryInput = z.input<typeof ZRoleListQuerySchema>;
export type TRoleListQuery = z.infer<typeof ZRoleListQuerySchema>;

/** The areas of the activity log's filter: each groups the kinds of things changed there. */
export const AUDIT_AREAS = ['people', 'organisation', 'stores', 'products', 'data_sources', 'channels'] as const;
export type TAuditArea = (typeof AUDIT_AREAS)[number];
export const AUDIT_FILTER_MSG = {
  area: 'Choose an area of the list.',
  range: 'The end date must not be before the start date.',
} as const;

/** Filters of the activity log: one person, one area, and a day range (inclusive, UTC). */
const auditFilters = {
  actor_id: ZIdSchema('Person').optional(),
  area: z.enum(AUDIT_AREAS, { error: AUDIT_FILTER_MSG.area }).optional(),
  from: ZDateSchema('Start date').optional(),
  to: ZDateSchema('End date').optional(),
};
const rangeInOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

/** Query of the activity (audit) log: a page, optionally filtered by person, area and days. */
export const ZAuditLogQuerySchema = ZListQuerySchema.pick({ page: true, limit: true })
  .extend(auditFilters)
  .refine(rangeInOrder, { message: AUDIT_FILTER_MSG.range, path: ['to'] });

/** Query of the activity log's CSV export: the same filters, every matching entry. */
export const ZAuditExportQuerySchema = z
  .object(auditFilters)
  .refine(rangeInOrder, { message: AUDIT_FILTER_MSG.range, path: ['to'] });
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuerySchema>;
export type TAuditLogQueryInput = z.input<typeof ZAuditLogQuerySchema>;
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuerySchema>;

/** How the modules are named on screen (the permission matrix, the activity log). */
export const MODULE_LABELS: Readonly<Record<TModule, string>> = {
  store_management: 'Stores',
  data_source_management: 'Data sources',
  product_and_promotions_feed: 'Products and promotions',
  user_management: 'Users and roles',
};

/** A permission list as a person reads it: 'Stores: manage, Data sources: read' ('No access' when empty). */
export const describePermissions = (permissions: readonly string[]): string => {
  const parts = MODULES.flatMap((m) =>
    permissions.includes(`${m}_manage`)
      ? [`${MODULE_LABELS[m]}: manage`]
      : permissions.includes(m)
        ? [`${MODULE_LABELS[m]}: read`]
        : [],
  );
  return parts.length > 0 ? parts.join(', ') : 'No access';
};
