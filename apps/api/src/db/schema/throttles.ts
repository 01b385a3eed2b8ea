import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const THROTTLE_KINDS = ['login', 'otp_verify', 'otp_mail', 'reset_mail'] as const;
export type TThrottleKind = (typeof THROTTLE_KINDS)[number];

/**
 * Attempts per account at something guessable or costly (modules/auth/throttle.ts): one row per kind and
 * subject, shared by every api process. A row stops mattering at `expires_at` and may then be deleted.
 */
export const auth_throttles = pgTable(
  'auth_throttles',
  {
    kind: text().$type<TThrottleKind>().notNull(),
    /** HMAC of what is counted (a normalised e-mail, a user id): no stranger's address is stored. */
    subject: text().notNull(),
    /** Attempts since window_started_at. */
    attempts: integer().notNull(),
    window_started_at: timestamp({ withTimezone: true }).notNull(),
    /** No attempt is taken before this. */
    locked_until: timestamp({ withTimezone: true }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] }), index().on(t.expires_at)],
);
