import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  ZAnnouncementSchema,
  ZDismissNotificationQuerySchema,
  ZMarkNotificationsReadQuerySchema,
  ZMarkNotificationsReadSchema,
  ZNotificationListQuerySchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, ORG, USER } from './endpoint';

// Notifications and announcements. A notification
// belongs to one shop and says what happened and where the merchant acts (`link`, an in-app path);
// announcements (Feature Release) are product-wide and read or dismissed per shop.

/** Notification: notification_id, category, notification_type, is_read (+ what a person reads). */
export const ZNotificationSchema = z.object({
  notification_id: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  notification_type: z.enum(NOTIFICATION_TYPES),
  is_read: z.boolean(),
  /** True for a product-wide announcement (Feature Release). */
  is_announcement: z.boolean(),
  title: z.string(),
  message: z.string(),
  /** Where the merchant acts, an in-app path; null when there is nothing to do. */
  link: z.string().nullable(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/** The list response has is_view, announcement_unread_count and notifications_unread_count. */
export const ZNotificationPageSchema = z.object({
  data: z.array(ZNotificationSchema),
  total_records: z.number().int(),
  /** True when nothing is left unread (the header's bell shows no count). */
  is_view: z.boolean(),
  announcement_unread_count: z.number().int().nonnegative(),
  notifications_unread_count: z.number().int().nonnegative(),
  /** The most urgent unread notification: the layout banner's item (null: no banner). */
  banner: ZNotificationSchema.nullable(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPageSchema>;

export const ZUnreadCountsSchema = z.object({
  announcement_unread_count: z.number().int().nonnegative(),
  notifications_unread_count: z.number().int().nonnegative(),
});
export type TUnreadCounts = z.infer<typeof ZUnreadCountsSchema>;

export const ZPublishedAnnouncementSchema = z.object({
  announcement_id: z.string(),
  key: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  published_at: z.string(),
});
export type TPublishedAnnouncement = z.infer<typeof ZPublishedAnnouncementSchema>;

export const notificationsContract = {
  /** GET /notification-list (any member who may reach the shop). */
  find: endpoint({
    method: 'GET',
    path: '/notification-list',
    access: ORG,
    query: ZNotificationListQuerySchema,
    response: ZNotificationPageSchema,
  }),
  /** GET /dismiss-notification: hidden for duration_days (for good without), counts lowered. */
  dismiss: endpoint({
    method: 'GET',
    path: '/dismiss-notification',
    access: ORG,
    query: ZDismissNotificationQuerySchema,
    response: ZUnreadCountsSchema,
  }),
  /** POST /mark-notification-as-read/?shop_id: the named items, or all of the shop. */
  markRead: endpoint({
    method: 'POST',
    path: '/mark-notification-as-read',
    access: ORG,
    query: ZMarkNotificationsReadQuerySchema,
    body: ZMarkNotificationsReadSchema,
    response: ZUnreadCountsSchema,
  }),
  /** An admin user (is_admin) publishes a product-wide announcement; the service refuses anyone else. */
  publishAnnouncement: endpoint({
    method: 'POST',
    path: '/announcements',
    access: USER,
    body: ZAnnouncementSchema,
    response: ZPublishedAnnouncementSchema,
  }),
} as const;
