import type { TChannelKey } from '@feedloom/validation';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { STEP_LABEL, stepRoute, WizardStepper, type IntegratedChannelStatus } from './wizard';

const CHANNEL_TITLE: Record<TChannelKey, string> = {
  google: 'Google Merchant Center',
  bing: 'Microsoft Merchant Center',
  facebook: 'Meta catalog',
};

/** Google's progress on /sync-shop: the stepper and where to resume. */
function GoogleProgress({
  shopId,
  status,
  canManage,
}: {
  shopId: string;
  status: IntegratedChannelStatus;
  canManage: boolean;
}) {
  if (!status.connected) return null;
  const next = status.next_step;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">Google setup</CardTitle>
        <Badge variant={next ? 'warning' : 'success'} data-testid="google-setup-state">
          {next ? `Next: ${STEP_LABEL[next]}` : 'Complete'}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <WizardStepper shopId={shopId} status={status} />
        <p className="text-sm text-muted-foreground">
          {status.target_market
            ? `Target market: ${status.target_market.country}, ${status.target_market.language}, ${status.target_market.currency}. `
            : ''}
          Submissions are {status.feed_enabled ? 'on' : 'off'}.
        </p>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {next ? (
              <Button asChild>
                <Link to={stepRoute('google', next, shopId, status.integration_once_completed)}>
                  Continue setup
                </Link>
              </Button>
            ) : null}
            {status.integration_once_completed ? (
              <Button asChild variant="outline">
                <Link to={paths.targetMarketEdit(shopId, 'google')}>Edit target market</Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Microsoft and Meta on /sync-shop: their state, and the way to their wizard. */
function OtherChannelCard({
  shopId,
  status,
  canManage,
}: {
  shopId: string;
  status: IntegratedChannelStatus;
  canManage: boolean;
}) {
  const label = status.connected
    ? status.next_step
      ? `Next: ${STEP_LABEL[status.next_step]}`
      : 'Connected'
    : status.state === 'disconnected'
      ? 'Disconnected'
      : 'Not connected';
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">{CHANNEL_TITLE[status.channel]}</CardTitle>
        <Badge
          variant={status.connected ? 'success' : 'muted'}
          data-testid={`${status.channel}-connection-state`}
        >
          {label}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.disconnected_reason ? (
          <p className="text-sm text-muted-foreground">{status.disconnected_reason}</p>
        ) : null}
        {canManage ? (
          <div>
            <Button asChild variant={status.connected ? 'outline' : 'default'}>
              <Link
                to={
                  status.connected && status.next_step
                    ? stepRoute(status.channel, status.next_step, shopId, status.integration_once_completed)
                    : paths.linkAccount(status.channel, shopId)
                }
              >
                {status.connected
                  ? 'Continue setup'
                  : `Connect ${status.channel === 'bing' ? 'Microsoft' : 'Meta'}`}
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Every channel's integration progress and state on /sync-shop/{shop_id} (spec §2). */
export function ChannelProgress({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const status = trpc.channelWizard.status.useQuery({ shop_id: shopId });
  if (status.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{status.error.message}</FormAlert>
        <Button variant="outline" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {status.data.map((s) =>
        s.channel === 'google' ? (
          <GoogleProgress key={s.channel} shopId={shopId} status={s} canManage={canManage} />
        ) : (
          <OtherChannelCard key={s.channel} shopId={shopId} status={s} canManage={canManage} />
        ),
      )}
    </>
  );
}
