import { INTERNAL_ERROR_MESSAGE } from '@feedloom/contracts';
import { TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { UpstreamError } from '../upstream/client';

// The one error mapping of the gateway (CODE_STYLE.md): an api failure (UpstreamError) or a refused input
// becomes the TRPCError, and `formatError` the `error.data` the web reads:
// - `field`: the input the failure concerns (the api envelope's `field`, or the first issue of the gateway's
//   own input parsing); the web puts the message under that input, everything else goes to the snackbar;
// - `fieldErrors`: every refused input of the gateway's own parsing (path → first message);
// - `session_ended: true`: the gateway cleared the session (a failed refresh, no session at all on a
//   procedure that needs one): the web signs out and goes to /login, whatever the procedure.

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

/** An UpstreamError as the TRPCError the web sees, carrying the server message. */
export const toTRPCError = (err: UpstreamError): TRPCError =>
  new TRPCError({
    code: trpcCodeOf(err.code),
    message: upstreamMessageOf(err),
    cause: err,
  });

/** The UNAUTHORIZED of a procedure that needs a session and has none: the web takes it as a session end. */
export const sessionEndedError = (message: string): TRPCError =>
  toTRPCError(new UpstreamError(401, message, undefined, { sessionEnded: true }));

/** `error.data` as the web receives it (the router's error shape; TRPCClientError<AppRouter>['data']). */
export interface TErrorData {
  code: TRPC_ERROR_CODE_KEY;
  httpStatus: number;
  path?: string;
  /** The input the failure concerns (a form field name, dotted for nested ones). */
  field?: string;
  /** Each refused input of the gateway's own parsing, path → message. */
  fieldErrors?: Record<string, string>;
  /** Set when the gateway ended the session over this failure. */
  session_ended?: true;
  /** The api's envelope code, when the failure came from the api. */
  upstreamCode?: number;
  /** The api's envelope data (login failures pass the server data on). */
  upstreamData?: unknown;
}

export type TErrorShape = Omit<TRPCDefaultErrorShape, 'data'> & { data: TErrorData };

interface TIssueLike {
  message: string;
  path?: readonly PropertyKey[] | readonly { key: PropertyKey }[];
}

/** Zod (or any standard-schema) validation failure behind a BAD_REQUEST. */
const issuesOf = (cause: unknown): TIssueLike[] | null => {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) && issues.length > 0 ? (issues as TIssueLike[]) : null;
};

const pathKey = (path: TIssueLike['path']): string =>
  (path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.');

/** The shape without `data.stack`: no stack traces or file paths reach the browser, whatever NODE_ENV. */
const baseData = ({ stack: _stack, ...data }: TRPCDefaultErrorShape['data']): TErrorData => data;

/** The errorFormatter of the gateway's tRPC instance (init.ts). */
export function formatError({
  shape,
  error,
}: {
  shape: TRPCDefaultErrorShape;
  error: TRPCError;
}): TErrorShape {
  const data = baseData(shape.data);
  const cause = error.cause;
  if (cause instanceof UpstreamError) {
    // ctx.upstream already maps; an UpstreamError thrown past it arrives wrapped as INTERNAL_SERVER_ERROR.
    const mapped = error.code === 'INTERNAL_SERVER_ERROR' ? toTRPCError(cause) : error;
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
      message: mapped.message,
      data: {
        ...data,
        code: mapped.code,
        httpStatus: getHTTPStatusCodeFromError(mapped),
        upstreamCode: cause.code,
        ...(cause.data !== undefined ? { upstreamData: cause.data } : {}),
        ...(cause.field !== undefined ? { field: cause.field } : {}),
        ...(cause.sessionEnded ? { session_ended: true as const } : {}),
      },
    };
  }
  const issues = error.code === 'BAD_REQUEST' ? issuesOf(cause) : null;
  if (issues) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[pathKey(issue.path)] ??= issue.message;
    const field = pathKey(issues[0]?.path);
    return {
      ...shape,
      message: issues[0]?.message ?? shape.message,
      data: { ...data, fieldErrors, ...(field ? { field } : {}) },
    };
  }
  // Unexpected failures keep their details in the log, not in the browser.
  if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: INTERNAL_ERROR_MESSAGE, data };
  return { ...shape, data };
}
