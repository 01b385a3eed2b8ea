// Password sign-in: sign-up codes, one-time links and refresh-token families.
import { index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { shops, users } from './core';

/**
 * The current sign-up code of a user: one row per user, replaced on resend. Wrong guesses are counted
 * per user in auth_throttles, so a new code does not bring new guesses.
 */
export const email_otps = pgTable('email_otps', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** HMAC of the code with a server key, so a database dump does not reveal live codes. */
  code_hash: text().notNull(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
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

export type TRefreshTokenRow = typeof refresh_tokens.$inferSelect;
