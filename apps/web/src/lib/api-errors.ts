/**
 * One place that decides what the user sees when a tRPC call fails (spec §8):
 * - FORBIDDEN → the global unauthorized event with the server message;
 * - UNAUTHORIZED on a protected procedure → the session is gone: drop it and go to /login;
 * - anything else → the snackbar with the server message, or 'Internal Server Error!' if none;
 * - cancelled requests stay silent.
 */
export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error!';

/**
 * Procedures that work without a session: an UNAUTHORIZED there is a wrong password, not an expiry.
 * (auth.session is not one of them: it fails only when asked to refresh a session the api dropped.)
 * Add each new public procedure of the gateway here (forgot/reset password, social and support login …).
 */
export const PUBLIC_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.signup',
  'auth.verifyAccount',
  'auth.resendOtp',
  'auth.createPassword',
  'auth.login',
  'auth.logout',
  'orgs.invitationStatus',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.socialLoginUrl',
  'auth.socialCallback',
  'auth.supportLogin',
  'auth.invitationSignup',
]);

export type ApiErrorAction =
  | { kind: 'ignore' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'session-gone'; message: string }
  | { kind: 'snackbar'; message: string };

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  data?: { code?: unknown; fieldErrors?: unknown } | null;
  cause?: unknown;
}

/** The tRPC error code key ('FORBIDDEN', 'UNAUTHORIZED', …) of a TRPCClientError, if any. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = (error as ErrorLike | null)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Field errors the gateway attaches to a BAD_REQUEST (`data.fieldErrors`: field path → message). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fieldErrors = (error as ErrorLike | null)?.data?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fieldErrors as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

function isAbort(error: unknown): boolean {
  const e = error as ErrorLike | null;
  if (!e) return false;
  if (e.name === 'AbortError' || e.name === 'CancelledError') return true;
  return e.cause !== undefined && e.cause !== error && isAbort(e.cause);
}

/** The message to show: the server message, objects as JSON text, else 'Internal Server Error!'. */
export function messageOf(error: unknown): string {
  const message = (error as ErrorLike | null)?.message;
  if (typeof message === 'string') return message.trim() === '' ? INTERNAL_ERROR_MESSAGE : message;
  if (message !== undefined && message !== null) return JSON.stringify(message);
  return INTERNAL_ERROR_MESSAGE;
}

/** The dotted procedure path ('auth.login') from a tRPC query or mutation key. */
export function procedurePathOf(key: readonly unknown[] | undefined): string | undefined {
  const head = key?.[0];
  return Array.isArray(head) && head.every((p) => typeof p === 'string') ? head.join('.') : undefined;
}

export function classifyApiError(error: unknown, procedurePath: string | undefined): ApiErrorAction {
  if (isAbort(error)) return { kind: 'ignore' };
  const code = errorCodeOf(error);
  const message = messageOf(error);
  if (code === 'FORBIDDEN') return { kind: 'forbidden', message };
  if (code === 'UNAUTHORIZED' && !(procedurePath && PUBLIC_PROCEDURES.has(procedurePath))) {
    return { kind: 'session-gone', message };
  }
  return { kind: 'snackbar', message };
}
