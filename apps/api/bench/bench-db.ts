// A benchmark's own PostgreSQL database beside DATABASE_URL's: created (or reused when a kept one is named),
// then dropped unless it is to be kept.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TBenchDatabase {
  name: string;
  /** DATABASE_URL with this database's name. */
  url: string;
  /** Drops the database (unless kept) and closes the admin connection. */
  drop(): Promise<void>;
}

/** `name` reuses (and keeps) that database; otherwise a fresh `feedloom_bench_…` one is made and later dropped. */
export const benchDatabase = async (
  adminUrl: string,
  opts: { name?: string; keep?: boolean } = {},
): Promise<TBenchDatabase> => {
  if (opts.name !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.name))
    throw new Error('bench database: a plain name');
  const name = opts.name ?? `feedloom_bench_${randomBytes(6).toString('hex')}`;
  const keep = opts.keep || opts.name !== undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (keep) console.log(`bench: kept database ${name}`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
};
