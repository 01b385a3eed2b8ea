import { contract } from '@feedloom/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { protectedProcedure } from '../init';

/**
 * The profile. Saving it is a multipart upload (the form with its picture file), so it goes
 * through the streaming path: POST /upload/profile (transfer.ts), not tRPC JSON.
 */
export const profileRouter = {
  get: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.profile.get)),
} satisfies TRPCRouterRecord;
