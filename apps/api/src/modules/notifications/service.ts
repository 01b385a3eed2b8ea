// Notifications: recorded per shop from real events, each with where the merchant acts; product-
// wide announcements; the list, dismiss and mark-as-read; one mail per event kind per shop per
// hour to the shop's address (and the addresses the event names, e.g. an import's notification email).
import type {
  TNotification,
  TNotificationPage,
  TPublishedAnnouncement,
  TUnreadCounts,
} from '@feedloom/contracts';
import type {
  TAnnouncementInput,
  TDismissNotificationQuery,
  TMarkNotificationsRead,
  TNotificationCategory,
  TNotificationListQuery,
  TNotificationType,
} from '@feedloom/validation';
import { catalogChannelOf, LIST_CHANNEL_OF } from '@feedloom/validation';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  announcement_states,
  announcements,
  data_sources,
  import_runs,
  notifications,
  shops,
  users,
  type TImportRunRow,
} from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { TMailer } from '../../mail/mailer';
import { notificationMail } from '../../mail/templates';
import { NOTIFICATIONS_MSG as M } from './messages';
import { notificationsRepo, type TNotificationRow } from './repo';
import { SHIPPED_ANNOUNCEMENTS } from './shipped-announcements';
import { reachShop, type TShopCaller } from '../tenancy/reach';

/** What happened, to record for a shop. */
export interface TNotificationEvent {
  shop_id: string;
  category: Exclude<TNotificationCategory, 'feature_release'>;
  notification_type: Exclude<TNotificationType, 'announcement'>;
  /** What it is about; a newer notification on the same subject replaces the older ones. */
  subject: string;
  title: string;
  message: string;
  /** Where the merchant acts (an in-app path). */
  link: string | null;
  /** Addresses already told of this event by other means: the shop's address is skipped when among them. */
  mailed?: readonly (string | null | undefined)[];
}

/** How many scheduled fetches in a row must fail before it is said to keep failing. */
export const FETCH_FAILURES_IN_A_ROW = 3;
const MAIL_INTERVAL_SECONDS = 3600;
const FOREVER = new Date('9999-12-31T00:00:00Z');
const DAY_SECONDS = 86_400;

const toNotification = (r: TNotificationRow): TNotification => ({
  notification_id: r.id,
  category: r.category as TNotification['category'],
  notification_type: r.notification_type as TNotification['notification_type'],
  is_read: Boolean(r.is_read),
  is_announcement: Boolean(r.is_announcement),
  title: r.title,
  message: r.message,
  link: r.link,
  created_at: new Date(r.created_at).toISOString(),
});

