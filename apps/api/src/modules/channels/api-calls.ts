// Records every HTTP call made to a channel for a shop (channel_api_calls), for the dashboard's api-health.
// The Google client's request function calls `record` once per logical call (its retries included), so the
// sync engine's calls through the same client are recorded too.
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { channel_api_calls } from '../../db/schema';
import type { TClock } from '../../lib/clock';

/** One call as the client saw it. */
export interface TChannelCall {
  /** A 2xx answer. */
  ok: boolean;
  /** Attempts made (more than one: it was retried). */
  attempts: number;
  /** The last HTTP status, 0 when the channel could not be reached. */
  status: number;
  /** From the first attempt to the answer, waits between attempts included. */
  duration_ms: number;
}

export type TChannelCallRecorder = (call: TChannelCall) => Promise<void>;

export const createChannelCallRecorder = (deps: { db: TDb; clock: TClock; log: Pick<FastifyBaseLogger, 'warn'> }) => ({
  /** The recorder of one shop's calls to `channel`; a failed write is logged, never thrown at the caller. */
  forShop:
    (shopId: string, channel: string): TChannelCallRecorder =>
    async (call) => {
      try {
        await deps.db.insert(channel_api_calls).values({
          shop_id: shopId,
          channel,
          at: deps.clock.now(),
          ok: call.ok,
          retried: call.attempts > 1,
          duration_ms: Math.max(0, Math.round(call.duration_ms)),
          status: call.status,
        });
      } catch (err) {
        deps.log.warn({ err, shop_id: shopId, channel }, 'channel call could not be recorded');
      }
    },
});
export type TChannelCallRecorders = ReturnType<typeof createChannelCallRecorder>;
