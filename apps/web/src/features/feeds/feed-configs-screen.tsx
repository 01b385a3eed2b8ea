import { FEED_SCHEDULE_LABELS, FEED_SCHEDULES, type TFeedSchedule } from '@feedloom/validation';
import { Rss, Settings, Store } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { DataTable, type DataTableColumns } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { useSnackbar } from '@/components/ui/snackbar';
import { useRequiredSession } from '@/features/auth/use-session';
import { formatCount, formatDateTime, timeAgo } from '@/features/data-sources/use-data-sources';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { CHANNEL_NAME, CopyFeedUrlButton, RotateFeedUrlButton, useCanManageFeeds } from './feed-url';

type FeedConfig = RouterOutputs['feeds']['shopFeedConfigs'][number];

const RUN_LABEL: Record<NonNullable<FeedConfig['last_run']>['status'], string> = {
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  paused_by_gate: 'Waiting for you',
  discarded: 'Discarded',
};

interface RowActions {
  shopId: string;
  canManage: boolean;
  onSchedule: (config: FeedConfig, schedule: TFeedSchedule) => void;
  onToggle: (config: FeedConfig) => void;
  /** The channel whose change is on its way. */
  busy: string | undefined;
}

function LastSync({ config }: { config: FeedConfig }) {
  if (!config.last_synced_at && !config.last_run) return <span className="text-muted-foreground">Never</span>;
  const at = config.last_run?.started_at ?? config.last_synced_at!;
  return (
    <div className="grid gap-0.5">
      <time dateTime={at} title={formatDateTime(at)} className="whitespace-nowrap">
        {timeAgo(at)}
      </time>
      {config.last_run ? (
        <span className="text-xs whitespace-nowrap text-muted-foreground" title={config.last_run.message ?? undefined}>
          {RUN_LABEL[config.last_run.status]} · {formatCount(config.last_run.sent)} sent
        </span>
      ) : null}
    </div>
  );
}

