import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { INTERNAL_ERROR_MESSAGE } from '@feedloom/contracts';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { isTrpcPath, securityHeaders } from './security-headers';

/**
 * Errors that happen before a route (or tRPC) answers — a body, address or headers too large, a malformed
 * address — answered in the shape every other error of that path has: the tRPC error shape under /trpc (so the
 * web's tRPC client shows the message), the `{code, message, data}` envelope elsewhere. Never a stack,
 * a file path or the request echoed back.
 */

export const BODY_TOO_LARGE_MESSAGE = 'The request is too large.';
export const URL_TOO_LONG_MESSAGE = 'The request address is too long.';
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large.';
export const BAD_URL_MESSAGE = 'The request address is not valid.';
export const BAD_REQUEST_MESSAGE = 'The request could not be read.';
export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long.';

/** tRPC has no keys for some statuses; the web only needs the message and a client-error code for those. */
const TRPC_KEY_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** The error body for `status` on `url`, in that path's shape. */
export const errorBody = (url: string, status: number, message: string): unknown => {
  if (!isTrpcPath(url)) return { code: status, message, data: null };
  const key = TRPC_KEY_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return { error: { message, code: TRPC_ERROR_CODES_BY_KEY[key], data: { code: key, httpStatus: status } } };
};

/** The user-facing message for a client error Fastify raised itself (its own messages may name internals). */
const clientErrorMessage = (status: number): string => {
  if (status === 413) return BODY_TOO_LARGE_MESSAGE;
  if (status === 414) return URL_TOO_LONG_MESSAGE;
  if (status === 431) return HEADERS_TOO_LARGE_MESSAGE;
  if (status === 408) return REQUEST_TIMEOUT_MESSAGE;
  return BAD_REQUEST_MESSAGE;
};

const sendError = (req: FastifyRequest, reply: FastifyReply, status: number, message: string) =>
  reply
    .code(status)
    // Router-level failures skip the onSend hook: the security headers are set here too.
    .headers({ ...securityHeaders(req.url), 'cache-control': 'no-store' })
    .type('application/json; charset=utf-8')
    .send(errorBody(req.url, status, message));

/** Fastify's own errors (body too large, unreadable body, unsupported media type) and anything unexpected. */
export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(req, reply, status, clientErrorMessage(status));
    req.log.error({ err }, 'request failed');
    return sendError(req, reply, 500, INTERNAL_ERROR_MESSAGE);
  });
};

/** Router-level failures: a malformed address (400) or a path segment over maxParamLength (414). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, req, reply) => {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.statusCode === 500 ? 500 : 400;
  const message =
    status === 414 ? URL_TOO_LONG_MESSAGE : status === 500 ? INTERNAL_ERROR_MESSAGE : BAD_URL_MESSAGE;
  void sendError(req, reply, status, message);
};

/** The request line of a request Node could not parse, when it got that far. */
const requestPathOf = (rawPacket: unknown): string => {
  if (!Buffer.isBuffer(rawPacket)) return '';
  const line = rawPacket.subarray(0, Math.min(rawPacket.length, 4096)).toString('latin1').split('\r\n', 1)[0];
  return line?.split(' ')[1] ?? '';
};

/**
 * Node's HTTP parser errors (headers or address over the size limit: 431; a timeout: 408; anything else: 400)
 * never reach Fastify's routing, so the reply is written to the socket here, in the same shape.
 */
export const clientErrorHandler = function (
  this: FastifyInstance,
  err: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Duplex,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const path = requestPathOf(err.rawPacket);
  const body = JSON.stringify(errorBody(path, status, clientErrorMessage(status)));
  const headers = { ...securityHeaders(path), 'cache-control': 'no-store' };
  this.log.debug({ code: err.code, status }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n' +
        body,
    );
  }
  socket.destroy(err);
};
