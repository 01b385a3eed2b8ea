import { z } from 'zod';

/** Every api reply (spec §7): success is code 200. */
export const ZEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
});
export type TEnvelope<T = unknown> = { code: number; message: string; data: T };

export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error!';
export const TOKEN_EXPIRED_MESSAGE = 'Token Expired!';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const FORBIDDEN_MESSAGE = "You don't have permission to do that.";
export const NOT_FOUND_MESSAGE = 'Not found';

/** Header the gateway forwards so one request id links gateway and api log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';
