// Bulk customisation: drafts kept per user and shop until applied or discarded, and the record of
// every run (who applied what to how many products, its progress and how it ended).
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizations, shops, users } from './core';

export const bulk_drafts = pgTable(
  'bulk_drafts',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** TBulkSelection: checked product ids, or the list parameters of "all matching". */
    selection: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The customisation rules, one per field. */
    rules: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index().on(t.shop_id, t.user_id, t.updated_at)],
);

export const bulk_runs = pgTable(
  'bulk_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    triggered_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    triggered_by_name: text(),
    draft_name: text().notNull(),
    selection: jsonb().$type<Record<string, unknown>>().notNull(),
    rules: jsonb().$type<Record<string, unknown>[]>().notNull(),
    status: text().$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull().default('queued'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    changed: integer().notNull().default(0),
    /** The highest product id done: a retried run resumes after it. */
    last_product_id: bigint({ mode: 'number' }).notNull().default(0),
    message: text(),
    created_at: createdAt(),
    started_at: timestamp({ withTimezone: true }),
    finished_at: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.shop_id, t.created_at)],
);

export type TBulkDraftRow = typeof bulk_drafts.$inferSelect;
export type TBulkRunRow = typeof bulk_runs.$inferSelect;
