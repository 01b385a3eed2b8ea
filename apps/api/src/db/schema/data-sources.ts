// Data sources, their import runs, the kept files and the products they bring. Products hold the
// source layer; the merchant's customisations live beside it (`custom`) and survive re-imports.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, shops, users } from './core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A kept CSV (upload or download), at most 20 MB, in 1 MB chunks so it is written and read as a stream. */
export const import_files = pgTable('import_files', {
  id: uuid().primaryKey().defaultRandom(),
  shop_id: uuid()
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  file_name: text().notNull(),
  content_type: text(),
  size: integer().notNull().default(0),
  sha256: text(),
  /** False while it is being written: an incomplete file is never imported. */
  complete: boolean().notNull().default(false),
  created_at: createdAt(),
});

export const import_file_chunks = pgTable(
  'import_file_chunks',
  {
    file_id: uuid()
      .notNull()
      .references(() => import_files.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.seq] })],
);

export const data_sources = pgTable(
  'data_sources',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    data_source_name: text().notNull(),
    source_type: text().$type<'file' | 'url'>().notNull(),
    notification_email: text(),
    url: text(),
    frequency: text().$type<'daily' | 'weekly' | 'monthly'>(),
    fetch_time: text(),
    day: integer(),
    next_fetch_at: timestamp({ withTimezone: true }),
    product_id_format: text().$type<'id' | 'sku'>().notNull().default('id'),
    inventory_quantity: integer(),
    /** The file the next manual run imports (the last upload or download). */
    file_id: uuid().references(() => import_files.id, { onDelete: 'set null' }),
    file_name: text(),
    /** The merchant's header overrides (header → target). */
    mapping: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The last import's columns as mapped. */
    columns: jsonb().$type<{ header: string; target: string; suggested: string }[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index().on(t.shop_id, t.created_at), index().on(t.next_fetch_at)],
);

export const IMPORT_RUN_STATUSES = ['queued', 'running', 'held', 'succeeded', 'failed', 'discarded'] as const;

export const import_runs = pgTable(
  'import_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    data_source_id: uuid()
      .notNull()
      .references(() => data_sources.id, { onDelete: 'cascade' }),
    trigger: text().$type<'manual' | 'schedule'>().notNull(),
    triggered_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    triggered_by_name: text(),
    status: text().$type<(typeof IMPORT_RUN_STATUSES)[number]>().notNull().default('queued'),
    file_id: uuid().references(() => import_files.id, { onDelete: 'set null' }),
    file_name: text(),
    file_size: integer(),
    rows_read: integer().notNull().default(0),
    rows_imported: integer().notNull().default(0),
    rows_rejected: integer().notNull().default(0),
    rows_unchanged: integer().notNull().default(0),
    rows_removed: integer().notNull().default(0),
    message: text(),
    held: jsonb().$type<{
      would_remove: number;
      shop_products: number;
      threshold: number;
      sample: string[];
    }>(),
    unknown_columns: jsonb().$type<string[]>().notNull().default([]),
    /** The error CSV (row_number, column, message) of runs before report_file_id; null otherwise. */
    report_csv: text(),
    /**
     * The error CSV (row_number, column, message) as a kept file, written while the run reads the file (never
     * held in memory); null when no row was rejected.
     */
    report_file_id: uuid().references(() => import_files.id, { onDelete: 'set null' }),
    /** How many times a worker started it (a retry after a crash starts it again). */
    attempts: integer().notNull().default(0),
    /**
     * Until when the worker running it holds it (a running run's lease, renewed by its heartbeat): once it has
     * passed, the worker is taken for dead and the run is resumed by another attempt, or failed.
     */
    lease_until: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    started_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.data_source_id, t.created_at),
    index().on(t.status),
    // The lease check looks for running runs whose lease has passed: a handful among every run ever made.
    index('import_runs_running_lease').on(t.lease_until).where(sql`status = 'running'`),
    // One source never has two runs at once: a second queued/running run of it is refused by the database.
    uniqueIndex('import_runs_one_active_per_source')
      .on(t.data_source_id)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/** The products a run has merged, by key: a retried run skips them, and what a source lacks is found here. */
export const import_run_items = pgTable(
  'import_run_items',
  {
    run_id: uuid()
      .notNull()
      .references(() => import_runs.id, { onDelete: 'cascade' }),
    product_key: text().notNull(),
    /**
     * 0 for a product; for a later piece of a product whose rows are apart in the file, the piece's first
     * row number (so a retried run skips the pieces it already merged, too).
     */
    piece: integer().notNull().default(0),
    /** A later piece's variants and content hash, kept until the run's end joins them to their product. */
    variants: jsonb(),
    source_hash: text(),
  },
  (t) => [primaryKey({ columns: [t.run_id, t.product_key, t.piece] })],
);

/** One row per product (offer id, or item group with its variants). */
export const products = pgTable(
  'products',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    product_key: text().notNull(),
    offer_id: text().notNull(),
    item_group_id: text(),
    data_source_id: uuid().references(() => data_sources.id, { onDelete: 'set null' }),
    /** The source layer's values as imported. */
    source: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Columns no product field takes, by header. */
    source_custom: jsonb().$type<Record<string, string>>().notNull().default({}),
    variants: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    /**
     * The content hash of what the file held for this product (all its pieces: see head_hash). An import
     * compares it to skip what did not change.
     */
    source_hash: text().notNull(),
    /**
     * Of a product whose rows came apart in the file (pieces joined at the end of its run): the hash of its
     * first piece, and how many of `variants` that piece holds. Null for a product read in one piece.
     */
    head_hash: text(),
    head_variants: integer(),
    /** The merchant's customisations (override layer); an import never touches it. */
    custom: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    last_run_id: uuid(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.shop_id, t.product_key), index().on(t.data_source_id)],
);

/**
 * Another data source of the shop whose file also has a product's key (its offer id or group): the source
 * that brought the key first keeps the product, and each other source that brings it is recorded here, once,
 * with its last run (the product's detail shows it; the import report lists the rows). A source's run forgets
 * the claims it no longer makes.
 */
export const product_offer_claims = pgTable(
  'product_offer_claims',
  {
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    product_key: text().notNull(),
    data_source_id: uuid()
      .notNull()
      .references(() => data_sources.id, { onDelete: 'cascade' }),
    run_id: uuid().notNull(),
    seen_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shop_id, t.product_key, t.data_source_id] }),
    index().on(t.data_source_id),
  ],
);

/** Status and issues of a product on a channel, computed by the catalog validators during the import. */
export const product_channel_statuses = pgTable(
  'product_channel_statuses',
  {
    // No foreign key: its check locks the product row (FOR KEY SHARE) for every status written, which rewrote
    // each imported product three more times. A product's statuses go with it through migration 0019's
    // statement-level trigger instead.
    product_id: bigint({ mode: 'number' }).notNull(),
    channel: text().notNull(),
    status: text().notNull(),
    issues: jsonb()
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updated_at: updatedAt(),
    /** When the channel itself last confirmed this status (status pull-back); null before. */
    confirmed_at: timestamp({ withTimezone: true }),
  },
  // No (channel, status) index: every reader narrows by product or by shop first (the tab index of migration
  // 0008, hand-written there), and each index is written once per status row by every import (migration 0019).
  (t) => [primaryKey({ columns: [t.product_id, t.channel] })],
);

export type TDataSourceRow = typeof data_sources.$inferSelect;
export type TImportRunRow = typeof import_runs.$inferSelect;
export type TProductRow = typeof products.$inferSelect;
