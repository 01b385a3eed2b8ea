import { contract, type TStaff } from '@feedloom/contracts';
import { ZStaffInvitationSchema, ZStaffListQuerySchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../init';

/** Staff of the active organisation: inviting (spec §5 Roles and invitations) and the staff list. */
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
} satisfies TRPCRouterRecord;
