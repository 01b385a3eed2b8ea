// Channel connections: a shop linked to a sales channel's account through OAuth, and the
// authorisations in progress. Channel-neutral: Google first, Microsoft and Meta on the same tables.
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TChannelKey, TFeedSchedule } from '@feedloom/validation';
import { createdAt, updatedAt } from './columns';
import { organizations, shops, users } from './core';

/** authorized: tokens kept, no account chosen yet; connected: an account is chosen; disconnected: no tokens. */
export type TChannelConnectionState = 'authorized' | 'connected' | 'disconnected';
export interface TTargetMarket {
  country: string;
  language: string;
  currency: string;
}

/**
 * One shop × channel. The refresh token (and the current access token, so every api process and worker
 * shares one) are sealed with ENCRYPTION_KEY; they never leave the api.
 */
export const channel_connections = pgTable(
  'channel_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    channel: text().$type<TChannelKey>().notNull(),
    state: text().$type<TChannelConnectionState>().notNull(),
    /** The channel's account (Google: the Merchant Center account id) and its name when chosen. */
    account_id: text(),
    account_name: text(),
    /**
     * What else names the account at the channel: Microsoft's customer and advertising account of the chosen
     * store, Meta's business of the chosen catalog.
     */
    account_details: jsonb().$type<Record<string, string>>().notNull().default({}),
    refresh_token: text(),
    access_token: text(),
    access_token_expires_at: timestamp({ withTimezone: true }),
    /** Scopes the channel granted, space-separated as OAuth says them. */
    scopes: text().notNull().default(''),
    /** Wizard steps recorded as done (the next route is the first step not yet done). */
    integration_steps: jsonb().$type<string[]>().notNull().default([]),
    integration_once_completed: boolean().notNull().default(false),
    target_market: jsonb().$type<TTargetMarket | null>(),
    /** Feed settings: how often the sync runs, and whether submissions are on (feed-status). */
    feed_schedule: text().$type<TFeedSchedule>().notNull().default('daily'),
    feed_enabled: boolean().notNull().default(true),
    /** Channel-specific feed settings (google-feed-settings, microsoft-feed-setting, facebook-feed-setting). */
    feed_settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The secret feed URL's token: its sha256 to find the connection, sealed to show the URL again. */
    feed_token_hash: text(),
    feed_token_sealed: text(),
    /** The channel's own container of our items (Google: the API data source's resource name). */
    remote_data_source: text(),
    /** A sync holds the connection until then (a worker killed mid-sync lets go when it passes). */
    sync_lease_until: timestamp({ withTimezone: true }),
    /** When the last sync that finished started (changes after it are due), and the last status pull-back. */
    last_synced_at: timestamp({ withTimezone: true }),
    last_status_pulled_at: timestamp({ withTimezone: true }),
    /** Why the connection ended when the channel refused it (null when the merchant disconnected). */
    disconnected_reason: text(),
    connected_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    connected_at: timestamp({ withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('channel_connections_shop_channel_key').on(t.shop_id, t.channel),
    uniqueIndex('channel_connections_feed_token_hash_key').on(t.feed_token_hash),
    index().on(t.organization_id),
  ],
);

/**
 * A channel authorisation in progress (consent URL handed out, callback not yet seen), found by the hash of
 * its `state`; the PKCE verifier is sealed. Single use, 10 minutes, and only for the user who started it.
 */
export const channel_oauth_states = pgTable(
  'channel_oauth_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    state_hash: text().notNull(),
    channel: text().$type<TChannelKey>().notNull(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shop_id: uuid()
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_verifier: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('channel_oauth_states_state_hash_key').on(t.state_hash), index().on(t.expires_at)],
);

export type TChannelConnectionRow = typeof channel_connections.$inferSelect;
export type TChannelOAuthStateRow = typeof channel_oauth_states.$inferSelect;
