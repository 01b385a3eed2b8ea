import type { TAccessLevel, TModule } from '@feedloom/validation';
import { z } from 'zod';

/**
 * Who may call an endpoint. Declared once, next to its path, and enforced by one hook in the api:
 * - public: anyone (login, signup, …); the gateway never refreshes a token for these.
 * - user: any signed-in user, whatever their organisation.
 * - org: a signed-in member of the active organisation (no particular module).
 * - module: a member whose permissions grant `level` on `module`.
 */
export type TAccess =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'org' }
  | { kind: 'module'; module: TModule; level: TAccessLevel };

export const PUBLIC = { kind: 'public' } as const satisfies TAccess;
export const USER = { kind: 'user' } as const satisfies TAccess;
export const ORG = { kind: 'org' } as const satisfies TAccess;
export type TModuleAccess = Extract<TAccess, { kind: 'module' }>;
export const needs = (module: TModule, level: TAccessLevel): TModuleAccess => ({
  kind: 'module',
  module,
  level,
});

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TEndpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends TAccess = TAccess,
> {
  method: THttpMethod;
  /** Path below /api/v1 in Fastify syntax, e.g. `/verify-account/:user_id`. */
  path: string;
  /** Kept literal (`A`) so the api can type a handler's context by its access kind. */
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the `{code, message, data}` envelope. */
  response: R;
  /** Multipart bodies are validated field by field by the handler. */
  multipart?: boolean;
  /**
   * A 200 answers bytes (a CSV export, a feed file, a report) with their own content-type and
   * content-disposition instead of the envelope; failures still answer the envelope. `response` is then
   * `BINARY_RESPONSE`: no envelope `data` exists. The gateway serves it at /download/<name> (transfer.ts).
   */
  binary?: boolean;
}

/**
 * The `response` of a `binary: true` endpoint: its 200 is bytes with their own content-type, never an
 * envelope, so there is no `data` to describe (and nothing may parse one).
 */
export const BINARY_RESPONSE = z.never();

export const endpoint = <
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  A extends TAccess = TAccess,
>(
  e: TEndpoint<P, Q, B, R, A>,
): TEndpoint<P, Q, B, R, A> => e;

export type TParamsOf<E> = E extends TEndpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type TQueryOf<E> = E extends TEndpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type TBodyOf<E> = E extends TEndpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type TResponseOf<E> =
  E extends TEndpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fill `:name` segments of a path from params, URI-encoded. */
export const buildPath = (path: string, params?: Record<string, unknown>): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
