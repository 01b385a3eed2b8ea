// What the channel modules (Google in service.ts, Microsoft, Meta) share: the shop and connection checks,
// the consent state, the mapping of a channel's failures to the caller's messages, and the bookkeeping of a
// connection's row.
import type {
  TChannelConnection,
  TChannelFeedSetting,
  ZCatalogFeedSettingInputSchema,
} from '@feedloom/contracts';
import { INTEGRATION_STEPS, type TChannelKey } from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TDb } from '../../db/client';
import type { TChannelConnectionRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import { conflict } from '../../lib/errors';
import type { TGoogleHttpDeps } from './google/http';
import { CHANNELS_MSG } from './messages';
import type { TOAuthTokens } from './oauth';
import type { connectionsRepo } from './repo';
import { reachShop, type TCaller } from '../tenancy/reach';

export interface TChannelShared {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  log: FastifyBaseLogger;
  http: TGoogleHttpDeps;
  connections: ReturnType<typeof connectionsRepo>;
  /** Told when a channel refused a connection's authorisation (a Critical notification and mail for the merchant). */
  onRefused?: (shopId: string, channel: string) => Promise<unknown>;
  /** The caller's shop (404 when it is not theirs). */
  /** The shop's live connection to the channel (409 when it has none). */
  liveConnection(caller: TCaller, shopId: string, channel: TChannelKey): Promise<TChannelConnectionRow>;
  /** Runs channel calls; their failures become the caller's messages (409 refused, 404, 502). */
  withChannel<T>(channel: TChannelKey, fn: () => Promise<T>, notFoundMessage?: string): Promise<T>;
  newState(
    caller: TCaller,
    channel: TChannelKey,
    shopId: string,
  ): Promise<{ state: string; verifier: string }>;
  takeState(
    caller: TCaller,
    channel: TChannelKey,
    state: string,
  ): Promise<{ shopId: string; verifier: string }>;
}

/** A website address's host, lower-case and without a leading `www.`; null when it is no URL. */
export const websiteHost = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
};

/**
 * Whether a channel account's website (Google's homepage, Microsoft's store URL) is the shop's own: the same
 * host, with or without `www.`. Products link to the shop's website, so an account on another site cannot
 * show them.
 */
export const isShopWebsite = (shopUrl: string, url: string | null | undefined): boolean => {
  const host = websiteHost(url);
  return host !== null && host === websiteHost(shopUrl);
};

/** The steps with `step` recorded once; `order` is the channel's wizard. */
export const withStep = (steps: readonly string[], step: string, order: readonly string[]): string[] => {
  const all = steps.includes(step) ? [...steps] : [...steps, step];
  return [...order.filter((s) => all.includes(s)), ...all.filter((s) => !order.includes(s))];
};

/**
 * A connection's steps once `step` is done, and whether the integration is now complete. The feed
 * configuration starts from valid defaults (a daily schedule, submissions on), so it counts as done as soon
 * as every step before it is: the merchant reaches it with a working feed and changes it only if they wish.
 */
export const stepsWith = (
  row: Pick<TChannelConnectionRow, 'integration_steps' | 'integration_once_completed'>,
  step: string,
  order: readonly string[],
) => {
  let steps = withStep(row.integration_steps, step, order);
  const last = order.indexOf('feed-config');
  if (last >= 0 && order.slice(0, last).every((s) => steps.includes(s)))
    steps = withStep(steps, 'feed-config', order);
  return {
    integration_steps: steps,
    integration_once_completed: row.integration_once_completed || order.every((s) => steps.includes(s)),
  };
};

export const toConnection = (row: TChannelConnectionRow): TChannelConnection => ({
  shop_id: row.shop_id,
  channel: row.channel,
  state: row.state,
  account_id: row.account_id,
  account_name: row.account_name,
  scopes: row.scopes.split(' ').filter(Boolean),
  integration_steps: row.integration_steps,
  integration_once_completed: row.integration_once_completed,
  target_market: row.target_market ?? null,
  disconnected_reason: row.disconnected_reason,
  connected_at: row.connected_at?.toISOString() ?? null,
  updated_at: row.updated_at.toISOString(),
});

/** The feed settings answer of a connection (Microsoft and Meta alike). */
export const toFeedSetting = (row: TChannelConnectionRow): TChannelFeedSetting => ({
  feed_schedule: row.feed_schedule,
  feed_enabled: row.feed_enabled,
  target_market: row.target_market ?? null,
  connection: toConnection(row),
});

/** What a feed settings save may change: the schedule, the submissions switch, or both. */
export type TFeedSettingInput = z.infer<typeof ZCatalogFeedSettingInputSchema>;

/**
 * One channel's bookkeeping of its connection row (Google, Microsoft and Meta alike): the granted tokens stored
 * sealed, saves that fail when the connection is gone, the wizard steps, the feed settings.
 */
export const createConnectionBookkeeping = (shared: TChannelShared, channel: TChannelKey) => {
  const { clock, cipher, connections } = shared;
  const order: readonly string[] = INTEGRATION_STEPS[channel];

  const save = async (row: TChannelConnectionRow, values: Parameters<typeof connections.update>[1]) => {
    const saved = await connections.update(row.id, { ...values, updated_at: clock.now() });
    if (!saved) throw conflict(CHANNELS_MSG.notConnected(channel));
    return saved;
  };

  /** Records a wizard step; the integration counts as completed once every step is done. */
  const recordStep = (row: TChannelConnectionRow, step: string) => stepsWith(row, step, order);

  return {
    save,
    recordStep,

    /**
     * Stores a grant of the consent callback: the tokens sealed (`refreshToken` null where the channel
     * issues none), the connection authorised by the caller. The answer carries no token.
     */
    authorize: async (
      caller: TCaller,
      shopId: string,
      granted: TOAuthTokens,
      refreshToken: string | null,
    ): Promise<TChannelConnection> => {
      const now = clock.now();
      const saved = await connections.authorize({
        organization_id: caller.org_id,
        shop_id: shopId,
        channel,
        refresh_token: refreshToken === null ? null : cipher.encrypt(refreshToken),
        access_token: cipher.encrypt(granted.access_token),
        access_token_expires_at: addSeconds(now, granted.expires_in),
        scopes: granted.scope,
        connected_by: caller.user_id,
        now,
      });
      return toConnection(saved);
    },

    feedSetting: async (caller: TCaller, shopId: string): Promise<TChannelFeedSetting> => {
      await reachShop(shared.db, caller, shopId);
      const row = await connections.find(caller.org_id, shopId, channel);
      if (!row) throw conflict(CHANNELS_MSG.notConnected(channel));
      return toFeedSetting(row);
    },

    /** Saves the schedule (the step feed-config) and/or the submissions switch; the caller checked the row. */
    saveFeedSetting: async (
      row: TChannelConnectionRow,
      body: TFeedSettingInput,
    ): Promise<TChannelFeedSetting> => {
      const saved = await save(row, {
        ...(body.feed_schedule !== undefined
          ? { feed_schedule: body.feed_schedule, ...recordStep(row, 'feed-config') }
          : {}),
        ...(body.feed_enabled !== undefined ? { feed_enabled: body.feed_enabled } : {}),
      });
      return toFeedSetting(saved);
    },
  };
};
