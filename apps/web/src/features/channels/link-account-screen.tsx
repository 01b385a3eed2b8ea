import { nextIntegrationStep } from '@feedloom/validation';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { AccountPickerForm, AccountRadios } from './account-picker';
import { LinkBingAccountScreen } from './bing-screens';
import { LinkFacebookAccountScreen } from './facebook-screens';
import { useConnectGoogle, useRefreshConnection } from './use-channels';
import { stepRoute, useRefreshWizard } from './wizard';

/**
 * /link-account/google/{shop_id} (and /edit/): the Merchant Center accounts the connected Google user can
 * reach; choosing one records the wizard's link-account step.
 */
export function LinkGoogleAccountScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshConnection();
  const refreshWizard = useRefreshWizard();
  const connection = trpc.channels.googleConnection.useQuery({ shop_id: shopId });
  const live = connection.data?.state === 'authorized' || connection.data?.state === 'connected';
  const accounts = trpc.channels.merchantAccounts.useQuery(
    { shop_id: shopId },
    { enabled: live, retry: false },
  );
  const connect = useConnectGoogle();
  const [chosen, setChosen] = useState<string | null>(null);
  const select = trpc.channels.selectMerchantAccount.useMutation({
    onSuccess: ({ message, connection }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      refreshWizard(shopId);
      const next = nextIntegrationStep('google', connection);
      void navigate(
        next
          ? stepRoute('google', next, shopId, connection.integration_once_completed)
          : paths.syncShop(shopId),
      );
    },
  });
  const selected = chosen ?? connection.data?.account_id ?? null;

  let body;
  if (connection.isPending || (live && accounts.isPending)) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  } else if (connection.isError || accounts.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <FormAlert>{(connection.error ?? accounts.error)?.message}</FormAlert>
        <Button
          variant="outline"
          onClick={() => void (connection.isError ? connection.refetch() : accounts.refetch())}
        >
          Try again
        </Button>
      </div>
    );
  } else if (!live) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Google is not connected to this store yet.</p>
        <Button isLoading={connect.isPending} onClick={() => connect.mutate({ shop_id: shopId })}>
          Connect Google
        </Button>
      </div>
    );
  } else if (!accounts.data || accounts.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        This Google account has no Merchant Center account. Create one at merchants.google.com, then come back
        to this page, or connect another Google account.
      </p>
    );
  } else {
    body = (
      <AccountPickerForm
        shopId={shopId}
        submitLabel="Use this account"
        ready={Boolean(selected)}
        saving={select.isPending}
        onSubmit={() => {
          if (selected) select.mutate({ shop_id: shopId, merchant_id: selected });
        }}
      >
        <AccountRadios
          legend="Merchant Center account"
          name="merchant_id"
          options={accounts.data.map((a) => ({
            value: a.account_id,
            name: a.account_name,
            detail: a.account_id,
          }))}
          selected={selected}
          onSelect={setChosen}
        />
      </AccountPickerForm>
    );
  }

  return (
    <section className="mx-auto w-full max-w-content">
      <Card>
        <CardHeader>
          <h1 className="text-lg leading-tight font-semibold tracking-tight">
            Choose your Merchant Center account
          </h1>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </section>
  );
}

/** /link-account/{channel}/{shop_id}: Google's account choice; Microsoft's store, Meta's catalog. */
export function LinkAccountScreen() {
  const { channel } = useParams();
  if (channel === 'bing') return <LinkBingAccountScreen />;
  if (channel === 'facebook') return <LinkFacebookAccountScreen />;
  return <LinkGoogleAccountScreen />;
}
