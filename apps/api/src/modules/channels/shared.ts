// What the channel modules (Google in service.ts, Microsoft, Meta) share: the shop and connection checks,
// the consent state, the mapping of a channel's failures to the caller's messages.
import type { TChannelConnection, TChannelFeedSetting } from '@feedloom/contracts';
import type { TChannelKey } from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import type { TChannelConnectionRow, TShopRow } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import type { TGoogleHttpDeps } from './google/http';
import type { TShopScope } from '../tenancy/access';
import type { connectionsRepo } from './repo';

export interface TChannelCaller {
  user_id: string;
  org_id: string;
  shop_ids: TShopScope;
}

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
  reachShop(caller: TChannelCaller, shopId: string): Promise<TShopRow>;
  /** The shop's live connection to the channel (409 when it has none). */
  liveConnection(
    caller: TChannelCaller,
    shopId: string,
    channel: TChannelKey,
  ): Promise<TChannelConnectionRow>;
  /** Runs channel calls; their failures become the caller's messages (409 refused, 404, 502). */
  withChannel<T>(channel: TChannelKey, fn: () => Promise<T>, notFoundMessage?: string): Promise<T>;
  newState(
    caller: TChannelCaller,
    channel: TChannelKey,
    shopId: string,
  ): Promise<{ state: string; verifier: string }>;
  takeState(
    caller: TChannelCaller,
    channel: TChannelKey,
    state: string,
  ): Promise<{ shopId: string; verifier: string }>;
}

/** The steps with `step` recorded once; `order` is the channel's wizard (spec §2). */
export const withStep = (steps: readonly string[], step: string, order: readonly string[]): string[] => {
  const all = steps.includes(step) ? [...steps] : [...steps, step];
  return [...order.filter((s) => all.includes(s)), ...all.filter((s) => !order.includes(s))];
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
