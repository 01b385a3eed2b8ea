import { useRequiredSession } from '@/features/auth/use-session';
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type NotificationItem = RouterOutputs['notifications']['find']['data'][number];

/** How often the header count and the banner look for new notifications (no reload needed). */
export const NOTIFICATIONS_POLL_MS = 15_000;

/** Messages of the notifications screen. */
export const NOTIFICATIONS_WEB_MSG = {
  fetchFailed: 'Failed to fetch notifications',
  dismissFailed: 'Failed to dismiss notification',
} as const;

/**
 * The active shop's unread counts and the banner's item, polled. Its own failure is silent: the header and
 * the banner simply show nothing (the notifications screen reports a failure itself).
 */
export function useNotificationSummary() {
  const session = useRequiredSession();
  const shopId = session.active_shop_id;
  const query = trpc.notifications.find.useQuery(
    { shop_id: shopId ?? '', limit: 5 },
    {
      enabled: Boolean(shopId && session.is_part_of_any_org),
      refetchInterval: NOTIFICATIONS_POLL_MS,
      staleTime: 0,
      meta: { silentError: true },
    },
  );
  const data = query.data;
  return {
    shopId,
    unread: data ? data.notifications_unread_count + data.announcement_unread_count : 0,
    banner: data?.banner ?? null,
  };
}

/** After a change: the screen's lists and the header's summary read again. */
export function useRefreshNotifications() {
  const utils = trpc.useUtils();
  return () => utils.notifications.find.invalidate();
}
