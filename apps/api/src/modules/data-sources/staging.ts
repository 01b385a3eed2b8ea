// Where the import job's merge finds a batch's rows. On PostgreSQL they are `COPY`ed (binary format) into
// session temp tables (emptied at each commit) on one connection kept for the run; on PGlite, which has no
// COPY FROM STDIN for a client, the same rows arrive as one jsonb parameter read by jsonb_to_recordset.
// Either way the merge that follows is the same single statement, so both drivers give the same results.
// JSON values come already serialised (the job hashes the same text it stages), so nothing is stringified
// twice.
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDb } from '../../db/client';
import * as schema from '../../db/schema';
import { BinaryCopyRows, copyFrom } from './copy';
import { noNul } from '../../db/json';

export interface TStagedRow {
  product_key: string;
  /**
   * 0 for a product; for rows of a product that came apart from its first rows in the file (its `append`
   * pieces), the number of the piece's first row: the merge adds their variants to the stored product.
   */
  piece: number;
  offer_id: string;
  item_group_id: string | null;
  /** JSON text of the source layer, its custom attributes and its variants. */
  source: string;
  source_custom: string;
  variants: string;
  source_hash: string;
  /**
   * A product the batch creates: its statuses on the catalog channels, judged before the merge (a new product
   * has no overrides), written by the merge's INSERT into products' list columns (migration 0017), so the
   * status trigger finds nothing to change. Absent for the rest: the merge never writes them over a stored row.
   */
  list_statuses?: TListStatuses;
}

/** products.google_status, microsoft_status and meta_status. */
export interface TListStatuses {
  google_status: string | null;
  microsoft_status: string | null;
  meta_status: string | null;
}

export interface TStagedStatus {
  /** products.id (bigint), as text. */
  product_id: string;
  channel: string;
  status: string;
  /** JSON text. */
  issues: string;
}

export interface TStager {
  /** The database the batch's transaction runs on (the stager's own connection on PostgreSQL). */
  db: TDb;
  /**
   * The database is a server of its own (PostgreSQL), which keeps what was committed when this process dies;
   * false on PGlite, which runs in this process.
   */
  separateServer: boolean;
  /** Makes `rows` readable inside `tx`; answers the relation (a parenthesised select) that reads them. */
  products(tx: TDb, rows: TStagedRow[]): Promise<SQL>;
  /** The same for the rows' keys, pieces and hashes only. */
  keys(tx: TDb, rows: TStagedRow[]): Promise<SQL>;
  statuses(tx: TDb, rows: TStagedStatus[]): Promise<SQL>;
  /** Writes the statuses of products created in `tx` (none can exist yet) straight into their table. */
  insertStatuses(tx: TDb, shopId: string, rows: TStagedStatus[]): Promise<void>;
  close(): Promise<void>;
}

const plain = (value: string | null) =>
  value === null || !value.includes('\0') ? value : value.replaceAll('\0', '');

const PRODUCT_COLUMNS =
  'product_key text, piece int, offer_id text, item_group_id text, source jsonb, source_custom jsonb, variants jsonb, source_hash text, ' +
  'google_status text, microsoft_status text, meta_status text';
const KEY_COLUMNS = 'product_key text, piece int, source_hash text';
const STATUS_COLUMNS = 'product_id bigint, channel text, status text, issues jsonb';

/** One jsonb array of objects, built from the rows' JSON texts (each value inserted as it is). */
const productsJson = (rows: TStagedRow[]) =>
  `[${rows
    .map(
      (r) =>
        `{"product_key":${JSON.stringify(plain(r.product_key))},"piece":${r.piece},` +
        `"offer_id":${JSON.stringify(plain(r.offer_id))},"item_group_id":${JSON.stringify(plain(r.item_group_id))},` +
        `"source":${noNul(r.source)},"source_custom":${noNul(r.source_custom)},"variants":${noNul(r.variants)},` +
        `"source_hash":${JSON.stringify(r.source_hash)},` +
        `"google_status":${JSON.stringify(r.list_statuses?.google_status ?? null)},` +
        `"microsoft_status":${JSON.stringify(r.list_statuses?.microsoft_status ?? null)},` +
        `"meta_status":${JSON.stringify(r.list_statuses?.meta_status ?? null)}}`,
    )
    .join(',')}]`;
