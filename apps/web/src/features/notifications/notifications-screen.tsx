import {
  NOTIFICATION_SORT_LABELS,
  NOTIFICATION_SORTS,
  NOTIFICATION_TAB_LABELS,
  NOTIFICATION_TABS,
  ZNotificationListQuerySchema,
} from '@feedloom/validation';
import { BellOff, CheckCheck, EyeOff } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger, useFilterTabs } from '@/components/ui/tabs';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { CategoryBadge } from './category';
import { relativeTime } from './relative-time';
import { useNotificationActions } from './use-notification-actions';
import { NOTIFICATIONS_POLL_MS, NOTIFICATIONS_WEB_MSG, type NotificationItem } from './use-notifications';

/** How long Dismiss hides an item (then it is back if still true), or for good. */
export const DISMISS_CHOICES: readonly { label: string; days?: number }[] = [
  { label: 'For 1 day', days: 1 },
  { label: 'For 7 days', days: 7 },
  { label: 'For 30 days', days: 30 },
  { label: 'For good' },
];

/** /notifications: tabs in the category order, sort (default All Unread First), dismiss. */
export function NotificationsScreen() {
  const session = useRequiredSession();
  const shopId = session.active_shop_id;
  const [params, setParams] = useSearchParams();
  // The address keeps the view (tab, sort, page, limit, view_all_announcements), read as the api reads it.
  const query = useMemo(
    () => ZNotificationListQuerySchema.omit({ shop_id: true }).parse(Object.fromEntries(params)),
    [params],
  );
  const set = (changes: Record<string, string | number | boolean | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === '' || v === false) next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          What happened to your store’s catalogue and channels, most urgent first, and what is new in Feedloom.
        </p>
      </div>
      {shopId ? (
        <NotificationList shopId={shopId} query={query} set={set} />
      ) : (
        <Card className="p-8">
          <DataTableEmpty icon={BellOff} title="No active store" description="Choose a store to see its notifications." />
        </Card>
      )}
    </section>
  );
}

type ListQuery = Omit<ReturnType<typeof ZNotificationListQuerySchema.parse>, 'shop_id'>;

function NotificationList({
  shopId,
  query,
  set,
}: {
  shopId: string;
  query: ListQuery;
  set: (changes: Record<string, string | number | boolean | undefined>) => void;
}) {
  const list = trpc.notifications.find.useQuery(
    { shop_id: shopId, ...query },
    { refetchInterval: NOTIFICATIONS_POLL_MS, meta: { silentError: true } },
  );
  const actions = useNotificationActions(shopId);
  const data = list.data;
  const unread = data ? data.notifications_unread_count + data.announcement_unread_count : 0;
  const tabs = useFilterTabs(query.tab);

  return (
    <Card className="gap-0 overflow-hidden p-0">
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 pt-2">
        <Tabs value={query.tab} onValueChange={(tab) => set({ tab: tab === 'all' ? undefined : tab })}>
          <TabsList aria-label="Notification categories" className="border-b-0">
            {NOTIFICATION_TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab} {...tabs.tab(tab)}>
                {NOTIFICATION_TAB_LABELS[tab]}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          {data
            ? `${data.notifications_unread_count} unread ${data.notifications_unread_count === 1 ? 'notification' : 'notifications'}, ${data.announcement_unread_count} unread ${data.announcement_unread_count === 1 ? 'announcement' : 'announcements'}`
            : '\u00a0'}
        </p>
        <label className="ml-auto flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={query.view_all_announcements}
            onChange={(e) => set({ view_all_announcements: e.target.checked })}
          />
          View all announcements
        </label>
        <label className="flex items-center gap-2">
          <span className="text-muted-foreground">Sort</span>
          <NativeSelect
            aria-label="Sort notifications"
            className="h-9 w-44"
            value={query.sort_by}
            onChange={(e) => set({ sort_by: e.target.value === 'all_unread_first' ? undefined : e.target.value })}
          >
            {NOTIFICATION_SORTS.map((s) => (
              <option key={s} value={s}>
                {NOTIFICATION_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </label>
        <Button size="sm" variant="outline" disabled={unread === 0 || actions.isMarking} onClick={() => actions.markRead()}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>

      <div {...tabs.panel}>
        {list.isError ? (
          <div className="p-8" role="alert">
            <DataTableEmpty
              title={NOTIFICATIONS_WEB_MSG.fetchFailed}
              action={
                <Button variant="outline" onClick={() => void list.refetch()}>
                  Try again
                </Button>
              }
            />
          </div>
        ) : !data ? (
          <ul aria-busy="true" aria-label="Loading notifications" className="divide-y divide-border">
            {[0, 1, 2].map((i) => (
              <li key={i} className="grid gap-2 p-4">
                <Skeleton className="h-5 w-28" />
                <Skeleton className="h-5 w-2/3" />
              </li>
            ))}
          </ul>
        ) : data.data.length === 0 ? (
          <div className="p-10">
            <DataTableEmpty
              icon={BellOff}
              title={query.tab === 'all' ? 'No notifications' : `No ${NOTIFICATION_TAB_LABELS[query.tab]} notifications`}
              description="When an import finishes, a channel needs you or something new ships, it shows here."
            />
          </div>
        ) : (
          <ul aria-label="Notifications" className="divide-y divide-border">
            {data.data.map((item) => (
              <NotificationRow key={item.notification_id} item={item} actions={actions} />
            ))}
          </ul>
        )}
      </div>
      {data && data.total_records > 0 ? (
        <Pagination
          className="border-t border-border px-4 py-3"
          page={query.page}
          limit={query.limit}
          total={data.total_records}
          onPageChange={(page) => set({ page: page === 1 ? undefined : page })}
          onLimitChange={(limit) => set({ limit })}
        />
      ) : null}
    </Card>
  );
}

function NotificationRow({ item, actions }: { item: NotificationItem; actions: ReturnType<typeof useNotificationActions> }) {
  return (
    <li className={cn('flex flex-wrap items-start gap-3 p-4', !item.is_read && 'bg-primary-muted/30')}>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <CategoryBadge category={item.category} />
          {item.is_read ? null : <span className="font-semibold text-foreground">Unread</span>}
          <time dateTime={item.created_at} title={new Date(item.created_at).toLocaleString()}>
            {relativeTime(item.created_at)}
          </time>
        </div>
        <h2 className={cn('text-sm', item.is_read ? 'font-medium' : 'font-semibold')}>{item.title}</h2>
        {item.message ? <p className="text-sm whitespace-pre-line text-muted-foreground">{item.message}</p> : null}
      </div>
      <div className="flex items-center gap-2">
        {item.link ? (
          <Button size="sm" onClick={() => actions.open(item)}>
            {item.is_announcement ? 'Learn more' : 'Take action'}
          </Button>
        ) : null}
        {item.is_read ? null : (
          <Button size="sm" variant="ghost" onClick={() => actions.markRead([item.notification_id])}>
            Mark as read
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Dismiss ${item.title}`}
              disabled={actions.dismissingId === item.notification_id}
            >
              <EyeOff aria-hidden="true" />
              Dismiss
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>Hide this notification</DropdownMenuLabel>
            {DISMISS_CHOICES.map((c) => (
              <DropdownMenuItem key={c.label} onSelect={() => actions.dismiss(item, c.days)}>
                {c.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
