import {
  CHANNEL_LABELS,
  INTEGRATION_STEPS,
  nextIntegrationStep,
  type TChannelKey,
  type TIntegrationStep,
} from '@feedloom/validation';
import { Check } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { cn } from '@/lib/utils';

export type IntegratedChannelStatus = RouterOutputs['channelWizard']['status'][number];

export const STEP_LABEL: Record<TIntegrationStep, string> = {
  'link-account': 'Merchant account',
  'target-market': 'Target market',
  'destination-validation': 'Destinations',
  'domain-verification': 'Domain verification',
  'shipping-validation': 'Shipping',
  'feed-config': 'Feed configuration',
};

/** The route of a wizard step; the target market becomes its edit route once completed. */
export function stepRoute(
  channel: TChannelKey,
  step: TIntegrationStep,
  shopId: string,
  onceCompleted: boolean,
): string {
  switch (step) {
    case 'link-account':
      return paths.linkAccount(channel, shopId);
    case 'target-market':
      return onceCompleted ? paths.targetMarketEdit(shopId, channel) : paths.targetMarket(shopId, channel);
    case 'destination-validation':
      return paths.destinationValidation(shopId);
    case 'domain-verification':
      return channel === 'bing' ? paths.domainVerificationBing(shopId) : paths.domainVerification(shopId);
    case 'shipping-validation':
      return paths.shippingValidation(shopId);
    case 'feed-config':
      return paths.channelFeedConfig(channel, shopId);
  }
}

/**
 * Where a channel's wizard goes on (the first step not yet recorded as done). Once every step is (the
 * feed configuration counts as done with its defaults), its last step: the feed settings it may still change.
 */
export function nextStepRoute(
  channel: TChannelKey,
  shopId: string,
  connection: {
    state: string;
    integration_steps: readonly string[];
    integration_once_completed: boolean;
  } | null,
): string {
  const next = nextIntegrationStep(channel, connection);
  return stepRoute(channel, next ?? 'feed-config', shopId, connection?.integration_once_completed ?? false);
}

/** Who each channel is to the merchant, and what its account is called. */
export const CHANNEL_NAME: Record<TChannelKey, { label: string; account: string }> = {
  google: { label: CHANNEL_LABELS.google, account: 'a Merchant Center account' },
  bing: { label: CHANNEL_LABELS.bing, account: 'a Merchant Center store' },
  facebook: { label: CHANNEL_LABELS.facebook, account: 'a catalog' },
};

/** After a step changed the record: the statuses and every channel's connection and settings are stale. */
export function useRefreshWizard() {
  const utils = trpc.useUtils();
  return useCallback(
    (shopId: string) => {
      void utils.channelWizard.status.invalidate({ shop_id: shopId });
      void utils.channels.googleConnection.invalidate({ shop_id: shopId });
      void utils.channels.microsoftConnection.invalidate({ shop_id: shopId });
      void utils.channels.microsoftFeedSetting.invalidate({ shop_id: shopId });
      void utils.channels.facebookConnection.invalidate({ shop_id: shopId });
      void utils.channelWizard.targetMarketData.invalidate({ shop_id: shopId });
    },
    [utils],
  );
}

/** After a step was saved (its answer's connection): says so, refreshes the wizard and goes on with the next step. */
export function useStepSaved(channel: TChannelKey, shopId: string) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  return ({ message, connection }: { message: string; connection: Parameters<typeof nextStepRoute>[2] }) => {
    snackbar.show(message, 'success');
    refresh(shopId);
    void navigate(nextStepRoute(channel, shopId, connection));
  };
}

/** Records a Google step as done, then goes to the first step not yet done. */
export function useCaptureGoogleStep(shopId: string) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  return trpc.channelWizard.captureStep.useMutation({
    onSuccess: ({ message, connection, next_step }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      void navigate(
        next_step
          ? stepRoute('google', next_step, shopId, connection.integration_once_completed)
          : paths.channelFeedConfig('google', shopId),
      );
    },
  });
}

