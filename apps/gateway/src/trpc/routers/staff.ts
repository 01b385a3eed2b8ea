import { contract, type TStaff } from '@feedloom/contracts';
import { STAFF_SORT_COLUMNS, ZStaffInvitationSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

export const ZStaffFindInputSchema = z.object({
  page: z.number().int().positive().default(1),
  limit: z.number().int().positive().max(100).default(25),
  search: z.string().trim().max(200).optional(),
  sort_col: z.enum(STAFF_SORT_COLUMNS).default('created_at'),
  order: z.union([z.literal(1), z.literal(-1)]).default(1),
});

/** Staff of the active organisation: inviting (spec §5 Roles and invitations) and the staff list. */
export const staffRouter = {
  invite: protectedProcedure
    .input(ZStaffInvitationSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; staff: TStaff }> => {
      const { data, message } = await ctx.upstream.send(contract.staff.invite, { body: input });
      return { message, staff: data };
    }),

  find: protectedProcedure
    .input(ZStaffFindInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.staff.list, { query: input })),
} satisfies TRPCRouterRecord;
