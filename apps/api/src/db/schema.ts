// Tables of the private API. Column names are the API's snake_case field names, so rows map 1:1.
// Every row below an organisation carries organization_id; repositories take it as an argument.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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

/** The current sign-up code of a user: one row per user, replaced on resend. */
export const email_otps = pgTable('email_otps', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** HMAC of the code with a server key, so a database dump does not reveal live codes. */
  code_hash: text().notNull(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  created_at: createdAt(),
});

export const ONE_TIME_TOKEN_PURPOSES = ['create_password', 'reset_password', 'merchant_login'] as const;
export type TOneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

export const one_time_tokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<TOneTimeTokenPurpose>().notNull(),
    token_hash: text().notNull(),
    /** merchant_login: the shop the support login opens. */
    shop_id: uuid().references((): AnyPgColumn => shops.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.token_hash), index().on(t.user_id, t.purpose)],
);

/**
 * Opaque refresh tokens, stored as sha256. A sign-in starts a family; every use rotates the token within
 * its family. `next_pair` (encrypted) lets a reuse inside the grace window get the same new pair.
 */
export const refresh_tokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid().notNull(),
    parent_id: uuid(),
    token_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    rotated_at: timestamp({ withTimezone: true }),
    revoked_at: timestamp({ withTimezone: true }),
    next_pair: text(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.token_hash),
    index().on(t.family_id),
    index().on(t.user_id),
  ],
);

/** Raw bytes; PGlite hands back a Uint8Array and node-postgres a Buffer, so reads normalise to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type TSocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** A login service (OpenID Connect identity) linked to a user: one per provider and user. */
export const user_identities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<TSocialProviderId>().notNull(),
    /** The provider's `sub`: stable per account, unlike the e-mail. */
    subject: text().notNull(),
    email: text(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.user_id, t.provider),
  ],
);

/**
 * A social sign-in in progress (authorization request sent, callback not yet seen). Looked up by the
 * hash of the state; the PKCE verifier is kept encrypted. Single use, expires after 10 minutes.
 */
export const oidc_states = pgTable(
  'oidc_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    state_hash: text().notNull(),
    provider: text().$type<TSocialProviderId>().notNull(),
    code_verifier: text().notNull(),
    nonce: text().notNull(),
    /** Set when a signed-in user connects a login service: the callback links to this user only. */
    link_user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** Invitation ids of a sign-in started from /invitation-signup/{orgId}/{staffId}. */
    organization_id: text(),
    staff_id: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('oidc_states_state_hash_key').on(t.state_hash), index().on(t.expires_at)],
);

/** A user's profile picture (JPG or PNG under 5 MB), served through the gateway. */
export const profile_pictures = pgTable('profile_pictures', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content_type: text().$type<'image/png' | 'image/jpeg'>().notNull(),
  bytes: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  updated_at: updatedAt(),
});

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
    /** Module permissions of spec §6; the owner is granted every permission regardless. */
    permissions: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_owner: boolean().notNull().default(false),
    last_active_shop_id: uuid().references((): AnyPgColumn => shops.id, { onDelete: 'set null' }),
    /** Shops a member invited for selected shops may use; null means the entire organisation. */
    shop_ids: jsonb().$type<string[]>(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_members_org_user_key').on(t.organization_id, t.user_id),
    index().on(t.user_id),
  ],
);

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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index().on(t.organization_id, t.status)],
);

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
    shop_ids: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text().$type<TStaffStatus>().notNull().default('pending'),
    invited_by_user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    accepted_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('staff_org_email_key').on(t.organization_id, t.email), index().on(t.email, t.status)],
);

export type TUserRow = typeof users.$inferSelect;
export type TOrganizationRow = typeof organizations.$inferSelect;
export type TMemberRow = typeof organization_members.$inferSelect;
export type TShopRow = typeof shops.$inferSelect;
export type TRefreshTokenRow = typeof refresh_tokens.$inferSelect;
export type TUserIdentityRow = typeof user_identities.$inferSelect;
export type TOidcStateRow = typeof oidc_states.$inferSelect;
export type TStaffRow = typeof staff.$inferSelect;
