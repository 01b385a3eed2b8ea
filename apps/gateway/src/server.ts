import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_MESSAGE, REQUEST_ID_HEADER } from '@feedloom/contracts';
import secureSession from '@fastify/secure-session';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Dispatcher } from 'undici';
import type { TEnv } from './env';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http-errors';
import { registerFeedRoutes } from './feeds';
import { registerMediaRoutes } from './media';
import { registerTransferRoutes, type TTransferTables } from './transfer';
import { fastifyCookieJar } from './cookie-jar';
import { isTrpcPath, securityHeaders, TRPC_PREFIX } from './security-headers';
import { AuthSession } from './session';
import { createContext } from './trpc/init';
import { appRouter, type AppRouter } from './trpc/root';
import { createUpstreamClient } from './upstream/client';
import { createRefresher } from './upstream/refresh';

export const SESSION_COOKIE = 'feedloom_session';
export { TRPC_PREFIX };

/**
 * Most procedures one tRPC request may batch. Every call of a batch is an api call, so an unbounded batch lets
 * one GET fan out to hundreds; the web's batch link sends at most 10 (apps/web/src/lib/trpc.ts).
 */
export const TRPC_MAX_BATCH_SIZE = 20;

export interface TServerDeps {
  env: TEnv;
  /** Stands in for the api in tests (undici MockAgent); by default a keep-alive Pool to API_URL. */
  dispatcher?: Dispatcher;
  /** The upload and download tables (transfer.ts); by default UPLOADS and DOWNLOADS. */
  transfers?: TTransferTables;
  /** Fastify's logger option; by default pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Feedloom</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem">
<h1>Feedloom</h1>
<p>The web app is not built. Run <code>pnpm build</code> (or <code>npm start</code>), then reload.</p>
</body></html>
`;

/** A browser navigation (not an asset, api or tRPC call) that the SPA's router should answer. */
const isNavigation = (req: FastifyRequest): boolean => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = req.url.split('?', 1)[0] ?? '/';
  if (isTrpcPath(pathname) || pathname.startsWith('/api/')) return false;
  // Routes may carry dots (an email in /create-password/{email}/…), so the Accept header decides first.
  if (req.headers.accept?.includes('text/html')) return true;
  return !path.posix.basename(pathname).includes('.');
};

export const buildServer = async ({
  env,
  dispatcher,
  logger,
  transfers,
}: TServerDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? {
      level: env.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // One line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // JSON bodies (tRPC) are forms of text; files come through /upload (transfer.ts), which has its own caps.
    bodyLimit: 1024 * 1024,
    // request.ip (passed on to the api, which limits sign-in attempts per address) is the peer, unless a
    // proxy in TRUST_PROXY names the client.
    trustProxy: env.TRUST_PROXY,
    // Errors raised before a route answers, in the same shape as every other error (http-errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  installErrorHandler(app);

  const client = createUpstreamClient({ apiUrl: env.API_URL, dispatcher });
  const refresher = createRefresher(client);
  app.addHook('onClose', async () => client.close());

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    reply.headers(securityHeaders(req.url));
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const line = {
      method: req.method,
      url: req.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (req.url === '/healthz') req.log.debug(line, 'request');
    else req.log.info(line, 'request');
  });

  await app.register(secureSession, {
    key: env.SESSION_KEY.map((hex) => Buffer.from(hex, 'hex')),
    cookieName: SESSION_COOKIE,
    expiry: env.SESSION_MAX_AGE_SECONDS,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: env.COOKIE_SECURE,
      maxAge: env.SESSION_MAX_AGE_SECONDS,
    },
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: ({ req, res }) =>
        createContext(
          { client, refresher },
          {
            req,
            reply: res,
            session: new AuthSession(req.session),
            cookies: fastifyCookieJar(req, res, env.COOKIE_SECURE),
            requestId: req.id,
          },
        ),
      onError: ({ error, path: procedure, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerMediaRoutes(app, { client, refresher });
  registerFeedRoutes(app, { client, refresher });
  registerTransferRoutes(app, { client, refresher }, transfers);

  app.get('/healthz', async () => ({ status: 'ok' }));

  const webDist = path.resolve(env.WEB_DIST);
  const isWebBuilt = existsSync(path.join(webDist, 'index.html'));
  if (isWebBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/; index.html must be revalidated to pick up new builds.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: serving a placeholder page');
  }

  app.setNotFoundHandler((req, reply) => {
    if (isNavigation(req)) {
      if (isWebBuilt) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    return reply.code(404).send({ code: 404, message: NOT_FOUND_MESSAGE, data: null });
  });

  return app;
};
