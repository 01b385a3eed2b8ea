// Runs the whole system on its embedded defaults: migrate, seed, then sandbox + api (+ worker) + gateway.
// Used by `npm start` after it has installed and built, and by the e2e suite with its own data directory and ports.
// A process that stops on its own is started again (restart-policy.mjs: after 1 s, 2 s, 4 s… up to 30 s); only
// Ctrl-C or SIGTERM stops everything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { embeddedSecrets, log, ROOT, spawnChild } from './lib.mjs';
import { createRestartPolicy, formatDelay } from './restart-policy.mjs';

const env = process.env;
const dataDir = path.resolve(ROOT, env.DATA_DIR ?? '.data');
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 3000);
const apiPort = Number(env.API_PORT ?? 4020);
const sandboxPort = Number(env.SANDBOX_PORT ?? 4010);
const smtpPort = Number(env.SANDBOX_SMTP_PORT ?? 2525);
const appUrl = env.APP_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

const secrets = embeddedSecrets(dataDir);
const shared = {
  NODE_ENV: env.NODE_ENV ?? 'development',
  DATA_DIR: dataDir,
  APP_URL: appUrl,
  SANDBOX_URL: sandboxUrl,
  LOG_LEVEL: env.LOG_LEVEL ?? 'info',
};
const apiEnv = {
  ...shared,
  API_HOST: '127.0.0.1',
  API_PORT: String(apiPort),
  JWT_SECRET: env.JWT_SECRET ?? secrets.JWT_SECRET,
  ENCRYPTION_KEY: env.ENCRYPTION_KEY ?? secrets.ENCRYPTION_KEY,
  SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
  // Social sign-in: the sandbox's providers with their default clients, unless real issuers are configured
  // (a real issuer then needs its real client id and secret: the api names what is missing).
  GOOGLE_OIDC_ISSUER: env.GOOGLE_OIDC_ISSUER ?? `${sandboxUrl}/google`,
  GOOGLE_OIDC_CLIENT_ID: env.GOOGLE_OIDC_CLIENT_ID ?? (env.GOOGLE_OIDC_ISSUER ? '' : 'feedloom-google'),
  GOOGLE_OIDC_CLIENT_SECRET:
    env.GOOGLE_OIDC_CLIENT_SECRET ?? (env.GOOGLE_OIDC_ISSUER ? '' : 'sandbox-secret'),
  MICROSOFT_OIDC_ISSUER: env.MICROSOFT_OIDC_ISSUER ?? `${sandboxUrl}/microsoft`,
  MICROSOFT_OIDC_CLIENT_ID:
    env.MICROSOFT_OIDC_CLIENT_ID ?? (env.MICROSOFT_OIDC_ISSUER ? '' : 'feedloom-microsoft'),
  MICROSOFT_OIDC_CLIENT_SECRET:
    env.MICROSOFT_OIDC_CLIENT_SECRET ?? (env.MICROSOFT_OIDC_ISSUER ? '' : 'sandbox-secret'),
  // The Google channel: the sandbox's OAuth and Merchant API, unless real Google is configured (a real
  // client id then needs the real endpoints, which are the api's defaults: leave the URLs unset).
  ...(env.GOOGLE_MERCHANT_CLIENT_ID
    ? {}
    : {
        GOOGLE_OAUTH_AUTHORIZE_URL: env.GOOGLE_OAUTH_AUTHORIZE_URL ?? `${sandboxUrl}/google/authorize`,
        GOOGLE_OAUTH_TOKEN_URL: env.GOOGLE_OAUTH_TOKEN_URL ?? `${sandboxUrl}/google/token`,
        GOOGLE_MERCHANT_API_URL: env.GOOGLE_MERCHANT_API_URL ?? sandboxUrl,
        GOOGLE_SITE_VERIFICATION_API_URL: env.GOOGLE_SITE_VERIFICATION_API_URL ?? sandboxUrl,
        GOOGLE_MERCHANT_CLIENT_ID: 'feedloom-google',
        GOOGLE_MERCHANT_CLIENT_SECRET: 'sandbox-secret',
      }),
  // The Microsoft channel: the sandbox's identity platform and Microsoft Advertising, unless a real client is set.
  ...(env.MICROSOFT_ADS_CLIENT_ID
    ? {}
    : {
        MICROSOFT_OAUTH_AUTHORIZE_URL:
          env.MICROSOFT_OAUTH_AUTHORIZE_URL ?? `${sandboxUrl}/microsoft/authorize`,
        MICROSOFT_OAUTH_TOKEN_URL: env.MICROSOFT_OAUTH_TOKEN_URL ?? `${sandboxUrl}/microsoft/token`,
        MICROSOFT_CUSTOMER_API_URL: env.MICROSOFT_CUSTOMER_API_URL ?? sandboxUrl,
        MICROSOFT_CAMPAIGN_API_URL: env.MICROSOFT_CAMPAIGN_API_URL ?? sandboxUrl,
        MICROSOFT_CONTENT_API_URL: env.MICROSOFT_CONTENT_API_URL ?? sandboxUrl,
        MICROSOFT_ADS_CLIENT_ID: 'feedloom-microsoft',
        MICROSOFT_ADS_CLIENT_SECRET: 'sandbox-secret',
        MICROSOFT_ADS_DEVELOPER_TOKEN: 'sandbox-developer-token',
      }),
  // The Meta channel: the sandbox's Facebook Login and Graph API, unless a real app is set.
  ...(env.META_APP_ID
    ? {}
    : {
        META_DIALOG_URL: env.META_DIALOG_URL ?? `${sandboxUrl}/v25.0/dialog/oauth`,
        META_GRAPH_API_URL: env.META_GRAPH_API_URL ?? `${sandboxUrl}/v25.0`,
        META_APP_ID: 'feedloom-facebook',
        META_APP_SECRET: 'sandbox-secret',
      }),
};
const gatewayEnv = {
  ...shared,
  HOST: host,
  PORT: String(port),
  API_URL: env.API_URL ?? `http://127.0.0.1:${apiPort}/api/v1`,
  SESSION_KEY: env.SESSION_KEY ?? secrets.SESSION_KEY,
};
const sandboxEnv = { ...shared, SANDBOX_PORT: String(sandboxPort), SANDBOX_SMTP_PORT: String(smtpPort) };

