import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { NOTIFICATIONS_WEB_MSG, useRefreshNotifications, type NotificationItem } from './use-notifications';

/** Open (marks it read, then goes where the merchant acts), mark as read, and dismiss for some days. */
export function useNotificationActions(shopId: string) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshNotifications();
  const markRead = trpc.notifications.markRead.useMutation({ onSettled: refresh });
  const dismiss = trpc.notifications.dismiss.useMutation({
    meta: { silentError: true },
    onSuccess: () => void refresh(),
    onError: () => snackbar.show(NOTIFICATIONS_WEB_MSG.dismissFailed, 'error'),
  });
  return {
    open: (item: NotificationItem) => {
      if (!item.is_read) markRead.mutate({ shop_id: shopId, notification_ids: [item.notification_id] });
      if (item.link) void navigate(item.link);
    },
    markRead: (ids?: string[]) => markRead.mutate({ shop_id: shopId, ...(ids ? { notification_ids: ids } : {}) }),
    isMarking: markRead.isPending,
    dismiss: (item: NotificationItem, days?: number) =>
      dismiss.mutate({ shop_id: shopId, notification_id: item.notification_id, ...(days ? { duration_days: days } : {}) }),
    dismissingId: dismiss.isPending ? dismiss.variables.notification_id : undefined,
  };
}
