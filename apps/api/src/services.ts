import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from './db/client';
import type { TEnv } from './env';
import { QUEUES, type TJobs } from './jobs/boss';
import { systemClock, type TClock } from './lib/clock';
import { createCipher } from './lib/crypto';
import { createPasswordHasher, type TPasswordHasher } from './lib/passwords';
import { createMailer, smtpTransport, type TMailTransport } from './mail/mailer';
import { createAccountService } from './modules/account/service';
import { createAuditService } from './modules/audit/service';
import { createAuthService } from './modules/auth/service';
import { createChannelsService } from './modules/channels/service';
import { createChannelCallRecorder } from './modules/channels/api-calls';
import { createDashboardService } from './modules/dashboard/service';
import { createChannelWizardService } from './modules/channels/wizard';
import { createDataSourcesService } from './modules/data-sources/service';
import { createNotificationsService } from './modules/notifications/service';
import { createThrottle } from './modules/auth/throttle';
import { createAccessTokens } from './modules/auth/tokens';
import { createHealthService } from './modules/health/service';
import { createOrganizationsService } from './modules/organizations/service';
import { createWorkspaceService } from './modules/workspace/service';
import { createProductsBulkService } from './modules/products/bulk';
import { createShopRejudge } from './modules/products/rejudge';
import { createProductsService } from './modules/products/service';
import { createProfileService } from './modules/profile/service';
import { createRolesService } from './modules/roles/service';
import { createShopsService } from './modules/shops/service';
import { createStaffService } from './modules/staff/service';
import { createOidcConfigurations, oidcSettingsFromEnv } from './modules/social/oidc';
import { createSocialService } from './modules/social/service';
import { createSyncServices } from './modules/sync/wiring';

export interface TDeps {
  env: TEnv;
  database: TDatabase;
  log: FastifyBaseLogger;
  /** pg-boss; null where no queue runs (then mail failures surface instead of being queued). */
  jobs?: TJobs | null;
  /** SMTP over SMTP_URL unless given (tests pass an in-memory outbox). */
  mailTransport?: TMailTransport;
  clock?: TClock;
  /** argon2id at its default cost unless given (tests pass a cheaper argon2id). */
  passwords?: TPasswordHasher;
}

/** Mail that failed to go out now, sealed with ENCRYPTION_KEY while it waits in the queue (it may hold a code). */
export interface TSendMailJob {
  sealed: string;
}

