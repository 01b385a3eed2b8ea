import {
  ZIdSchema,
  ZStaffInvitationSchema,
  ZStaffListQuerySchema,
  ZStaffUpdateSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';
import { INVITATION_STATUSES } from './invitations';

/** A staff member (an invitation, pending or accepted, and the member it became). */
export const ZStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
  is_for_entire_organization: z.boolean(),
  shop_id_list: z.array(z.string()),
  status: z.enum(INVITATION_STATUSES),
  /** The account that accepted it (null while pending). */
  user_id: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  /** When the current link stops working (null once accepted). */
  expires_at: z.string().nullable(),
});
export type TStaff = z.infer<typeof ZStaffSchema>;

/** The organisation's owner, shown above the staff: nobody edits or removes them. */
export const ZStaffOwnerSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type TStaffOwner = z.infer<typeof ZStaffOwnerSchema>;

/** Staff list response: a page, the matches of the search, and all staff of the organisation. */
export const ZStaffPageSchema = z.object({
  data: z.array(ZStaffSchema),
  total_records: z.number().int(),
  total_staffs: z.number().int(),
  owner: ZStaffOwnerSchema.nullable(),
});
export type TStaffPage = z.infer<typeof ZStaffPageSchema>;

const ZStaffParams = z.object({ id: ZIdSchema('Staff id') });

export const staffContract = {
  invite: endpoint({
    method: 'POST',
    path: '/staff',
    access: needs('user_management', 'manage'),
    body: ZStaffInvitationSchema,
    response: ZStaffSchema,
  }),
  find: endpoint({
    method: 'GET',
    path: '/staffs',
    access: needs('user_management', 'read'),
    query: ZStaffListQuerySchema,
    response: ZStaffPageSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/staff/:id',
    access: needs('user_management', 'read'),
    params: ZStaffParams,
    response: ZStaffSchema,
  }),
  /** New role and scope; a member's next request already runs with them. */
  update: endpoint({
    method: 'PUT',
    path: '/staff/:id',
    access: needs('user_management', 'manage'),
    params: ZStaffParams,
    body: ZStaffUpdateSchema,
    response: ZStaffSchema,
  }),
  /**
   * Revokes a pending invitation or removes a member (their next request is refused); a revoked one is
   * deleted for good.
   */
  delete: endpoint({
    method: 'DELETE',
    path: '/staff/:id',
    access: needs('user_management', 'manage'),
    params: ZStaffParams,
    response: ZStaffSchema.nullable(),
  }),
  /** Mails a new link (the old one stops working) valid for the full invitation lifetime again. */
  resendInvitation: endpoint({
    method: 'POST',
    path: '/resend-invitation/:id',
    access: needs('user_management', 'manage'),
    params: ZStaffParams,
    response: ZStaffSchema,
  }),
} as const;
