import { z } from 'zod';
import { ZEmailSchema } from './email';
import { ZListQuerySchema } from './limits';
import { MSG } from './messages';
import { MODULES, PERMISSIONS, type TPermission } from './permissions';
import { TEXT_LIMITS, TEXT_MSG, ZIdSchema, ZTextSchema } from './text';

export const ZPermissionSchema = z.enum(PERMISSIONS as [TPermission, ...TPermission[]]);

/** role_id of a role defined on the invitation itself (spec §3 Role). */
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

/** Custom role (spec §5 Roles and invitations): a name and at least one permission. */
export const ZCustomRoleSchema = z.object({
  role_name: ZTextSchema({ ...ROLE_NAME, min: 1, requiredMessage: MSG.roleNameRequired }),
  permissions: z
    .array(ZPermissionSchema, { error: MSG.rolePermissionsRequired })
    .min(1, MSG.rolePermissionsRequired)
    .max(PERMISSIONS.length, TEXT_MSG.tooManyItems('Permissions', PERMISSIONS.length)),
});
export type TCustomRole = z.infer<typeof ZCustomRoleSchema>;

/**
 * Staff invitation payload of spec §3: role required, organisation scope required, at least one shop when
 * the invitation is not for the entire organisation; a custom role needs its name and permissions.
 */
export const ZStaffInvitationSchema = z
  .object({
    email: ZEmailSchema,
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
  })
  .superRefine((v, ctx) => {
    if (v.role_id === CUSTOM_ROLE_ID) {
      if (!v.role_name) ctx.addIssue({ code: 'custom', message: MSG.roleNameRequired, path: ['role_name'] });
      if (v.permissions.length === 0) {
        ctx.addIssue({ code: 'custom', message: MSG.rolePermissionsRequired, path: ['permissions'] });
      }
    }
    if (!v.is_for_entire_organization && v.shop_id_list.length === 0) {
      ctx.addIssue({ code: 'custom', message: MSG.inviteShopsRequired, path: ['shop_id_list'] });
    }
  });
export type TStaffInvitationInput = z.input<typeof ZStaffInvitationSchema>;
export type TStaffInvitation = z.infer<typeof ZStaffInvitationSchema>;

export const STAFF_SORT_COLUMNS = ['email', 'role_name', 'status', 'created_at'] as const;

/** Query of the staff list (spec §7 GET /staffs). */
export const ZStaffListQuerySchema = ZListQuerySchema.extend({
  sort_col: z.enum(STAFF_SORT_COLUMNS).catch('created_at').default('created_at'),
});
export type TStaffListQueryInput = z.input<typeof ZStaffListQuerySchema>;
export type TStaffListQuery = z.infer<typeof ZStaffListQuerySchema>;
