import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema';

/** The drizzle handle every repository takes; the same type on both drivers. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type TDriver = 'pglite' | 'postgres';

/**
 * Runs `work` in a transaction on `db`, handing it the transaction as a TDb: drizzle's transaction is a database
 * of the same schema, but its type names the relations apart, so the one cast between them lives here.
 */
export const inTransaction = <T>(db: TDb, work: (t: TDb) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as TDb));

export interface TDatabase {
  driver: TDriver;
  db: TDb;
  /** Set on PGlite: pg-boss runs on it through an executeSql adapter. */
  pglite?: PGlite;
  /** Set on PostgreSQL: the connection string pg-boss connects with. */
  connectionString?: string;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL: on disk under `dataDir`, or in memory when `dataDir` is undefined (tests).
 * `template` starts from a dump (`pglite.dumpDataDir()`), which skips initdb: tests load a migrated one.
 */
export const openPglite = async (dataDir?: string, template?: Blob): Promise<TDatabase> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the product search index (migration 0007).
  const pglite = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as TDb;
  return {
    driver: 'pglite',
    db,
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
};

export const openPostgres = (connectionString: string, max = 10): TDatabase => {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema }) as unknown as TDb;
  let closed = false;
  return {
    driver: 'postgres',
    db,
    connectionString,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
};

export const openDatabase = (opts: { DATABASE_URL?: string; DATA_DIR: string; PG_POOL_MAX?: number }) =>
  opts.DATABASE_URL
    ? Promise.resolve(openPostgres(opts.DATABASE_URL, opts.PG_POOL_MAX))
    : openPglite(path.join(opts.DATA_DIR, 'pglite'));

/** Applies the checked-in SQL migrations of `apps/api/drizzle`, the same files on both drivers. */
export const migrate = async (database: TDatabase): Promise<void> => {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === 'pglite') {
    await migrateLite(database.db as unknown as Parameters<typeof migrateLite>[0], config);
  } else {
    await migrateNodePg(database.db as unknown as Parameters<typeof migrateNodePg>[0], config);
  }
};

/** Round-trip time of a trivial query, in milliseconds. */
export const ping = async (db: TDb): Promise<number> => {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
};

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export const queryRows = async <T extends Record<string, unknown>>(db: TDb, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as { rows: T[] }).rows;
