import {
  countText,
  PRODUCT_CHANNEL_LABELS,
  PRODUCT_CHANNELS,
  PRODUCT_TAB_LABELS,
  PRODUCT_TABS,
  type TProductChannel,
  type TProductTab,
} from '@feedloom/validation';
import { Activity, BarChart3, PlugZap } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { SetupChecklist } from '@/features/shops/setup-checklist';
import { ApiHealthChart, StatusTrendChart } from './charts';

type Diagnostics = RouterOutputs['dashboard']['productDiagnostics'];

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The product list filtered to a tab on a channel, or to the products with one issue there (all tabs, so the list
 * counts what the dashboard counts), through the list's own address parameters.
 */
export const productListHref = (
  channel: TProductChannel,
  tab: string,
  issue?: { code: string; attribute: string },
) =>
  `/manage-products?${new URLSearchParams({
    active_channel: channel,
    tab,
    ...(issue ? { issue_code: issue.code, ...(issue.attribute ? { issue_attribute: issue.attribute } : {}) } : {}),
  })}`;

/** /dashboard: per channel of the active store, status counts, their trend, top issues; API health. */
export function DashboardScreen() {
  const session = useRequiredSession();
  const shopId = session.active_shop_id;
  const [params, setParams] = useSearchParams();
  const channel = (PRODUCT_CHANNELS as readonly string[]).includes(params.get('active_channel') ?? '')
    ? (params.get('active_channel') as TProductChannel)
    : 'free_listings';

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">Your products on each channel, and how the channel connections are doing.</p>
        </div>
        <nav aria-label="Channels" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {PRODUCT_CHANNELS.map((c) => (
            <button
              key={c}
              type="button"
              aria-current={c === channel ? 'page' : undefined}
              onClick={() => setParams(c === 'free_listings' ? {} : { active_channel: c }, { replace: true })}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                c === channel ? 'bg-background text-primary shadow-xs' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {PRODUCT_CHANNEL_LABELS[c]}
            </button>
          ))}
        </nav>
      </div>
      {shopId ? (
        <>
          <SetupChecklist shopId={shopId} />
          <ProductDiagnostics shopId={shopId} channel={channel} />
          <ApiHealth shopId={shopId} />
        </>
      ) : (
        <Card className="p-8">
          <DataTableEmpty icon={BarChart3} title="No active store" description="Choose a store to see its dashboard." />
        </Card>
      )}
    </section>
  );
}

function ProductDiagnostics({ shopId, channel }: { shopId: string; channel: TProductChannel }) {
  const query = trpc.dashboard.productDiagnostics.useQuery({ shop_id: shopId, active_channel: channel });
  if (query.isError) {
    return (
      <Card className="p-8">
        <DataTableEmpty
          title="The product figures could not be loaded"
          action={<Button variant="outline" onClick={() => void query.refetch()}>Try again</Button>}
        />
      </Card>
    );
  }
  const data = query.data;
  if (!data) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading product figures">
        <Skeleton className="h-24" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  return (
    <>
      {data.channel_connected ? null : (
        <Card className="flex flex-wrap items-center gap-3 p-4 text-sm">
          <PlugZap className="size-5 text-muted-foreground" aria-hidden="true" />
          <p className="flex-1">
            No {PRODUCT_CHANNEL_LABELS[channel]} account is connected to this store yet: the figures show how your
            products would be judged.
          </p>
          <Button asChild size="sm" variant="outline">
            <Link to={`/sync-shop/${shopId}`}>Connect a channel</Link>
          </Button>
        </Card>
      )}
      <StatusCounts data={data} channel={channel} />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card className="p-4">
          <h2 className="text-base font-semibold">Status over the last 30 days</h2>
          <p className="mb-3 text-sm text-muted-foreground">One point per day, kept every night.</p>
          {data.trend.length === 0 ? (
            <DataTableEmpty icon={BarChart3} title="No history yet" description="The trend fills in day by day." />
          ) : (
            <StatusTrendChart trend={data.trend} />
          )}
        </Card>
        <TopIssues data={data} channel={channel} />
      </div>
    </>
  );
}

