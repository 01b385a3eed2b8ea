import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanManageShops } from '@/features/shops/use-shops';
import { trpc } from '@/lib/trpc';
import { BingConnectionCard } from './bing-screens';
import { FacebookConnectionCard } from './facebook-screens';
import { ChannelProgress } from './channel-progress';
import { GoogleConnectionCard } from './google-connection-card';
import { StoreNotFound } from '@/features/shops/store-not-found';

/** /sync-shop/{shop_id}: the store's channels and the state of each connection. */
export function SyncShopScreen() {
  const { shop_id: shopId = '' } = useParams();
  const canManage = useCanManageShops();
  const info = trpc.shops.info.useQuery({ id: shopId }, { enabled: Boolean(shopId) });

  if (info.isPending) {
    return (
      <section className="mx-auto grid w-full max-w-content gap-4" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40" />
      </section>
    );
  }
  if (info.isError) {
    return <StoreNotFound message={info.error.message} />;
  }

  return (
    <section className="mx-auto flex w-full max-w-content flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Channels of {info.data.shop_name}</h1>
        <p className="text-sm text-muted-foreground">
          Connect a channel to keep this store’s products live on it.
        </p>
      </div>
      <GoogleConnectionCard shopId={info.data.id} canManage={canManage && info.data.status === 'active'} />
      <ChannelProgress shopId={info.data.id} canManage={canManage && info.data.status === 'active'} />
      <BingConnectionCard shopId={info.data.id} canManage={canManage && info.data.status === 'active'} />
      <FacebookConnectionCard shopId={info.data.id} canManage={canManage && info.data.status === 'active'} />
    </section>
  );
}
