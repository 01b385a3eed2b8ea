import { API_PREFIX, type TAccess, type TEndpoint } from '@feedloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppError} from '../lib/errors';
import { badRequest, INPUT_MSG, internalError } from '../lib/errors';
import type { THandlerContext, TPublicContext, TUserContext } from './context';

export const DEFAULT_SUCCESS_MESSAGE = 'Success';

const MESSAGE = Symbol('message');

/** A handler result carrying its own envelope message. */
export interface TWithMessage<T> {
  readonly [MESSAGE]: string;
  readonly data: T;
}

/** `return withMessage(data, 'Store created.')` to set the envelope message; plain `return data` says 'Success'. */
export const withMessage = <T>(data: T, message: string): TWithMessage<T> => ({ [MESSAGE]: message, data });

const isWithMessage = (v: unknown): v is TWithMessage<unknown> =>
  typeof v === 'object' && v !== null && MESSAGE in v;

export interface TRouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
}

export type TRouteHandler<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends TAccess,
> = (
  input: TRouteInput<P, Q, B>,
  ctx: THandlerContext<A>,
) => Promise<z.output<R> | TWithMessage<z.output<R>>>;

export interface TRouteOptions {
  /** Requests per client address are limited (AUTH_IP_*): sign-in and sign-up endpoints. */
  limitPerAddress?: boolean;
}

/**
 * True when a string or an object key anywhere in `root` holds a NUL. Iterative, so deeply nested input
 * cannot overflow the stack.
 */
export const containsNul = (root: unknown): boolean => {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
};

/** A schema refusal as the 400 the caller reads: the first issue's message, and its path as the field. */
export const validationError = (error: z.ZodError): AppError => {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.');
  return badRequest(issue?.message ?? 'Invalid request', field || undefined);
};

/** Parses one part of the request; the first issue's message (the spec's wording) becomes the 400. */
const parsePart = (schema: z.ZodType | undefined, value: unknown): unknown => {
  // Parts the contract does not declare are not passed on: a handler sees only validated input.
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  // A safety net under the schemas (which refuse control characters with the field's own message):
  // PostgreSQL refuses a NUL in text, so one that a loose schema lets through would end as a 500.
  if (containsNul(result.data)) throw badRequest(INPUT_MSG.nul);
  return result.data;
};

const contextOf = (request: FastifyRequest, reply: FastifyReply): THandlerContext => {
  const base = { request, reply, log: request.log, request_id: request.id };
  const p = request.principal;
  if (!p) return { ...base, user_id: null, org_id: null, permissions: [] } satisfies TPublicContext;
  return { ...base, ...p } satisfies TUserContext;
};

/**
 * Registers an endpoint of the contract: its method and path under /api/v1, its access declaration (in
 * the route config, enforced by the access hook before the handler), validation of params, query and
 * body with the contract's schemas, and the `{code: 200, message, data}` envelope around the result.
 * The result is checked against the contract's response schema and only its fields are sent.
 */
export const route = <
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends TAccess,
>(
  app: FastifyInstance,
  endpoint: TEndpoint<P, Q, B, R, A>,
  handler: TRouteHandler<P, Q, B, R, A>,
  options: TRouteOptions = {},
): void => {
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    // An empty rateLimit takes the limits @fastify/rate-limit was registered with (app.ts).
    config: { access: endpoint.access, ...(options.limitPerAddress ? { rateLimit: {} } : {}) },
    handler: async (request, reply) => {
      const input = {
        params: parsePart(endpoint.params, request.params),
        query: parsePart(endpoint.query, request.query),
        body: endpoint.multipart ? request.body : parsePart(endpoint.body, request.body),
      } as TRouteInput<P, Q, B>;
      const result = await handler(input, contextOf(request, reply) as THandlerContext<A>);
      const [data, message] = isWithMessage(result)
        ? [result.data, result[MESSAGE]]
        : [result, DEFAULT_SUCCESS_MESSAGE];
      const checked = endpoint.response.safeParse(data);
      if (!checked.success) {
        request.log.error(
          { issues: checked.error.issues, url: endpoint.path },
          'response does not match the contract',
        );
        throw internalError();
      }
      return { code: 200, message, data: checked.data };
    },
  });
};
