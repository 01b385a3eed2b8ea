// The access token of a channel connection: kept sealed in its row (so every api process and worker shares
// it), refreshed shortly before it expires or when the channel refuses it, one refresh at a time per
// connection in this process. A refresh token the channel refuses ends the connection.
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { addSeconds, type TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import type { TAccessTokenSource } from './google/merchant-client';
import { ACCESS_TOKEN_MARGIN_SECONDS, CHANNELS_MSG } from './messages';
import { GoogleGrantRefusedError, type TOAuthClient } from './oauth';
import { connectionsRepo } from './repo';

/** The connection has no usable authorisation (disconnected, or the channel just refused its refresh token). */
export class ChannelDisconnectedError extends Error {
  override name = 'ChannelDisconnectedError';
  constructor(
    readonly connectionId: string,
    /** True when the channel refused the stored authorisation just now (the connection was ended). */
    readonly refused: boolean,
  ) {
    super(`channel connection ${connectionId} is disconnected`);
  }
}

export const createConnectionTokens = (deps: {
  db: TDb;
  cipher: TCipher;
  clock: TClock;
  log: FastifyBaseLogger;
  /** The channel's token endpoint (Google's, Microsoft's): a refused grant throws GoogleGrantRefusedError. */
  oauth: () => Pick<TOAuthClient, 'refresh'>;
  /** Told when the channel refused a connection's authorisation (a notification for the merchant). */
  onRefused?: (shopId: string, channel: string) => Promise<unknown>;
}) => {
  const repo = connectionsRepo(deps.db);
  const inFlight = new Map<string, Promise<string>>();
  /** How many refreshes of each connection this process finished (to tell a read that raced one). */
  const refreshes = new Map<string, number>();

  const refresh = async (connectionId: string): Promise<string> => {
    const row = await repo.byId(connectionId);
    if (!row || row.state === 'disconnected' || !row.refresh_token)
      throw new ChannelDisconnectedError(connectionId, false);
    let tokens;
    try {
      tokens = await deps.oauth().refresh(deps.cipher.decrypt(row.refresh_token));
    } catch (err) {
      if (!(err instanceof GoogleGrantRefusedError)) throw err;
      deps.log.warn(
        { connection_id: connectionId, shop_id: row.shop_id, channel: row.channel },
        'channel refused the refresh token; disconnected',
      );
      await repo.update(connectionId, {
        state: 'disconnected',
        refresh_token: null,
        access_token: null,
        access_token_expires_at: null,
        disconnected_reason: CHANNELS_MSG.authorisationRefused(row.channel),
        updated_at: deps.clock.now(),
      });
      await deps.onRefused?.(row.shop_id, row.channel).catch((e: unknown) => {
        deps.log.warn({ err: e, connection_id: connectionId }, 'refused authorisation could not be notified');
      });
      throw new ChannelDisconnectedError(connectionId, true);
    }
    const now = deps.clock.now();
    await repo.update(connectionId, {
      access_token: deps.cipher.encrypt(tokens.access_token),
      access_token_expires_at: addSeconds(now, tokens.expires_in),
      updated_at: now,
    });
    return tokens.access_token;
  };

  return {
    /** What a channel client asks for a Bearer token; `rejected` forces a refresh unless one already replaced it. */
    forConnection: (connectionId: string): TAccessTokenSource => ({
      get: async (rejected) => {
        for (let attempt = 0; ; attempt++) {
          const seen = refreshes.get(connectionId) ?? 0;
          const row = await repo.byId(connectionId);
          if (!row || row.state === 'disconnected') throw new ChannelDisconnectedError(connectionId, false);
          const fresh =
            row.access_token !== null &&
            row.access_token_expires_at !== null &&
            row.access_token_expires_at.getTime() >
              addSeconds(deps.clock.now(), ACCESS_TOKEN_MARGIN_SECONDS).getTime();
          if (fresh) {
            const current = deps.cipher.decrypt(row.access_token!);
            if (current !== rejected) return current;
          }
          let flight = inFlight.get(connectionId);
          if (!flight) {
            // A refresh that ended while the row was being read left a token this read did not see: read again
            // rather than refresh a second time.
            if (attempt === 0 && (refreshes.get(connectionId) ?? 0) !== seen) continue;
            flight = refresh(connectionId).finally(() => {
              inFlight.delete(connectionId);
              refreshes.set(connectionId, (refreshes.get(connectionId) ?? 0) + 1);
            });
            inFlight.set(connectionId, flight);
          }
          return flight;
        }
      },
    }),
  };
};
export type TConnectionTokens = ReturnType<typeof createConnectionTokens>;
