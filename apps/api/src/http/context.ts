import type { TAccess, TEndpoint } from '@feedloom/contracts';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/** Who is calling, as established by the access hook before any handler runs. */
export interface TPrincipal {
  user_id: string;
  /** The token's active organisation while the user is still a member of it, else null. */
  org_id: string | null;
  /** Refresh-token family of the sign-in; logout revokes it. */
  session_id: string;
  is_owner: boolean;
  /** Effective module permissions in `org_id` (every permission for the owner), [] without one. */
  permissions: readonly string[];
  /** Shops of `org_id` the member may use: null for the entire organisation (and without one). */
  shop_ids: readonly string[] | null;
}

interface TBaseContext {
  request: FastifyRequest;
  reply: FastifyReply;
  log: FastifyBaseLogger;
  request_id: string;
}

export interface TPublicContext extends TBaseContext {
  user_id: null;
  org_id: null;
  permissions: readonly string[];
}

export interface TUserContext extends TBaseContext, TPrincipal {}

/** Org and module routes: the hook has checked membership (and the permission), so org_id is set. */
export interface TOrgContext extends TUserContext {
  org_id: string;
}

export type THandlerContext<A extends TAccess = TAccess> = A extends { kind: 'public' }
  ? TPublicContext
  : A extends { kind: 'user' }
    ? TUserContext
    : TOrgContext;

/**
 * Called around the handler of every endpoint: what it answers before the handler runs is called with the
 * handler's result once it succeeded (the activity log's recorder, set by app.ts; null: nothing to do).
 */
export type TChangeHook = (
  endpoint: TEndpoint,
  request: FastifyRequest,
  caller: { org_id: string | null; user_id: string | null },
  input: { params: Record<string, unknown> | undefined; query: Record<string, unknown> | undefined; body: unknown },
  log: FastifyBaseLogger,
) => Promise<((result: unknown) => Promise<void>) | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every route through `route()`; enforced by the access hook. */
    access?: TAccess;
  }
  interface FastifyRequest {
    principal: TPrincipal | null;
  }
  interface FastifyInstance {
    /** Every route registered on this instance, as seen by `onRoute` (the route-declaration test reads it). */
    registeredRoutes: { method: string; url: string; access: TAccess | undefined }[];
    /** The activity log's hook around every handler (null until app.ts sets it). */
    changeHook: TChangeHook | null;
  }
}
