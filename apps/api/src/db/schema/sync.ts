// The channel sync engine: what each shop × channel connection has on its channel (one row per
// item the channel accepted, with the hash of what was sent), and the record of every sync run.
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SYNC_RUN_STATUSES, SYNC_TRIGGERS } from '@feedloom/contracts';
import type { TChannelKey } from '@feedloom/validation';
import { channel_connections } from './channels';
import { organizations, shops } from './core';

/**
 * An item live on a channel: written only after the channel accepted it, so a sync killed half way resends
 * exactly what the channel has not confirmed. `product_id` has no foreign key: the row outlives its product
 * until the channel has deleted the item too.
 */
export const channel_items = pgTable(
  'channel_items',
  {
    connection_id: uuid()
      .notNull()
      .references(() => channel_connections.id, { onDelete: 'cascade' }),
    offer_id: text().notNull(),
    product_id: bigint({ mode: 'number' }).notNull(),
    /** sha256 of the payload the channel accepted. */
    content_hash: text().notNull(),
    sent_at: timestamp({ withTimezone: true }).notNull(),
    /** Google's quota rule: at most two updates a day of an item whose data did not change (UTC day). */
    sends_day: text().notNull(),
    sends_today: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.offer_id] }), index().on(t.connection_id, t.product_id)],
);

export type TSyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export type TSyncTrigger = (typeof SYNC_TRIGGERS)[number];

/** What the publish gate saw when it paused a run. */
export interface TSyncGate {
  live: number;
  newly_held: number;
  to_delete: number;
  share: number;
  limit: number;
}

/** One sync of a connection (channel_sync_runs): the dashboard and the feed config screen read it. */
export const channel_sync_runs = pgTable(
  'channel_sync_runs',
  {
    id: uuid().primaryKey().defaultRandom(),
    connection_id: uuid()
      .notNull()
      .references(() => channel_connections.id, { onDelete: 'cascade' }),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text().$type<TChannelKey>().notNull(),
    trigger: text().$type<TSyncTrigger>().notNull(),
    status: text().$type<TSyncRunStatus>().notNull(),
    started_at: timestamp({ withTimezone: true }).notNull(),
    finished_at: timestamp({ withTimezone: true }),
    /** Items looked at, sent (inserted or updated), deleted from the channel, held back by errors, refused. */
    considered: integer().notNull().default(0),
    sent: integer().notNull().default(0),
    deleted: integer().notNull().default(0),
    held: integer().notNull().default(0),
    refused: integer().notNull().default(0),
    api_calls: integer().notNull().default(0),
    gate: jsonb().$type<TSyncGate | null>(),
    error: text(),
  },
  (t) => [index().on(t.connection_id, t.started_at), index().on(t.status)],
);

export type TChannelItemRow = typeof channel_items.$inferSelect;
export type TChannelSyncRunRow = typeof channel_sync_runs.$inferSelect;
