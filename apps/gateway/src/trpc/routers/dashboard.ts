import { contract } from '@feedloom/contracts';
import { ZApiHealthQuerySchema, ZProductDiagnosticsQuerySchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../init';

/** The dashboard of the active shop. */
export const dashboardRouter = {
  productDiagnostics: protectedProcedure
    .input(ZProductDiagnosticsQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.dashboard.productDiagnostics, { query: input })),

  apiHealth: protectedProcedure
    .input(ZApiHealthQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.dashboard.apiHealth, { query: input })),
} satisfies TRPCRouterRecord;
