import {
  INTERNAL_ERROR_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  type TEndpoint,
  type TResponseOf,
} from '@feedloom/contracts';
import { initTRPC, TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TCookieJar } from '../oauth-flow';
import type { AuthSession } from '../session';
import { UpstreamError, type TCallArgs, type TUpstreamClient, type TUpstreamReply } from '../upstream/client';
import { createSessionUpstream, type TRefresher, type TSessionUpstream } from '../upstream/refresh';
import { toTRPCError } from './errors';

/** Header the SPA sends on every request; a mutation without it is refused (CSRF). */
export const CSRF_HEADER = 'x-feedloom-csrf';
export const CSRF_HEADER_VALUE = '1';
export const CSRF_MISSING_MESSAGE = 'Missing CSRF header';

export interface TContext {
  req: FastifyRequest;
  reply: FastifyReply;
  session: AuthSession;
  /** This request's cookies besides the session (the social sign-in binding). */
  cookies: TCookieJar;
  /** The api as this request sees it: the session's token, refresh on 401, errors as TRPCError. */
  upstream: TSessionUpstream;
  requestId: string;
}

export interface TContextDeps {
  client: TUpstreamClient;
  refresher: TRefresher;
}

export const createContext = (
  deps: TContextDeps,
  {
    req,
    reply,
    session,
    cookies,
    requestId,
  }: Pick<TContext, 'req' | 'reply' | 'session' | 'cookies' | 'requestId'>,
): TContext => {
  const upstream = createSessionUpstream({ ...deps, session, requestId });
  return {
    req,
    reply,
    session,
    cookies,
    requestId,
    upstream: {
      async call<E extends TEndpoint>(endpoint: E, ...args: TCallArgs<E>): Promise<TResponseOf<E>> {
        try {
          return await upstream.call(endpoint, ...args);
        } catch (err) {
          throw err instanceof UpstreamError ? toTRPCError(err) : err;
        }
      },
      async send<E extends TEndpoint>(
        endpoint: E,
        ...args: TCallArgs<E>
      ): Promise<TUpstreamReply<TResponseOf<E>>> {
        try {
          return await upstream.send(endpoint, ...args);
        } catch (err) {
          throw err instanceof UpstreamError ? toTRPCError(err) : err;
        }
      },
    },
  };
};

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

/** The error shape without `data.stack`: no stack traces or file paths reach the browser, whatever NODE_ENV. */
const withoutStack = <S extends { data: object }>(shape: S): S => {
  if (!('stack' in shape.data)) return shape;
  const { stack: _stack, ...data } = shape.data as { stack?: unknown };
  return { ...shape, data };
};

const t = initTRPC.context<TContext>().create({
  // tRPC adds the stack to every error outside production (and `npm start` runs in development).
  isDev: false,
  errorFormatter: (opts) => withoutStack(formatError(opts)),
});

function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const cause = error.cause;
  if (cause instanceof UpstreamError) {
    // ctx.upstream already maps; an UpstreamError thrown past it arrives wrapped as INTERNAL_SERVER_ERROR.
    const mapped = error.code === 'INTERNAL_SERVER_ERROR' ? toTRPCError(cause) : error;
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[mapped.code],
      message: mapped.message,
      data: {
        ...shape.data,
        code: mapped.code,
        httpStatus: getHTTPStatusCodeFromError(mapped),
        upstreamCode: cause.code,
        ...(cause.data !== undefined ? { upstreamData: cause.data } : {}),
      },
    };
  }
  const issues = error.code === 'BAD_REQUEST' ? issuesOf(cause) : null;
  if (issues) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) fieldErrors[pathKey(issue.path)] ??= issue.message;
    return { ...shape, message: issues[0]?.message ?? shape.message, data: { ...shape.data, fieldErrors } };
  }
  // Unexpected failures keep their details in the log, not in the browser.
  if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: INTERNAL_ERROR_MESSAGE };
  return shape;
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * CSRF guard: every mutation must carry the header the SPA always sends. A cross-site form cannot set it,
 * and a cross-site fetch that sets it needs a CORS preflight that the gateway never grants.
 * It sits on the base procedure, so no mutation can be declared without it.
 */
export const csrf = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new TRPCError({ code: 'FORBIDDEN', message: CSRF_MISSING_MESSAGE });
  }
  return next();
});

export const publicProcedure = t.procedure.use(csrf);

/** Requires a signed-in session (both tokens present); `ctx.user` holds its session fields. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  const user = ctx.session.info;
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
  return next({ ctx: { user } });
});
