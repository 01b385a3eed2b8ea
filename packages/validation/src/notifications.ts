import { z } from 'zod';
import { ZListQuerySchema } from './limits';
import { DEFAULT_PRODUCT_CHANNEL, PRODUCT_CHANNELS } from './products';
import { ZIdSchema, ZTextSchema } from './text';

// Notifications, announcements and the dashboard.

/** notifications are sorted by category in this order. */
export const NOTIFICATION_CATEGORIES = ['critical', 'warning', 'information', 'feature_release'] as const;
export type TNotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export const NOTIFICATION_CATEGORY_LABELS: Record<TNotificationCategory, string> = {
  critical: 'Critical',
  warning: 'Warning',
  information: 'Information',
  feature_release: 'Feature Release',
};

/** The tabs of /notifications: everything, then one per category in the spec's order. */
export const NOTIFICATION_TABS = ['all', ...NOTIFICATION_CATEGORIES] as const;
export type TNotificationTab = (typeof NOTIFICATION_TABS)[number];
export const NOTIFICATION_TAB_LABELS: Record<TNotificationTab, string> = {
  all: 'All',
  ...NOTIFICATION_CATEGORY_LABELS,
};

/** The default sort is All Unread First (unread, then category order, then newest). */
export const NOTIFICATION_SORTS = ['all_unread_first', 'newest_first', 'oldest_first'] as const;
export type TNotificationSort = (typeof NOTIFICATION_SORTS)[number];
export const DEFAULT_NOTIFICATION_SORT: TNotificationSort = 'all_unread_first';
export const NOTIFICATION_SORT_LABELS: Record<TNotificationSort, string> = {
  all_unread_first: 'All Unread First',
  newest_first: 'Newest First',
  oldest_first: 'Oldest First',
};

/** What raised a notification (one name per event kind; the mail throttle counts per kind and shop). */
export const NOTIFICATION_TYPES = [
  'import_succeeded',
  'import_failed',
  'import_held',
  'scheduled_fetch_failing',
  'channel_disconnected',
  'channel_authorisation_refused',
  'sync_paused',
  'products_disapproved',
  'announcement',
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Dismissing hides an item this many days (then it is back if it still holds); without it, for good. */
export const DISMISS_MAX_DAYS = 365;

const toBool = (v: unknown) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' ? false : v);

/** GET /notification-list: a bad tab or sort falls back to its default, as the product list does. */
export const ZNotificationListQuerySchema = ZListQuerySchema.pick({ page: true, limit: true }).extend({
  shop_id: ZIdSchema('Store id'),
  tab: z.enum(NOTIFICATION_TABS).catch('all').default('all'),
  sort_by: z.enum(NOTIFICATION_SORTS).catch(DEFAULT_NOTIFICATION_SORT).default(DEFAULT_NOTIFICATION_SORT),
  view_all_announcements: z.preprocess(toBool, z.boolean().catch(false)).default(false),
});
export type TNotificationListQuery = z.output<typeof ZNotificationListQuerySchema>;
export type TNotificationListQueryInput = z.input<typeof ZNotificationListQuerySchema>;

export const NOTIFICATION_MSG = {
  durationDays: `Duration must be a whole number of days from 1 to ${DISMISS_MAX_DAYS}.`,
  tooManyIds: 'At most 100 notifications can be marked at once.',
} as const;

/** GET /dismiss-notification: shop_id, notification_id, duration_days. */
export const ZDismissNotificationQuerySchema = z.object({
  shop_id: ZIdSchema('Store id'),
  notification_id: ZIdSchema('Notification'),
  duration_days: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v === '' ? undefined : v),
      z
        .number({ error: NOTIFICATION_MSG.durationDays })
        .int(NOTIFICATION_MSG.durationDays)
        .min(1, NOTIFICATION_MSG.durationDays)
        .max(DISMISS_MAX_DAYS, NOTIFICATION_MSG.durationDays),
    )
    .optional(),
});
export type TDismissNotificationQuery = z.output<typeof ZDismissNotificationQuerySchema>;

/** POST /mark-notification-as-read/?shop_id: the given items, or everything when none is named. */
export const ZMarkNotificationsReadQuerySchema = z.object({ shop_id: ZIdSchema('Store id') });
export const ZMarkNotificationsReadSchema = z.object({
  notification_ids: z.array(ZIdSchema('Notification')).max(100, NOTIFICATION_MSG.tooManyIds).optional(),
});
export type TMarkNotificationsRead = z.output<typeof ZMarkNotificationsReadSchema>;

export const ANNOUNCEMENT_LIMITS = { title: 140, message: 2000, link: 500, key: 64 } as const;

/** An announcement an admin publishes (Feature Release, product-wide). */
export const ZAnnouncementSchema = z.object({
  key: ZTextSchema({ label: 'Key', min: 1, max: ANNOUNCEMENT_LIMITS.key, trim: true })
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Key may hold lowercase letters, digits and hyphens only.')
    .optional(),
  title: ZTextSchema({ label: 'Title', min: 1, max: ANNOUNCEMENT_LIMITS.title, trim: true }),
  message: ZTextSchema({
    label: 'Message',
    min: 1,
    max: ANNOUNCEMENT_LIMITS.message,
    trim: true,
    multiline: true,
  }),
  /** An in-app path (`/dashboard`) the announcement leads to. */
  link: ZTextSchema({ label: 'Link', max: ANNOUNCEMENT_LIMITS.link, trim: true })
    .regex(/^\/[^/\\]/, 'Link must be a path inside the app, starting with /.')
    .optional(),
});
export type TAnnouncementInput = z.output<typeof ZAnnouncementSchema>;

// ── Dashboard ──────────────────────────────────────────────────────────────────
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const DASHBOARD_MSG = {
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  range: 'End date must not be before start date.',
  rangeTooLong: 'The date range can span at most 366 days.',
} as const;
export const ZDateSchema = (label: string) =>
  z
    .string({ error: DASHBOARD_MSG.date(label) })
    .max(10, DASHBOARD_MSG.date(label))
    .regex(DATE_RE, DASHBOARD_MSG.date(label))
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), DASHBOARD_MSG.date(label));

/** GET /dashboard/api-health: shop_id, start_date, end_date (inclusive days, UTC). */
export const ZApiHealthQuerySchema = z
  .object({
    shop_id: ZIdSchema('Store id'),
    start_date: ZDateSchema('Start date'),
    end_date: ZDateSchema('End date'),
  })
  .superRefine((q, ctx) => {
    if (q.end_date < q.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: DASHBOARD_MSG.range });
    else if ((Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000 > 366)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: DASHBOARD_MSG.rangeTooLong });
  });
export type TApiHealthQuery = z.output<typeof ZApiHealthQuerySchema>;

/** GET /dashboard/product-diagnostics: shop_id, active_channel (a sidebar channel of the product list). */
export const ZProductDiagnosticsQuerySchema = z.object({
  shop_id: ZIdSchema('Store id'),
  active_channel: z.enum(PRODUCT_CHANNELS).catch(DEFAULT_PRODUCT_CHANNEL).default(DEFAULT_PRODUCT_CHANNEL),
});
export type TProductDiagnosticsQuery = z.output<typeof ZProductDiagnosticsQuerySchema>;

/** The days the dashboard's trend covers. */
export const DASHBOARD_TREND_DAYS = 30;
/** How many issues the dashboard ranks. */
export const DASHBOARD_TOP_ISSUES = 10;
