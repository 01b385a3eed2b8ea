import { FEED_SCHEDULE_LABELS, FEED_SCHEDULES, type TChannelKey, type TFeedSchedule } from '@feedloom/validation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { PageSpinner } from '@/components/ui/spinner';
import { useRequiredSession } from '@/features/auth/use-session';
import { goToExternalUrl } from '@/lib/browser';
import { trpc, type RouterOutputs } from '@/lib/trpc';

// Microsoft Merchant Center (bing): the consent callback, the wizard of spec §2 (link account → domain
// verification → target market → feed config, resumable from the recorded steps) and the card on /sync-shop.

type TConnection = NonNullable<RouterOutputs['channels']['microsoftConnection']>;

/** Microsoft Content API target countries and content languages (reference §4). */
const BING_COUNTRIES: Record<string, string> = {
  AU: 'Australia',
  CA: 'Canada',
  DE: 'Germany',
  FR: 'France',
  GB: 'United Kingdom',
  IN: 'India',
  US: 'United States',
};
const BING_LANGUAGES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  nl: 'Dutch',
  it: 'Italian',
  es: 'Spanish',
  sv: 'Swedish',
};

/** Each wizard's steps and the route of each (spec §2). */
export const WIZARD_STEPS: Record<'bing' | 'facebook', { step: string; path: (shopId: string) => string }[]> = {
  bing: [
    { step: 'link-account', path: (s) => paths.linkAccount('bing', s) },
    { step: 'domain-verification', path: (s) => paths.domainVerificationBing(s) },
    { step: 'target-market', path: (s) => paths.targetMarket(s, 'bing') },
    { step: 'feed-config', path: (s) => paths.channelFeedConfig('bing', s) },
  ],
  facebook: [
    { step: 'link-account', path: (s) => paths.linkAccount('facebook', s) },
    { step: 'feed-config', path: (s) => paths.channelFeedConfig('facebook', s) },
  ],
};

/** The next route of a wizard: the first step not yet recorded as done; the store's channels when all are. */
export const nextWizardRoute = (channel: 'bing' | 'facebook', shopId: string, done: readonly string[]): string =>
  WIZARD_STEPS[channel].find((s) => !done.includes(s.step))?.path(shopId) ?? paths.syncShop(shopId);

