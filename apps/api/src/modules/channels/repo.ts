import type { TChannelKey } from '@feedloom/validation';
import { and, eq, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  channel_connections,
  channel_oauth_states,
  type TChannelConnectionRow,
  type TChannelOAuthStateRow,
} from '../../db/schema';

export const connectionsRepo = (db: TDb) => ({
  find: async (orgId: string, shopId: string, channel: TChannelKey): Promise<TChannelConnectionRow | null> =>
    (
      await db
        .select()
        .from(channel_connections)
        .where(
          and(
            eq(channel_connections.organization_id, orgId),
            eq(channel_connections.shop_id, shopId),
            eq(channel_connections.channel, channel),
          ),
        )
    )[0] ?? null,

  /** Channels the shop is connected to (an account chosen, tokens kept), in a stable order. */
  connectedChannels: async (orgId: string, shopId: string): Promise<TChannelKey[]> =>
    (
      await db
        .select({ channel: channel_connections.channel })
        .from(channel_connections)
        .where(
          and(
            eq(channel_connections.organization_id, orgId),
            eq(channel_connections.shop_id, shopId),
            eq(channel_connections.state, 'connected'),
          ),
        )
        .orderBy(channel_connections.channel)
    ).map((r) => r.channel),

  /**
   * Channels whose enabled flag is on for the shop (the product list's google_enabled, bing_enabled,
   * fb_enabled): connected, with an account chosen, and its feed not switched off.
   */
  enabledChannels: async (orgId: string, shopId: string): Promise<TChannelKey[]> =>
    (
      await db
        .select({ channel: channel_connections.channel })
        .from(channel_connections)
        .where(
          and(
            eq(channel_connections.organization_id, orgId),
            eq(channel_connections.shop_id, shopId),
            eq(channel_connections.state, 'connected'),
            eq(channel_connections.feed_enabled, true),
          ),
        )
    ).map((r) => r.channel),

  byId: async (id: string): Promise<TChannelConnectionRow | null> =>
    (await db.select().from(channel_connections).where(eq(channel_connections.id, id)))[0] ?? null,

  /** A fresh authorisation: new tokens, no account yet; the wizard's record (steps, market) is kept. */
  authorize: async (values: {
    organization_id: string;
    shop_id: string;
    channel: TChannelKey;
    /** null for channels without refresh tokens (Meta: a long-lived access token). */
    refresh_token: string | null;
    access_token: string;
    access_token_expires_at: Date;
    scopes: string;
    connected_by: string;
    now: Date;
  }): Promise<TChannelConnectionRow> => {
    const { now, ...row } = values;
    const fresh = {
      ...row,
      state: 'authorized' as const,
      account_id: null,
      account_name: null,
      account_details: {},
      disconnected_reason: null,
      connected_at: now,
      updated_at: now,
    };
    const [saved] = await db
      .insert(channel_connections)
      .values({ ...fresh, created_at: now })
      .onConflictDoUpdate({ target: [channel_connections.shop_id, channel_connections.channel], set: fresh })
      .returning();
    return saved!;
  },

  update: async (
    id: string,
    values: Partial<Omit<TChannelConnectionRow, 'id' | 'organization_id' | 'shop_id' | 'channel' | 'created_at'>>,
  ): Promise<TChannelConnectionRow | null> =>
    (await db.update(channel_connections).set(values).where(eq(channel_connections.id, id)).returning())[0] ?? null,
});

export const channelStatesRepo = (db: TDb) => ({
  /** Stores a new state and sweeps the expired ones. */
  insert: async (values: Omit<typeof channel_oauth_states.$inferInsert, 'id'>, now: Date) => {
    await db.delete(channel_oauth_states).where(lt(channel_oauth_states.expires_at, now));
    await db.insert(channel_oauth_states).values(values);
  },
  /** Removes and returns the state: one callback, whatever its outcome. */
  take: async (channel: TChannelKey, stateHash: string): Promise<TChannelOAuthStateRow | null> =>
    (
      await db
        .delete(channel_oauth_states)
        .where(and(eq(channel_oauth_states.state_hash, stateHash), eq(channel_oauth_states.channel, channel)))
        .returning()
    )[0] ?? null,
});
