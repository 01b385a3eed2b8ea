// The roots of tenancy, which reference one another: users, their organisations, and the organisations' shops.
import { CONDITIONS, type TCondition } from '@feedloom/validation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// The account itself; what signs it in lives in auth.ts and social.ts.

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Always stored lower-case and trimmed. */
    email: text().notNull(),
    password_hash: text(),
    email_verified_at: timestamp({ withTimezone: true }),
    first_name: text(),
    last_name: text(),
    phone_code: text(),
    phone_number: text(),
    timezone: text(),
    utc_offset: text(),
    preferred_language: text(),
    preferred_language_id: text(),
    business_type: text(),
    other_business_type: text(),
    profile_picture_path: text(),
    profile_created: boolean().notNull().default(false),
    is_admin: boolean().notNull().default(false),
    password_changed_at: timestamp({ withTimezone: true }),
    last_active_organization_id: uuid().references((): AnyPgColumn => organizations.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export type TUserRow = typeof users.$inferSelect;

export const organizations = pgTable(
  'organizations',
  {
    id: uuid().primaryKey().defaultRandom(),
    business_name: text().notNull(),
    business_email: text().notNull(),
    business_url: text(),
    phone_code: text(),
    phone_number: text(),
    country: text(),
    state: text(),
    city: text(),
    address_1: text(),
    address_2: text(),
    zipcode: text(),
    developer_email: text(),
    owner_user_id: uuid()
      .notNull()
      .references((): AnyPgColumn => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index().on(t.owner_user_id)],
);

export type TOrganizationRow = typeof organizations.$inferSelect;

export const SHOP_STATUSES = ['active', 'deleted'] as const;
export type TShopStatus = (typeof SHOP_STATUSES)[number];

export const shops = pgTable(
  'shops',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_name: text().notNull(),
    shop_email: text(),
    shop_url: text().notNull(),
    is_testing: boolean().notNull().default(false),
    shop_currency: text().notNull(),
    shop_timezone: text().notNull(),
    utc_offset: text().notNull(),
    status: text().$type<TShopStatus>().notNull().default('active'),
    /** The condition of the shop's products whose own layers give none (a Shopify export often has none). */
    default_condition: text().$type<TCondition>().notNull().default('new'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index().on(t.organization_id, t.status),
    check(
      'shops_default_condition_check',
      sql.raw(`${t.default_condition.name} in (${CONDITIONS.map((c) => `'${c}'`).join(', ')})`),
    ),
  ],
);

export type TShopRow = typeof shops.$inferSelect;
