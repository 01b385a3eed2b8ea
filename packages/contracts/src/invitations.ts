import { ZInvitationSignupSchema, ZTokenSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZLoginResponseSchema } from './auth';
import { endpoint, PUBLIC, USER } from './endpoint';

/**
 * The pending invitation. The encrypted ids build the invitation link
 * (/invitation/{encrypted_organization_object_id}/{encrypted_staff_id}) and the accept call.
 */
export const ZPendingInvitationSchema = z.object({
  email: z.string(),
  business_name: z.string(),
  encrypted_organization_object_id: z.string(),
  encrypted_staff_id: z.string(),
  organization_object_id: z.string(),
  role_name: z.string(),
  invited_at: z.string(),
});
export type TPendingInvitation = z.infer<typeof ZPendingInvitationSchema>;

/**
 * pending until accepted; expired once its link is older than the invitation lifetime (a resend renews
 * it); revoked when the organisation withdrew it or removed the member.
 */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type TInvitationState = (typeof INVITATION_STATUSES)[number];

/**
 * What an invitation link shows before it is accepted; `is_existing_user` picks sign in
 * (/invitation/{orgId}/{staffId}) or sign up (/invitation-signup/{orgId}/{staffId}).
 */
export const ZInvitationStatusSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  email: z.string(),
  business_name: z.string(),
  role_name: z.string(),
  is_existing_user: z.boolean(),
});
export type TInvitationStatus = z.infer<typeof ZInvitationStatusSchema>;

/** The two sealed ids of an invitation link. */
const ZInvitationParams = z.object({
  orgId: ZTokenSchema('Invitation'),
  staffId: ZTokenSchema('Invitation'),
});

export const invitationsContract = {
  /** Invitations waiting for the signed-in user's e-mail address. */
  pending: endpoint({
    method: 'GET',
    path: '/pending-invitations',
    access: USER,
    response: z.array(ZPendingInvitationSchema),
  }),
  /** Joins the organisation with the invitation's role, permissions and shops. */
  accept: endpoint({
    method: 'POST',
    path: '/accept-invitation/:orgId/:staffId',
    access: USER,
    params: ZInvitationParams,
    response: z.object({ organization_object_id: z.string(), business_name: z.string() }),
  }),
  /** Public: the link is the secret, so a signed-out invitee can see what they were invited to. */
  status: endpoint({
    method: 'GET',
    path: '/invitation-status/:orgId/:staffId',
    access: PUBLIC,
    params: ZInvitationParams,
    response: ZInvitationStatusSchema,
  }),
  /**
   * Public: an invitee without an account signs up from the link. The account
   * gets the invitation's e-mail, verified (the mailed link proves it), joins the organisation with that
   * organisation active, and is signed in: the reply is the login reply.
   */
  createStaffUser: endpoint({
    method: 'POST',
    path: '/create-staff-user/:orgId/:staffId',
    access: PUBLIC,
    params: ZInvitationParams,
    body: ZInvitationSignupSchema,
    response: ZLoginResponseSchema,
  }),
} as const;
