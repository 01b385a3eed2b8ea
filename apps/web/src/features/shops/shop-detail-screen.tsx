import { CHANNEL_LABELS, CONDITION_LABELS } from '@feedloom/validation';
import type { ReactNode } from 'react';
import { ArrowLeft, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useRequiredSession, useSessionActions } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { formatDate, useCanManageShops } from './use-shops';
import { StoreNotFound } from './store-not-found';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** /store-list/{shop_id}: the store's settings, its organisation, channels and products, and the org's counts. */
export function ShopDetailScreen() {
  const { shop_id: shopId = '' } = useParams();
  const session = useRequiredSession();
  const canManage = useCanManageShops();
  const snackbar = useSnackbar();
  const { update } = useSessionActions();
  const info = trpc.shops.info.useQuery({ id: shopId }, { enabled: Boolean(shopId) });
  const statistics = trpc.shops.statistics.useQuery();
  const makeActive = trpc.shops.switchShop.useMutation({
    onSuccess: ({ message, session: next }) => {
      update(next);
      snackbar.show(message, 'success');
    },
  });

  if (info.isPending) {
    return (
      <section className="mx-auto grid w-full max-w-content gap-4" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48" />
        <Skeleton className="h-32" />
      </section>
    );
  }
  if (info.isError) {
    return <StoreNotFound message="This store does not exist in your organisation." />;
  }
  const shop = info.data;
  const isActiveShop = session.active_shop_id === shop.id;

  return (
    <section className="mx-auto flex w-full max-w-content flex-col gap-6">
      <div>
        <Link
          to={paths.storeList}
          className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to stores
        </Link>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">{shop.shop_name}</h1>
            {shop.status === 'active' ? (
              <Badge variant="success">Active</Badge>
            ) : (
              <Badge variant="muted">Deleted</Badge>
            )}
            {shop.is_testing ? <Badge variant="warning">Testing</Badge> : null}
            {isActiveShop ? <Badge>Current store</Badge> : null}
          </div>
          <div className="flex gap-2">
            {shop.status === 'active' && !isActiveShop ? (
              <Button
                variant="outline"
                isLoading={makeActive.isPending}
                onClick={() => makeActive.mutate({ id: shop.id })}
              >
                Make Current Store
              </Button>
            ) : null}
            {canManage && shop.status === 'active' ? (
              <Button asChild>
                <Link to={paths.shopEdit(shop.id)}>
                  <Pencil aria-hidden="true" />
                  Edit Store
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Store details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Store URL">
              <a
                href={shop.shop_url}
                target="_blank"
                rel="noreferrer"
                className="break-all text-primary hover:underline"
              >
                {shop.shop_url}
              </a>
            </Detail>
            <Detail label="Organisation">{shop.business_name}</Detail>
            <Detail label="Currency">{shop.shop_currency}</Detail>
            <Detail label="Timezone">
              {shop.shop_timezone} (UTC{shop.utc_offset})
            </Detail>
            <Detail label="Default condition">{CONDITION_LABELS[shop.default_condition]}</Detail>
            <Detail label="Store email">{shop.shop_email ?? '—'}</Detail>
            <Detail label="Created">{formatDate(shop.created_at)}</Detail>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Channels and products</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Connected channels">
              {shop.connected_channels.length > 0
                ? shop.connected_channels.map((c) => CHANNEL_LABELS[c]).join(', ')
                : 'No channels connected yet'}
            </Detail>
            <Detail label="Products">{shop.total_products}</Detail>
          </dl>
        </CardContent>
      </Card>

      {statistics.data ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Your organisation’s stores</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              <Detail label="Active">{statistics.data.active_shops}</Detail>
              <Detail label="Testing">{statistics.data.testing_shops}</Detail>
              <Detail label="Deleted">{statistics.data.deleted_shops}</Detail>
              <Detail label="Total">{statistics.data.total_shops}</Detail>
            </dl>
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
