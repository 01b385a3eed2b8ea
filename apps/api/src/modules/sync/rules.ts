// The sync engine's pure decisions: the content hash of a payload, whether an item is sent, and the
// publish gate's arithmetic. Unit-tested in rules.test.ts.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same payload always hashes the same whatever order it was built in. */
const canonical = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
};

/** sha256 (base64url) of the payload as the channel receives it. */
export const contentHash = (payload: unknown): string => createHash('sha256').update(canonical(payload)).digest('base64url');

/** What the channel has of an item (channel_items), if anything. */
export interface TLiveItem {
  content_hash: string;
  sent_at: Date;
  sends_day: string;
  sends_today: number;
}

/** Google: an unchanged item is updated at most twice a (UTC) day. */
export const UNCHANGED_SENDS_PER_DAY = 2;

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Whether to send an item now: always when its data changed (or the channel has none of it); an unchanged one
 * only when it is due for a refresh (the channel expires items it has not seen for a while) and the quota of
 * unchanged updates for today is not used up.
 */
export const sendDecision = (
  live: TLiveItem | undefined,
  hash: string,
  now: Date,
  opts: { refreshAfterMs: number; force?: boolean },
): 'send' | 'skip' | 'quota' => {
  if (!live || live.content_hash !== hash) return 'send';
  const due = opts.force || now.getTime() - live.sent_at.getTime() >= opts.refreshAfterMs;
  if (!due) return 'skip';
  const usedToday = live.sends_day === utcDay(now) ? live.sends_today : 0;
  return usedToday >= UNCHANGED_SENDS_PER_DAY ? 'quota' : 'send';
};

/** The sends counter after a send now. */
export const afterSend = (live: TLiveItem | undefined, now: Date): { sends_day: string; sends_today: number } => {
  const day = utcDay(now);
  return { sends_day: day, sends_today: live && live.sends_day === day ? live.sends_today + 1 : 1 };
};

/**
 * The publish gate: a sync that would newly hold back or remove more than `limit` (a share, 0–1) of the items
 * live now pauses until the merchant confirms. Nothing live: nothing to protect.
 */
export const gateVerdict = (
  counts: { live: number; newly_held: number; to_delete: number },
  limit: number,
): { pause: boolean; share: number } => {
  if (counts.live === 0) return { pause: false, share: 0 };
  const share = (counts.newly_held + counts.to_delete) / counts.live;
  return { pause: share > limit, share };
};
