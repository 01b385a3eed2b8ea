import { ZShopListQuerySchema } from '@feedloom/validation';
import { Plus, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { DataTable } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { ListCard, ListEmpty } from '@/components/data-table/list-card';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useListParams } from '@/lib/use-list-params';
import { DeleteShopDialog } from './delete-shop-dialog';
import { shopColumns } from './shop-columns';
import { ShopStatistics } from './shop-statistics';
import { useCanManageShops, useRefreshShops, type Shop } from './use-shops';

/** Store list: search, sort, pagination, empty and loading states, and the row actions. */
export function ShopListScreen() {
  const canManage = useCanManageShops();
  const snackbar = useSnackbar();
  const { update: updateSession } = useSessionActions();
  const refreshShops = useRefreshShops();
  const utils = trpc.useUtils();
  const list = useListParams(ZShopListQuerySchema);
  const [toDelete, setToDelete] = useState<Shop | null>(null);

  // The list is emptied while loading (no previous page shown as if current).
  const shops = trpc.shops.find.useQuery(list.query);

  /** A changed shop replaces its row by id; counts and the header list are refreshed. */
  const onShopChanged = ({
    message,
    shop,
    session,
  }: {
    message: string;
    shop: Shop;
    session: Parameters<typeof updateSession>[0];
  }) => {
    snackbar.show(message, 'success');
    updateSession(session);
    utils.shops.find.setData(list.query, (old) =>
      old ? { ...old, data: old.data.map((s) => (s.id === shop.id ? shop : s)) } : old,
    );
    refreshShops(shop.id);
  };
  const remove = trpc.shops.delete.useMutation({
    onSuccess: (result) => {
      setToDelete(null);
      onShopChanged(result);
    },
  });
  const reactivate = trpc.shops.reactivate.useMutation({ onSuccess: onShopChanged });
  const reactivatingId = reactivate.isPending ? reactivate.variables.id : undefined;
  const { mutate: reactivateShop } = reactivate;

  const columns = useMemo(
    () =>
      shopColumns({
        canManage,
        onDelete: setToDelete,
        onReactivate: (shop) => reactivateShop({ id: shop.id }),
        reactivatingId,
      }),
    [canManage, reactivateShop, reactivatingId],
  );

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Stores"
        description="The shops of your organisation and their settings."
        actions={
          canManage ? (
            <Button asChild>
              <Link to={paths.addStore}>
                <Plus aria-hidden="true" />
                Add Store
              </Link>
            </Button>
          ) : null
        }
      />

      <ShopStatistics />

      <ListCard
        list={list}
        search={{ label: 'Search stores', placeholder: 'Search by name or URL' }}
        total={shops.data?.total_records ?? 0}
      >
        <DataTable
          caption="Stores"
          columns={columns}
          data={shops.data?.data}
          getRowId={(shop) => shop.id}
          status={shops}
          sorting={list.sorting}
          rowTestId="store-row"
          errorMessage="Your stores could not be loaded."
          empty={
            <ListEmpty
              list={list}
              noun="stores"
              whenEmpty={
                <DataTableEmpty
                  icon={Store}
                  title="No stores yet"
                  description="Add your first store to import its products and connect it to Google, Microsoft and Meta."
                  action={
                    canManage ? (
                      <Button asChild size="sm">
                        <Link to={paths.addStore}>Add Store</Link>
                      </Button>
                    ) : null
                  }
                />
              }
            />
          }
        />
      </ListCard>

      <DeleteShopDialog
        shop={toDelete}
        isDeleting={remove.isPending}
        onConfirm={(shop) => remove.mutate({ id: shop.id })}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
