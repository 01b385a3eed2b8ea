import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organizations, users } from './core';

/**
 * Who changed what in an organisation, and when: members, invitations, roles, organisation settings and
 * shops. Values are kept as the text a person reads (field → text), only the fields that changed.
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null once the account is deleted; the entry stays. */
    actor_user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    entity: text().notNull(),
    entity_id: text().notNull(),
    action: text().notNull(),
    summary: text().notNull(),
    /** The store the change concerns (no foreign key: the entry outlives the store). */
    shop_id: uuid(),
    /** The client address the change came from; null for background work. */
    ip: text(),
    before: jsonb().$type<Record<string, string | null>>(),
    after: jsonb().$type<Record<string, string | null>>(),
    /** The time of the statement, not of its transaction: changes made together keep their order. */
    created_at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index().on(t.organization_id, t.created_at),
    index().on(t.organization_id, t.actor_user_id, t.created_at),
    index().on(t.organization_id, t.entity, t.created_at),
  ],
);

export type TAuditRow = typeof audit_log.$inferSelect;
