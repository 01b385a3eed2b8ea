import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';

const dayText = (d: Date) => d.toISOString().slice(0, 10);

export const dashboardRepo = (db: TDb) => ({
  /**
   * Keeps `day`'s snapshot of a shop's kept counts (product_status_counts), replacing what that day held, so
   * the last point of the trend is the count of now. Every shop when `shopId` is null (the daily job).
   */
  async snapshot(day: Date, shopId: string | null): Promise<void> {
    const d = dayText(day);
    const shopWhere = shopId ? sql`shop_id = ${shopId}::uuid` : sql`true`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from product_status_snapshots where day = ${d}::date and ${shopWhere}`);
      await tx.execute(
        sql`insert into product_status_snapshots (shop_id, channel, day, status, n)
            select shop_id, channel, ${d}::date, status, n from product_status_counts where ${shopWhere}`,
      );
    });
  },

  /** The kept snapshots of a catalog channel from `from` on (with the shop's product count, channel '*'). */
  async trend(shopId: string, channel: string, from: Date) {
    return queryRows<{ day: string; status: string; channel: string; n: number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, channel, status, n from product_status_snapshots
          where shop_id = ${shopId}::uuid and channel in (${channel}, '*') and day >= ${dayText(from)}::date
          order by day`,
    );
  },

  /** Issues on a catalog channel by the number of products they affect, with the status most of them hold. */
  async topIssues(shopId: string, channel: string, limit: number) {
    return queryRows<{ code: string; severity: string; attribute: string; message: string; products: number; status: string }>(
      db,
      sql`select i->>'code' as code, coalesce(i->>'severity', 'error') as severity,
                 coalesce(i->>'attribute', '') as attribute, min(i->>'message') as message,
                 count(distinct s.product_id)::int as products, mode() within group (order by s.status) as status
            from product_channel_statuses s
            join products p on p.id = s.product_id
            cross join lateral jsonb_array_elements(s.issues) i
           where p.shop_id = ${shopId}::uuid and s.channel = ${channel}
           group by 1, 2, 3
           order by products desc, code
           limit ${limit}`,
    );
  },

  /** Calls per UTC day between two dates (inclusive), with latency percentiles. */
  async apiHealth(shopId: string, start: string, end: string) {
    return queryRows<{ day: string; calls: number; failed: number; retried: number; p50: number | null; p95: number | null }>(
      db,
      sql`select to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as calls,
                 count(*) filter (where not ok)::int as failed, count(*) filter (where retried)::int as retried,
                 percentile_cont(0.5) within group (order by duration_ms) as p50,
                 percentile_cont(0.95) within group (order by duration_ms) as p95
            from channel_api_calls
           where shop_id = ${shopId}::uuid
             and at >= ${start}::date::timestamp at time zone 'UTC'
             and at < (${end}::date + 1)::timestamp at time zone 'UTC'
           group by 1 order by 1`,
    );
  },

  async connected(shopId: string, connection: string): Promise<boolean> {
    const rows = await queryRows<{ ok: boolean }>(
      db,
      sql`select true as ok from channel_connections where shop_id = ${shopId}::uuid and channel = ${connection}
          and state <> 'disconnected' limit 1`,
    );
    return rows.length > 0;
  },
});
