import { INTEGRATION_STEPS, type TChannelKey } from '@feedloom/validation';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { PageSpinner } from '@/components/ui/spinner';
import { useRequiredSession } from '@/features/auth/use-session';
import { goToExternalUrl } from '@/lib/browser';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { CatalogAccountPicker, useChoice } from './account-picker';
import { DisconnectChannelButton } from './disconnect-channel-button';
import {
  CHANNEL_NAME,
  nextStepRoute,
  StepError,
  StepLoading,
  useRefreshWizard,
  useStepSaved,
  WizardStepFrame,
} from './wizard';

// Microsoft Merchant Center (bing): the consent callback, the wizard (link account → domain
// verification → target market → feed config, resumable from the recorded steps; the target market is the
// shared /target-market screen and the feed config the one feed settings screen of every channel) and the card
// on /sync-shop. The callback and the card serve Meta too.

type TConnection = NonNullable<RouterOutputs['channels']['microsoftConnection']>;
type TCatalogChannel = Extract<TChannelKey, 'bing' | 'facebook'>;

/**
 * /microsoft-callback and /facebook-callback: the channel sent the browser back with a code and state (or an
 * error). The gateway checks the consent was started in this browser; on success the wizard goes on.
 */
export function ChannelCallback({
  channel,
  callback,
}: {
  channel: TCatalogChannel;
  /** The channel's callback mutation: it finishes the consent and answers with the saved connection. */
  callback: {
    mutate: (
      input: { code: string; state: string },
      options: {
        onSuccess: (output: { message: string; connection: { shop_id: string } }) => void;
        onError: () => void;
      },
    ) => void;
  };
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  const session = useRequiredSession();
  const started = useRef(false);
  const { label } = CHANNEL_NAME[channel];
  const fallback = session.active_shop_id ? paths.syncShop(session.active_shop_id) : paths.storeList;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (code && state) {
      callback.mutate(
        { code, state },
        {
          onSuccess: ({ message, connection }) => {
            snackbar.show(message, 'success');
            refresh(connection.shop_id);
            void navigate(paths.linkAccount(channel, connection.shop_id), { replace: true });
          },
          onError: () => void navigate(fallback, { replace: true }),
        },
      );
      return;
    }
    snackbar.show(
      search.get('error') === 'access_denied'
        ? `Connecting ${label} was cancelled.`
        : `Connecting ${label} did not complete. Please try again.`,
      'error',
    );
    void navigate(fallback, { replace: true });
  }, [search, callback, snackbar, refresh, navigate, fallback, label, channel]);
  return <PageSpinner fullScreen label={`Connecting ${label}`} />;
}

export function BingCallbackScreen() {
  const callback = trpc.channels.microsoftCallback.useMutation();
  return <ChannelCallback channel="bing" callback={callback} />;
}

function useConnectBing() {
  return trpc.channels.microsoftAuthUrl.useMutation({
    onSuccess: ({ auth_url }) => goToExternalUrl(auth_url),
  });
}

/** /link-account/bing/{shop_id}: the advertising account, then the Merchant Center store of its customer. */
export function LinkBingAccountScreen() {
  const { shop_id: shopId = '' } = useParams();
  const connection = trpc.channels.microsoftConnection.useQuery({ shop_id: shopId });
  const live = connection.data?.state === 'authorized' || connection.data?.state === 'connected';
  const accounts = trpc.channels.microsoftAdsAccounts.useQuery(
    { shop_id: shopId },
    { enabled: live, retry: false },
  );
  const [account, setAccountId] = useChoice(accounts.data, (a) => a.account_id);
  const stores = trpc.channels.microsoftStores.useQuery(
    { shop_id: shopId, account_id: account?.account_id ?? '0', customer_id: account?.customer_id ?? '0' },
    { enabled: Boolean(account), retry: false },
  );
  const [store, setStoreId] = useChoice(stores.data, (s) => s.store_id);
  const linked = useStepSaved('bing', shopId);
  const connect = useConnectBing();
  const select = trpc.channels.microsoftSelectStore.useMutation({ onSuccess: linked });
  return (
    <WizardStepFrame
      shopId={shopId}
      channel="bing"
      step="link-account"
      title="Choose your Microsoft Merchant Center store"
    >
      <CatalogAccountPicker
        shopId={shopId}
        channel="bing"
        connection={{ query: connection, live, disconnectedReason: connection.data?.disconnected_reason }}
        connect={connect}
        account={{
          query: accounts,
          id: 'bing-account',
          label: 'Microsoft Advertising account',
          none: 'This Microsoft account has no Microsoft Advertising account. Create one at ads.microsoft.com, then come back.',
          options: accounts.data?.map((a) => ({
            value: a.account_id,
            label: `${a.account_name} (${a.account_number ?? a.account_id})`,
          })),
          value: account?.account_id,
          onChange: setAccountId,
        }}
        choice={{
          query: stores,
          legend: 'Merchant Center store',
          name: 'store_id',
          none: 'This advertising account’s customer has no Merchant Center store. Create one in Microsoft Merchant Center, then come back.',
          options: stores.data?.map((s) => ({
            value: s.store_id,
            name: s.store_name,
            detail: s.matches_shop
              ? (s.store_url ?? s.store_id)
              : `${s.store_url ?? s.store_id}: not this store’s website`,
          })),
          selected: store?.store_id,
          onSelect: setStoreId,
        }}
        submit={{
          label: 'Use this store',
          saving: select.isPending,
          onSubmit: () => {
            if (account && store)
              select.mutate({
                shop_id: shopId,
                customer_id: account.customer_id,
                account_id: account.account_id,
                store_id: store.store_id,
              });
          },
        }}
      />
    </WizardStepFrame>
  );
}

