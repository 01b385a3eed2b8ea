// Builds the api on a fresh, migrated database for integration tests: in-memory PGlite always, and a
// throwaway PostgreSQL database per test file when DATABASE_URL is set (CI).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { TEnvelope } from '@feedloom/contracts';
import { API_PREFIX } from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type TAppDeps } from '../app';
import { migrate, openPglite, queryRows, openPostgres, type TDatabase, type TDriver } from '../db/client';
import { testEnv } from '../env';
import { startJobs, type TJobs } from '../jobs/boss';
import { fakeClock, type TFakeClock } from '../lib/clock';
import { createPasswordHasher, TEST_PASSWORD_COST } from '../lib/passwords';
import { createLogger } from '../logger';
import { memoryTransport } from '../mail/mailer';

/** The drivers the integration suites run on: `describe.each(DRIVERS)`. */
export const DRIVERS: TDriver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const openThrowawayPostgres = async (): Promise<TDatabase> => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `feedloom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  return database;
};

/** In memory, or in `dataDir` (a test that hands the database to another process). */
const openPgliteFromTemplate = async (dataDir?: string): Promise<TDatabase> => {
  const file = inject('pgliteTemplate');
  // Outside the configured run (no global setup) a fresh database is made; migrate() brings it up to date.
  return file ? openPglite(dataDir, new Blob([readFileSync(file)])) : openPglite(dataDir);
};

/** argon2id at a test cost: fixtures and the app under test hash alike. */
export const testPasswords = createPasswordHasher(TEST_PASSWORD_COST);

export interface TTestApp {
  app: FastifyInstance;
  database: TDatabase;
  driver: TDriver;
  clock: TFakeClock;
  mail: ReturnType<typeof memoryTransport>;
  jobs: TJobs | null;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
  /** Empties every application table, the outbox and the logs, and resets the clock to now. */
  reset(): Promise<void>;
  close(): Promise<void>;
  /** `app.inject` under /api/v1, returning the status and the parsed envelope. */
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: TEnvelope<T>; headers: Record<string, unknown> }>;
}

export const createTestApp = async (
  driver: TDriver = 'pglite',
  opts: {
    env?: Parameters<typeof testEnv>[0];
    /** Start pg-boss on the test database (health, queued mail). */
    withQueue?: boolean;
    register?: TAppDeps['register'];
    /** PGlite on disk in this directory (empty or absent: made from the template) instead of in memory. */
    pgliteDir?: string;
  } = {},
): Promise<TTestApp> => {
  const database =
    driver === 'pglite' ? await openPgliteFromTemplate(opts.pgliteDir) : await openThrowawayPostgres();
  await migrate(database);
  const env = testEnv({ LOG_LEVEL: 'info', ...opts.env });
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line));
      done();
    },
  });
  const log = createLogger(env, sink);
  const jobs = opts.withQueue ? await startJobs(database, { log, supervise: false }) : null;
  const clock = fakeClock();
  const mail = memoryTransport();
  const app = await buildApp({
    env,
    database,
    log,
    jobs,
    clock,
    mailTransport: mail,
    passwords: testPasswords,
    register: opts.register,
  });

  const tables = (
    await queryRows<{ tablename: string }>(
      database.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => `"${r.tablename}"`);

  return {
    app,
    database,
    driver,
    clock,
    mail,
    jobs,
    logs,
    reset: async () => {
      await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} CASCADE`));
      if (jobs) await database.db.execute(sql`delete from pgboss.job`);
      mail.outbox.length = 0;
      logs.length = 0;
      clock.set(new Date());
    },
    close: async () => {
      await app.close();
      await jobs?.stop();
      await database.close();
    },
    call: async (method, path, callOpts = {}) => {
      const res = await app.inject({
        method,
        url: API_PREFIX + path,
        headers: {
          ...(callOpts.token ? { authorization: `Bearer ${callOpts.token}` } : {}),
          ...callOpts.headers,
        },
        ...(callOpts.body === undefined ? {} : { payload: callOpts.body as object }),
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
  };
};
