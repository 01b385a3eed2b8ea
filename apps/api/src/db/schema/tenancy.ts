// Memberships, and the join tables that say which shops a member, or an invitation, may use.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizations, shops, users } from './core';
import { staff } from './staff';

export const organization_members = pgTable(
  'organization_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_name: text().notNull(),
    /** Module permissions; the owner is granted every permission regardless. */
    permissions: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_owner: boolean().notNull().default(false),
    last_active_shop_id: uuid().references((): AnyPgColumn => shops.id, { onDelete: 'set null' }),
    /** False when the member may use only the shops listed in `member_shops`. */
    is_for_entire_organization: boolean().notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_members_org_user_key').on(t.organization_id, t.user_id),
    index().on(t.user_id),
  ],
);

/**
 * The shops a member limited to selected shops may use. Foreign keys on both sides: deleting a member or a
 * shop removes its rows, so no member is left holding an id that points nowhere.
 */
export const member_shops = pgTable(
  'member_shops',
  {
    member_id: uuid()
      .notNull()
      .references(() => organization_members.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.member_id, t.shop_id] }), index().on(t.shop_id)],
);

/** The shops an invitation for selected shops grants, until it is accepted (then they move to member_shops). */
export const staff_shops = pgTable(
  'staff_shops',
  {
    staff_id: uuid()
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staff_id, t.shop_id] }), index().on(t.shop_id)],
);

export type TMemberRow = typeof organization_members.$inferSelect;
