import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { STEP_LABEL, stepRoute, WizardStepper, type IntegratedChannelStatus } from './wizard';

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

/** Google's integration progress and state on /sync-shop/{shop_id}; Microsoft's and Meta's cards are their own. */
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
      {status.data
        .filter((s) => s.channel === 'google')
        .map((s) => (
          <GoogleProgress key={s.channel} shopId={shopId} status={s} canManage={canManage} />
        ))}
    </>
  );
}
