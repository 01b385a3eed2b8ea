import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc } from '@/lib/trpc';
import { DisconnectChannelButton } from './disconnect-channel-button';
import { CONNECTION_STATE_LABEL, useConnectGoogle, useRefreshConnection, type ChannelConnection } from './use-channels';

const BADGE: Record<ChannelConnection['state'] | 'none', 'success' | 'warning' | 'muted'> = {
  none: 'muted',
  authorized: 'warning',
  connected: 'success',
  disconnected: 'muted',
};

/** Google on /sync-shop/{shop_id}: its state, the chosen Merchant Center account, connect and disconnect. */
export function GoogleConnectionCard({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const refresh = useRefreshConnection();
  const connection = trpc.channels.googleConnection.useQuery({ shop_id: shopId });
  const connect = useConnectGoogle();

  const state = connection.data?.state ?? 'none';
  const live = state === 'authorized' || state === 'connected';

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="text-lg">Google Merchant Center</CardTitle>
        {connection.isSuccess ? (
          <Badge variant={BADGE[state]} data-testid="google-connection-state">
            {CONNECTION_STATE_LABEL[state]}
          </Badge>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {connection.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-5 w-72" />
            <Skeleton className="h-9 w-40" />
          </div>
        ) : connection.isError ? (
          <div className="grid justify-items-start gap-3">
            <FormAlert>{connection.error.message}</FormAlert>
            <Button variant="outline" onClick={() => void connection.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {state === 'connected' && connection.data
                ? `Products of this store go to the Merchant Center account ${connection.data.account_name ?? ''} (${connection.data.account_id ?? ''}).`
                : state === 'authorized'
                  ? 'Google is connected. Choose the Merchant Center account this store should use.'
                  : state === 'disconnected'
                    ? (connection.data?.disconnected_reason ?? 'Google was disconnected. Connect it again to keep your products live.')
                    : 'Connect your Google account to list this store’s products on Google (free listings, Shopping ads).'}
            </p>
            {canManage ? (
              <div className="flex flex-wrap gap-2">
                {state === 'authorized' ? (
                  <Button asChild>
                    <Link to={paths.linkAccount('google', shopId)}>Choose Merchant Center account</Link>
                  </Button>
                ) : null}
                {state === 'connected' ? (
                  <Button asChild variant="outline">
                    <Link to={paths.linkAccountEdit('google', shopId)}>Change account</Link>
                  </Button>
                ) : null}
                {!live ? (
                  <Button isLoading={connect.isPending} onClick={() => connect.mutate({ shop_id: shopId })}>
                    {state === 'disconnected' ? 'Reconnect Google' : 'Connect Google'}
                  </Button>
                ) : (
                  <DisconnectChannelButton
                    shopId={shopId}
                    channel="google"
                    description="Feedloom stops sending this store’s products to Google until you connect again. Your Merchant Center account keeps what it has."
                    onDone={refresh}
                  />
                )}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">Ask someone who manages stores to change this connection.</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