const columns = (a: RowActions): DataTableColumns<FeedConfig> => [
  {
    id: 'channel',
    header: 'Channel',
    size: 130,
    meta: { isRowHeader: true },
    cell: ({ row: { original: c } }) => (
      <span className="grid gap-0.5">
        <span>{CHANNEL_NAME[c.channel]}</span>
        {c.paused_run ? <Badge variant="warning">Sync waiting for you</Badge> : null}
      </span>
    ),
  },
  {
    id: 'schedule',
    header: 'Schedule',
    size: 170,
    cell: ({ row: { original: c } }) => (
      <NativeSelect
        className="min-w-40"
        aria-label={`${CHANNEL_NAME[c.channel]} feed schedule`}
        value={c.feed_schedule}
        disabled={!a.canManage || a.busy === c.channel}
        onChange={(e) => a.onSchedule(c, e.target.value as TFeedSchedule)}
      >
        {FEED_SCHEDULES.map((s) => (
          <option key={s} value={s}>
            {FEED_SCHEDULE_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
    ),
  },
  {
    id: 'enabled',
    header: 'Submissions',
    size: 150,
    cell: ({ row: { original: c } }) => (
      <span className="flex items-center gap-2">
        <Badge variant={c.feed_enabled ? 'success' : 'muted'}>{c.feed_enabled ? 'On' : 'Off'}</Badge>
        {a.canManage ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Turn ${CHANNEL_NAME[c.channel]} submissions ${c.feed_enabled ? 'off' : 'on'}`}
            isLoading={a.busy === c.channel}
            onClick={() => a.onToggle(c)}
          >
            {c.feed_enabled ? 'Turn off' : 'Turn on'}
          </Button>
        ) : null}
      </span>
    ),
  },
  {
    id: 'feed_url',
    header: 'Feed URL',
    size: 280,
    cell: ({ row: { original: c } }) => (
      <span className="flex min-w-0 items-center gap-1">
        <code className="block max-w-48 truncate rounded bg-muted px-2 py-1 text-xs" title={c.feed_url} data-testid={`feed-url-${c.channel}`}>
          {c.feed_url}
        </code>
        <CopyFeedUrlButton url={c.feed_url} label={`Copy the ${CHANNEL_NAME[c.channel]} feed URL`} iconOnly />
      </span>
    ),
  },
  {
    id: 'last_sync',
    header: 'Last sync',
    size: 150,
    cell: ({ row: { original: c } }) => <LastSync config={c} />,
  },
  {
    id: 'items',
    header: 'Items',
    size: 90,
    meta: { align: 'right' },
    cell: ({ row: { original: c } }) => formatCount(c.live_items),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    size: 100,
    meta: { align: 'right' },
    cell: ({ row: { original: c } }) => (
      <span className="flex justify-end gap-1">
        {a.canManage ? <RotateFeedUrlButton shopId={a.shopId} channel={c.channel} iconOnly /> : null}
        <Button asChild variant="ghost" size="icon-sm">
          <Link
            to={paths.channelFeedConfig(c.channel, a.shopId)}
            aria-label={`${CHANNEL_NAME[c.channel]} feed settings`}
            title="Feed settings and syncs"
          >
            <Settings aria-hidden="true" />
          </Link>
        </Button>
      </span>
    ),
  },
];

/** /feed-configs: the feeds of the active store's channels. */
export function FeedConfigsScreen() {
  const session = useRequiredSession();
  const shopId = session.active_shop_id;
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Feed configurations"
        description="How often each channel of your active store is updated, whether products are sent, and the secret feed URL for a scheduled fetch."
      />
      {shopId ? (
        <FeedConfigList shopId={shopId} />
      ) : (
        <Card className="p-8">
          <DataTableEmpty
            icon={Store}
            title="Choose a store first"
            description="Feeds belong to a store. Pick one in the header, or add your first store."
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={paths.storeList}>Go to stores</Link>
              </Button>
            }
          />
        </Card>
      )}
    </section>
  );
}

function FeedConfigList({ shopId }: { shopId: string }) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const canManage = useCanManageFeeds();
  const configs = trpc.feeds.shopFeedConfigs.useQuery({ shop_id: shopId });
  const settled = {
    onSuccess: ({ message }: { message: string }) => {
      snackbar.show(message, 'success');
      void utils.feeds.shopFeedConfigs.invalidate({ shop_id: shopId });
    },
    onError: (error: { message: string }) => snackbar.show(error.message, 'error'),
  };
  const saveSchedule = trpc.feeds.saveShopFeedConfig.useMutation(settled);
  const feedStatus = trpc.feeds.feedStatus.useMutation(settled);
  const busy = saveSchedule.isPending
    ? saveSchedule.variables.channel
    : feedStatus.isPending
      ? feedStatus.variables.channel
      : undefined;
  const { mutate: schedule } = saveSchedule;
  const { mutate: toggle } = feedStatus;
  const cols = useMemo(
    () =>
      columns({
        shopId,
        canManage,
        busy,
        onSchedule: (c, feed_schedule) => schedule({ shop_id: shopId, channel: c.channel, feed_schedule }),
        onToggle: (c) => toggle({ shop_id: shopId, channel: c.channel, feed_status: !c.feed_enabled }),
      }),
    [shopId, canManage, busy, schedule, toggle],
  );
  return (
    <Card className="overflow-hidden">
      <DataTable
        caption="Channel feeds of the active store"
        columns={cols}
        data={configs.data}
        getRowId={(c) => c.channel}
        status={configs}
        maxHeight={null}
        rowTestId="feed-config-row"
        errorMessage="The feed configurations could not be loaded."
        empty={
          <DataTableEmpty
            icon={Rss}
            title="No channel is connected to this store yet"
            description="Connect Google, Microsoft or Meta: each connected channel gets a feed here."
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={paths.syncShop(shopId)}>Connect a channel</Link>
              </Button>
            }
          />
        }
      />
    </Card>
  );
}
