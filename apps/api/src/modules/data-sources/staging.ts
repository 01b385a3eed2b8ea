// Where the import job's merge finds a batch's rows. On PostgreSQL they are `COPY`ed into session temp
// tables (emptied at each commit) on one connection kept for the run; on PGlite, which has no COPY FROM
// STDIN for a client, the same rows arrive as one jsonb parameter read by jsonb_to_recordset. Either way the
// merge that follows is the same single statement, so both drivers give the same results.
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDb } from '../../db/client';
import * as schema from '../../db/schema';
import { copyFrom, csvLine } from './copy';

export interface TStagedRow {
  product_key: string;
  offer_id: string;
  item_group_id: string | null;
  source: Record<string, unknown>;
  source_custom: Record<string, string>;
  variants: Record<string, unknown>[];
  source_hash: string;
}

export interface TStagedStatus {
  product_key: string;
  channel: string;
  status: string;
  issues: unknown[];
}

export interface TStager {
  /** The database the batch's transaction runs on (the stager's own connection on PostgreSQL). */
  db: TDb;
  /** Makes `rows` readable inside `tx`; answers the relation (a parenthesised select) that reads them. */
  products(tx: TDb, rows: TStagedRow[]): Promise<SQL>;
  statuses(tx: TDb, rows: TStagedStatus[]): Promise<SQL>;
  close(): Promise<void>;
}

/** JSON text PostgreSQL's jsonb takes: it refuses \u0000 (the importer should never hand one over). */
export const jsonText = (value: unknown) => JSON.stringify(value).replace(/\\u0000/g, '');
const plain = (value: string | null) =>
  value === null ? null : value.replaceAll(String.fromCharCode(0), '');

const PRODUCT_COLUMNS =
  'product_key text, offer_id text, item_group_id text, source jsonb, source_custom jsonb, variants jsonb, source_hash text';
const STATUS_COLUMNS = 'product_key text, channel text, status text, issues jsonb';

/** PGlite (and any driver without COPY): one jsonb parameter per relation. */
export const jsonbStager = (db: TDb): TStager => ({
  db,
  products: async (_tx, rows) =>
    sql`(select * from jsonb_to_recordset(${jsonText(rows)}::jsonb) as x(${sql.raw(PRODUCT_COLUMNS)}))`,
  statuses: async (_tx, rows) =>
    sql`(select * from jsonb_to_recordset(${jsonText(rows)}::jsonb) as x(${sql.raw(STATUS_COLUMNS)}))`,
  close: async () => undefined,
});

/** Pool connections that already have the temp tables (they live as long as the connection). */
const prepared = new WeakSet<pg.PoolClient>();

/** PostgreSQL: COPY (CSV format) into temp tables on a connection of the pool, kept until `close`. */
export const copyStager = async (pool: pg.Pool): Promise<TStager> => {
  const client = await pool.connect();
  /** A COPY that failed half-way may leave the connection unusable: it is then closed, not pooled. */
  let broken = false;
  const copy = async (statement: string, lines: string[]) => {
    try {
      await copyFrom(client, statement, lines);
    } catch (err) {
      broken = true;
      throw err;
    }
  };
  // Created outside the batch's transaction, so a rolled-back batch cannot take them away.
  if (!prepared.has(client)) {
    try {
      await client.query(
        `create temp table if not exists import_staging (${PRODUCT_COLUMNS}) on commit delete rows`,
      );
      await client.query(
        `create temp table if not exists import_staging_statuses (${STATUS_COLUMNS}) on commit delete rows`,
      );
    } catch (err) {
      client.release(true);
      throw err;
    }
    prepared.add(client);
  }
  return {
    db: drizzleNodePg({ client, schema }) as unknown as TDb,
    products: async (_tx, rows) => {
      await copy(
        'copy import_staging from stdin with (format csv)',
        rows.map((r) =>
          csvLine([
            plain(r.product_key),
            plain(r.offer_id),
            plain(r.item_group_id),
            jsonText(r.source),
            jsonText(r.source_custom),
            jsonText(r.variants),
            r.source_hash,
          ]),
        ),
      );
      return sql`(select * from import_staging)`;
    },
    statuses: async (_tx, rows) => {
      await copy(
        'copy import_staging_statuses from stdin with (format csv)',
        rows.map((r) => csvLine([plain(r.product_key), r.channel, r.status, jsonText(r.issues)])),
      );
      return sql`(select * from import_staging_statuses)`;
    },
    close: async () => {
      client.release(broken);
    },
  };
};

/** The stager for `db`: COPY when it runs on a node-postgres pool, jsonb otherwise. */
export const openStager = async (db: TDb): Promise<TStager> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? copyStager(client) : jsonbStager(db);
};
