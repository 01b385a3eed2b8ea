import {
  FORBIDDEN_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from '@feedloom/contracts';

/**
 * The one error services throw. `code` becomes both the HTTP status and the envelope code; `message` is
 * shown to the user as is (spec §8), so it must never carry internals.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: number,
    message: string,
    /** Optional `data` of the error envelope (e.g. the health report of a degraded service). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = UNAUTHORIZED_MESSAGE) => new AppError(401, message);
export const forbidden = (message: string = FORBIDDEN_MESSAGE) => new AppError(403, message);
export const notFound = (message: string = NOT_FOUND_MESSAGE) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const internalError = () => new AppError(500, INTERNAL_ERROR_MESSAGE);

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
