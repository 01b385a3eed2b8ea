import { z } from 'zod';

// Shared with the web, which may import only the validation package: defined there, re-exported here.
export { INTERNAL_ERROR_MESSAGE } from '@feedloom/validation';

/**
 * Every api reply: success is code 200. A failure may name the request field it concerns in
 * `field` (a body or query key such as 'shop_url', dotted for nested ones): the gateway passes it on as
 * `error.data.field` and the web shows the message under that input rather than in the snackbar.
 */
export const ZEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown(),
  field: z.string().min(1).optional(),
});
export type TEnvelope<T = unknown> = { code: number; message: string; data: T; field?: string };

export const TOKEN_EXPIRED_MESSAGE = 'Token Expired!';
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const FORBIDDEN_MESSAGE = "You don't have permission to do that.";
export const NOT_FOUND_MESSAGE = 'Not found';

/** Header the gateway forwards so one request id links gateway and api log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';
