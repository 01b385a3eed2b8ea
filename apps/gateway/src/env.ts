import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const GATEWAY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(GATEWAY_ROOT, '../..');

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

const ZBooleanString = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

export const ZEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Base of the private API v1, prefix included, e.g. http://127.0.0.1:4020/api/v1. */
    API_URL: z.url({
      protocol: /^https?$/,
      error: 'must be an http(s) URL such as http://127.0.0.1:4020/api/v1',
    }),
    /**
     * 32-byte secretbox key(s) as 64 hex chars. Several keys may be given comma-separated to rotate:
     * the first encrypts, all of them decrypt.
     */
    SESSION_KEY: z
      .string()
      .transform((v) => v.split(',').map((k) => k.trim()))
      .refine((keys) => keys.every((k) => HEX_KEY_RE.test(k)), 'must be 64 hex characters (32 bytes)'),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
    APP_URL: z.url().optional(),
    SANDBOX_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Built SPA to serve. */
    WEB_DIST: z.string().min(1).default(path.join(GATEWAY_ROOT, '../web/dist')),
    COOKIE_SECURE: ZBooleanString.optional(),
    /**
     * A load balancer in front of the gateway whose X-Forwarded-For names the browser: `false` (the default,
     * the gateway is the edge) or a comma-separated list of addresses, CIDR ranges and loopback, linklocal,
     * uniquelocal. The browser's address goes on to the api, which limits sign-in attempts per address.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .max(1000)
      .refine(
        (v) => v === 'false' || v.split(',').every((e) => isProxyEntry(e.trim())),
        'must be false or a comma-separated list of addresses, CIDR ranges and loopback/linklocal/uniquelocal',
      )
      .transform((v) => (v === 'false' ? false : v.replace(/\s+/g, '')))
      .default(false),
    /** Idle lifetime of the session cookie; every token refresh renews it. */
    SESSION_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 24 * 3600),
  })
  .transform((env) => ({
    ...env,
    // Served over https (APP_URL), cookies are always Secure. Otherwise browsers would drop Secure cookies
    // over plain http, which is how development, tests and the 127.0.0.1 demo run.
    COOKIE_SECURE:
      env.APP_URL?.startsWith('https:') ||
      (env.COOKIE_SECURE ?? (env.NODE_ENV !== 'development' && env.NODE_ENV !== 'test')),
  }));
export type TEnv = z.output<typeof ZEnvSchema>;

/**
 * Outside production, a gateway started on its own (not through scripts/serve.mjs) takes the session key
 * kept in the data directory, generating it the first time, exactly as the embedded default does.
 */
const embeddedSessionKey = (dataDir: string): string => {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof secrets.SESSION_KEY === 'string') return secrets.SESSION_KEY;
    const key = randomBytes(32).toString('hex');
    writeFileSync(file, JSON.stringify({ ...secrets, SESSION_KEY: key }, null, 2), { mode: 0o600 });
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, JSON.stringify({ SESSION_KEY: key }, null, 2), { mode: 0o600 });
  return key;
};

/** Reads the environment once, at start-up; the error names every missing or invalid variable. */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): TEnv => {
  const raw: Record<string, string | undefined> = { ...source };
  for (const [k, v] of Object.entries(raw)) if (v === '') raw[k] = undefined;
  if (!raw.SESSION_KEY && raw.NODE_ENV !== 'production') {
    raw.SESSION_KEY = embeddedSessionKey(raw.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  }
  const parsed = ZEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return raw[name] === undefined ? `${name} is missing` : `${name} ${issue.message}`;
    });
    throw new Error(`Invalid gateway environment:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
};
