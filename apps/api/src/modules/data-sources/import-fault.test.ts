// The import survives its worker being killed. A 60,000-row import runs in a real api process (`serve
// --with-worker` holding its PGlite data directory; `worker` on PostgreSQL), which is killed (SIGKILL) twice at
// random points and started again. Proven: the run moves again after each restart and ends (here: succeeds)
// within a minute; no product is lost or doubled; and every figure shown while it ran was true: after each kill,
// the committed products are at least every progress figure seen before it, and the run's committed figure is
// exactly what was committed. (The lease is short here: IMPORT_LEASE_SECONDS=6.)
// IMPORT_FAULT_SEED=<n> replays the kill points of a run (each failure message names its seed).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, type TDataSourceImport, type TEnvelope, type TImportRun } from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPglite, queryRows, type TDb } from '../../db/client';
import { testEnv } from '../../env';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS } from '../../test/test-app';
import { multipartForm } from '../../test/multipart';

const ROWS = 60_000;
const API_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = path.join(API_DIR, 'src/main.ts');
/** A run that stopped moving: how long the test waits for the next figure before it gives up. */
const STALL_MS = 60_000;

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const csv = () => {
  const lines = [HEADER];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(
      `SKU-${i},Shirt ${i},A fine shirt ${i},https://shop.example.com/p/${i},https://shop.example.com/i/${i}.jpg,10.00 USD,in_stock,Acme,,new`,
    );
  }
  return lines.join('\n') + '\n';
};

const multipart = (fields: Record<string, string>, body: string) =>
  multipartForm(fields, { name: 'products.csv', bytes: body });

/** mulberry32: the kill points of a run, from its seed. */
const randomOf = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** The api's command line in a child process, its output kept for a failure's message. */
const startApi = (args: string[], env: Record<string, string>) => {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 100) output.shift();
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return { proc, exited, output };
};

/** What is committed: the shop's products (and distinct keys) and the run's row. */
const committedIn = async (db: TDb, shopId: string, runId: string) => {
  const [products] = await queryRows<{ n: number; keys: number }>(
    db,
    sql`select count(*)::int as n, count(distinct product_key)::int as keys from products where shop_id = ${shopId}::uuid`,
  );
  const [run] = await queryRows<{
    status: string;
    rows_imported: number;
    rows_read: number;
    attempts: number;
  }>(db, sql`select status, rows_imported, rows_read, attempts from import_runs where id = ${runId}::uuid`);
  return { products: products!.n, keys: products!.keys, run: run! };
};

