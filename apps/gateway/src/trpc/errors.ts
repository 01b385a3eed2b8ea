import { INTERNAL_ERROR_MESSAGE } from '@feedloom/contracts';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { UpstreamError } from '../upstream/client';

/** What the user reads when the api could not be reached or gave no usable answer (no server message then). */
export const API_UNAVAILABLE_MESSAGE = 'Feedloom is temporarily unavailable. Please try again in a moment.';
export const API_BAD_ANSWER_MESSAGE =
  'Feedloom could not complete the request. Please try again in a moment.';

const BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/** The message of an api failure: the server's own, else one that says what happened. */
export const upstreamMessageOf = (err: UpstreamError): string => {
  if (err.serverMessage) return err.serverMessage;
  if (err.code === 503 || err.code === 504) return API_UNAVAILABLE_MESSAGE;
  if (err.code === 502) return API_BAD_ANSWER_MESSAGE;
  return INTERNAL_ERROR_MESSAGE;
};

/** The one mapping of an api code to a tRPC code (ARCHITECTURE.md, Conventions). */
export const trpcCodeOf = (upstreamCode: number): TRPC_ERROR_CODE_KEY =>
  BY_STATUS[upstreamCode] ??
  (upstreamCode >= 400 && upstreamCode < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR');

/** An UpstreamError as the TRPCError the web sees, carrying the server message (spec §8). */
export const toTRPCError = (err: UpstreamError): TRPCError =>
  new TRPCError({
    code: trpcCodeOf(err.code),
    message: upstreamMessageOf(err),
    cause: err,
  });

export const rethrowUpstream = (err: unknown): never => {
  throw err instanceof UpstreamError ? toTRPCError(err) : err;
};
