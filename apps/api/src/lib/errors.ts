import {
  FORBIDDEN_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from '@feedloom/contracts';

/**
 * The one error services throw. `code` becomes both the HTTP status and the envelope code; `message` is
 * shown to the user as is, so it must never carry internals.
 */
export interface TAppErrorOptions {
  /**
   * The request field the error concerns (a body or query key such as 'shop_url'): the envelope's `field`,
   * which the gateway passes on and the web shows under that input instead of in the snackbar.
   */
  field?: string;
  /** Optional `data` of the error envelope (e.g. the health report of a degraded service). */
  data?: unknown;
  /** Response headers that go with the error (Retry-After of a 429). */
  headers?: Readonly<Record<string, string>>;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly field: string | undefined;
  readonly data: unknown;
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    readonly code: number,
    message: string,
    { field, data = null, headers = {} }: TAppErrorOptions = {},
  ) {
    super(message);
    this.field = field;
    this.data = data;
    this.headers = headers;
  }
}

/** A refused request; `field` names the input at fault when there is one. */
export const badRequest = (message: string, field?: string) => new AppError(400, message, { field });
export const unauthorized = (message: string = UNAUTHORIZED_MESSAGE) => new AppError(401, message);
export const forbidden = (message: string = FORBIDDEN_MESSAGE) => new AppError(403, message);
export const notFound = (message: string = NOT_FOUND_MESSAGE) => new AppError(404, message);
/** A clash with what is stored (a duplicate); `field` names the input that clashes. */
export const conflict = (message: string, field?: string) => new AppError(409, message, { field });
/** 429 with the message saying when to try again, and the same in a Retry-After header. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
export const internalError = () => new AppError(500, INTERNAL_ERROR_MESSAGE);

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

/** Server messages for input that got past the schemas but must still be refused. */
export const INPUT_MSG = {
  nul: 'The request must not contain control characters.',
  unstorable: 'The request contains a value that cannot be stored.',
} as const;

// SQLSTATE class 22 (data exception: NUL or bad encoding in text, a value out of range, text that is not a
// number or uuid …) and 54000 (program limit: e.g. an index row too large for an overlong value) are caused
// by the value sent, not by the server.
const BAD_INPUT_SQLSTATE_RE = /^(?:22[0-9A-Z]{3}|54000)$/;

/**
 * True when the database refused a value the caller sent. Drivers and the ORM wrap their errors, so the
 * whole `cause` chain is searched for the SQLSTATE.
 */
export const isBadInputDatabaseError = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && BAD_INPUT_SQLSTATE_RE.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};
