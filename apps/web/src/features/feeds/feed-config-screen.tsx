import {
  CHANNELS,
  FEED_SCHEDULE_LABELS,
  FEED_SCHEDULES,
  INTEGRATION_STEPS,
  type TChannelKey,
  type TFeedSchedule,
} from '@feedloom/validation';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRefreshWizard, WizardStepFrame } from '@/features/channels/wizard';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { CHANNEL_NAME, FeedUrlSection } from './feed-url';
import { RUN_STATUS_LABEL, TRIGGER_LABEL } from './sync-labels';

type FeedConfig = RouterOutputs['feeds']['shopFeedConfigs'][number];
type SyncRun = RouterOutputs['feeds']['syncRuns'][number];
type TTargetMarket = RouterOutputs['channelWizard']['status'][number]['target_market'];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** The channel of the address; the route admits only known channels, so the fallback is never reached. */
const channelOf = (param: string | undefined): TChannelKey =>
  (CHANNELS as readonly string[]).includes(param ?? '') ? (param as TChannelKey) : 'google';

/**
 * Whether the channel's products are sent for one target market (Google's and Microsoft's wizards choose
 * one; a Meta catalog has none).
 */
const hasTargetMarket = (channel: TChannelKey) =>
  (INTEGRATION_STEPS[channel] as readonly string[]).includes('target-market');

/**
 * /{channel}/feed-config/{shop_id} for Google, Microsoft and Meta: the last step of each channel's wizard
 * and its feed settings afterwards. The schedule (saved through the channel's own feed settings endpoint,
 * which records the step), submissions on or off, sync now, the last sync, the sync history, the secret feed
 * URL and the publish gate are the same for every channel; the target market (Google and Microsoft) and
 * the mailed issue report (Google) are the channel's own.
 */
