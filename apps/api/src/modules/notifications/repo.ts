import type { TNotificationListQuery } from '@feedloom/validation';
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';

export interface TNotificationRow extends Record<string, unknown> {
  id: string;
  is_announcement: boolean;
  category: string;
  notification_type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: boolean;
  created_at: string | Date;
}

// The shop's visible items: its notifications not dismissed (or back after their days) and not replaced by a
// newer one on their subject, and the published announcements not dismissed in the shop. `allAnnouncements`
// false leaves out the announcements the shop has read.
const visible = (shopId: string, now: Date, allAnnouncements: boolean): SQL => sql`
  select n.id::text as id, false as is_announcement, n.category, n.notification_type, n.title, n.message, n.link,
         n.is_read, n.created_at
    from notifications n
   where n.shop_id = ${shopId}::uuid and n.resolved_at is null
     and (n.dismissed_until is null or n.dismissed_until <= ${now.toISOString()}::timestamptz)
  union all
  select a.id::text, true, 'feature_release', 'announcement', a.title, a.message, a.link,
         coalesce(s.is_read, false), a.published_at
    from announcements a
    left join announcement_states s on s.announcement_id = a.id and s.shop_id = ${shopId}::uuid
   where a.published_at <= ${now.toISOString()}::timestamptz
     and (s.dismissed_until is null or s.dismissed_until <= ${now.toISOString()}::timestamptz)
     ${allAnnouncements ? sql`` : sql`and not coalesce(s.is_read, false)`}`;

/** Critical, Warning, Information, Feature Release. */
const RANK = sql`case category when 'critical' then 0 when 'warning' then 1 when 'information' then 2 else 3 end`;

const ORDER: Record<TNotificationListQuery['sort_by'], SQL> = {
  all_unread_first: sql`is_read, ${RANK}, created_at desc, id`,
  newest_first: sql`created_at desc, ${RANK}, id`,
  oldest_first: sql`created_at, ${RANK}, id`,
};

export const notificationsRepo = (db: TDb) => ({
  async page(shopId: string, q: TNotificationListQuery, now: Date) {
    const where = q.tab === 'all' ? sql`true` : sql`category = ${q.tab}`;
    return queryRows<TNotificationRow>(
      db,
      sql`select v.* from (${visible(shopId, now, q.view_all_announcements)}) v
          where ${where} order by ${ORDER[q.sort_by]}
          limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    );
  },

  async total(shopId: string, q: TNotificationListQuery, now: Date): Promise<number> {
    const where = q.tab === 'all' ? sql`true` : sql`category = ${q.tab}`;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${visible(shopId, now, q.view_all_announcements)}) v where ${where}`,
    );
    return row?.n ?? 0;
  },

  /** The most urgent unread item: the layout banner. */
  async banner(shopId: string, now: Date): Promise<TNotificationRow | undefined> {
    const [row] = await queryRows<TNotificationRow>(
      db,
      sql`select v.* from (${visible(shopId, now, false)}) v where not is_read
          order by ${RANK}, created_at desc, id limit 1`,
    );
    return row;
  },

  /** Unread visible items by kind; counts of rows, so never below zero. */
  async unread(shopId: string, now: Date) {
    const [row] = await queryRows<{ announcements: number; notifications: number }>(
      db,
      sql`select count(*) filter (where is_announcement)::int as announcements,
                 count(*) filter (where not is_announcement)::int as notifications
            from (${visible(shopId, now, false)}) v where not is_read`,
    );
    return {
      announcement_unread_count: Math.max(0, row?.announcements ?? 0),
      notifications_unread_count: Math.max(0, row?.notifications ?? 0),
    };
  },
});
