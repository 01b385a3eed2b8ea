// The gateway's cost: an authenticated tRPC query through the gateway against the same api call made directly,
// in one run. The api runs as scripts/serve.mjs runs it (migrate, seed, serve) on a throw-away data directory;
// the gateway runs as its own process, as in production. Load comes from autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { record } from '@feedloom/bench-kit';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@feedloom/validation';
import autocannon from 'autocannon';

const GATEWAY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(GATEWAY_DIR, '../..');
const API_MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const GATEWAY_MAIN = path.join(GATEWAY_DIR, 'src/main.ts');
const TSX = [path.join(ROOT, 'node_modules/.bin/tsx'), path.join(GATEWAY_DIR, 'node_modules/.bin/tsx')].find(
  existsSync,
);

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Direct and gateway runs alternate in rounds, so a burst of load elsewhere on the machine hits both. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const DEMO = { email: 'demo@feedloom.test', password: 'Demo@12345' };
const RPS_TARGET = 0.7;
const ADDED_P99_TARGET_MS = 5;

const children = new Set<ChildProcess>();
const logs = new Map<string, string[]>();

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const spawnTsx = (name: string, script: string, args: string[], env: Record<string, string>) => {
  if (!TSX) throw new Error('tsx not found in node_modules/.bin: run pnpm install');
  const child = spawn(TSX, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  logs.set(name, lines);
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};

const runOnce = (name: string, script: string, args: string[], env: Record<string, string>) =>
  new Promise<void>((resolve, reject) => {
    const child = spawnTsx(name, script, args, env);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${name} exited ${code}:\n${(logs.get(name) ?? []).slice(-30).join('\n')}`)),
    );
  });

const waitFor = async (url: string, name: string, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited ${child.exitCode}:\n${(logs.get(name) ?? []).slice(-30).join('\n')}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become ready at ${url}`);
};

const stopAll = async () => {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
};

const load = async (title: string, url: string, headers: Record<string, string>, duration: number) => {
  const result = await autocannon({ title, url, headers, connections: CONNECTIONS, duration });
  const failed = result.non2xx + result.errors;
  if (failed > 0) {
    throw new Error(`${title}: ${failed} of ${result.requests.total} requests failed (non-2xx or errors)`);
  }
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    p50: result.latency.p50,
  };
};
type TLoad = Awaited<ReturnType<typeof load>>;

/** Throughput over all rounds; latency percentiles as the mean of the rounds'. */
const combine = (runs: TLoad[]) => ({
  rps: runs.reduce((n, r) => n + r.requests, 0) / runs.reduce((n, r) => n + r.seconds, 0),
  p50: runs.reduce((n, r) => n + r.p50, 0) / runs.length,
  p99: runs.reduce((n, r) => n + r.p99, 0) / runs.length,
});

const main = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'feedloom-bench-'));
  try {
    const [apiPort, gatewayPort] = [await freePort(), await freePort()];
    const apiBase = `http://127.0.0.1:${apiPort}/api/v1`;
    const gatewayBase = `http://127.0.0.1:${gatewayPort}`;
    const shared = { NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const apiEnv = {
      ...shared,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      APP_URL: gatewayBase,
    };

    console.info('bench: migrating and seeding a fresh api database');
    await runOnce('migrate', API_MAIN, ['migrate'], apiEnv);
    await runOnce('seed', API_MAIN, ['seed'], apiEnv);
    const api = spawnTsx('api', API_MAIN, ['serve'], apiEnv);
    await waitFor(`${apiBase}/health`, 'api', api);

    const gateway = spawnTsx('gateway', GATEWAY_MAIN, [], {
      ...shared,
      HOST: '127.0.0.1',
      PORT: String(gatewayPort),
      API_URL: apiBase,
      SESSION_KEY: randomBytes(32).toString('hex'),
      APP_URL: gatewayBase,
    });
    await waitFor(`${gatewayBase}/healthz`, 'gateway', gateway);

    // The browser's way in: tRPC login through the gateway, which answers with the session cookie.
    const gwLogin = await fetch(`${gatewayBase}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify(DEMO),
    });
    const setCookie = gwLogin.headers.getSetCookie().find((c) => c.startsWith('feedloom_session='));
    if (!gwLogin.ok || !setCookie)
      throw new Error(`gateway login failed: ${gwLogin.status} ${await gwLogin.text()}`);
    const cookie = setCookie.split(';', 1)[0] as string;
    // Browsers drop cookies over 4096 bytes: the session (both tokens + fields) must stay well under.
    console.info(`bench: session cookie ${Buffer.byteLength(setCookie)} bytes`);

    // The same user's bearer token for the direct calls.
    const apiLogin = await fetch(`${apiBase}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const apiLoginBody = (await apiLogin.json()) as { code: number; data?: { access_token?: string } };
    const token = apiLoginBody.data?.access_token;
    if (apiLoginBody.code !== 200 || !token)
      throw new Error(`api login failed: ${JSON.stringify(apiLoginBody)}`);

    // Both read the session from the database upstream: `refresh: true` makes the gateway call GET /auth-session.
    const direct = { url: `${apiBase}/auth-session`, headers: { authorization: `Bearer ${token}` } };
    const viaGateway = {
      url: `${gatewayBase}/trpc/auth.session?input=${encodeURIComponent(JSON.stringify({ refresh: true }))}`,
      headers: { cookie },
    };

    const roundS = DURATION_S / ROUNDS;
    console.info(
      `bench: warm-up ${WARMUP_S}s each, then ${DURATION_S}s each in ${ROUNDS} alternating rounds, ` +
        `${CONNECTIONS} connections`,
    );
    await load('warm-up direct', direct.url, direct.headers, WARMUP_S);
    await load('warm-up gateway', viaGateway.url, viaGateway.headers, WARMUP_S);
    const directRuns: TLoad[] = [];
    const gatewayRuns: TLoad[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      directRuns.push(await load('direct', direct.url, direct.headers, roundS));
      gatewayRuns.push(await load('gateway', viaGateway.url, viaGateway.headers, roundS));
    }
    const d = combine(directRuns);
    const g = combine(gatewayRuns);
    const fmt = (x: number) => Math.round(x * 10) / 10;
    console.info(
      `bench: direct ${Math.round(d.rps)} req/s p50 ${fmt(d.p50)} ms p99 ${fmt(d.p99)} ms; ` +
        `gateway ${Math.round(g.rps)} req/s p50 ${fmt(g.p50)} ms p99 ${fmt(g.p99)} ms`,
    );

    record({
      name: 'gateway: authenticated tRPC query (auth.session refresh) throughput',
      value: g.rps,
      unit: 'req/s',
      baseline: d.rps,
      target: `>= ${RPS_TARGET}`,
      pass: g.rps / d.rps >= RPS_TARGET,
    });
    record({
      name: 'gateway: authenticated tRPC query (auth.session refresh) p99 latency',
      value: g.p99,
      unit: 'ms',
      baseline: d.p99,
      target: `added <= ${ADDED_P99_TARGET_MS} ms`,
      pass: g.p99 - d.p99 <= ADDED_P99_TARGET_MS,
    });
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const stop = () => void stopAll().then(() => process.exit(130));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