export function FeedConfigScreen() {
  const params = useParams();
  const shopId = params.shop_id ?? '';
  const channel = channelOf(params.channel);
  const name = CHANNEL_NAME[channel];
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const refreshWizard = useRefreshWizard();
  const configs = trpc.feeds.shopFeedConfigs.useQuery({ shop_id: shopId }, { refetchInterval: 5000 });
  const config = configs.data?.find((c) => c.channel === channel) ?? null;
  const runs = trpc.feeds.syncRuns.useQuery(
    { shop_id: shopId, channel },
    { enabled: config !== null, refetchInterval: 5000 },
  );
  const status = trpc.channelWizard.status.useQuery({ shop_id: shopId });
  const mine = status.data?.find((s) => s.channel === channel);
  const done = ({ message }: { message: string }) => {
    snackbar.show(message, 'success');
    void utils.feeds.shopFeedConfigs.invalidate({ shop_id: shopId });
    void utils.feeds.syncRuns.invalidate({ shop_id: shopId, channel });
    refreshWizard(shopId);
  };
  const saveGoogle = trpc.feeds.saveGoogleFeedSettings.useMutation({ onSuccess: done });
  const saveBing = trpc.channels.saveMicrosoftFeedSetting.useMutation({ onSuccess: done });
  const saveFacebook = trpc.channels.saveFacebookFeedSetting.useMutation({ onSuccess: done });
  const save = { google: saveGoogle, bing: saveBing, facebook: saveFacebook }[channel];
  const feedStatus = trpc.feeds.feedStatus.useMutation({ onSuccess: done });
  const syncNow = trpc.feeds.syncNow.useMutation({ onSuccess: done });
  const gate = trpc.feeds.syncGate.useMutation({ onSuccess: done });
  const report = trpc.feeds.googleFetchErrors.useMutation({
    onSuccess: (r) => snackbar.show(r.message, 'success'),
  });
  const [schedule, setSchedule] = useState<TFeedSchedule | null>(null);
  const error = [save, feedStatus, syncNow, gate, report].find((m) => m.isError)?.error?.message;

  let body;
  if (configs.isPending) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (configs.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{configs.error.message}</FormAlert>
        <Button variant="outline" onClick={() => void configs.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!config) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">{name} is not connected to this store yet.</p>
        <Button asChild variant="outline">
          <Link to={paths.syncShop(shopId)}>Connect a channel</Link>
        </Button>
      </div>
    );
  } else {
    const chosen = schedule ?? config.feed_schedule;
    body = (
      <div className="grid gap-6">
        {error ? <FormAlert>{error}</FormAlert> : null}
        {config.paused_run ? (
          <GatePanel
            config={config}
            onDecide={(decision) =>
              gate.mutate({ shop_id: shopId, channel, run_id: config.paused_run!.id, decision })
            }
            pending={gate.isPending}
          />
        ) : null}
        <section className="grid gap-3" aria-labelledby="schedule-heading">
          <h2 id="schedule-heading" className="text-sm font-semibold">
            Schedule
          </h2>
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
            <Button
              isLoading={save.isPending}
              onClick={() => save.mutate({ shop_id: shopId, feed_schedule: chosen })}
            >
              Save
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Edited and imported products are also sent within about a minute of the change.
          </p>
        </section>
        <section className="grid gap-3" aria-labelledby="submissions-heading">
          <h2 id="submissions-heading" className="text-sm font-semibold">
            Submissions
          </h2>
          <p className="text-sm" data-testid={`${channel}-submissions`}>
            {config.feed_enabled
              ? `Submissions are on: changed products are sent to ${name}.`
              : `Submissions are off: nothing is sent to ${name} until you turn them on.`}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              isLoading={feedStatus.isPending}
              onClick={() =>
                feedStatus.mutate({ shop_id: shopId, channel, feed_status: !config.feed_enabled })
              }
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
              <Button
                variant="outline"
                isLoading={report.isPending}
                onClick={() => report.mutate({ shop_id: shopId })}
              >
                Email me the issue report
              </Button>
            ) : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Last sync</dt>
            <dd data-testid="last-sync">{when(config.last_synced_at)}</dd>
            <dt className="text-muted-foreground">Statuses confirmed by {name}</dt>
            <dd>{when(config.last_status_pulled_at)}</dd>
            {hasTargetMarket(channel) ? (
              <>
                <dt className="text-muted-foreground">Target market</dt>
                <dd>
                  <TargetMarket
                    market={mine?.target_market ?? null}
                    to={
                      mine?.integration_once_completed
                        ? paths.targetMarketEdit(shopId, channel)
                        : paths.targetMarket(shopId, channel)
                    }
                  />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <FeedUrlSection url={config.feed_url} shopId={shopId} channel={channel} />
        <section className="grid gap-3" aria-labelledby="runs-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="runs-heading" className="text-sm font-semibold">
              Sync history
            </h2>
            <Link
              to={paths.syncShopChannel(channel, shopId)}
              className="text-sm text-primary hover:underline"
            >
              Every sync and the products held back
            </Link>
          </div>
          <RunsTable runs={runs.data ?? []} />
        </section>
        <div>
          <Button asChild variant="outline">
            <Link to={paths.syncShop(shopId)}>Back to the store’s channels</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <WizardStepFrame
      shopId={shopId}
      channel={channel}
      step="feed-config"
      title={`${name} feed configuration`}
    >
      {body}
    </WizardStepFrame>
  );
}

/** The channel's target market, with where to change it. */
function TargetMarket({ market, to }: { market: TTargetMarket; to: string }) {
  return (
    <span className="flex flex-wrap gap-x-3">
      <span data-testid="target-market">
        {market
          ? `${countryNames.of(market.country) ?? market.country}, ${languageNames.of(market.language) ?? market.language}, ${market.currency}`
          : 'Not chosen yet'}
      </span>
      <Link to={to} className="text-primary hover:underline">
        {market ? 'Change the target market' : 'Choose the target market'}
      </Link>
    </span>
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
    <div className="overflow-x-auto">
      <Table aria-labelledby="runs-heading">
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
    </div>
  );
}
