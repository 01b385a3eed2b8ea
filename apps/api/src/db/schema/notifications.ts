// Notifications, announcements and the dashboard's kept figures.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TNotificationCategory, TNotificationType } from '@feedloom/validation';
import { createdAt } from './columns';
import { organizations, shops, users } from './core';

/**
 * What happened to a shop, with where the merchant acts (`link`). `subject` names what it is about
 * (`data_source:<id>`, `channel:google`): a newer notification on the same subject resolves the older ones,
 * so a dismissed item comes back after its days only while it is still the latest word on its subject.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    category: text().$type<Exclude<TNotificationCategory, 'feature_release'>>().notNull(),
    notification_type: text().$type<TNotificationType>().notNull(),
    subject: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    is_read: boolean().notNull().default(false),
    /** Hidden until then (dismissed); null: shown. */
    dismissed_until: timestamp({ withTimezone: true }),
    /** A newer notification on the same subject replaced it. */
    resolved_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index().on(t.shop_id, t.created_at), index().on(t.shop_id, t.subject)],
);

/** Product-wide announcements (Feature Release): shipped in announcements.json or published by an admin. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    link: text(),
    published_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    published_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex().on(t.key)],
);

/** An announcement read or dismissed in a shop. */
export const announcement_states = pgTable(
  'announcement_states',
  {
    announcement_id: uuid()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    is_read: boolean().notNull().default(false),
    dismissed_until: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.announcement_id, t.shop_id] })],
);

/** The last notification mail per shop and event kind: at most one an hour. */
export const notification_mails = pgTable(
  'notification_mails',
  {
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    notification_type: text().notNull(),
    sent_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shop_id, t.notification_type] })],
);

/** Every HTTP call made to a channel for a shop (the dashboard's api-health). */
export const channel_api_calls = pgTable(
  'channel_api_calls',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    ok: boolean().notNull(),
    /** More than one attempt was needed (429, 5xx, timeout). */
    retried: boolean().notNull(),
    /** Attempts and waits included. */
    duration_ms: integer().notNull(),
    /** The last HTTP status, 0 when the channel could not be reached. */
    status: integer().notNull(),
  },
  (t) => [index().on(t.shop_id, t.at)],
);

/** The product list's counts per shop × catalog channel × status, one row per day (the dashboard's trend). */
export const product_status_snapshots = pgTable(
  'product_status_snapshots',
  {
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.shop_id, t.channel, t.day, t.status] })],
);
