import { FEED_SCHEDULE_LABELS, FEED_SCHEDULES, type TChannelKey, type TFeedSchedule } from '@feedloom/validation';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { CHANNEL_NAME, FeedUrlSection } from './feed-url';
import { RUN_STATUS_LABEL, TRIGGER_LABEL } from './sync-labels';

type FeedConfig = RouterOutputs['feeds']['shopFeedConfigs'][number];
type SyncRun = RouterOutputs['feeds']['syncRuns'][number];


const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

/** /{channel}/feed-config/{shop_id}: the channel's feed schedule, submissions on/off, feed URL, syncs and the gate. */
export function FeedConfigScreen() {
  const { shop_id: shopId = '', channel: channelParam = 'google' } = useParams();
  const channel = channelParam as TChannelKey;
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const configs = trpc.feeds.shopFeedConfigs.useQuery({ shop_id: shopId }, { refetchInterval: 5000 });
  const config = configs.data?.find((c) => c.channel === channel) ?? null;
  const runs = trpc.feeds.syncRuns.useQuery({ shop_id: shopId, channel }, { enabled: config !== null, refetchInterval: 5000 });
  const refresh = () => {
    void utils.feeds.shopFeedConfigs.invalidate({ shop_id: shopId });
    void utils.feeds.syncRuns.invalidate({ shop_id: shopId, channel });
  };
  const done = ({ message }: { message: string }) => {
    snackbar.show(message, 'success');
    refresh();
  };
  const saveGoogle = trpc.feeds.saveGoogleFeedSettings.useMutation({ onSuccess: done });
  const saveOther = trpc.feeds.saveShopFeedConfig.useMutation({ onSuccess: done });
  const feedStatus = trpc.feeds.feedStatus.useMutation({ onSuccess: done });
  const syncNow = trpc.feeds.syncNow.useMutation({ onSuccess: done });
  const gate = trpc.feeds.syncGate.useMutation({ onSuccess: done });
  const report = trpc.feeds.googleFetchErrors.useMutation({ onSuccess: (r) => snackbar.show(r.message, 'success') });
  const [schedule, setSchedule] = useState<TFeedSchedule | null>(null);
  const error = [saveGoogle, saveOther, feedStatus, syncNow, gate, report].find((m) => m.isError)?.error?.message;

  let body;
  if (configs.isPending) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (configs.isError) {
    body = <FormAlert>{configs.error.message}</FormAlert>;
  } else if (!config) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{CHANNEL_NAME[channel]} is not connected to this store yet.</p>
        <Button asChild variant="outline">
          <Link to={paths.syncShop(shopId)}>Connect a channel</Link>
        </Button>
      </div>
    );
  } else {
    const chosen = schedule ?? config.feed_schedule;
    const save = () =>
      channel === 'google'
        ? saveGoogle.mutate({ shop_id: shopId, feed_schedule: chosen })
        : saveOther.mutate({ shop_id: shopId, channel, feed_schedule: chosen });
    body = (
      <div className="grid gap-6">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {config.paused_run ? <GatePanel config={config} onDecide={(decision) => gate.mutate({ shop_id: shopId, channel, run_id: config.paused_run!.id, decision })} pending={gate.isPending} /> : null}
        <section className="grid gap-3" aria-labelledby="schedule-heading">
          <h2 id="schedule-heading" className="text-sm font-semibold">Schedule</h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor="feed-schedule">Update the feed</Label>
              <NativeSelect
                id="feed-schedule"
                value={chosen}
                onChange={(e) => setSchedule(e.target.value as TFeedSchedule)}
              >
                {FEED_SCHEDULES.map((s) => (
                  <option key={s} value={s}>
                    {FEED_SCHEDULE_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button isLoading={saveGoogle.isPending || saveOther.isPending} onClick={save}>
              Save
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Edited and imported products are also sent within about a minute of the change.
          </p>
        </section>
        <section className="grid gap-3" aria-labelledby="submissions-heading">
          <h2 id="submissions-heading" className="text-sm font-semibold">Submissions</h2>
          <div className="flex flex-wrap items-center gap-3">
            <Badge variant={config.feed_enabled ? 'success' : 'muted'}>{config.feed_enabled ? 'On' : 'Off'}</Badge>
            <Button
              variant="outline"
              isLoading={feedStatus.isPending}
              onClick={() => feedStatus.mutate({ shop_id: shopId, channel, feed_status: !config.feed_enabled })}
            >
              {config.feed_enabled ? 'Turn submissions off' : 'Turn submissions on'}
            </Button>
            <Button
              disabled={!config.feed_enabled}
              isLoading={syncNow.isPending}
              onClick={() => syncNow.mutate({ shop_id: shopId, channel })}
            >
              Sync now
            </Button>
            {channel === 'google' ? (
              <Button variant="outline" isLoading={report.isPending} onClick={() => report.mutate({ shop_id: shopId })}>
                Email me the issue report
              </Button>
            ) : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Last sync</dt>
            <dd>{when(config.last_synced_at)}</dd>
            <dt className="text-muted-foreground">Statuses confirmed by {CHANNEL_NAME[channel]}</dt>
            <dd>{when(config.last_status_pulled_at)}</dd>
          </dl>
        </section>
        <FeedUrlSection url={config.feed_url} shopId={shopId} channel={channel} />
        <section className="grid gap-3" aria-labelledby="runs-heading">
          <h2 id="runs-heading" className="text-sm font-semibold">Last syncs</h2>
          <RunsTable runs={runs.data ?? []} />
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto grid max-w-4xl gap-4 p-4">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-tight font-semibold tracking-tight">
            {CHANNEL_NAME[channel]} feed configuration
          </h1>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

function GatePanel({
  config,
  onDecide,
  pending,
}: {
  config: FeedConfig;
  onDecide: (d: 'confirm' | 'discard') => void;
  pending: boolean;
}) {
  const run = config.paused_run!;
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-warning bg-warning/10 p-4">
      <p className="text-sm font-semibold">A sync is waiting for your confirmation</p>
      <p className="text-sm">{run.message}</p>
      <div className="flex gap-2">
        <Button isLoading={pending} onClick={() => onDecide('confirm')}>
          Confirm and sync
        </Button>
        <Button variant="outline" disabled={pending} onClick={() => onDecide('discard')}>
          Discard
        </Button>
      </div>
    </div>
  );
}

function RunsTable({ runs }: { runs: SyncRun[] }) {
  if (runs.length === 0) return <p className="text-sm text-muted-foreground">No sync has run yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Started</TableHead>
          <TableHead>Trigger</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Sent</TableHead>
          <TableHead className="text-right">Deleted</TableHead>
          <TableHead className="text-right">Held back</TableHead>
          <TableHead className="text-right">Calls</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {runs.slice(0, 10).map((r) => (
          <TableRow key={r.id}>
            <TableCell>{when(r.started_at)}</TableCell>
            <TableCell>{TRIGGER_LABEL[r.trigger]}</TableCell>
            <TableCell title={r.message ?? undefined}>{RUN_STATUS_LABEL[r.status]}</TableCell>
            <TableCell className="text-right">{r.sent}</TableCell>
            <TableCell className="text-right">{r.deleted}</TableCell>
            <TableCell className="text-right">{r.held}</TableCell>
            <TableCell className="text-right">{r.api_calls}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
