import { ZStaffInvitationSchema, ZStaffListQuerySchema } from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, needs } from './endpoint';
import { INVITATION_STATUSES } from './invitations';

/** A staff member of spec §3 (an invitation, pending or accepted). */
export const ZStaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  role_id: z.string(),
  role_name: z.string(),
  permissions: z.array(z.string()),
  is_for_entire_organization: z.boolean(),
  shop_id_list: z.array(z.string()),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type TStaff = z.infer<typeof ZStaffSchema>;

/** Staff list response of spec §3: a page, the matches of the search, and all staff of the organisation. */
export const ZStaffPageSchema = z.object({
  data: z.array(ZStaffSchema),
  total_records: z.number().int(),
  total_staffs: z.number().int(),
});

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
} as const;