/** A channel's progress through its steps: done, current, to come; done steps are links. */
export function WizardStepper({
  shopId,
  channel = 'google',
  status,
  current,
}: {
  shopId: string;
  channel?: TChannelKey;
  status: IntegratedChannelStatus | undefined;
  current?: TIntegrationStep;
}) {
  const steps: readonly TIntegrationStep[] = INTEGRATION_STEPS[channel];
  const done = new Set(status?.integration_steps ?? []);
  return (
    <nav aria-label={`${CHANNEL_NAME[channel].label} integration steps`}>
      <ol className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {steps.map((step, i) => {
          const isDone = done.has(step);
          const isCurrent = step === current;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border text-xs',
                  isDone && 'border-success bg-success text-white',
                  isCurrent && !isDone && 'border-primary text-primary',
                )}
              >
                {isDone ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span className={cn(isCurrent ? 'font-semibold' : 'text-muted-foreground')}>
                {STEP_LABEL[step]}
              </span>
              <span className="sr-only">{isDone ? ' (done)' : isCurrent ? ' (current step)' : ''}</span>
            </>
          );
          return (
            <li key={step} className="flex items-center gap-2" aria-current={isCurrent ? 'step' : undefined}>
              {isDone && !isCurrent && status ? (
                <Link
                  className="flex items-center gap-2 rounded focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
                  to={stepRoute(channel, step, shopId, status.integration_once_completed)}
                >
                  {label}
                </Link>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The frame of a wizard step of any channel: the channel's stepper, a card with the step's title, and (after
 * the account link) a way back to /sync-shop while the channel is not connected.
 */
export function WizardStepFrame({
  shopId,
  channel = 'google',
  step,
  title,
  description,
  children,
}: {
  shopId: string;
  channel?: TChannelKey;
  step: TIntegrationStep;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const status = trpc.channelWizard.status.useQuery({ shop_id: shopId });
  const mine = status.data?.find((s) => s.channel === channel);
  const { label, account } = CHANNEL_NAME[channel];
  return (
    <section className="mx-auto flex w-full max-w-content flex-col gap-4">
      <WizardStepper shopId={shopId} channel={channel} status={mine} current={step} />
      <Card>
        <CardHeader>
          <h1 className="text-lg leading-tight font-semibold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {status.isError ? <FormAlert>{status.error.message}</FormAlert> : null}
          {step !== 'link-account' && status.isSuccess && mine && !mine.connected ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-muted-foreground">
                {label} is not connected to this store with {account} yet.
              </p>
              <Button asChild>
                <Link to={paths.syncShop(shopId)}>Connect {label}</Link>
              </Button>
            </div>
          ) : (
            children
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * A wizard step that shows what its query read (Google's destinations, website claim and shipping): the step's
 * frame around a skeleton while the query loads, its error with a way to ask again, then what `children` makes
 * of its data.
 */
export function QueryStepFrame<TData>({
  query,
  children,
  ...frame
}: Omit<ComponentProps<typeof WizardStepFrame>, 'children'> & {
  query: UseQueryResult<TData, { message: string }>;
  children: (data: TData) => ReactNode;
}) {
  return (
    <WizardStepFrame {...frame}>
      {query.isPending ? (
        <StepLoading />
      ) : query.isError ? (
        <QueryError query={query} />
      ) : (
        children(query.data)
      )}
    </WizardStepFrame>
  );
}

/** The buttons of a wizard step's form: save the step (and go on), or cancel back to the store's channels. */
export function StepFormActions({
  shopId,
  label,
  disabled,
  saving,
}: {
  shopId: string;
  label: string;
  disabled?: boolean;
  saving: boolean;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={disabled} isLoading={saving}>
        {label}
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.syncShop(shopId)}>Cancel</Link>
      </Button>
    </div>
  );
}

export function StepLoading() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}

/** A query's error with a way to ask again. */
export function QueryError({ query }: { query: { error: { message: string }; refetch: () => unknown } }) {
  return <StepError message={query.error.message} onRetry={() => void query.refetch()} />;
}

export function StepError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <FormAlert>{message}</FormAlert>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
