import { CHANNEL_LABELS } from '@feedloom/validation';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDateTime } from '@/features/data-sources/use-data-sources';
import { trpc } from '@/lib/trpc';
import { issuesPath, SetupChecklist, useStoreSetup } from './setup-checklist';
import { StoreNotFound } from './store-not-found';

const STATE_LABEL = {
  none: 'Not connected',
  authorized: 'Setup in progress',
  connected: 'Connected',
  disconnected: 'Disconnected',
} as const;

const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : 'Never');

function Figure({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-border bg-card px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
      {children}
    </div>
  );
}

/** /overview/{shop}: the store at a glance: products, channels, last import and sync, open issues, set-up. */
export function OverviewScreen() {
  const { shop_id: shopId = '' } = useParams();
  const setup = useStoreSetup(shopId);
  const configs = trpc.feeds.shopFeedConfigs.useQuery({ shop_id: shopId });
  const sources = trpc.dataSources.find.useQuery({ shop_id: shopId, page: 1, limit: 100 });
  const { info, status, counts } = setup;

  if (info.isError) {
    return <StoreNotFound message={info.error.message} />;
  }
  if (info.isPending) {
    return (
      <section className="mx-auto grid w-full max-w-6xl gap-4" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24" />
      </section>
    );
  }

  const lastImport = (sources.data?.data ?? [])
    .map((s) => s.last_run?.finished_at ?? null)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  const lastSync = (configs.data ?? [])
    .map((c) => c.last_run?.started_at ?? c.last_synced_at)
    .filter((at): at is string => Boolean(at))
    .sort()
    .at(-1);
  const errors = counts.data?.error ?? 0;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title={`Overview of ${info.data.shop_name}`}
        description={info.data.shop_url}
        actions={
          <Button asChild variant="outline">
            <Link to={paths.syncShop(shopId)}>Channels</Link>
          </Button>
        }
      />
      <SetupChecklist shopId={shopId} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Store figures">
        <Figure label="Products" value={formatCount(info.data.total_products)} />
        <Figure label="Last import" value={when(lastImport)} />
        <Figure label="Last sync" value={when(lastSync)} />
        <Figure label="Open issues" value={formatCount(errors)}>
          {errors > 0 ? (
            <Link to={issuesPath} className="text-xs text-primary hover:underline">
              See the products with errors
            </Link>
          ) : null}
        </Figure>
      </dl>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Channels</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-label="Channels of this store">
            {(status.data ?? []).map((s) => {
              const config = configs.data?.find((c) => c.channel === s.channel);
              return (
                <li
                  key={s.channel}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                  data-testid={`overview-channel-${s.channel}`}
                >
                  <span className="grid gap-0.5">
                    <span className="font-medium">{CHANNEL_LABELS[s.channel]}</span>
                    <span className="text-xs text-muted-foreground">
                      {s.connected
                        ? `${s.account_name ?? s.account_id ?? ''} · last sync ${when(config?.last_run?.started_at ?? config?.last_synced_at)}`
                        : 'Not sending products'}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={s.connected ? (s.next_step ? 'warning' : 'success') : 'muted'}>
                      {s.connected && s.next_step ? 'Setup in progress' : STATE_LABEL[s.state]}
                    </Badge>
                    {s.connected ? (
                      <Button asChild size="sm" variant="outline">
                        <Link to={paths.syncShopChannel(s.channel, shopId)}>Syncs</Link>
                      </Button>
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
