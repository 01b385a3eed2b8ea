import { API_PREFIX, type TAccess, type TEndpoint } from '@feedloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, internalError } from '../lib/errors';
import type { THandlerContext, TOrgContext, TPublicContext, TUserContext } from './context';

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

/** Parses one part of the request; the first issue's message (the spec's wording) becomes the 400. */
const parsePart = (schema: z.ZodType | undefined, value: unknown): unknown => {
  // Parts the contract does not declare are not passed on: a handler sees only validated input.
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
};

const contextOf = (request: FastifyRequest, reply: FastifyReply): THandlerContext => {
  const base = { request, reply, log: request.log, request_id: request.id };
  const p = request.principal;
  if (!p) return { ...base, user_id: null, org_id: null, permissions: [] } satisfies TPublicContext;
  return { ...base, ...p } satisfies TUserContext as TUserContext | TOrgContext;
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
): void => {
  app.route({
    method: endpoint.method,
    url: API_PREFIX + endpoint.path,
    config: { access: endpoint.access },
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