export const createNotificationsService = (deps: {
  db: TDb;
  clock: TClock;
  mailer?: TMailer;
  appUrl?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) => {
  const { db, clock } = deps;
  const repo = notificationsRepo(db);

  let shipped: Promise<void> | undefined;
  /** Publishes the announcements of shipped-announcements.ts not yet published (once per process unless `again`). */
  const publishShipped = (again = false) =>
    (shipped =
      (!again && shipped) ||
      (async () => {
        for (const a of SHIPPED_ANNOUNCEMENTS) {
          await db
            .insert(announcements)
            .values({
              key: a.key,
              title: a.title,
              message: a.message,
              link: a.link ?? null,
              published_at: clock.now(),
            })
            .onConflictDoNothing();
        }
      })().catch((err: unknown) => {
        shipped = undefined;
        throw err;
      }));

  /** Mails the event unless this shop got a mail of this kind within the hour (claimed atomically). */
  const mail = async (event: TNotificationEvent, shop: { shop_name: string; shop_email: string | null }) => {
    if (!deps.mailer) return;
    const already = new Set((event.mailed ?? []).map((a) => a?.toLowerCase()));
    const to = shop.shop_email && !already.has(shop.shop_email.toLowerCase()) ? [shop.shop_email] : [];
    if (to.length === 0) return;
    const now = clock.now();
    const claimed = await queryRows<{ shop_id: string }>(
      db,
      sql`insert into notification_mails (shop_id, notification_type, sent_at)
          values (${event.shop_id}::uuid, ${event.notification_type}, ${now.toISOString()}::timestamptz)
          on conflict (shop_id, notification_type) do update set sent_at = excluded.sent_at
          where notification_mails.sent_at <= ${addSeconds(now, -MAIL_INTERVAL_SECONDS).toISOString()}::timestamptz
          returning shop_id`,
    );
    if (claimed.length === 0) return;
    const base = (deps.appUrl ?? '').replace(/\/$/, '');
    for (const address of to) {
      try {
        await deps.mailer.send(
          notificationMail(address, {
            shopName: shop.shop_name,
            title: event.title,
            message: event.message,
            link: event.link ? `${base}${event.link}` : null,
            urgent: event.category === 'critical',
          }),
        );
      } catch (err) {
        deps.log?.warn(
          { err, shop_id: event.shop_id, kind: event.notification_type },
          'notification mail could not be sent',
        );
      }
    }
  };

  /**
   * Records one notification for a shop (and mails it, at most once an hour per kind). Older notifications on
   * the same subject are resolved: the newest word on a thing is the one shown.
   */
  const recordNotification = async (event: TNotificationEvent): Promise<TNotification | null> => {
    const [shop] = await db
      .select({
        organization_id: shops.organization_id,
        shop_name: shops.shop_name,
        shop_email: shops.shop_email,
      })
      .from(shops)
      .where(eq(shops.id, event.shop_id));
    if (!shop) return null;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      await tx
        .update(notifications)
        .set({ resolved_at: now })
        .where(
          and(
            eq(notifications.shop_id, event.shop_id),
            eq(notifications.subject, event.subject),
            isNull(notifications.resolved_at),
          ),
        );
      const [inserted] = await tx
        .insert(notifications)
        .values({
          organization_id: shop.organization_id,
          shop_id: event.shop_id,
          category: event.category,
          notification_type: event.notification_type,
          subject: event.subject,
          title: event.title,
          message: event.message,
          link: event.link,
        })
        .returning();
      return inserted!;
    });
    await mail(event, shop);
    return toNotification({ ...row, id: row.id, is_announcement: false });
  };

  const productsLink = (channel: string, tab: string) =>
    `/manage-products?active_channel=${LIST_CHANNEL_OF[catalogChannelOf(channel)]}&tab=${tab}`;

  const importEvent = async (
    run: TImportRunRow,
    source: { name: string; notification_email: string | null },
  ) => {
    const link = `/data-source/${run.shop_id}?source=${run.data_source_id}`;
    // The import job mails the source's notification address itself; this mail goes to the shop's.
    const base = {
      shop_id: run.shop_id,
      subject: `data_source:${run.data_source_id}`,
      link,
      mailed: [source.notification_email],
    };
    if (run.status === 'held') {
      return recordNotification({
        ...base,
        category: 'critical',
        notification_type: 'import_held',
        ...M.importHeld(source.name),
        message: run.message ?? '',
      });
    }
    if (run.status === 'succeeded') {
      return recordNotification({
        ...base,
        category: 'information',
        notification_type: 'import_succeeded',
        ...M.importSucceeded(source.name),
        message: run.message ?? '',
      });
    }
    if (run.status !== 'failed') return null;
    if (run.trigger === 'schedule') {
      const recent = await queryRows<{ status: string; trigger: string }>(
        db,
        sql`select status, trigger from import_runs where data_source_id = ${run.data_source_id}::uuid
            and status in ('succeeded', 'failed', 'held') order by created_at desc limit ${FETCH_FAILURES_IN_A_ROW}`,
      );
      if (
        recent.length === FETCH_FAILURES_IN_A_ROW &&
        recent.every((r) => r.status === 'failed' && r.trigger === 'schedule')
      ) {
        return recordNotification({
          ...base,
          category: 'critical',
          notification_type: 'scheduled_fetch_failing',
          ...M.scheduledFetchFailing(source.name, FETCH_FAILURES_IN_A_ROW),
        });
      }
    }
    return recordNotification({
      ...base,
      category: 'warning',
      notification_type: 'import_failed',
      ...M.importFailed(source.name),
      message: run.message ?? '',
    });
  };

  const events = {
    /**
     * A finished, failed or held import run (the import job calls it with the run's id). Logged, never thrown:
     * the run is recorded whatever happens here.
     */
    importRunOutcome: async (runId: string): Promise<TNotification | null> => {
      try {
        const [row] = isUuid(runId)
          ? await db
              .select({
                run: import_runs,
                name: data_sources.data_source_name,
                email: data_sources.notification_email,
              })
              .from(import_runs)
              .innerJoin(data_sources, eq(data_sources.id, import_runs.data_source_id))
              .where(eq(import_runs.id, runId))
          : [];
        return row ? await importEvent(row.run, { name: row.name, notification_email: row.email }) : null;
      } catch (err) {
        deps.log?.warn({ err, run_id: runId }, 'import notification could not be recorded');
        return null;
      }
    },

    /** The channel refused the stored authorisation (the connection was ended). */
    channelAuthorisationRefused: (shopId: string, channel: string) =>
      recordNotification({
        shop_id: shopId,
        category: 'critical',
        notification_type: 'channel_authorisation_refused',
        subject: `channel:${channel}`,
        ...M.channelRefused(channel),
        link: `/link-account/${channel}/${shopId}`,
      }),

    /** The merchant disconnected the channel. */
    channelDisconnected: (shopId: string, channel: string) =>
      recordNotification({
        shop_id: shopId,
        category: 'warning',
        notification_type: 'channel_disconnected',
        subject: `channel:${channel}`,
        ...M.channelDisconnected(channel),
        link: `/link-account/${channel}/${shopId}`,
      }),

    /** The sync engine held a sync at the publish gate; `reason` is the merchant's sentence. */
    syncPaused: (shopId: string, channel: string, reason: string) =>
      recordNotification({
        shop_id: shopId,
        category: 'critical',
        notification_type: 'sync_paused',
        subject: `sync:${channel}`,
        ...M.syncPaused(channel, reason),
        link: `/sync-shop/${shopId}`,
      }),

    /** One digest per sync for the products a channel newly disapproved (nothing when there are none). */
    disapprovalDigest: async (
      shopId: string,
      channel: string,
      counts: { newly_disapproved: number; disapproved?: number },
    ) => {
      if (counts.newly_disapproved <= 0) return null;
      return recordNotification({
        shop_id: shopId,
        category: 'warning',
        notification_type: 'products_disapproved',
        subject: `disapprovals:${channel}:${clock.now().toISOString()}`,
        ...M.disapprovalDigest(channel, counts.newly_disapproved, counts.disapproved),
        link: productsLink(channel, 'disapproved'),
      });
    },
  };

  const unread = (shopId: string): Promise<TUnreadCounts> => repo.unread(shopId, clock.now());

  return {
    recordNotification,
    events,
    publishShipped,

    find: async (caller: TShopCaller, q: TNotificationListQuery): Promise<TNotificationPage> => {
      await reachShop(db, caller, q.shop_id);
      await publishShipped();
      const now = clock.now();
      const [rows, total, counts, banner] = await Promise.all([
        repo.page(q.shop_id, q, now),
        repo.total(q.shop_id, q, now),
        repo.unread(q.shop_id, now),
        repo.banner(q.shop_id, now),
      ]);
      return {
        data: rows.map(toNotification),
        total_records: total,
        is_view: counts.announcement_unread_count + counts.notifications_unread_count === 0,
        ...counts,
        banner: banner ? toNotification(banner) : null,
      };
    },

    dismiss: async (caller: TShopCaller, q: TDismissNotificationQuery): Promise<TUnreadCounts> => {
      await reachShop(db, caller, q.shop_id);
      if (!isUuid(q.notification_id)) throw notFound(M.notFound);
      const now = clock.now();
      const until = q.duration_days ? addSeconds(now, q.duration_days * DAY_SECONDS) : FOREVER;
      const [own] = await db
        .update(notifications)
        .set({ dismissed_until: until })
        .where(and(eq(notifications.id, q.notification_id), eq(notifications.shop_id, q.shop_id)))
        .returning({ id: notifications.id });
      if (!own) {
        const [announcement] = await db
          .select({ id: announcements.id })
          .from(announcements)
          .where(eq(announcements.id, q.notification_id));
        if (!announcement) throw notFound(M.notFound);
        await db
          .insert(announcement_states)
          .values({ announcement_id: announcement.id, shop_id: q.shop_id, dismissed_until: until })
          .onConflictDoUpdate({
            target: [announcement_states.announcement_id, announcement_states.shop_id],
            set: { dismissed_until: until },
          });
      }
      return unread(q.shop_id);
    },

    markRead: async (
      caller: TShopCaller,
      shopId: string,
      body: TMarkNotificationsRead,
    ): Promise<TUnreadCounts> => {
      await reachShop(db, caller, shopId);
      const ids = body.notification_ids?.filter(isUuid);
      if (ids && ids.length === 0) return unread(shopId);
      await db
        .update(notifications)
        .set({ is_read: true })
        .where(and(eq(notifications.shop_id, shopId), ids ? inArray(notifications.id, ids) : undefined));
      const targets = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(
          ids
            ? inArray(announcements.id, ids)
            : sql`${announcements.published_at} <= ${clock.now().toISOString()}::timestamptz`,
        );
      if (targets.length) {
        await db
          .insert(announcement_states)
          .values(targets.map((t) => ({ announcement_id: t.id, shop_id: shopId, is_read: true })))
          .onConflictDoUpdate({
            target: [announcement_states.announcement_id, announcement_states.shop_id],
            set: { is_read: true },
          });
      }
      return unread(shopId);
    },

    publishAnnouncement: async (
      userId: string,
      input: TAnnouncementInput,
    ): Promise<TPublishedAnnouncement> => {
      const [user] = await db.select({ is_admin: users.is_admin }).from(users).where(eq(users.id, userId));
      if (!user?.is_admin) throw forbidden(M.adminOnly);
      const now = clock.now();
      const [row] = await db
        .insert(announcements)
        .values({
          key: input.key ?? `admin-${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          title: input.title,
          message: input.message,
          link: input.link ?? null,
          published_by: userId,
          published_at: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(M.announcementExists, 'key');
      return {
        announcement_id: row.id,
        key: row.key,
        title: row.title,
        message: row.message,
        link: row.link,
        published_at: row.published_at.toISOString(),
      };
    },
  };
};
export type TNotificationsService = ReturnType<typeof createNotificationsService>;
/** What other modules call to tell about an event (the import job, channel tokens, the sync engine). */
export type TNotificationEvents = TNotificationsService['events'];
