// What the per-channel sync page reads: a connection's sync runs page by page, the run going on now, and the
// products a channel's sync holds back (their errors for that channel), from the list's own indexes.
import type { TChannel } from '@feedloom/catalog';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import { channel_sync_runs } from '../../db/schema';

/** Each catalog channel's status column on `products` (kept by trigger; indexed with the shop). */
const STATUS_COLUMN: Readonly<Record<TChannel, string>> = {
  google: 'google_status',
  microsoft: 'microsoft_status',
  meta: 'meta_status',
};

export const syncRepo = (db: TDb) => ({
  /** A page of the connection's runs, newest first, and how many there are. */
  runsPage: async (connectionId: string, page: number, limit: number) => {
    const where = eq(channel_sync_runs.connection_id, connectionId);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(channel_sync_runs)
        .where(where)
        .orderBy(desc(channel_sync_runs.started_at), desc(channel_sync_runs.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(channel_sync_runs).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  /** The connection's run going on now, if any. */
  running: async (connectionId: string) =>
    (
      await db
        .select()
        .from(channel_sync_runs)
        .where(and(eq(channel_sync_runs.connection_id, connectionId), eq(channel_sync_runs.status, 'running')))
        .orderBy(desc(channel_sync_runs.started_at))
        .limit(1)
    )[0] ?? null,

  /**
   * A page of the shop's products with errors for `channel` (the sync holds them back), in id order, with their
   * issues there; the total is the kept count of that status, never a count(*).
   */
  heldPage: async (shopId: string, channel: TChannel, page: number, limit: number) => {
    const column = sql.raw(`p.${STATUS_COLUMN[channel]}`);
    const [rows, total] = await Promise.all([
      queryRows<{ product_id: number; offer_id: string; title: string | null; issues: unknown[] }>(
        db,
        sql`select p.id::int as product_id, p.offer_id,
              coalesce(p.custom->>'title', p.source->>'title') as title, coalesce(s.issues, '[]'::jsonb) as issues
            from products p
            left join product_channel_statuses s on s.product_id = p.id and s.channel = ${channel}::text
            where p.shop_id = ${shopId}::uuid and ${column} = 'error'
            order by p.id limit ${limit} offset ${(page - 1) * limit}`,
      ),
      queryRows<{ n: number }>(
        db,
        sql`select n from product_status_counts
            where shop_id = ${shopId}::uuid and channel = ${channel}::text and status = 'error'`,
      ),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },
});
