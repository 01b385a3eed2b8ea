import { Readable } from 'node:stream';
import { API_PREFIX, type TAccess, type TEndpoint } from '@feedloom/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppError } from '../lib/errors';
import { badRequest, INPUT_MSG, internalError } from '../lib/errors';
import { inRequestScope } from '../lib/request-scope';
import type { TChangeHook, THandlerContext, TPublicContext, TUserContext } from './context';

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

const BINARY = Symbol('binary');

/** What a `binary: true` endpoint's handler answers: bytes with their own headers instead of the envelope. */
export interface TBinaryBody {
  readonly [BINARY]: true;
  /**
   * The bytes: whole (Buffer, string) or as they come (a stream, an async iterable of chunks). An iterable's
   * first chunk is read before anything is sent, so a failure up to then still answers the error envelope.
   */
  body: Buffer | string | Readable | AsyncIterable<Buffer | string>;
  /** e.g. `text/csv; charset=utf-8`, `image/png`. */
  content_type: string;
  /** Sent as an attachment under this name (Content-Disposition); without it the bytes show inline. */
  file_name?: string;
  /** Cache-Control; by default `private, no-store` (a download is the caller's and of the moment). */
  cache_control?: string;
  last_modified?: Date;
}

/** `return binary({ body, content_type: 'text/csv; charset=utf-8', file_name })` from a binary endpoint. */
export const binary = (b: Omit<TBinaryBody, typeof BINARY>): TBinaryBody => ({ ...b, [BINARY]: true });

export const isBinary = (v: unknown): v is TBinaryBody => typeof v === 'object' && v !== null && BINARY in v;

/** `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name (RFC 6266). */
export const contentDisposition = (fileName: string): string => {
  // eslint-disable-next-line no-control-regex
  const clean = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 200) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const exact = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
};

const toBuffer = (chunk: Buffer | string): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk);

/**
 * The body as Fastify sends it. An async iterable (not a Node stream) is started here: its first chunk is
 * awaited, so an error before any byte (a refused id, a query failing) is thrown to the error envelope.
 */
const payloadOf = async (body: TBinaryBody['body']): Promise<Buffer | Readable> => {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return toBuffer(body);
  if (body instanceof Readable) return body;
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  return Readable.from(
    (async function* () {
      try {
        if (first.done) return;
        yield toBuffer(first.value);
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield toBuffer(next.value);
        }
      } finally {
        // A browser that went away destroys the stream: the source stops reading too (no more pages).
        await iterator.return?.();
      }
    })(),
    { objectMode: false },
  );
};

const sendBinary = async (reply: FastifyReply, result: TBinaryBody) => {
  const payload = await payloadOf(result.body);
  reply
    .code(200)
    .header('content-type', result.content_type)
    .header('cache-control', result.cache_control ?? 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  if (result.file_name !== undefined)
    reply.header('content-disposition', contentDisposition(result.file_name));
  if (result.last_modified) reply.header('last-modified', result.last_modified.toUTCString());
  if (Buffer.isBuffer(payload)) reply.header('content-length', payload.length);
  return reply.send(payload);
};

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
) => Promise<z.output<R> | TWithMessage<z.output<R>> | TBinaryBody>;

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
 * The result is checked against the contract's response schema and only its fields are sent. A
 * `binary: true` endpoint answers `binary({...})` instead: its bytes, content type, optional file name and
 * cache headers; its failures still answer the envelope.
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
      const ctx = contextOf(request, reply);
      return inRequestScope(request.ip, async () => {
        const recorded = app.changeHook
          ? await app.changeHook(endpoint, request, ctx, input as Parameters<TChangeHook>[3], request.log)
          : null;
        const result = await handler(input, ctx as THandlerContext<A>);
        // A binary endpoint answers bytes (and only bytes); any other answers the envelope.
        if ((endpoint.binary === true) !== isBinary(result)) {
          request.log.error({ url: endpoint.path }, 'binary and envelope answers mixed up');
          throw internalError();
        }
        if (isBinary(result)) {
          await recorded?.(undefined);
          return sendBinary(reply, result);
        }
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
        await recorded?.(checked.data);
        return { code: 200, message, data: checked.data };
      });
    },
  });
};
