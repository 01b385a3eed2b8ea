import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const HEX_KEY_RE = /^[0-9a-fA-F]{64}$/;

/** Named address ranges Fastify's trustProxy understands, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyEntry = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which peers may say who the client is (X-Forwarded-For): `false` for none, or a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
const ZTrustProxySchema = z
  .string()
  .trim()
  .max(1000)
  .transform((value, ctx): false | string => {
    if (value === 'false') return false;
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: not an address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries.join(',');
  });

const count = (fallback: number) => z.coerce.number().int().positive().max(1_000_000).default(fallback);
const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 86_400)
    .default(fallback);

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4020),
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL when set; embedded PGlite under `${DATA_DIR}/pglite` otherwise. */
  DATABASE_URL: z.url().optional(),
  PG_POOL_MAX: z.coerce.number().int().positive().default(10),
  JWT_SECRET: z.string({ error: 'JWT_SECRET is required' }).min(1, 'JWT_SECRET is required'),
  /** 32 bytes as 64 hex characters (`openssl rand -hex 32`): encrypts secrets at rest (AES-256-GCM). */
  ENCRYPTION_KEY: z
    .string({ error: 'ENCRYPTION_KEY is required' })
    .regex(HEX_KEY_RE, 'ENCRYPTION_KEY must be 64 hex characters (openssl rand -hex 32)'),
  /** The embedded default is the sandbox's SMTP catcher. */
  SMTP_URL: z.string().default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Feedloom <no-reply@feedloom.test>'),
  APP_URL: z.url().default('http://127.0.0.1:3000'),
  SANDBOX_URL: z.url().default('http://127.0.0.1:4010'),
  /** Social sign-in (OpenID Connect): issuer, client id and secret per provider; unset issuer = off. */
  GOOGLE_OIDC_ISSUER: z.url().optional(),
  GOOGLE_OIDC_CLIENT_ID: z.string().optional(),
  GOOGLE_OIDC_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_OIDC_ISSUER: z.url().optional(),
  MICROSOFT_OIDC_CLIENT_ID: z.string().optional(),
  MICROSOFT_OIDC_CLIENT_SECRET: z.string().optional(),
  /**
   * The Google channel (Merchant API v1): OAuth 2.0 endpoints, the Merchant API base and the OAuth client.
   * The URLs default to Google's own; `npm start` and the tests point them at the sandbox. Without a
   * client id and secret the channel is off (its endpoints answer 503).
   */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_MERCHANT_API_URL: z.url().default('https://merchantapi.googleapis.com'),
  /** Google's Site Verification API (domain verification step of the wizard). */
  GOOGLE_SITE_VERIFICATION_API_URL: z.url().default('https://www.googleapis.com'),
  GOOGLE_MERCHANT_CLIENT_ID: z.string().optional(),
  GOOGLE_MERCHANT_CLIENT_SECRET: z.string().optional(),
  /** Attempts of one Google call on 429/5xx/network errors, and the backoff between them (exponential, jittered). */
  GOOGLE_API_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  GOOGLE_API_BACKOFF_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  GOOGLE_API_BACKOFF_MAX_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** One Google call (connect, headers, body) gives up after this long; it then counts as a failed attempt. */
  GOOGLE_API_TIMEOUT_SECONDS: seconds(30),
  /**
   * The Microsoft channel (Merchant Center through Microsoft Advertising): the identity platform's OAuth
   * endpoints, the Customer Management, Campaign Management and Content API bases, the OAuth client and the
   * developer token. Without client id, secret and developer token the channel is off (503). Calls share the
   * GOOGLE_API_* retry, backoff and timeout settings.
   */
  MICROSOFT_OAUTH_AUTHORIZE_URL: z.url().default('https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
  MICROSOFT_OAUTH_TOKEN_URL: z.url().default('https://login.microsoftonline.com/common/oauth2/v2.0/token'),
  MICROSOFT_CUSTOMER_API_URL: z.url().default('https://clientcenter.api.bingads.microsoft.com'),
  MICROSOFT_CAMPAIGN_API_URL: z.url().default('https://campaign.api.bingads.microsoft.com'),
  MICROSOFT_CONTENT_API_URL: z.url().default('https://content.api.bingads.microsoft.com'),
  MICROSOFT_ADS_CLIENT_ID: z.string().max(200).optional(),
  MICROSOFT_ADS_CLIENT_SECRET: z.string().max(500).optional(),
  MICROSOFT_ADS_DEVELOPER_TOKEN: z.string().max(200).optional(),
  /** The Meta channel: Facebook Login's dialog, the Graph API base (with its version) and the app. Unset app = off. */
  META_DIALOG_URL: z.url().default('https://www.facebook.com/v25.0/dialog/oauth'),
  META_GRAPH_API_URL: z.url().default('https://graph.facebook.com/v25.0'),
  META_APP_ID: z.string().max(200).optional(),
  META_APP_SECRET: z.string().max(500).optional(),
  /** items_batch handles are checked this often, at most this many times, before a batch counts as unconfirmed. */
  META_BATCH_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  META_BATCH_MAX_POLLS: z.coerce.number().int().min(1).max(1000).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** A rotated refresh token presented again within this window returns the same new pair. */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(10),
  /** An invitation link works this long after it was sent (or last re-sent). */
  INVITATION_TTL_DAYS: z.coerce.number().int().positive().max(365).default(7),
  /** The gateway (or a load balancer) in front of the api: only these may name the client's address. */
  TRUST_PROXY: ZTrustProxySchema.default('loopback'),
  /**
   * Password and code guessing, per account (login e-mail, sign-up code of a user), kept in the database:
   * this many failures are free, then each further one waits a delay that doubles from the base up to the
   * cap. Failures are forgotten once the window has passed; a success forgets them at once.
   */
  AUTH_FREE_ATTEMPTS: count(5),
  AUTH_DELAY_BASE_SECONDS: seconds(30),
  AUTH_DELAY_MAX_SECONDS: seconds(15 * 60),
  AUTH_ATTEMPT_WINDOW_SECONDS: seconds(24 * 3600),
  /** Sign-up codes and reset links one address may ask for per hour (on top of the 30 s / 60 s waits). */
  AUTH_MAILS_PER_HOUR: count(5),
  /** Requests one client address may make to each sign-in and sign-up endpoint per window. */
  AUTH_IP_MAX_REQUESTS: count(20),
  AUTH_IP_WINDOW_SECONDS: seconds(60),
  /**
   * Share (0 to 1) of a shop's products a full re-import may remove without asking: above it the run is
   * held until the merchant confirms or discards the removal.
   */
  IMPORT_HOLD_SHARE: z.coerce.number().min(0).max(1).default(0.2),
  /** Products merged per statement (and per transaction) by the import job. */
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Products a bulk customisation run changes per statement (and per transaction). */
  BULK_APPLY_BATCH_SIZE: z.coerce.number().int().min(1).max(20_000).default(2000),
  /**
   * How often the worker looks for URL sources whose fetch is due. pg-boss's cron ticks every minute; a
   * shorter interval (tests, e2e) adds ticks from a timer in the worker.
   */
  IMPORT_SCHEDULE_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /**
   * A running import holds its run (and its data source) for this long without renewing it. When its worker
   * dies the lease passes and the run is resumed from its last committed batch (or failed): every worker checks
   * for passed leases at start-up and every half lease, so a killed import moves again within 1.5 leases.
   */
  IMPORT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /** How often a running import renews its lease (less than IMPORT_LEASE_SECONDS). */
  IMPORT_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(1800).default(10),
  /**
   * The channel sync engine (modules/sync). The publish gate: a sync that would newly hold back or remove more
   * than this share (0 to 1) of the items live on a channel waits for the merchant's confirmation.
   */
  SYNC_GATE_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  /** Channel calls in flight at once per sync (Google takes one item per call). */
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** Items the engine hands the channel adapter at once (Microsoft takes up to 300 a call, Meta 5,000). */
  SYNC_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
  /** How often the worker looks for changed products and due schedules (pg-boss ticks each minute; less adds a timer). */
  SYNC_TICK_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** A status pull-back this long after a sync that sent something, and at least this often. */
  SYNC_STATUS_PULL_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  SYNC_STATUS_PULL_EVERY_SECONDS: z.coerce.number().int().min(10).max(7 * 86_400).default(3600),
  /** An unchanged item is sent again after this many days (Google expires items after 30 days unseen). */
  SYNC_REFRESH_AFTER_DAYS: z.coerce.number().int().min(1).max(29).default(25),
  /** The public origin of the feed files (`{origin}/feeds/{token}.xml`); APP_URL when unset. */
  FEED_BASE_URL: z.url().optional(),
  /**
   * A feed file of at least this many products is built on every core (one id range, worker thread and
   * database connection each; PostgreSQL only). 0, the default, never shards: on two cores shared with
   * PostgreSQL one thread with its next page read ahead was faster (sync-bench.ts measures both).
   */
  FEED_SHARD_FROM: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** A CSV URL download gives up after this long. */
  IMPORT_FETCH_TIMEOUT_SECONDS: seconds(60),
  /**
   * Let CSV URLs reach loopback, private and link-local addresses. Off: a merchant cannot make the server
   * fetch internal URLs. Tests turn it on to serve files from 127.0.0.1.
   */
  IMPORT_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type TEnv = z.infer<typeof ZEnvSchema> & { DATA_DIR: string };

/** Thrown when the environment is unusable; the message names every bad variable. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads the environment once, at start-up. Empty strings count as unset, so `FOO=` falls back to the
 * default. `overrides` win over `source` (tests pass their own values and keep process.env out).
 */
export const loadEnv = (
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Record<keyof z.input<typeof ZEnvSchema>, string | number>> = {},
): TEnv => {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ZEnvSchema.shape)) {
    const value = key in overrides ? overrides[key as keyof typeof overrides] : source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = ZEnvSchema.superRefine((env, ctx) => {
    if (env.IMPORT_HEARTBEAT_SECONDS >= env.IMPORT_LEASE_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['IMPORT_HEARTBEAT_SECONDS'],
        message: 'IMPORT_HEARTBEAT_SECONDS must be less than IMPORT_LEASE_SECONDS',
      });
    }
    // An issuer without its client is a half-configured provider: say so at start-up, not at first sign-in.
    if (Boolean(env.GOOGLE_MERCHANT_CLIENT_ID) !== Boolean(env.GOOGLE_MERCHANT_CLIENT_SECRET)) {
      const missing = env.GOOGLE_MERCHANT_CLIENT_ID ? 'GOOGLE_MERCHANT_CLIENT_SECRET' : 'GOOGLE_MERCHANT_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is required with ${missing === 'GOOGLE_MERCHANT_CLIENT_ID' ? 'GOOGLE_MERCHANT_CLIENT_SECRET' : 'GOOGLE_MERCHANT_CLIENT_ID'}`,
      });
    }
    for (const provider of ['GOOGLE', 'MICROSOFT'] as const) {
      if (!env[`${provider}_OIDC_ISSUER`]) continue;
      for (const name of [`${provider}_OIDC_CLIENT_ID`, `${provider}_OIDC_CLIENT_SECRET`] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is required with ${provider}_OIDC_ISSUER`,
          });
        }
      }
    }
  }).safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
};

/** Values good enough for tests: fixed secrets, silent logs. */
export const testEnv = (overrides: Parameters<typeof loadEnv>[1] = {}): TEnv =>
  loadEnv(
    {},
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-jwt-secret-test-jwt-secret-0000',
      ENCRYPTION_KEY: '0'.repeat(63) + '1',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/feedloom-api-test',
      // Every test signs in from 127.0.0.1; the per-address limit has its own tests with a tiny value.
      AUTH_IP_MAX_REQUESTS: 100_000,
      ...overrides,
    },
  );
