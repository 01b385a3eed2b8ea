import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { REQUEST_ID_HEADER } from '@feedloom/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { CHANGE_DECLARATIONS } from './changes';
import { createAuthenticator } from './http/access';
import { createChangeRecorder } from './modules/audit/recorder';
import { frameworkErrors, installHttp } from './http/plugin';
import { accountRoutes } from './modules/account/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { channelRoutes } from './modules/channels/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { channelWizardRoutes } from './modules/channels/wizard-routes';
import { syncRoutes } from './modules/sync/routes';
import { dataSourceRoutes } from './modules/data-sources/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { addressLimitOptions } from './modules/auth/throttle';
import { healthRoutes } from './modules/health/routes';
import { organizationsRoutes } from './modules/organizations/routes';
import { workspaceRoutes } from './modules/workspace/routes';
import { productBulkRoutes } from './modules/products/bulk-routes';
import { productRoutes } from './modules/products/routes';
import { profileRoutes } from './modules/profile/routes';
import { referenceRoutes } from './modules/reference/routes';
import { rolesRoutes } from './modules/roles/routes';
import { shopRoutes } from './modules/shops/routes';
import { socialRoutes } from './modules/social/routes';
import { staffRoutes } from './modules/staff/routes';
import { createServices, type TDeps, type TServices } from './services';

const REQUEST_ID_RE = /^[\w.:-]{1,128}$/;

export type TAppDeps = TDeps & {
  /** Extra routes (tests register test-only routes here, before the app is ready). */
  register?: (app: FastifyInstance, services: TServices) => void;
};

/**
 * The private API v1 as a Fastify instance, not listening: `main.ts` listens, tests use `app.inject`.
 * The caller owns the database and the job queue and closes them after the app.
 */
export const buildApp = async (deps: TAppDeps): Promise<FastifyInstance> => {
  const services = createServices(deps);
  const app = Fastify({
    loggerInstance: deps.log,
    // One line per request, written by the onResponse hook of installHttp.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    // The gateway passes its request id so one id links gateway and api log lines.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    // request.ip is the client the gateway names only when the peer is a trusted proxy: anyone else could
    // put any address in X-Forwarded-For and escape the per-address limit.
    trustProxy: deps.env.TRUST_PROXY,
    // A path Fastify's router cannot read (bad percent-encoding, a segment too long) in the envelope too.
    frameworkErrors,
  });

  installHttp(app, createAuthenticator({ db: services.db, accessTokens: services.accessTokens }));
  app.changeHook = createChangeRecorder({ db: services.db, app, declarations: CHANGE_DECLARATIONS }).begin;
  // Awaited so its onRoute hook is in place before the routes that opt in are declared.
  await app.register(rateLimit, addressLimitOptions(deps.env));
  healthRoutes(app, services.health);
  authRoutes(app, services.auth);
  accountRoutes(app, services.account);
  socialRoutes(app, services.social);
  profileRoutes(app, services.profile);
  referenceRoutes(app, services);
  organizationsRoutes(app, services);
  workspaceRoutes(app, services.workspace);
  shopRoutes(app, services.shops);
  staffRoutes(app, services.staff);
  rolesRoutes(app, services.roles);
  auditRoutes(app, services.audit);
  dataSourceRoutes(app, services.dataSources);
  productRoutes(app, services.products);
  productBulkRoutes(app, services.productsBulk);
  channelRoutes(app, services.channels);
  notificationRoutes(app, services.notifications);
  dashboardRoutes(app, services.dashboard);
  channelWizardRoutes(app, services.channelWizard);
  syncRoutes(app, services.sync);
  deps.register?.(app, services);

  app.addHook('onClose', async () => services.mailTransport.close?.());
  await app.ready();
  return app;
};
