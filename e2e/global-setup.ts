import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TSystemState } from './system';
import { RESULTS_DIR, ROOT, STATE_FILE, SYSTEM_LOG } from './system';

const READY_TIMEOUT_MS = 120_000;

/** Asks the OS for `count` distinct free ports (all held open until every one is known). */
const freePorts = async (count: number): Promise<number[]> => {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
};

const tail = (file: string, lines = 80): string => {
  if (!existsSync(file)) return '(no output)';
  // eslint-disable-next-line no-control-regex
  const text = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  return text.split('\n').slice(-lines).join('\n');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the whole system exactly as `npm start` does after building (`node scripts/serve.mjs`), on free
 * ports and a fresh data directory, and hands its URLs to the tests through the environment.
 * With E2E_BASE_URL and E2E_SANDBOX_URL already set, it uses that running system instead.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL && process.env.E2E_SANDBOX_URL) {
    console.info(`[e2e] using the running system at ${process.env.E2E_BASE_URL}`);
    return;
  }
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    // Not fatal: the sandbox journeys still run; every screen journey will fail on the placeholder page.
    console.warn('[e2e] apps/web/dist is missing: build first (`pnpm build` or `pnpm --filter @feedloom/web build`).');
  }

  const [port, apiPort, sandboxPort, smtpPort] = (await freePorts(4)) as [number, number, number, number];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'feedloom-e2e-'));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const readyFile = path.join(dataDir, 'ready');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    API_PORT: String(apiPort),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_SMTP_PORT: String(smtpPort),
    DATA_DIR: dataDir,
    READY_FILE: readyFile,
    // Every journey (and its seeding) comes from 127.0.0.1: the per-address limit of the sign-in endpoints
    // would count the whole suite as one client. The per-account limits stay as configured.
    AUTH_IP_MAX_REQUESTS: '100000',
    // The data-source journey serves its CSV URL from 127.0.0.1 and waits for a scheduled fetch.
    IMPORT_ALLOW_PRIVATE_URLS: 'true',
    IMPORT_SCHEDULE_TICK_SECONDS: '2',
    // The sync journey watches products go pending → submitted → approved within seconds.
    SYNC_TICK_SECONDS: '2',
    SYNC_STATUS_PULL_DELAY_SECONDS: '8',
    SYNC_STATUS_PULL_EVERY_SECONDS: '10',
  };
  // The suite runs the embedded default on its own data; settings of the outer shell (CI's DATABASE_URL
  // for the api's integration tests, a developer's APP_URL …) must not leak into it.
  for (const name of [
    'DATABASE_URL',
    'APP_URL',
    'API_URL',
    'SMTP_URL',
    'GOOGLE_OIDC_ISSUER',
    'MICROSOFT_OIDC_ISSUER',
    'GOOGLE_OAUTH_AUTHORIZE_URL',
    'GOOGLE_OAUTH_TOKEN_URL',
    'GOOGLE_MERCHANT_API_URL',
    'GOOGLE_SITE_VERIFICATION_API_URL',
    'GOOGLE_MERCHANT_CLIENT_ID',
    'GOOGLE_MERCHANT_CLIENT_SECRET',
    'MICROSOFT_OAUTH_AUTHORIZE_URL',
    'MICROSOFT_OAUTH_TOKEN_URL',
    'MICROSOFT_CUSTOMER_API_URL',
    'MICROSOFT_CAMPAIGN_API_URL',
    'MICROSOFT_CONTENT_API_URL',
    'MICROSOFT_ADS_CLIENT_ID',
    'MICROSOFT_ADS_CLIENT_SECRET',
    'MICROSOFT_ADS_DEVELOPER_TOKEN',
    'META_DIALOG_URL',
    'META_GRAPH_API_URL',
    'META_APP_ID',
    'META_APP_SECRET',
    'SANDBOX_PUBLIC_URL',
    'SEED',
    'JWT_SECRET',
    'ENCRYPTION_KEY',
    'SESSION_KEY',
  ]) {
    delete env[name];
  }
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  const log = createWriteStream(SYSTEM_LOG);
  // Its own process group, so the teardown stops serve.mjs and every child it started in one signal.
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited: string | undefined;
  child.on('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  const state: TSystemState = { pid: child.pid!, dataDir };
  writeFileSync(STATE_FILE, JSON.stringify(state));
  process.env.E2E_SERVER_PID = String(child.pid);
  process.env.E2E_DATA_DIR = dataDir;

  const fail = async (reason: string): Promise<never> => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await sleep(200);
    throw new Error(`The system did not start: ${reason}.\n--- ${path.relative(ROOT, SYSTEM_LOG)} (tail) ---\n${tail(SYSTEM_LOG)}`);
  };

  const started = Date.now();
  while (!existsSync(readyFile)) {
    if (exited) await fail(`scripts/serve.mjs ${exited}`);
    if (Date.now() - started > READY_TIMEOUT_MS) await fail(`not ready after ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
  await sleep(50); // the ready file is written in one call; let it land
  const baseUrl = readFileSync(readyFile, 'utf8').trim() || `http://127.0.0.1:${port}`;

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_SANDBOX_URL = `http://127.0.0.1:${sandboxPort}`;
  process.env.E2E_API_URL = `http://127.0.0.1:${apiPort}/api/v1`;
  console.info(
    `[e2e] system up in ${((Date.now() - started) / 1000).toFixed(1)} s: app ${baseUrl}, sandbox ${process.env.E2E_SANDBOX_URL} (log: ${path.relative(ROOT, SYSTEM_LOG)})`,
  );
}
