import { contract } from '@feedloom/contracts';
import { ZAuditLogQuerySchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../init';

/** The owner's activity log: who changed what in the organisation. */
export const auditRouter = {
  find: protectedProcedure
    .input(ZAuditLogQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.audit.find, { query: input })),
} satisfies TRPCRouterRecord;