/** The frame of a wizard step. */
export function WizardCard({ title, step, children }: { title: string; step?: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-content">
      <Card>
        <CardHeader>
          {step ? <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{step}</p> : null}
          <CardTitle className="text-lg">{title}</CardTitle>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

export function Loading() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

export function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3">
      <FormAlert>{message}</FormAlert>
      <Button variant="outline" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * /microsoft-callback and /facebook-callback: the channel sent the browser back with a code and state (or an
 * error). The gateway checks the consent was started in this browser; on success the wizard goes on.
 */
export function ChannelCallback({
  label,
  finish,
}: {
  label: string;
  finish: (input: { code: string; state: string }, done: (shopId: string) => void, failed: () => void) => void;
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useRequiredSession();
  const started = useRef(false);
  const fallback = session.active_shop_id ? paths.syncShop(session.active_shop_id) : paths.storeList;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (code && state) {
      finish(
        { code, state },
        (shopId) => void navigate(paths.linkAccount(label === 'Microsoft' ? 'bing' : 'facebook', shopId), { replace: true }),
        () => void navigate(fallback, { replace: true }),
      );
      return;
    }
    snackbar.show(
      search.get('error') === 'access_denied' ? `Connecting ${label} was cancelled.` : `Connecting ${label} did not complete. Please try again.`,
      'error',
    );
    void navigate(fallback, { replace: true });
  }, [search, finish, snackbar, navigate, fallback, label]);
  return <PageSpinner fullScreen label={`Connecting ${label}`} />;
}

/** After a Microsoft connection changed: its record and settings are stale. */
function useRefreshBing() {
  const utils = trpc.useUtils();
  return (shopId: string) => {
    void utils.channels.microsoftConnection.invalidate({ shop_id: shopId });
    void utils.channels.microsoftFeedSetting.invalidate({ shop_id: shopId });
  };
}

export function BingCallbackScreen() {
  const snackbar = useSnackbar();
  const refresh = useRefreshBing();
  const callback = trpc.channels.microsoftCallback.useMutation();
  return (
    <ChannelCallback
      label="Microsoft"
      finish={(input, done, failed) =>
        callback.mutate(input, {
          onSuccess: ({ message, connection }) => {
            snackbar.show(message, 'success');
            refresh(connection.shop_id);
            done(connection.shop_id);
          },
          onError: failed,
        })
      }
    />
  );
}

function useConnectBing() {
  return trpc.channels.microsoftAuthUrl.useMutation({ onSuccess: ({ auth_url }) => goToExternalUrl(auth_url) });
}

/** /link-account/bing/{shop_id}: the advertising account, then the Merchant Center store of its customer. */
export function LinkBingAccountScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshBing();
  const connection = trpc.channels.microsoftConnection.useQuery({ shop_id: shopId });
  const live = connection.data?.state === 'authorized' || connection.data?.state === 'connected';
  const accounts = trpc.channels.microsoftAdsAccounts.useQuery({ shop_id: shopId }, { enabled: live, retry: false });
  const [accountId, setAccountId] = useState('');
  const account = accounts.data?.find((a) => a.account_id === accountId) ?? accounts.data?.[0];
  const stores = trpc.channels.microsoftStores.useQuery(
    { shop_id: shopId, account_id: account?.account_id ?? '0', customer_id: account?.customer_id ?? '0' },
    { enabled: Boolean(account), retry: false },
  );
  const [storeId, setStoreId] = useState('');
  const store = stores.data?.find((s) => s.store_id === storeId) ?? stores.data?.[0];
  const connect = useConnectBing();
  const select = trpc.channels.microsoftSelectStore.useMutation({
    onSuccess: ({ message, connection: saved }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      void navigate(nextWizardRoute('bing', shopId, saved.integration_steps));
    },
  });

  let body;
  if (connection.isPending || (live && accounts.isPending)) body = <Loading />;
  else if (connection.isError) body = <Failed message={connection.error.message} retry={() => void connection.refetch()} />;
  else if (accounts.isError) body = <Failed message={accounts.error.message} retry={() => void accounts.refetch()} />;
  else if (!live) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {connection.data?.disconnected_reason ?? 'Microsoft is not connected to this store yet.'}
        </p>
        <Button isLoading={connect.isPending} onClick={() => connect.mutate({ shop_id: shopId })}>
          Connect Microsoft
        </Button>
      </div>
    );
  } else if (!accounts.data?.length || !account) {
    body = (
      <p className="text-sm text-muted-foreground">
        This Microsoft account has no Microsoft Advertising account. Create one at ads.microsoft.com, then come back.
      </p>
    );
  } else {
    body = (
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (store) select.mutate({ shop_id: shopId, customer_id: account.customer_id, account_id: account.account_id, store_id: store.store_id });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="bing-account">Microsoft Advertising account</Label>
          <NativeSelect id="bing-account" value={account.account_id} onChange={(e) => setAccountId(e.target.value)}>
            {accounts.data.map((a) => (
              <option key={a.account_id} value={a.account_id}>
                {a.account_name} ({a.account_number ?? a.account_id})
              </option>
            ))}
          </NativeSelect>
        </div>
        {stores.isPending ? (
          <Loading />
        ) : stores.isError ? (
          <Failed message={stores.error.message} retry={() => void stores.refetch()} />
        ) : !stores.data.length ? (
          <p className="text-sm text-muted-foreground">
            This advertising account’s customer has no Merchant Center store. Create one in Microsoft Merchant Center, then come back.
          </p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Merchant Center store</legend>
            {stores.data.map((s) => (
              <label
                key={s.store_id}
                className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
              >
                <input type="radio" name="store_id" value={s.store_id} checked={store?.store_id === s.store_id} onChange={() => setStoreId(s.store_id)} />
                <span>
                  <span className="font-medium">{s.store_name}</span>{' '}
                  <span className="text-muted-foreground">({s.store_url ?? s.store_id})</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={!store} isLoading={select.isPending}>
            Use this store
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.syncShop(shopId)}>Cancel</Link>
          </Button>
        </div>
      </form>
    );
  }
  return (
    <WizardCard title="Choose your Microsoft Merchant Center store" step="Step 1 of 4">
      {body}
    </WizardCard>
  );
}

/** /domain-verification/{shop_id}/bing: asks Microsoft whether the chosen store's domain is verified. */
export function BingDomainVerificationScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshBing();
  const connection = trpc.channels.microsoftConnection.useQuery({ shop_id: shopId });
  const verify = trpc.channels.microsoftVerifyDomain.useMutation({
    onSuccess: ({ message, domain }) => {
      refresh(shopId);
      // Not verified yet: said on the page, next to the button that asks again.
      if (domain.verified) snackbar.show(message, 'success');
      if (domain.verified && connection.data) {
        void navigate(nextWizardRoute('bing', shopId, [...connection.data.integration_steps, 'domain-verification']));
      }
    },
  });
  const url = connection.data?.account_name ? (verify.data?.domain.store_url ?? null) : null;
  return (
    <WizardCard title="Verify your store’s domain" step="Step 2 of 4">
      {connection.isPending ? (
        <Loading />
      ) : connection.isError ? (
        <Failed message={connection.error.message} retry={() => void connection.refetch()} />
      ) : (
        <div className="grid justify-items-start gap-4">
          <p className="text-sm text-muted-foreground">
            Microsoft only shows products whose links are on the store’s verified domain. Store:{' '}
            <span className="font-medium text-foreground">{connection.data?.account_name ?? 'not chosen yet'}</span>
            {url ? ` (${url})` : ''}.
          </p>
          {verify.data && !verify.data.domain.verified ? <FormAlert>{verify.data.message}</FormAlert> : null}
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
    </WizardCard>
  );
}

/** /target-market/{shop_id}/bing: the Content API country, language and currency products are sent for. */
export function BingTargetMarketScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshBing();
  const setting = trpc.channels.microsoftFeedSetting.useQuery({ shop_id: shopId }, { retry: false });
  const info = trpc.shops.info.useQuery({ id: shopId });
  const [market, setMarket] = useState<{ country: string; language: string; currency: string } | null>(null);
  const current = market ??
    setting.data?.target_market ?? { country: 'US', language: 'en', currency: info.data?.shop_currency ?? 'USD' };
  const save = trpc.channels.saveMicrosoftFeedSetting.useMutation({
    onSuccess: ({ message, setting: saved }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      void navigate(nextWizardRoute('bing', shopId, saved.connection.integration_steps));
    },
  });
  return (
    <WizardCard title="Choose the target market" step="Step 3 of 4">
      {setting.isPending ? (
        <Loading />
      ) : setting.isError ? (
        <Failed message={setting.error.message} retry={() => void setting.refetch()} />
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({
              shop_id: shopId,
              target_market: current as { country: 'US'; language: 'en'; currency: string },
            });
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="bing-country">Target country</Label>
            <NativeSelect id="bing-country" value={current.country} onChange={(e) => setMarket({ ...current, country: e.target.value })}>
              {Object.entries(BING_COUNTRIES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bing-language">Content language</Label>
            <NativeSelect id="bing-language" value={current.language} onChange={(e) => setMarket({ ...current, language: e.target.value })}>
              {Object.entries(BING_LANGUAGES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="bing-currency">Currency</Label>
            <NativeSelect id="bing-currency" value={current.currency} onChange={(e) => setMarket({ ...current, currency: e.target.value })}>
              {[...new Set([current.currency, 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'INR'])].map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Button type="submit" isLoading={save.isPending}>
              Save and continue
            </Button>
          </div>
        </form>
      )}
    </WizardCard>
  );
}

/** The schedule form of a channel's feed-config step (spec §4 feed schedule options). */
export function FeedScheduleForm({
  value,
  pending,
  onSave,
}: {
  value: TFeedSchedule;
  pending: boolean;
  onSave: (schedule: TFeedSchedule) => void;
}) {
  const [schedule, setSchedule] = useState<TFeedSchedule | null>(null);
  const current = schedule ?? value;
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(current);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="feed-schedule">Feed schedule</Label>
        <NativeSelect id="feed-schedule" value={current} onChange={(e) => setSchedule(e.target.value as TFeedSchedule)}>
          {FEED_SCHEDULES.map((s) => (
            <option key={s} value={s}>
              {FEED_SCHEDULE_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div>
        <Button type="submit" isLoading={pending}>
          Save feed settings
        </Button>
      </div>
    </form>
  );
}

/** /bing/feed-config/{shop_id}: how often products are sent to Microsoft. */
export function BingFeedConfigScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshBing();
  const setting = trpc.channels.microsoftFeedSetting.useQuery({ shop_id: shopId }, { retry: false });
  const save = trpc.channels.saveMicrosoftFeedSetting.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      void navigate(paths.syncShop(shopId));
    },
  });
  return (
    <WizardCard title="Microsoft feed settings" step="Step 4 of 4">
      {setting.isPending ? (
        <Loading />
      ) : setting.isError ? (
        <Failed message={setting.error.message} retry={() => void setting.refetch()} />
      ) : (
        <FeedScheduleForm
          value={setting.data.feed_schedule}
          pending={save.isPending}
          onSave={(feed_schedule) => save.mutate({ shop_id: shopId, feed_schedule })}
        />
      )}
    </WizardCard>
  );
}

const BADGE = { none: 'muted', authorized: 'warning', connected: 'success', disconnected: 'muted' } as const;

/** A channel's card on /sync-shop: its state, the linked account, and where the wizard goes on. */
export function CatalogChannelCard({
  shopId,
  channel,
  title,
  label,
  connection,
  canManage,
  connecting,
  onConnect,
  describe,
}: {
  shopId: string;
  channel: Extract<TChannelKey, 'bing' | 'facebook'>;
  title: string;
  label: string;
  connection: Pick<TConnection, 'state' | 'account_name' | 'account_id' | 'integration_steps' | 'integration_once_completed' | 'disconnected_reason'> | null | undefined;
  canManage: boolean;
  connecting: boolean;
  onConnect: () => void;
  describe: string;
}) {
  const state = connection?.state ?? 'none';
  const live = state === 'authorized' || state === 'connected';
  const complete = connection ? WIZARD_STEPS[channel].every((s) => connection.integration_steps.includes(s.step)) : false;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">{title}</CardTitle>
        <Badge variant={BADGE[state]} data-testid={`${channel}-connection-state`}>
          {state === 'connected' && complete ? 'Connected' : state === 'none' ? 'Not linked' : state === 'disconnected' ? 'Disconnected' : 'Setup in progress'}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          {state === 'connected' && connection
            ? `Products of this store go to ${connection.account_name ?? ''} (${connection.account_id ?? ''}).`
            : state === 'disconnected'
              ? (connection?.disconnected_reason ?? `${label} was disconnected. Connect it again to keep your products live.`)
              : describe}
        </p>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            {live && connection ? (
              <Button asChild variant={complete ? 'outline' : 'default'}>
                <Link to={complete ? paths.channelFeedConfig(channel, shopId) : nextWizardRoute(channel, shopId, connection.integration_steps)}>
                  {complete ? 'Feed settings' : 'Continue setup'}
                </Link>
              </Button>
            ) : null}
            {!live ? (
              <Button isLoading={connecting} onClick={onConnect}>
                {state === 'disconnected' ? `Reconnect ${label}` : `Connect ${label}`}
              </Button>
            ) : null}
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
  if (connection.isPending) return <Skeleton className="h-32" />;
  if (connection.isError) return <Failed message={connection.error.message} retry={() => void connection.refetch()} />;
  return (
    <CatalogChannelCard
      shopId={shopId}
      channel="bing"
      title="Microsoft Merchant Center"
      label="Microsoft"
      connection={connection.data}
      canManage={canManage}
      connecting={connect.isPending}
      onConnect={() => connect.mutate({ shop_id: shopId })}
      describe="Connect Microsoft Advertising to list this store’s products on Bing and Microsoft Shopping."
    />
  );
}