const children = new Set();
/** Restarts waiting for their back-off. */
const restarts = new Set();
let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const timer of restarts) clearTimeout(timer);
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => {
    for (const c of children) c.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
  if (children.size === 0) process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// The api runs from its bundle (apps/api/dist/main.mjs, `pnpm build`: npm start and npm test build first) with
// plain node: no TypeScript loader in its processes (~100 MB of RSS each). Without a bundle it runs its sources
// through tsx, as the gateway and the sandbox always do.
const api = path.join(ROOT, 'apps/api');
const apiBundle = path.join(api, 'dist/main.mjs');
/** The newest modification time of the files under `dir` (the sources a bundle is built from). */
const newestIn = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
};
const bundled = existsSync(apiBundle);
if (bundled) {
  const built = statSync(apiBundle).mtimeMs;
  const sources = Math.max(
    newestIn(path.join(api, 'src')),
    ...['catalog', 'contracts', 'validation'].map((p) => newestIn(path.join(ROOT, 'packages', p, 'src'))),
  );
  log(`api: running the bundle ${path.relative(ROOT, apiBundle)} (built ${new Date(built).toISOString()})`);
  if (sources > built)
    log('api: warning: its sources changed since (run `pnpm build`, or delete apps/api/dist)');
} else {
  log(`api: no ${path.relative(ROOT, apiBundle)} (run \`pnpm build\`): running its sources through tsx`);
}
/** The command running an app: the api's bundle with node when it is built, otherwise the sources with tsx. */
const command = (cwd, args) =>
  cwd === api && bundled
    ? [process.execPath, [apiBundle, ...args]]
    : ['tsx', [path.join(cwd, 'src/main.ts'), ...args]];

/** Starts a long-running process, and starts it again whenever it stops on its own (with back-off). */
const start = (name, cwd, args, childEnv, policy = createRestartPolicy()) => {
  const child = spawnChild(name, ...command(cwd, args), childEnv);
  const startedAt = Date.now();
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    const delay = policy.delayAfter(Date.now() - startedAt);
    log(`${name} stopped (${code ?? signal}); starting it again in ${formatDelay(delay)}`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (stopping) return;
      log(`${name}: starting again`);
      start(name, cwd, args, childEnv, policy);
    }, delay);
    restarts.add(timer);
  });
  return child;
};

const once = (name, cwd, args, childEnv) =>
  new Promise((resolve, reject) => {
    const child = spawnChild(name, ...command(cwd, args), childEnv);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} ${args[0]} exited ${code}`)),
    );
  });

const waitFor = async (url, name) => {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become ready at ${url}`);
};

try {
  await once('migrate', api, ['migrate'], apiEnv);
  if (env.SEED !== 'false') await once('seed', api, ['seed'], apiEnv);
  start('sandbox', path.join(ROOT, 'apps/sandbox'), [], sandboxEnv);
  await waitFor(`${sandboxUrl}/health`, 'sandbox');
  // PGlite is one process's database: embedded, the api runs the job worker in-process.
  // With PostgreSQL the worker is its own process, as in production.
  const external = Boolean(env.DATABASE_URL);
  start('api', api, external ? ['serve'] : ['serve', '--with-worker'], apiEnv);
  // The worker's V8 heap is bounded (WORKER_HEAP_MB): V8 otherwise lets an import's heap grow lazily to
  // several times what is live; the import itself holds two batches, whatever the file's size.
  // 128 MB: run from the bundle, a 200,000-row import peaks at ~200 MB RSS with it (the import bench), flat in
  // the file's size. A larger limit saves some CPU but lets the heap fill up to it on big files.
  // WORKER_HEAP_MB=0 leaves V8's default (fewer collections, at the cost of memory: ~525 MB).
  const heapMb = Number(env.WORKER_HEAP_MB ?? 128);
  const workerOptions = [env.NODE_OPTIONS, heapMb > 0 ? `--max-old-space-size=${heapMb}` : ''];
  if (external) {
    start('worker', api, ['worker'], { ...apiEnv, NODE_OPTIONS: workerOptions.filter(Boolean).join(' ') });
  }
  await waitFor(`http://127.0.0.1:${apiPort}/api/v1/health`, 'api');
  start('gateway', path.join(ROOT, 'apps/gateway'), [], gatewayEnv);
  await waitFor(`http://127.0.0.1:${port}/healthz`, 'gateway');
  log('');
  log(`Feedloom is running at \x1b[1m${appUrl}\x1b[0m`);
  if (env.SEED !== 'false') log('Demo merchant: demo@feedloom.test / Demo@12345');
  log(`Sandbox mail viewer (OTPs, reset links): ${sandboxUrl}/mail`);
  log('Press Ctrl-C to stop.');
  if (env.READY_FILE) (await import('node:fs')).writeFileSync(env.READY_FILE, appUrl);
} catch (err) {
  log(String(err));
  stop(1);
}
