import {
  UNAUTHORIZED_MESSAGE,
  type TEndpoint,
  type TResponseOf,
} from '@feedloom/contracts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';
import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TCookieJar } from '../oauth-flow';
import type { AuthSession } from '../session';
import { UpstreamError, type TCallArgs, type TUpstreamClient, type TUpstreamReply } from '../upstream/client';
import { createSessionUpstream, type TRefresher, type TSessionUpstream } from '../upstream/refresh';
import { formatError, sessionEndedError, toTRPCError } from './errors';

/** A mutation without the SPA's CSRF_HEADER (validation package) is refused with this. */
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
  const upstream = createSessionUpstream({ ...deps, session, requestId, clientIp: req.ip });
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

const t = initTRPC.context<TContext>().create({
  // tRPC adds the stack to every error outside production (and `npm start` runs in development); the
  // formatter drops it.
  isDev: false,
  errorFormatter: formatError,
});

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
  if (!user) throw sessionEndedError(UNAUTHORIZED_MESSAGE);
  return next({ ctx: { user } });
});
