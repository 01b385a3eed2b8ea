// Login services (OpenID Connect): linked identities, pending social sign-ups, sign-ins in progress.
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './core';

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type TSocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/**
 * A login service (OpenID Connect identity) linked to a user: one per provider and user. An identity is who
 * the account is at its issuer, never its e-mail (an address can change, or be claimed without proof):
 * Google's (issuer, `sub`), Microsoft's (issuer, tenant `tid`, `oid`).
 */
export const user_identities = pgTable(
  'user_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<TSocialProviderId>().notNull(),
    /**
     * The ID token's `iss`. '' on a row linked before issuers were kept: such a row still holds the
     * provider's `sub`, is found by it on the next sign-in and is then completed with issuer, tenant and oid.
     */
    issuer: text().notNull().default(''),
    /** Microsoft's directory (tenant) id, the `tid` claim; '' for Google. */
    tenant_id: text().notNull().default(''),
    /** Google's `sub`; Microsoft's `oid` (its `sub` for a token without `oid`). */
    subject: text().notNull(),
    /** The address the provider last gave, shown on the profile; never used to find the identity. */
    email: text(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_identity_key').on(t.provider, t.issuer, t.tenant_id, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.user_id, t.provider),
  ],
);

/**
 * A social sign-up waiting for its e-mail to be confirmed: the provider did not vouch for the address
 * (Microsoft usually does not), so no account exists until the code mailed to it is entered, in the browser
 * that signed in (the gateway keeps the token whose hash is here). One per identity; gone after an hour.
 */
export const social_signups = pgTable(
  'social_signups',
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text().$type<TSocialProviderId>().notNull(),
    issuer: text().notNull(),
    tenant_id: text().notNull(),
    subject: text().notNull(),
    /** The address the provider gave (lower-case, trimmed); the code goes there. */
    email: text().notNull(),
    first_name: text(),
    last_name: text(),
    /** Invitation ids of a sign-in started from /invitation-signup/{orgId}/{staffId}. */
    organization_id: text(),
    staff_id: text(),
    /** sha256 of the token the browser that signed in holds (in its gateway session). */
    browser_token_hash: text().notNull(),
    /** HMAC of the current code with a server key, as for sign-up codes. */
    code_hash: text().notNull(),
    code_expires_at: timestamp({ withTimezone: true }).notNull(),
    code_sent_at: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('social_signups_identity_key').on(t.provider, t.issuer, t.tenant_id, t.subject),
    index().on(t.expires_at),
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

export type TUserIdentityRow = typeof user_identities.$inferSelect;
export type TOidcStateRow = typeof oidc_states.$inferSelect;
export type TSocialSignupRow = typeof social_signups.$inferSelect;
