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

/** Stored states; 'expired' is a pending one past expires_at, worked out when read. */
export const STAFF_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

/**
 * Staff of an organisation: one row per invited e-mail. It stays 'pending' until the invitee accepts;
 * accepting makes them a member (organization_members) with the invitation's role, permissions and shops.
 * role_id is a predefined role's id or a custom role's (roles.id); role_name and permissions are the role's
 * as they were given, kept in step when a custom role changes.
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
    /** When the mailed link stops working; a resend renews it. */
    expires_at: timestamp({ withTimezone: true }),
    /**
     * The id the mailed link carries (sealed), instead of the staff id: a resend or a revocation replaces
     * it, so older links stop working.
     */
    link_id: uuid().notNull().defaultRandom(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_org_email_key').on(t.organization_id, t.email),
    index().on(t.email, t.status),
    uniqueIndex('staff_link_id_key').on(t.link_id),
  ],
);

export type TStaffRow = typeof staff.$inferSelect;
