import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizations, users } from './core';

export const STAFF_STATUSES = ['pending', 'accepted'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

/**
 * Staff of an organisation: one row per invited e-mail. It stays 'pending' until the invitee accepts;
 * accepting makes them a member (organization_members) with the invitation's role, permissions and shops.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Always stored lower-case and trimmed. */
    email: text().notNull(),
    role_id: text().notNull(),
    role_name: text().notNull(),
    permissions: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_for_entire_organization: boolean().notNull().default(true),
    status: text().$type<TStaffStatus>().notNull().default('pending'),
    invited_by_user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    accepted_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('staff_org_email_key').on(t.organization_id, t.email), index().on(t.email, t.status)],
);

export type TStaffRow = typeof staff.$inferSelect;