/** Builds the services once; the HTTP app and the job workers share them. */
export const createServices = (deps: TDeps) => {
  const { env, database } = deps;
  const clock = deps.clock ?? systemClock;
  const cipher = createCipher(env.ENCRYPTION_KEY);
  const jobs = deps.jobs ?? null;
  const mailTransport = deps.mailTransport ?? smtpTransport(env.SMTP_URL);
  const mailer = createMailer({
    transport: mailTransport,
    from: env.MAIL_FROM,
    log: deps.log,
    enqueue: jobs
      ? async (mail) => {
          const job: TSendMailJob = { sealed: cipher.encrypt(JSON.stringify(mail)) };
          await jobs.send(QUEUES.sendMail, job, { retryLimit: 10, retryDelay: 5, retryBackoff: true });
        }
      : undefined,
  });
  const passwords = deps.passwords ?? createPasswordHasher();
  const appUrl = env.APP_URL;
  const accessTokens = createAccessTokens({
    secret: env.JWT_SECRET,
    ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    clock,
  });
  const throttle = createThrottle({
    db: database.db,
    clock,
    cipher,
    settings: {
      freeAttempts: env.AUTH_FREE_ATTEMPTS,
      delayBaseSeconds: env.AUTH_DELAY_BASE_SECONDS,
      delayMaxSeconds: env.AUTH_DELAY_MAX_SECONDS,
      attemptWindowSeconds: env.AUTH_ATTEMPT_WINDOW_SECONDS,
      mailsPerHour: env.AUTH_MAILS_PER_HOUR,
    },
  });
  const shopRejudge = createShopRejudge({ db: database.db, jobs });
  const core = {
    env,
    database,
    db: database.db,
    clock,
    cipher,
    jobs,
    mailer,
    mailTransport,
    shopRejudge,
    accessTokens,
    auth: createAuthService({
      db: database.db,
      clock,
      cipher,
      accessTokens,
      mailer,
      passwords,
      throttle,
      refreshTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      refreshGraceSeconds: env.REFRESH_GRACE_SECONDS,
    }),
    health: createHealthService({ database, jobs }),
    organizations: createOrganizationsService({ db: database.db, clock }),
    workspace: createWorkspaceService({ db: database.db }),
    shops: createShopsService({ db: database.db, clock, rejudge: shopRejudge }),
    notifications: createNotificationsService({ db: database.db, clock, mailer, appUrl, log: deps.log }),
  };
  const products = createProductsService({ db: database.db });
  // Sign-in after sign-up (invitation, reset, social, support) shares auth's login reply builder.
  const staff = createStaffService({
    db: database.db,
    clock,
    cipher,
    mailer,
    passwords,
    auth: core.auth,
    appUrl,
    invitationTtlDays: env.INVITATION_TTL_DAYS,
  });
  const services = {
    ...core,
    staff,
    roles: createRolesService({ db: database.db, clock }),
    audit: createAuditService({ db: database.db }),
    account: createAccountService({
      db: database.db,
      clock,
      mailer,
      passwords,
      throttle,
      auth: core.auth,
      appUrl,
      log: deps.log,
    }),
    social: createSocialService({
      db: database.db,
      clock,
      cipher,
      oidc: createOidcConfigurations(oidcSettingsFromEnv(env)),
      mailer,
      throttle,
      auth: core.auth,
      invitations: staff,
      appUrl,
      log: deps.log,
    }),
    profile: createProfileService({ db: database.db, clock }),
    channels: createChannelsService({
      db: database.db,
      clock,
      cipher,
      log: deps.log,
      calls: createChannelCallRecorder({ db: database.db, clock, log: deps.log }),
      events: core.notifications.events,
      google: {
        oauth:
          env.GOOGLE_MERCHANT_CLIENT_ID && env.GOOGLE_MERCHANT_CLIENT_SECRET
            ? {
                authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
                tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
                clientId: env.GOOGLE_MERCHANT_CLIENT_ID,
                clientSecret: env.GOOGLE_MERCHANT_CLIENT_SECRET,
                redirectUri: `${appUrl.replace(/\/+$/, '')}/google-callback`,
              }
            : null,
        merchantApiUrl: env.GOOGLE_MERCHANT_API_URL,
        siteVerificationApiUrl: env.GOOGLE_SITE_VERIFICATION_API_URL,
      },
      microsoft:
        env.MICROSOFT_ADS_CLIENT_ID && env.MICROSOFT_ADS_CLIENT_SECRET && env.MICROSOFT_ADS_DEVELOPER_TOKEN
          ? {
              oauth: {
                authorizeUrl: env.MICROSOFT_OAUTH_AUTHORIZE_URL,
                tokenUrl: env.MICROSOFT_OAUTH_TOKEN_URL,
                clientId: env.MICROSOFT_ADS_CLIENT_ID,
                clientSecret: env.MICROSOFT_ADS_CLIENT_SECRET,
                redirectUri: `${appUrl.replace(/\/+$/, '')}/microsoft-callback`,
              },
              ads: {
                customerApiUrl: env.MICROSOFT_CUSTOMER_API_URL,
                campaignApiUrl: env.MICROSOFT_CAMPAIGN_API_URL,
                contentApiUrl: env.MICROSOFT_CONTENT_API_URL,
                developerToken: env.MICROSOFT_ADS_DEVELOPER_TOKEN,
              },
            }
          : undefined,
      meta:
        env.META_APP_ID && env.META_APP_SECRET
          ? {
              oauth: {
                dialogUrl: env.META_DIALOG_URL,
                graphUrl: env.META_GRAPH_API_URL,
                appId: env.META_APP_ID,
                appSecret: env.META_APP_SECRET,
                redirectUri: `${appUrl.replace(/\/+$/, '')}/facebook-callback`,
              },
              poll: { intervalMs: env.META_BATCH_POLL_INTERVAL_MS, maxPolls: env.META_BATCH_MAX_POLLS },
            }
          : undefined,
      http: {
        settings: {
          maxAttempts: env.GOOGLE_API_MAX_ATTEMPTS,
          baseMs: env.GOOGLE_API_BACKOFF_BASE_MS,
          maxMs: env.GOOGLE_API_BACKOFF_MAX_MS,
          timeoutMs: env.GOOGLE_API_TIMEOUT_SECONDS * 1000,
        },
      },
    }),
    dataSources: createDataSourcesService({
      db: database.db,
      clock,
      jobs,
      mailer,
      appUrl,
      log: deps.log,
      settings: {
        holdShare: env.IMPORT_HOLD_SHARE,
        batchSize: env.IMPORT_BATCH_SIZE,
        fetchTimeoutMs: env.IMPORT_FETCH_TIMEOUT_SECONDS * 1000,
        allowPrivateUrls: env.IMPORT_ALLOW_PRIVATE_URLS,
        lease: { seconds: env.IMPORT_LEASE_SECONDS, heartbeatSeconds: env.IMPORT_HEARTBEAT_SECONDS },
      },
      notifications: core.notifications.events,
    }),
    products,
    dashboard: createDashboardService({ db: database.db, clock, products }),
    productsBulk: createProductsBulkService({
      db: database.db,
      clock,
      jobs,
      products,
      log: deps.log,
      batchSize: env.BULK_APPLY_BATCH_SIZE,
    }),
  };
  const built = {
    ...services,
    channelWizard: createChannelWizardService({ db: database.db, clock, log: deps.log, channels: services.channels }),
  };
  return { ...built, ...createSyncServices(built, deps.log) };
};
export type TServices = ReturnType<typeof createServices>;
