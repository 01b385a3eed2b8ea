import { PAGE_SIZES, DEFAULT_PAGE_SIZE, ZShopListQuerySchema } from '@feedloom/validation';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  Eye,
  Pencil,
  Plus,
  Search,
  Store,
  Trash2,
} from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { trpc, type RouterInputs } from '@/lib/trpc';
import {
  ADD_STORE_PATH,
  formatDate,
  storeDetailPath,
  storeEditPath,
  useCanManageStores,
  useRefreshShops,
  type Shop,
} from './use-shops';

type FindInput = RouterInputs['shops']['find'];
type SortColumn = NonNullable<FindInput['sort_col']>;

const SEARCH_DEBOUNCE_MS = 300;

/** The list's state lives in the address (page, limit, search, sort_col, order), with the spec's fallbacks. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => ZShopListQuerySchema.parse(Object.fromEntries(params)), [params]);
  const set = useCallback(
    (
      changes: Partial<
        Record<'page' | 'limit' | 'search' | 'sort_col' | 'order', string | number | undefined>
      >,
    ) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { query, set };
}

function SortHeader({
  column,
  label,
  query,
  onSort,
}: {
  column: SortColumn;
  label: string;
  query: { sort_col: SortColumn; order: 1 | -1 };
  onSort: (column: SortColumn) => void;
}) {
  const isSorted = query.sort_col === column;
  const Icon = !isSorted ? ArrowUpDown : query.order === 1 ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (query.order === 1 ? 'ascending' : 'descending') : 'none'}
      className="px-4 py-3 text-left font-medium"
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {label}
        <Icon aria-hidden="true" className={isSorted ? 'size-3.5' : 'size-3.5 opacity-40'} />
      </button>
    </th>
  );
}

function StatusBadges({ shop }: { shop: Shop }) {
  return (
    <span className="flex flex-wrap gap-1">
      {shop.status === 'active' ? (
        <Badge variant="success">Active</Badge>
      ) : (
        <Badge variant="muted">Deleted</Badge>
      )}
      {shop.is_testing ? <Badge variant="warning">Testing</Badge> : null}
    </span>
  );
}

/** Spec §2 store list: search, sort, pagination, empty and loading states, and the row actions. */
export function StoreListScreen() {
  const canManage = useCanManageStores();
  const snackbar = useSnackbar();
  const { update: updateSession } = useSessionActions();
  const refreshShops = useRefreshShops();
  const utils = trpc.useUtils();
  const { query, set } = useListParams();
  const searchId = useId();
  const [searchText, setSearchText] = useState(query.search ?? '');
  const [toDelete, setToDelete] = useState<Shop | null>(null);

  // Typing settles before the list is asked again; a new search starts at page 1.
  useEffect(() => {
    const term = searchText.trim();
    if (term === (query.search ?? '')) return;
    const timer = window.setTimeout(() => set({ search: term, page: undefined }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, query.search, set]);

  const input: FindInput = {
    page: query.page,
    limit: query.limit,
    search: query.search,
    sort_col: query.sort_col,
    order: query.order,
  };
  // Spec §4: the list is emptied while loading (no previous page shown as if current).
  const list = trpc.shops.find.useQuery(input);
  const statistics = trpc.shops.statistics.useQuery();

  /** Spec §4: a changed shop replaces its row by id; counts and the header list are refreshed. */
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
    utils.shops.find.setData(input, (old) =>
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

  const onSort = (column: SortColumn) =>
    set({ sort_col: column, order: query.sort_col === column ? -query.order : 1, page: undefined });

  const total = list.data?.total_records ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / query.limit));
  const first = total === 0 ? 0 : (query.page - 1) * query.limit + 1;
  const last = Math.min(total, query.page * query.limit);
  const rows = list.data?.data ?? [];

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Stores</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            The shops of your organisation and their settings.
          </p>
        </div>
        {canManage ? (
          <Button asChild>
            <Link to={ADD_STORE_PATH}>
              <Plus aria-hidden="true" />
              Add Store
            </Link>
          </Button>
        ) : null}
      </div>

      {statistics.data ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Store statistics">
          {[
            ['Active stores', statistics.data.active_shops],
            ['Testing stores', statistics.data.testing_shops],
            ['Deleted stores', statistics.data.deleted_shops],
            ['Products', statistics.data.total_products],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-border bg-card px-4 py-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <Card className="overflow-hidden">
        <div className="flex flex-wrap items-center gap-3 border-b border-border p-4">
          <label htmlFor={searchId} className="sr-only">
            Search stores
          </label>
          <div className="relative w-full max-w-sm">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by name or URL"
              className="pl-9"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>

        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-busy={list.isFetching || undefined}>
            <caption className="sr-only">Stores</caption>
            <thead className="bg-surface text-muted-foreground">
              <tr>
                <SortHeader column="shop_name" label="Store Name" query={query} onSort={onSort} />
                <th scope="col" className="px-4 py-3 text-left font-medium">
                  Store URL
                </th>
                <SortHeader column="shop_currency" label="Currency" query={query} onSort={onSort} />
                <th scope="col" className="px-4 py-3 text-left font-medium">
                  Timezone
                </th>
                <th scope="col" className="px-4 py-3 text-left font-medium">
                  Status
                </th>
                <SortHeader column="created_at" label="Created" query={query} onSort={onSort} />
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending ? (
                Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} className="border-t border-border" data-testid="store-row-loading">
                    {Array.from({ length: 7 }, (__, j) => (
                      <td key={j} className="px-4 py-3">
                        <Skeleton className="h-4" />
                      </td>
                    ))}
                  </tr>
                ))
              ) : rows.length === 0 ? (
                <tr className="border-t border-border">
                  <td colSpan={7} className="px-4 py-12 text-center">
                    {query.search ? (
                      <div className="grid justify-items-center gap-3">
                        <p>No stores match “{query.search}”.</p>
                        <Button variant="outline" size="sm" onClick={() => setSearchText('')}>
                          Clear search
                        </Button>
                      </div>
                    ) : list.isError ? (
                      <div className="grid justify-items-center gap-3">
                        <p>Your stores could not be loaded.</p>
                        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                          Try again
                        </Button>
                      </div>
                    ) : (
                      <div className="grid justify-items-center gap-3">
                        <Store aria-hidden="true" className="size-10 text-primary" />
                        <p className="font-medium">No stores yet</p>
                        <p className="max-w-sm text-muted-foreground">
                          Add your first store to import its products and connect it to Google, Microsoft and
                          Meta.
                        </p>
                        {canManage ? (
                          <Button asChild size="sm">
                            <Link to={ADD_STORE_PATH}>Add Store</Link>
                          </Button>
                        ) : null}
                      </div>
                    )}
                  </td>
                </tr>
              ) : (
                rows.map((shop) => (
                  <tr key={shop.id} className="border-t border-border">
                    <th scope="row" className="min-w-40 px-4 py-3 text-left font-medium">
                      <Link to={storeDetailPath(shop.id)} className="text-primary hover:underline">
                        {shop.shop_name}
                      </Link>
                    </th>
                    <td className="max-w-48 truncate px-4 py-3 text-muted-foreground" title={shop.shop_url}>
                      {shop.shop_url}
                    </td>
                    <td className="px-4 py-3">{shop.shop_currency}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                      <div>{shop.shop_timezone}</div>
                      <div className="text-xs">UTC{shop.utc_offset}</div>
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadges shop={shop} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                      {formatDate(shop.created_at)}
                    </td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <Button asChild variant="ghost" size="icon-sm">
                          <Link
                            to={storeDetailPath(shop.id)}
                            aria-label={`View ${shop.shop_name}`}
                            title="View"
                          >
                            <Eye aria-hidden />
                          </Link>
                        </Button>
                        {canManage && shop.status === 'active' ? (
                          <>
                            <Button asChild variant="ghost" size="icon-sm">
                              <Link
                                to={storeEditPath(shop.id)}
                                aria-label={`Edit ${shop.shop_name}`}
                                title="Edit"
                              >
                                <Pencil aria-hidden />
                              </Link>
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              className="text-destructive hover:text-destructive"
                              aria-label={`Delete ${shop.shop_name}`}
                              title="Delete"
                              onClick={() => setToDelete(shop)}
                            >
                              <Trash2 aria-hidden />
                            </Button>
                          </>
                        ) : null}
                        {canManage && shop.status === 'deleted' ? (
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Reactivate ${shop.shop_name}`}
                            isLoading={reactivate.isPending && reactivate.variables.id === shop.id}
                            onClick={() => reactivate.mutate({ id: shop.id })}
                          >
                            Reactivate
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border p-4 text-sm">
          <div className="flex items-center gap-2">
            <label htmlFor={`${searchId}-limit`} className="text-muted-foreground">
              Rows per page
            </label>
            <NativeSelect
              id={`${searchId}-limit`}
              className="h-9 w-20"
              value={query.limit}
              onChange={(event) =>
                set({
                  limit: event.target.value === String(DEFAULT_PAGE_SIZE) ? undefined : event.target.value,
                  page: undefined,
                })
              }
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-muted-foreground" aria-live="polite">
              {first}–{last} of {total}
            </span>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Previous page"
              disabled={query.page <= 1}
              onClick={() => set({ page: query.page - 1 > 1 ? query.page - 1 : undefined })}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span>
              Page {Math.min(query.page, pageCount)} of {pageCount}
            </span>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label="Next page"
              disabled={query.page >= pageCount}
              onClick={() => set({ page: query.page + 1 })}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </Card>

      <Dialog open={toDelete !== null} onOpenChange={(open) => (open ? null : setToDelete(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete {toDelete?.shop_name}?</DialogTitle>
            <DialogDescription>
              The store leaves your active stores. Its settings are kept, and you can reactivate it from this
              list.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              isLoading={remove.isPending}
              onClick={() => (toDelete ? remove.mutate({ id: toDelete.id }) : undefined)}
            >
              Delete Store
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