const keysJson = (rows: TStagedRow[]) =>
  `[${rows
    .map(
      (r) =>
        `{"product_key":${JSON.stringify(plain(r.product_key))},"piece":${r.piece},"source_hash":${JSON.stringify(r.source_hash)}}`,
    )
    .join(',')}]`;
const statusesJson = (rows: TStagedStatus[]) =>
  `[${rows
    .map(
      (r) =>
        `{"product_id":${r.product_id},"channel":${JSON.stringify(r.channel)},"status":${JSON.stringify(r.status)},"issues":${noNul(r.issues)}}`,
    )
    .join(',')}]`;

/** PGlite (and any driver without COPY): one jsonb parameter per relation. */
export const jsonbStager = (db: TDb): TStager => ({
  db,
  separateServer: false,
  products: async (_tx, rows) =>
    sql`(select * from jsonb_to_recordset(${productsJson(rows)}::jsonb) as x(${sql.raw(PRODUCT_COLUMNS)}))`,
  keys: async (_tx, rows) =>
    sql`(select * from jsonb_to_recordset(${keysJson(rows)}::jsonb) as x(${sql.raw(KEY_COLUMNS)}))`,
  statuses: async (_tx, rows) =>
    sql`(select * from jsonb_to_recordset(${statusesJson(rows)}::jsonb) as x(${sql.raw(STATUS_COLUMNS)}))`,
  insertStatuses: async (tx, shopId, rows) => {
    await tx.execute(sql`
      insert into product_channel_statuses (product_id, shop_id, channel, status, issues)
      select x.product_id, ${shopId}::uuid, x.channel, x.status, x.issues
      from jsonb_to_recordset(${statusesJson(rows)}::jsonb) as x(${sql.raw(STATUS_COLUMNS)})`);
  },
  close: async () => undefined,
});

/** Pool connections that already have the temp tables (they live as long as the connection). */
const prepared = new WeakSet<pg.PoolClient>();

/** PostgreSQL: COPY (binary format) into temp tables on a connection of the pool, kept until `close`. */
export const copyStager = async (pool: pg.Pool): Promise<TStager> => {
  const client = await pool.connect();
  /** A COPY that failed half-way may leave the connection unusable: it is then closed, not pooled. */
  let broken = false;
  const copy = async (statement: string, lines: Iterable<Buffer>) => {
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
        `create temp table if not exists import_staging_rows (${PRODUCT_COLUMNS}) on commit delete rows`,
      );
      await client.query(
        `create temp table if not exists import_staging_keys (${KEY_COLUMNS}) on commit delete rows`,
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
    separateServer: true,
    products: async (_tx, rows) => {
      const data = new BinaryCopyRows();
      for (const r of rows) {
        const list = r.list_statuses;
        data
          .row(11)
          .text(plain(r.product_key))
          .int4(r.piece)
          .text(plain(r.offer_id))
          .text(plain(r.item_group_id))
          .jsonb(noNul(r.source))
          .jsonb(noNul(r.source_custom))
          .jsonb(noNul(r.variants))
          .text(r.source_hash)
          .text(list?.google_status ?? null)
          .text(list?.microsoft_status ?? null)
          .text(list?.meta_status ?? null);
      }
      await copy('copy import_staging_rows from stdin with (format binary)', data.pieces());
      return sql`(select * from import_staging_rows)`;
    },
    keys: async (_tx, rows) => {
      const data = new BinaryCopyRows();
      for (const r of rows) data.row(3).text(plain(r.product_key)).int4(r.piece).text(r.source_hash);
      await copy('copy import_staging_keys from stdin with (format binary)', data.pieces());
      return sql`(select * from import_staging_keys)`;
    },
    statuses: async (_tx, rows) => {
      const data = new BinaryCopyRows();
      for (const r of rows) data.row(4).int8(r.product_id).text(r.channel).text(r.status).jsonb(noNul(r.issues));
      await copy('copy import_staging_statuses from stdin with (format binary)', data.pieces());
      return sql`(select * from import_staging_statuses)`;
    },
    insertStatuses: async (_tx, shopId, rows) => {
      const data = new BinaryCopyRows();
      for (const r of rows) {
        data.row(5).int8(r.product_id).uuid(shopId).text(r.channel).text(r.status).jsonb(noNul(r.issues));
      }
      await copy(
        'copy product_channel_statuses (product_id, shop_id, channel, status, issues) from stdin with (format binary)',
        data.pieces(),
      );
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
