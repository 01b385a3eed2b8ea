import { ZCustomRoleSchema, ZIdSchema, ZRoleListQuerySchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';

/**
 * A role: its name and permissions. Predefined roles (is_predefined) are the same in every
 * organisation and read-only; custom roles belong to one. `used_by` lists the e-mails of the staff
 * holding it (pending or accepted), which is why a role in use cannot be deleted.
 */
export const ZRoleSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
  is_predefined: z.boolean(),
  used_by: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type TRole = z.infer<typeof ZRoleSchema>;

export const ZRolePageSchema = z.object({
  data: z.array(ZRoleSchema),
  total_records: z.number().int(),
});
export type TRolePage = z.infer<typeof ZRolePageSchema>;

const ZRoleParams = z.object({ id: ZIdSchema('Role id') });

export const rolesContract = {
  find: endpoint({
    method: 'GET',
    path: '/roles',
    access: needs('user_management', 'read'),
    query: ZRoleListQuerySchema,
    response: ZRolePageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/roles',
    access: needs('user_management', 'manage'),
    body: ZCustomRoleSchema,
    response: ZRoleSchema,
  }),
  /** Members holding the role get its new permissions on their next request. */
  update: endpoint({
    method: 'PUT',
    path: '/roles/:id',
    access: needs('user_management', 'manage'),
    params: ZRoleParams,
    body: ZCustomRoleSchema,
    response: ZRoleSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/roles/:id',
    access: needs('user_management', 'manage'),
    params: ZRoleParams,
    response: ZRoleSchema,
  }),
} as const;