function StatusCounts({ data, channel }: { data: Diagnostics; channel: TProductChannel }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-base font-semibold">Products on {PRODUCT_CHANNEL_LABELS[channel]}</h2>
      <ul aria-label="Product status counts" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {PRODUCT_TABS.map((tab: TProductTab) => (
          <li key={tab}>
            <Link
              to={productListHref(channel, tab)}
              className="grid rounded-md border border-border p-3 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="text-xs text-muted-foreground">{PRODUCT_TAB_LABELS[tab]}</span>
              <span className="text-xl font-semibold tabular-nums" data-testid={`count-${tab}`}>
                {data.counts[tab].toLocaleString()}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function TopIssues({ data, channel }: { data: Diagnostics; channel: TProductChannel }) {
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Top issues</h2>
      <p className="mb-3 text-sm text-muted-foreground">By the number of products they affect.</p>
      {data.top_issues.length === 0 ? (
        <DataTableEmpty title="No issues" description="No product has an issue on this channel." />
      ) : (
        <ol className="grid gap-2" aria-label="Top issues">
          {data.top_issues.map((issue) => (
            <li key={`${issue.code}:${issue.attribute}:${issue.severity}`} className="flex items-start gap-3 text-sm">
              <span className="min-w-10 text-right font-semibold tabular-nums">{issue.products}</span>
              <div className="min-w-0 flex-1">
                <Link className="font-medium text-primary hover:underline" to={productListHref(channel, 'all', issue)}>
                  {issue.message}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {issue.severity === 'error' ? 'Error' : issue.severity === 'warning' ? 'Warning' : 'Note'}
                  {issue.attribute ? ` · ${issue.attribute}` : ''} · {countText(issue.products, 'product')}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function ApiHealth({ shopId }: { shopId: string }) {
  const today = useMemo(() => new Date(), []);
  const [range, setRange] = useState({ start_date: isoDay(new Date(today.getTime() - 13 * DAY_MS)), end_date: isoDay(today) });
  const valid = range.start_date !== '' && range.end_date !== '' && range.start_date <= range.end_date;
  const query = trpc.dashboard.apiHealth.useQuery({ shop_id: shopId, ...range }, { enabled: valid });
  const data = query.data;
  return (
    <Card className="p-4">
      <div className="mb-3 flex flex-wrap items-end gap-4">
        <div className="flex-1">
          <h2 className="text-base font-semibold">API health</h2>
          <p className="text-sm text-muted-foreground">Calls Feedloom made to the channels for this store, per day (UTC).</p>
        </div>
        <label className="grid gap-1 text-sm">
          From
          <Input type="date" value={range.start_date} max={range.end_date} onChange={(e) => setRange((r) => ({ ...r, start_date: e.target.value }))} />
        </label>
        <label className="grid gap-1 text-sm">
          To
          <Input type="date" value={range.end_date} min={range.start_date} onChange={(e) => setRange((r) => ({ ...r, end_date: e.target.value }))} />
        </label>
      </div>
      {!valid ? (
        <p role="alert" className="text-sm text-destructive">End date must not be before start date.</p>
      ) : query.isError ? (
        <DataTableEmpty title="API health could not be loaded" action={<Button variant="outline" onClick={() => void query.refetch()}>Try again</Button>} />
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading API health" />
      ) : data.totals.calls === 0 ? (
        <DataTableEmpty icon={Activity} title="No channel calls in this period" description="Calls appear here once a channel is connected and products are sent." />
      ) : (
        <>
          <p className="mb-2 text-sm">
            <strong>{data.totals.calls}</strong> calls, <strong>{data.totals.failed}</strong> failed,{' '}
            <strong>{data.totals.retried}</strong> retried.
          </p>
          <ApiHealthChart days={data.days} />
          <table className="mt-4 w-full text-sm" aria-label="API health per day">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th className="py-1 font-medium">Day</th>
                <th className="py-1 text-right font-medium">Calls</th>
                <th className="py-1 text-right font-medium">Failed</th>
                <th className="py-1 text-right font-medium">Retried</th>
                <th className="py-1 text-right font-medium">Latency p50</th>
                <th className="py-1 text-right font-medium">Latency p95</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {data.days.filter((d) => d.calls > 0).map((d) => (
                <tr key={d.day} className="border-t border-border">
                  <td className="py-1">{d.day}</td>
                  <td className="py-1 text-right">{d.calls}</td>
                  <td className="py-1 text-right">{d.failed}</td>
                  <td className="py-1 text-right">{d.retried}</td>
                  <td className="py-1 text-right">{d.p50_ms === null ? '—' : `${Math.round(d.p50_ms)} ms`}</td>
                  <td className="py-1 text-right">{d.p95_ms === null ? '—' : `${Math.round(d.p95_ms)} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}

