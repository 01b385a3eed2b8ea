import {
  contract,
  type TOrganizationEntity,
  type TOrganizationListEntry,
  type TSessionInfo,
} from '@feedloom/contracts';
import { ZIdSchema, ZOrganizationSchema, ZOwnerOrganizationSchema, ZTokenSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, publicProcedure } from '../init';

export const ZIdInputSchema = z.object({ id: ZIdSchema() });
export const ZUpdateOrganizationInputSchema = z.object({
  id: ZIdSchema('Organisation id'),
  data: ZOwnerOrganizationSchema,
});
/** The two encrypted ids of an invitation link (/invitation/{orgId}/{staffId}). */
export const ZInvitationInputSchema = z.object({
  orgId: ZTokenSchema('Invitation'),
  staffId: ZTokenSchema('Invitation'),
});

/**
 * "Organisation list result": the list decides is_part_of_any_org; an empty list clears the
 * active organisation and shop. A user who has organisations but no active one yet (an invitation accepted
 * elsewhere) stays outside until they switch: the session's tokens carry no organisation before that.
 */
export const sessionAfterOrganizationList = (
  info: TSessionInfo,
  list: readonly TOrganizationListEntry[],
): TSessionInfo => {
  if (list.length > 0) {
    return { ...info, is_part_of_any_org: info.active_org_id !== null, organizations_count: list.length };
  }
  return {
    ...info,
    is_part_of_any_org: false,
    organizations_count: 0,
    active_org_id: null,
    active_shop_id: null,
    business_name: null,
    shops_count: 0,
    permissions: [],
  };
};

/** Organisations, switching between them, and invitations to join one. Tokens never leave the gateway. */
export const organizationsRouter = {
  find: protectedProcedure.query(async ({ ctx }): Promise<TOrganizationListEntry[]> => {
    const list = await ctx.upstream.call(contract.organizations.find);
    ctx.session.setInfo(sessionAfterOrganizationList(ctx.user, list));
    return list;
  }),

  create: protectedProcedure
    .input(ZOrganizationSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; organization: TOrganizationEntity }> => {
      const { data, message } = await ctx.upstream.send(contract.organizations.create, { body: input });
      return { message, organization: data };
    }),

  get: protectedProcedure
    .input(ZIdInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.organizations.get, { params: input })),

  update: protectedProcedure
    .input(ZUpdateOrganizationInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; organization: TOrganizationEntity }> => {
      const { data, message } = await ctx.upstream.send(contract.organizations.update, {
        params: { id: input.id },
        body: input.data,
      });
      // The header shows the active organisation's name from the session.
      if (ctx.user.active_org_id === data.organization_object_id) {
        ctx.session.setInfo({ ...ctx.user, business_name: data.business_name });
      }
      return { message, organization: data };
    }),

  /** "Switching organisation": new tokens (kept here) and the session fields of that organisation. */
  switchOrganization: protectedProcedure
    .input(ZIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<TSessionInfo> => {
      const reply = await ctx.upstream.call(contract.organizations.switchOrganization, {
        params: { orgId: input.id },
      });
      return ctx.session.signIn(reply);
    }),

  pendingInvitations: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.invitations.pending)),

  /** "Accepting an invitation": join, then switch to that organisation. */
  acceptInvitation: protectedProcedure
    .input(ZInvitationInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; session: TSessionInfo }> => {
      const { data, message } = await ctx.upstream.send(contract.invitations.accept, { params: input });
      const reply = await ctx.upstream.call(contract.organizations.switchOrganization, {
        params: { orgId: data.organization_object_id },
      });
      return { message, session: ctx.session.signIn(reply) };
    }),

  /** Open without a session: the invitation page shows what the link is for before sign-in. */
  invitationStatus: publicProcedure
    .input(ZInvitationInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.invitations.status, { params: input })),
} satisfies TRPCRouterRecord;
