import { INTERNAL_ERROR_MESSAGE } from '@feedloom/validation';

// One place that decides what the user sees when a tRPC call fails:
// - FORBIDDEN → the global unauthorized event with the server message;
// - an error the gateway marked `data.session_ended` (it cleared the session) → drop it and go to /login;
// - anything else → the snackbar with the server message, or 'Internal Server Error!' if none; a form
//   shows the errors naming one of its fields under that field instead (lib/use-server-errors.ts);
// - cancelled requests stay silent.

export type ApiErrorAction =
  | { kind: 'ignore' }
  | { kind: 'forbidden'; message: string }
  | { kind: 'session-ended'; message: string }
  | { kind: 'snackbar'; message: string };

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  data?: { code?: unknown; field?: unknown; fieldErrors?: unknown; session_ended?: unknown } | null;
  cause?: unknown;
}

/** The tRPC error code key ('FORBIDDEN', 'UNAUTHORIZED', …) of a TRPCClientError, if any. */
export function errorCodeOf(error: unknown): string | undefined {
  const code = (error as ErrorLike | null)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The field errors of a failure, field path → message: the field the error names (`data.field`, the api's
 * business errors and the first refused input) with its message first, then every refused input of the
 * gateway's own parsing (`data.fieldErrors`).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = (error as ErrorLike | null)?.data;
  const result: Record<string, string> = {};
  const message = messageOf(error);
  if (typeof data?.field === 'string' && data.field !== '') result[data.field] = message;
  const fieldErrors = data?.fieldErrors;
  if (fieldErrors && typeof fieldErrors === 'object') {
    for (const [name, text] of Object.entries(fieldErrors as Record<string, unknown>)) {
      if (typeof text === 'string' && text !== '') result[name] ??= text;
    }
  }
  return result;
}

/** True when the gateway ended the session over this failure (a refresh that failed, no session at all). */
export function isSessionEnded(error: unknown): boolean {
  return (error as ErrorLike | null)?.data?.session_ended === true;
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

export function classifyApiError(error: unknown): ApiErrorAction {
  if (isAbort(error)) return { kind: 'ignore' };
  const message = messageOf(error);
  if (errorCodeOf(error) === 'FORBIDDEN') return { kind: 'forbidden', message };
  if (isSessionEnded(error)) return { kind: 'session-ended', message };
  return { kind: 'snackbar', message };
}
