import { Bell } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useNotificationSummary } from './use-notifications';

/** The header's way to /notifications, with the unread count of the active store. */
export function NotificationBell() {
  const { unread, shopId } = useNotificationSummary();
  if (!shopId) return null;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      to={paths.notifications}
      aria-label={label}
      title={label}
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 font-semibold text-destructive-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
