import { CHANNELS, DEFAULT_PAGE_SIZE, type TChannelKey } from '@feedloom/validation';
import { History, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { DataTable, type DataTableColumns } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDateTime } from '@/features/data-sources/use-data-sources';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { CHANNEL_NAME } from './feed-url';
import { RUN_STATUS_LABEL, TRIGGER_LABEL } from './sync-labels';

type SyncRun = RouterOutputs['feeds']['syncHistory']['data'][number];
type HeldItem = RouterOutputs['feeds']['heldItems']['data'][number];

/** Page and page size of one list of the screen (two lists share the address, so each keeps its own). */
function usePaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  return {
    page,
    limit,
    onPageChange: setPage,
    onLimitChange: (n: number) => {
      setLimit(n);
      setPage(1);
    },
  };
}

const RUN_COLUMNS: DataTableColumns<SyncRun> = [
  {
    id: 'started',
    header: 'Started',
    meta: { isRowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row: { original: r } }) => formatDateTime(r.started_at),
  },
  { id: 'trigger', header: 'Trigger', cell: ({ row: { original: r } }) => TRIGGER_LABEL[r.trigger] },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <span title={r.message ?? undefined}>
        <Badge variant={r.status === 'succeeded' ? 'success' : r.status === 'discarded' ? 'muted' : 'warning'}>
          {RUN_STATUS_LABEL[r.status]}
        </Badge>
      </span>
    ),
  },
  { id: 'sent', header: 'Sent', meta: { align: 'right' }, cell: ({ row: { original: r } }) => formatCount(r.sent) },
  { id: 'deleted', header: 'Deleted', meta: { align: 'right' }, cell: ({ row: { original: r } }) => formatCount(r.deleted) },
  { id: 'held', header: 'Held back', meta: { align: 'right' }, cell: ({ row: { original: r } }) => formatCount(r.held) },
  { id: 'calls', header: 'Calls', meta: { align: 'right' }, cell: ({ row: { original: r } }) => formatCount(r.api_calls) },
];

const HELD_COLUMNS: DataTableColumns<HeldItem> = [
  {
    id: 'product',
    header: 'Product',
    size: 280,
    meta: { isRowHeader: true },
    cell: ({ row: { original: i } }) => (
      <Link to={paths.productDetail(String(i.product_id))} className="grid text-primary hover:underline">
        <span>{i.title ?? i.offer_id}</span>
        <span className="text-xs text-muted-foreground">{i.offer_id}</span>
      </Link>
    ),
  },
  {
    id: 'reasons',
    header: 'Why it is held back',
    cell: ({ row: { original: i } }) => (
      <ul className="grid gap-1 text-sm">
        {i.issues.length === 0 ? <li>Not accepted by the channel.</li> : null}
        {i.issues.map((issue, n) => (
          <li key={n}>
            {issue.attribute ? <span className="font-medium">{issue.attribute}: </span> : null}
            {issue.message}
            {issue.item_id && issue.item_id !== i.offer_id ? (
              <span className="text-muted-foreground"> ({issue.item_id})</span>
            ) : null}
          </li>
        ))}
      </ul>
    ),
  },
];

/** The sync going on now: what it has looked at and sent so far. */
function RunningSync({ run }: { run: SyncRun | null }) {
  if (!run) return <p className="text-sm text-muted-foreground">No sync is running now.</p>;
  const share = run.considered > 0 ? Math.min(100, Math.round(((run.sent + run.held) / run.considered) * 100)) : 0;
  return (
    <div className="grid gap-2" data-testid="running-sync">
      <p className="text-sm">
        Started {formatDateTime(run.started_at)} ({TRIGGER_LABEL[run.trigger]}): {formatCount(run.sent)} sent,{' '}
        {formatCount(run.held)} held back of {formatCount(run.considered)} looked at so far.
      </p>
      <div
        role="progressbar"
        aria-label="Sync progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        className="h-2 overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

/** /sync-shop/{channel}/{shop_id}: a channel's running sync, its sync history and the products it holds back. */
export function ChannelSyncScreen() {
  const { shop_id: shopId = '', channel: param = 'google' } = useParams();
  const channel = ((CHANNELS as readonly string[]).includes(param) ? param : 'google') as TChannelKey;
  const historyPaging = usePaging();
  const heldPaging = usePaging();
  const history = trpc.feeds.syncHistory.useQuery(
    { shop_id: shopId, channel, page: historyPaging.page, limit: historyPaging.limit },
    { refetchInterval: 5000 },
  );
  const held = trpc.feeds.heldItems.useQuery({
    shop_id: shopId,
    channel,
    page: heldPaging.page,
    limit: heldPaging.limit,
  });
  const name = CHANNEL_NAME[channel];
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={`${name} syncs`}
        description={`How this store’s products reach ${name}: the sync running now, every sync so far, and the products held back with their reasons.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.channelFeedConfig(channel, shopId)}>Feed settings</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.overview(shopId)}>Store overview</Link>
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Running now</CardTitle>
        </CardHeader>
        <CardContent>
          {history.data ? <RunningSync run={history.data.running} /> : null}
        </CardContent>
      </Card>
      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle className="text-lg">Sync history</CardTitle>
        </CardHeader>
        <DataTable
          caption="Sync history"
          columns={RUN_COLUMNS}
          data={history.data?.data}
          getRowId={(r) => r.id}
          status={history}
          maxHeight={null}
          rowTestId="sync-run-row"
          errorMessage="The sync history could not be loaded."
          empty={
            <DataTableEmpty
              icon={History}
              title="No sync has run yet"
              description={`Products are sent once ${name} is connected and submissions are on.`}
            />
          }
        />
        <Pagination {...historyPaging} total={history.data?.total_records ?? 0} />
      </Card>
      <Card className="overflow-hidden">
        <CardHeader>
          <CardTitle className="text-lg">
            Held back{held.data ? ` (${formatCount(held.data.total_records)})` : ''}
          </CardTitle>
        </CardHeader>
        <DataTable
          caption="Products held back"
          columns={HELD_COLUMNS}
          data={held.data?.data}
          getRowId={(i) => String(i.product_id)}
          status={held}
          maxHeight={null}
          rowTestId="held-item-row"
          errorMessage="The held back products could not be loaded."
          empty={
            <DataTableEmpty
              icon={ShieldCheck}
              title="Nothing is held back"
              description={`Every product meets ${name}’s rules.`}
            />
          }
        />
        <Pagination {...heldPaging} total={held.data?.total_records ?? 0} />
      </Card>
    </section>
  );
}
