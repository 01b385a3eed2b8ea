import { INTERNAL_ERROR_MESSAGE } from '@feedloom/contracts';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { UpstreamError } from '../upstream/client';

const BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
};

/** The one mapping of an api code to a tRPC code (ARCHITECTURE.md, Conventions). */
export const trpcCodeOf = (upstreamCode: number): TRPC_ERROR_CODE_KEY =>
  BY_STATUS[upstreamCode] ??
  (upstreamCode >= 400 && upstreamCode < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR');

/** An UpstreamError as the TRPCError the web sees, carrying the server message (spec §8). */
export const toTRPCError = (err: UpstreamError): TRPCError =>
  new TRPCError({
    code: trpcCodeOf(err.code),
    message: err.serverMessage ?? INTERNAL_ERROR_MESSAGE,
    cause: err,
  });

export const rethrowUpstream = (err: unknown): never => {
  throw err instanceof UpstreamError ? toTRPCError(err) : err;
};
