import {
  INTERNAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  REQUEST_ID_HEADER,
  type TEnvelope,
} from '@feedloom/contracts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { INPUT_MSG, isAppError, isBadInputDatabaseError } from '../lib/errors';
import type { createAuthenticator } from './access';
import './context';

const envelope = (code: number, message: string, data: unknown = null, field?: string): TEnvelope => ({
  code,
  message,
  data,
  ...(field ? { field } : {}),
});

// Worded as the gateway's, which answers the same failures in front of the api.
export const BAD_URL_MESSAGE = 'The request address is not valid.';
export const URL_TOO_LONG_MESSAGE = 'The request address is too long.';

/**
 * Router-level failures, before any route or hook: a path that does not decode (400) or a segment over
 * maxParamLength (414). Fastify's default reply is not an envelope and repeats the whole path back.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  err,
  request,
  reply,
) => {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.statusCode === 500 ? 500 : 400;
  if (status === 500) request.log.error({ err }, 'router failed');
  const message =
    status === 414 ? URL_TOO_LONG_MESSAGE : status === 500 ? INTERNAL_ERROR_MESSAGE : BAD_URL_MESSAGE;
  void (reply as FastifyReply).code(status).send(envelope(status, message));
};

/**
 * The cross-cutting HTTP behaviour every route relies on: the route registry, the access hook, the
 * error envelope, the 404 envelope, and one log line per request carrying its request id.
 */
export const installHttp = (app: FastifyInstance, authenticate: ReturnType<typeof createAuthenticator>) => {
  app.decorate('registeredRoutes', []);
  app.decorate('changeHook', null);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      app.registeredRoutes.push({ method, url: opts.url, access: opts.config?.access });
    }
  });

  // Before the body is read: an anonymous upload is refused without being parsed.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.is404) return;
    request.principal = await authenticate(request, request.routeOptions.config.access);
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user_id: request.principal?.user_id,
      },
      'request',
    );
  });

  app.setErrorHandler(
    (
      err: Error & Partial<Pick<FastifyError, 'statusCode'>>,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => {
      if (isAppError(err)) {
        if (err.code >= 500) request.log.error({ err }, 'request failed');
        return reply
          .headers(err.headers)
          .status(err.code)
          .send(envelope(err.code, err.message, err.data, err.field));
      }
      // The database refused a value the caller sent: a gap in a schema, logged so it gets closed.
      if (isBadInputDatabaseError(err)) {
        request.log.warn({ err }, 'database refused a request value');
        return reply.status(400).send(envelope(400, INPUT_MSG.unstorable));
      }
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type) are safe to show.
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send(envelope(status, err.message));
      }
      request.log.error({ err }, 'unexpected error');
      return reply.status(500).send(envelope(500, INTERNAL_ERROR_MESSAGE));
    },
  );

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(envelope(404, NOT_FOUND_MESSAGE)));
};