describe.each(DRIVERS)('an import whose worker is killed at random points, on %s', (driver) => {
  it('resumes after each kill and finishes: nothing lost or doubled, every figure shown was committed', async () => {
    const seed = Number(process.env.IMPORT_FAULT_SEED ?? Math.floor(Math.random() * 1_000_000));
    const random = randomOf(seed);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'feedloom-import-fault-'));
    const pgliteDir = path.join(dataDir, 'pglite');
    const t = await createTestApp(driver, { withQueue: true, pgliteDir });
    let open = true;
    let child: ReturnType<typeof startApi> | undefined;
    // A child left behind by a test that timed out goes with this process.
    process.once('exit', () => child?.proc.kill('SIGKILL'));
    const why = (what: string) => `${what} (IMPORT_FAULT_SEED=${seed})\n${child?.output.join('') ?? ''}`;
    try {
      const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
      const shop = shops[0]!.id;
      const body = multipart({ shop_id: shop, data_source_name: 'Main' }, csv());
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/import-csv`,
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      const made = res.json<TEnvelope<TDataSourceImport>>().data;
      expect(made.run.status).toBe('queued');
      const runId = made.run.id;

      // PGlite is one process's database: the api process holds it, and shows the run over HTTP. On PostgreSQL
      // the worker is a process of its own and this process's api shows the run.
      const port = await freePort();
      const base = testEnv();
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        JWT_SECRET: base.JWT_SECRET,
        ENCRYPTION_KEY: base.ENCRYPTION_KEY,
        DATA_DIR: dataDir,
        API_HOST: '127.0.0.1',
        API_PORT: String(port),
        SMTP_URL: 'smtp://127.0.0.1:9',
        AUTH_IP_MAX_REQUESTS: '100000',
        IMPORT_LEASE_SECONDS: '6',
        IMPORT_HEARTBEAT_SECONDS: '2',
        ...(driver === 'postgres' ? { DATABASE_URL: t.database.connectionString! } : {}),
      };
      const args = driver === 'pglite' ? ['serve', '--with-worker'] : ['worker'];
      if (driver === 'pglite') {
        open = false;
        await t.close();
      }

      const shown = async (): Promise<TImportRun | null> => {
        if (driver === 'postgres') {
          return (await t.call<TImportRun>('GET', `/import-run/${shop}/${runId}`, { token })).body.data;
        }
        try {
          const reply = await fetch(`http://127.0.0.1:${port}${API_PREFIX}/import-run/${shop}/${runId}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return reply.ok ? ((await reply.json()) as TEnvelope<TImportRun>).data : null;
        } catch {
          return null; // not listening yet, or killed
        }
      };
      const committed = async () => {
        if (driver === 'postgres') return committedIn(t.database.db, shop, runId);
        const database = await openPglite(pgliteDir);
        try {
          return await committedIn(database.db, shop, runId);
        } finally {
          await database.close();
        }
      };

      /** The highest figures shown so far. */
      const seen = { rows_imported: 0, rows_read: 0 };
      const ended = (status: string) => status === 'succeeded' || status === 'failed';
      /** Polls what the api shows until `until` holds; the run must move within STALL_MS. */
      const watch = async (until: (run: TImportRun) => boolean): Promise<TImportRun> => {
        let last = -1;
        let movedAt = Date.now();
        for (;;) {
          const run = await shown();
          if (run) {
            seen.rows_imported = Math.max(seen.rows_imported, run.rows_imported);
            seen.rows_read = Math.max(seen.rows_read, run.rows_read);
            if (run.rows_read !== last || ended(run.status)) {
              last = run.rows_read;
              movedAt = Date.now();
            }
            if (until(run) || ended(run.status)) return run;
          }
          if (Date.now() - movedAt > STALL_MS) throw new Error(why('the run stopped moving for a minute'));
          await sleep(100);
        }
      };

      const first = 2_000 + Math.floor(random() * 20_000);
      const killPoints = [first, first + 5_000 + Math.floor(random() * (50_000 - first))];
      for (const [i, killAt] of killPoints.entries()) {
        child = startApi(args, env);
        const run = await watch((r) => r.rows_imported >= killAt);
        if (ended(run.status)) break;
        // Somewhere in the batch being merged, or between two.
        await sleep(Math.floor(random() * 400));
        child.proc.kill('SIGKILL');
        await child.exited;
        const after = await committed();
        const kill = `kill ${i + 1} at ${killAt} imported`;
        expect(after.keys, why(`${kill}: a product doubled`)).toBe(after.products);
        expect(
          after.products,
          why(`${kill}: products shown before the kill are gone`),
        ).toBeGreaterThanOrEqual(Math.max(seen.rows_imported, seen.rows_read));
        // The run's committed figure is what was committed with it, and is the highest shown.
        expect(after.run.rows_imported, why(`${kill}: figure and products disagree`)).toBe(after.products);
        expect(after.run.status).toBe('running');
      }
      child = startApi(args, env);
      const final = await watch(() => false);
      expect(final.status, why('the run did not succeed')).toBe('succeeded');
      expect(final).toMatchObject({ rows_read: ROWS, rows_imported: ROWS, rows_rejected: 0 });
      child.proc.kill('SIGKILL');
      await child.exited;
      const end = await committed();
      expect(end.products, why('products lost')).toBe(ROWS);
      expect(end.keys, why('a product doubled')).toBe(ROWS);
      expect(end.run.attempts).toBeLessThanOrEqual(3);
    } finally {
      if (child && child.proc.exitCode === null && child.proc.signalCode === null) {
        child.proc.kill('SIGKILL');
        await child.exited;
      }
      if (open) await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
