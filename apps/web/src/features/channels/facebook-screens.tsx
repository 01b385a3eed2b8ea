import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useSnackbar } from '@/components/ui/snackbar';
import { goToExternalUrl } from '@/lib/browser';
import { trpc } from '@/lib/trpc';
import {
  CatalogChannelCard,
  CatalogFeedConfigScreen,
  ChannelCallback,
  LinkBingAccountScreen,
} from './bing-screens';
import { nextStepRoute, StepError, StepLoading, useRefreshWizard, WizardStepFrame } from './wizard';

// Meta catalogs (facebook): the Facebook Login callback, the wizard of spec §2 (link account → feed config,
// resumable from the recorded steps) and the card on /sync-shop.

function useConnectFacebook() {
  return trpc.channels.facebookAuthUrl.useMutation({
    onSuccess: ({ auth_url }) => goToExternalUrl(auth_url),
  });
}

export function FacebookCallbackScreen() {
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  const callback = trpc.channels.facebookCallback.useMutation();
  return (
    <ChannelCallback
      channel="facebook"
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

/** /link-account/facebook/{shop_id}: the business account, then one of its catalogs (spec §3 catalogue link). */
export function LinkFacebookAccountScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshWizard();
  const setting = trpc.channels.facebookConnection.useQuery({ shop_id: shopId });
  const connection = setting.data?.connection ?? null;
  const live = connection?.state === 'authorized' || connection?.state === 'connected';
  const businesses = trpc.channels.metaBusinesses.useQuery(
    { shop_id: shopId },
    { enabled: live, retry: false },
  );
  const [businessId, setBusinessId] = useState('');
  const business = businesses.data?.find((b) => b.business_id === businessId) ?? businesses.data?.[0];
  const catalogs = trpc.channels.metaCatalogs.useQuery(
    { shop_id: shopId, business_id: business?.business_id ?? '0' },
    { enabled: Boolean(business), retry: false },
  );
  const [catalogId, setCatalogId] = useState('');
  const catalog = catalogs.data?.find((c) => c.catalog_id === catalogId) ?? catalogs.data?.[0];
  const connect = useConnectFacebook();
  const capture = trpc.channels.captureCatalog.useMutation({
    onSuccess: ({ message, connection: saved }) => {
      snackbar.show(message, 'success');
      refresh(shopId);
      void navigate(nextStepRoute('facebook', shopId, saved));
    },
  });

  let body;
  if (setting.isPending || (live && businesses.isPending)) body = <StepLoading />;
  else if (setting.isError)
    body = <StepError message={setting.error.message} onRetry={() => void setting.refetch()} />;
  else if (businesses.isError)
    body = <StepError message={businesses.error.message} onRetry={() => void businesses.refetch()} />;
  else if (!live) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {connection?.disconnected_reason ?? 'Meta is not connected to this store yet.'}
        </p>
        <Button isLoading={connect.isPending} onClick={() => connect.mutate({ shop_id: shopId })}>
          Connect Meta
        </Button>
      </div>
    );
  } else if (!businesses.data?.length || !business) {
    body = (
      <p className="text-sm text-muted-foreground">
        This Facebook account manages no business account. Create one in Meta Business Suite, then come back.
      </p>
    );
  } else {
    body = (
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          capture.mutate({
            shop_id: shopId,
            business_id: business.business_id,
            catalog_id: catalog?.catalog_id ?? '',
          });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="meta-business">Business account</Label>
          <NativeSelect
            id="meta-business"
            value={business.business_id}
            onChange={(e) => setBusinessId(e.target.value)}
          >
            {businesses.data.map((b) => (
              <option key={b.business_id} value={b.business_id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        {catalogs.isPending ? (
          <StepLoading />
        ) : catalogs.isError ? (
          <StepError message={catalogs.error.message} onRetry={() => void catalogs.refetch()} />
        ) : !catalogs.data.length ? (
          <p className="text-sm text-muted-foreground">
            This business account owns no catalog. Create one in Meta Commerce Manager, then come back.
          </p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Catalog</legend>
            {catalogs.data.map((c) => (
              <label
                key={c.catalog_id}
                className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name="catalog_id"
                  value={c.catalog_id}
                  checked={catalog?.catalog_id === c.catalog_id}
                  onChange={() => setCatalogId(c.catalog_id)}
                />
                <span>
                  <span className="font-medium">{c.name}</span>{' '}
                  <span className="text-muted-foreground">
                    ({c.product_count ?? 0} {c.product_count === 1 ? 'item' : 'items'})
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={!catalog} isLoading={capture.isPending}>
            Use this catalog
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.syncShop(shopId)}>Cancel</Link>
          </Button>
        </div>
      </form>
    );
  }
  return (
    <WizardStepFrame
      shopId={shopId}
      channel="facebook"
      step="link-account"
      title="Choose your business account and catalog"
    >
      {body}
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

/**
 * The Bing and Facebook screens of the shared per-channel routes (/link-account/{channel}/…,
 * /{channel}/feed-config/…): the channel in the address picks; `other` (Google's) otherwise.
 */
export function CatalogChannelStep({
  step,
  other,
}: {
  step: 'link-account' | 'feed-config';
  other: ReactNode;
}) {
  const { channel } = useParams();
  if (channel === 'bing' && step === 'link-account') return <LinkBingAccountScreen />;
  if (channel === 'facebook' && step === 'link-account') return <LinkFacebookAccountScreen />;
  if (channel === 'bing' || channel === 'facebook') return <CatalogFeedConfigScreen channel={channel} />;
  return <>{other}</>;
}
