import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CategoryBadge, categoryTone } from '@/features/notifications/category';
import { useNotificationActions } from '@/features/notifications/use-notification-actions';
import { useNotificationSummary } from '@/features/notifications/use-notifications';
import { cn } from '@/lib/utils';

/** Days the banner's close button hides its item (it is back after them while still true). */
export const BANNER_DISMISS_DAYS = 1;

/**
 * Layout: the most urgent unread notification of the active store. The layout hides it on the
 * screens whose route has `hideBanner`.
 */
export function NotificationBanner() {
  const { banner, shopId } = useNotificationSummary();
  if (!banner || !shopId) return null;
  return <Banner item={banner} shopId={shopId} />;
}

function Banner({ item, shopId }: { item: NonNullable<ReturnType<typeof useNotificationSummary>['banner']>; shopId: string }) {
  const actions = useNotificationActions(shopId);
  return (
    <div
      role="region"
      aria-label="Notification"
      className={cn('flex flex-wrap items-center gap-3 border-b border-border px-4 py-2.5 text-sm md:px-8', categoryTone(item.category))}
    >
      <CategoryBadge category={item.category} className="bg-background/70" />
      {/* On a narrow screen the text has a line of its own instead of a sliver beside the buttons. */}
      <p className="order-last min-w-0 basis-full text-foreground sm:order-none sm:flex-1 sm:basis-0">
        <span className="font-semibold">{item.title}</span>
        {item.message ? <span className="ml-2 text-muted-foreground">{item.message}</span> : null}
      </p>
      {item.link ? (
        <Button size="sm" variant="outline" onClick={() => actions.open(item)}>
          {item.is_announcement ? 'Learn more' : 'Take action'}
        </Button>
      ) : null}
      <Button
        size="icon"
        variant="ghost"
        className="size-8"
        aria-label={`Dismiss notification for ${BANNER_DISMISS_DAYS} day`}
        disabled={actions.dismissingId === item.notification_id}
        onClick={() => actions.dismiss(item, BANNER_DISMISS_DAYS)}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
