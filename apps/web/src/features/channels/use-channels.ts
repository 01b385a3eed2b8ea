import { useCallback } from 'react';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { goToExternalUrl } from '@/lib/browser';

export type ChannelConnection = NonNullable<RouterOutputs['channels']['googleConnection']>;
export type MerchantAccount = RouterOutputs['channels']['merchantAccounts'][number];

/** What the merchant reads for a connection's state. */
export const CONNECTION_STATE_LABEL: Record<ChannelConnection['state'] | 'none', string> = {
  none: 'Not connected',
  authorized: 'Choose a Merchant Center account',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

/** Starts Google's consent for a shop: the browser leaves for Google's page (bound to it by the gateway). */
export function useConnectGoogle() {
  return trpc.channels.googleAuthUrl.useMutation({
    onSuccess: ({ auth_url }) => goToExternalUrl(auth_url),
  });
}

/** After a connection changed: its record and the accounts it reaches are stale. */
export function useRefreshConnection() {
  const utils = trpc.useUtils();
  return useCallback(
    (shopId: string) => {
      void utils.channels.googleConnection.invalidate({ shop_id: shopId });
      void utils.channels.merchantAccounts.invalidate({ shop_id: shopId });
      void utils.shops.info.invalidate({ id: shopId });
    },
    [utils],
  );
}