/** /domain-verification/{shop_id}/bing: asks Microsoft whether the chosen store's domain is verified. */
export function BingDomainVerificationScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  const connection = trpc.channels.microsoftConnection.useQuery({ shop_id: shopId });
  const verify = trpc.channels.microsoftVerifyDomain.useMutation({
    onSuccess: ({ message, domain }) => {
      refresh(shopId);
      // Not verified yet, or another site than the store's: said on the page, next to the buttons.
      const holds = domain.verified && domain.matches_shop;
      if (holds) snackbar.show(message, 'success');
      if (holds && connection.data) {
        const steps = [...connection.data.integration_steps, 'domain-verification'];
        void navigate(nextStepRoute('bing', shopId, { ...connection.data, integration_steps: steps }));
      }
    },
  });
  const url = connection.data?.account_name ? (verify.data?.domain.store_url ?? null) : null;
  return (
    <WizardStepFrame
      shopId={shopId}
      channel="bing"
      step="domain-verification"
      title="Verify your store’s domain"
    >
      {connection.isPending ? (
        <StepLoading />
      ) : connection.isError ? (
        <StepError message={connection.error.message} onRetry={() => void connection.refetch()} />
      ) : (
        <div className="grid justify-items-start gap-4">
          <p className="text-sm text-muted-foreground">
            Microsoft only shows products whose links are on the store’s verified domain. Store:{' '}
            <span className="font-medium text-foreground">
              {connection.data?.account_name ?? 'not chosen yet'}
            </span>
            {url ? ` (${url})` : ''}.
          </p>
          {verify.data && !(verify.data.domain.verified && verify.data.domain.matches_shop) ? (
            <FormAlert>{verify.data.message}</FormAlert>
          ) : null}
          <div className="flex gap-2">
            <Button isLoading={verify.isPending} onClick={() => verify.mutate({ shop_id: shopId })}>
              Check domain verification
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.linkAccountEdit('bing', shopId)}>Choose another store</Link>
            </Button>
          </div>
        </div>
      )}
    </WizardStepFrame>
  );
}

const BADGE = { none: 'muted', authorized: 'warning', connected: 'success', disconnected: 'muted' } as const;

/**
 * A catalog channel's card on /sync-shop: its state, the linked account, where the wizard goes on, and
 * disconnect (after asking).
 */
export function CatalogChannelCard({
  shopId,
  channel,
  title,
  query,
  canManage,
  connecting,
  onConnect,
  describe,
}: {
  shopId: string;
  channel: TCatalogChannel;
  title: string;
  query: {
    isPending: boolean;
    error: { message: string } | null;
    refetch: () => unknown;
    connection:
      | Pick<
          TConnection,
          | 'state'
          | 'account_name'
          | 'account_id'
          | 'integration_steps'
          | 'integration_once_completed'
          | 'disconnected_reason'
        >
      | null
      | undefined;
  };
  canManage: boolean;
  connecting: boolean;
  onConnect: () => void;
  describe: string;
}) {
  const refresh = useRefreshWizard();
  const { label } = CHANNEL_NAME[channel];
  if (query.isPending) return <Skeleton className="h-32" />;
  if (query.error) return <StepError message={query.error.message} onRetry={() => void query.refetch()} />;
  const { connection } = query;
  const state = connection?.state ?? 'none';
  const live = state === 'authorized' || state === 'connected';
  const complete = connection
    ? INTEGRATION_STEPS[channel].every((s) => connection.integration_steps.includes(s))
    : false;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">{title}</CardTitle>
        <Badge variant={BADGE[state]} data-testid={`${channel}-connection-state`}>
          {state === 'connected' && complete
            ? 'Connected'
            : state === 'none'
              ? 'Not linked'
              : state === 'disconnected'
                ? 'Disconnected'
                : 'Setup in progress'}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          {state === 'connected' && connection
            ? `Products of this store go to ${connection.account_name ?? ''} (${connection.account_id ?? ''}).`
            : state === 'disconnected'
              ? (connection?.disconnected_reason ??
                `${label} was disconnected. Connect it again to keep your products live.`)
              : describe}
        </p>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {live && connection ? (
              <>
                <Button asChild variant={complete ? 'outline' : 'default'}>
                  <Link
                    to={
                      complete
                        ? paths.channelFeedConfig(channel, shopId)
                        : nextStepRoute(channel, shopId, connection)
                    }
                  >
                    {complete ? 'Feed settings' : 'Continue setup'}
                  </Link>
                </Button>
                <DisconnectChannelButton
                  shopId={shopId}
                  channel={channel}
                  description={`Feedloom stops sending this store’s products to ${label} and its feed URL stops working until you connect again. ${label} keeps what it has.`}
                  onDone={refresh}
                />
              </>
            ) : (
              <Button isLoading={connecting} onClick={onConnect}>
                {state === 'disconnected' ? `Reconnect ${label}` : `Connect ${label}`}
              </Button>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Microsoft on /sync-shop/{shop_id}. */
export function BingConnectionCard({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const connection = trpc.channels.microsoftConnection.useQuery({ shop_id: shopId });
  const connect = useConnectBing();
  return (
    <CatalogChannelCard
      shopId={shopId}
      channel="bing"
      title="Microsoft Merchant Center"
      query={{ ...connection, connection: connection.data }}
      canManage={canManage}
      connecting={connect.isPending}
      onConnect={() => connect.mutate({ shop_id: shopId })}
      describe="Connect Microsoft Advertising to list this store’s products on Bing and Microsoft Shopping."
    />
  );
}
