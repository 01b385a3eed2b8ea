import { useParams } from 'react-router-dom';
import { goToExternalUrl } from '@/lib/browser';
import { trpc } from '@/lib/trpc';
import { CatalogAccountPicker, useChoice } from './account-picker';
import { CatalogChannelCard, ChannelCallback } from './bing-screens';
import { useStepSaved, WizardStepFrame } from './wizard';

// Meta catalogs (facebook): the Facebook Login callback, the wizard (link account → feed config,
// resumable from the recorded steps) and the card on /sync-shop.

function useConnectFacebook() {
  return trpc.channels.facebookAuthUrl.useMutation({
    onSuccess: ({ auth_url }) => goToExternalUrl(auth_url),
  });
}

export function FacebookCallbackScreen() {
  const callback = trpc.channels.facebookCallback.useMutation();
  return <ChannelCallback channel="facebook" callback={callback} />;
}

/** /link-account/facebook/{shop_id}: the business account, then one of its catalogs. */
export function LinkFacebookAccountScreen() {
  const { shop_id: shopId = '' } = useParams();
  const setting = trpc.channels.facebookConnection.useQuery({ shop_id: shopId });
  const connection = setting.data?.connection ?? null;
  const live = connection?.state === 'authorized' || connection?.state === 'connected';
  const businesses = trpc.channels.metaBusinesses.useQuery(
    { shop_id: shopId },
    { enabled: live, retry: false },
  );
  const [business, setBusinessId] = useChoice(businesses.data, (b) => b.business_id);
  const catalogs = trpc.channels.metaCatalogs.useQuery(
    { shop_id: shopId, business_id: business?.business_id ?? '0' },
    { enabled: Boolean(business), retry: false },
  );
  const [catalog, setCatalogId] = useChoice(catalogs.data, (c) => c.catalog_id);
  const linked = useStepSaved('facebook', shopId);
  const connect = useConnectFacebook();
  const capture = trpc.channels.captureCatalog.useMutation({ onSuccess: linked });
  return (
    <WizardStepFrame
      shopId={shopId}
      channel="facebook"
      step="link-account"
      title="Choose your business account and catalog"
    >
      <CatalogAccountPicker
        shopId={shopId}
        channel="facebook"
        connection={{ query: setting, live, disconnectedReason: connection?.disconnected_reason }}
        connect={connect}
        account={{
          query: businesses,
          id: 'meta-business',
          label: 'Business account',
          none: 'This Facebook account manages no business account. Create one in Meta Business Suite, then come back.',
          options: businesses.data?.map((b) => ({ value: b.business_id, label: b.name })),
          value: business?.business_id,
          onChange: setBusinessId,
        }}
        choice={{
          query: catalogs,
          legend: 'Catalog',
          name: 'catalog_id',
          none: 'This business account owns no catalog. Create one in Meta Commerce Manager, then come back.',
          options: catalogs.data?.map((c) => ({
            value: c.catalog_id,
            name: c.name,
            detail: `${c.product_count ?? 0} ${c.product_count === 1 ? 'item' : 'items'}`,
          })),
          selected: catalog?.catalog_id,
          onSelect: setCatalogId,
        }}
        submit={{
          label: 'Use this catalog',
          saving: capture.isPending,
          onSubmit: () => {
            if (business)
              capture.mutate({
                shop_id: shopId,
                business_id: business.business_id,
                catalog_id: catalog?.catalog_id ?? '',
              });
          },
        }}
      />
    </WizardStepFrame>
  );
}

/** Meta on /sync-shop/{shop_id}. */
export function FacebookConnectionCard({ shopId, canManage }: { shopId: string; canManage: boolean }) {
  const setting = trpc.channels.facebookConnection.useQuery({ shop_id: shopId });
  const connect = useConnectFacebook();
  return (
    <CatalogChannelCard
      shopId={shopId}
      channel="facebook"
      title="Meta catalog"
      query={{ ...setting, connection: setting.data?.connection ?? null }}
      canManage={canManage}
      connecting={connect.isPending}
      onConnect={() => connect.mutate({ shop_id: shopId })}
      describe="Connect Meta to list this store’s products in a Facebook and Instagram catalog."
    />
  );
}
