import { contract, type TStaff } from '@feedloom/contracts';
import {
  ZIdSchema,
  ZStaffInvitationSchema,
  ZStaffListQuerySchema,
  ZStaffUpdateSchema,
} from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';
import { ZIdInputSchema } from './organizations';

export const ZUpdateStaffInputSchema = z.object({ id: ZIdSchema('Staff id'), data: ZStaffUpdateSchema });

/**
 * Staff of the active organisation: inviting, the list, changing
 * a role or stores, revoking or removing, and resending an invitation.
 */
export const staffRouter = {
  invite: protectedProcedure
    .input(ZStaffInvitationSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; staff: TStaff }> => {
      const { data, message } = await ctx.upstream.send(contract.staff.invite, { body: input });
      return { message, staff: data };
    }),

  find: protectedProcedure
    .input(ZStaffListQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.staff.find, { query: input })),

  get: protectedProcedure
    .input(ZIdInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.staff.get, { params: input })),

  update: protectedProcedure
    .input(ZUpdateStaffInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; staff: TStaff }> => {
      const { data, message } = await ctx.upstream.send(contract.staff.update, {
        params: { id: input.id },
        body: input.data,
      });
      return { message, staff: data };
    }),

  /** Revokes, removes, or (when already revoked) deletes; `staff` is null once deleted. */
  delete: protectedProcedure
    .input(ZIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; staff: TStaff | null }> => {
      const { data, message } = await ctx.upstream.send(contract.staff.delete, { params: input });
      return { message, staff: data };
    }),

  resendInvitation: protectedProcedure
    .input(ZIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; staff: TStaff }> => {
      const { data, message } = await ctx.upstream.send(contract.staff.resendInvitation, { params: input });
      return { message, staff: data };
    }),
} satisfies TRPCRouterRecord;
