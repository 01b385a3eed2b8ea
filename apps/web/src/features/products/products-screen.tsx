import {
  countText,
  CATALOG_CHANNEL_OF,
  PRODUCT_CHANNEL_LABELS,
  PRODUCT_CHANNELS,
  PRODUCT_SORT_OPTIONS,
  PRODUCT_TAB_LABELS,
  PRODUCT_TABS,
} from '@feedloom/validation';
import { Filter, Package, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DataTable } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { ListSearch } from '@/components/data-table/list-search';
import { Pagination } from '@/components/data-table/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsList, TabsTrigger, useFilterTabs } from '@/components/ui/tabs';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useListParams } from '@/lib/use-list-params';
import { cn } from '@/lib/utils';
import { AdvancedFilter } from './advanced-filter';
import { BulkCustomiseButton, BulkCustomisePanel } from './bulk-customise';
import { viewSelection } from './bulk-rules';
import { productColumns } from './product-columns';
import { ProductErrorsDialog } from './product-errors-dialog';
import {
  findInputOf,
  NO_CURSOR,
  productDetailHref,
  useCanManageProducts,
  ZProductListParamsSchema,
  type ProductRow,
} from './use-products';

/** /manage-products: the active store's products by channel and status tab. */
export function ProductsScreen() {
  const shopId = useRequiredSession().active_shop_id;
  return (
    <section className="mx-auto flex w-full max-w-[1600px] flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Products</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Every product of the active store, with its status and issues on each channel.
        </p>
      </div>
      {shopId ? (
        <ProductList shopId={shopId} />
      ) : (
        <Card className="p-8">
          <DataTableEmpty
            icon={Package}
            title="Choose a store first"
            description="Products belong to a store. Pick one in the header."
          />
        </Card>
      )}
    </section>
  );
}

/** The list answer's channel keys: which flag says a sidebar channel's catalog channel is on. */
const ENABLED_FLAG = { google: 'google_enabled', microsoft: 'bing_enabled', meta: 'fb_enabled' } as const;
const CHANNEL_OFF_HINT = 'not connected, or its submissions are off: statuses show what the channel would judge';

function ProductList({ shopId }: { shopId: string }) {
  const list = useListParams(ZProductListParamsSchema);
  const q = list.query;
  const tabs = useFilterTabs(q.tab);
  const location = useLocation();
  const products = trpc.products.find.useQuery(findInputOf(shopId, q), { placeholderData: (prev) => prev });
  const counts = trpc.products.counts.useQuery({ shop_id: shopId, active_channel: q.active_channel });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [issuesOf, setIssuesOf] = useState<ProductRow | null>(null);
  const [filterOpen, setFilterOpen] = useState(Boolean(q.advance_filter));
  const canManage = useCanManageProducts();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [bulkOpen, setBulkOpen] = useState(false);
  const checkedIds = Object.keys(checked)
    .filter((k) => checked[k])
    .map(Number);
  const utils = trpc.useUtils();
  const channelLabel = PRODUCT_CHANNEL_LABELS[q.active_channel];
  const page = products.data;

  const columns = useMemo(
    () =>
      productColumns({
        shopId,
        activeChannel: q.active_channel,
        channelLabel,
        detailHref: (row) => productDetailHref(row.id, location.search),
        expanded,
        onToggleVariants: (row) =>
          setExpanded((prev) => {
            const next = new Set(prev);
            if (!next.delete(row.id)) next.add(row.id);
            return next;
          }),
        onShowIssues: setIssuesOf,
      }),
    [shopId, q.active_channel, channelLabel, location.search, expanded],
  );

  // Next and previous move by keyset (as fast on page 4,000 as on page 1); a page number jumps by offset.
  const onPageChange = (target: number) => {
    const rows = page?.data ?? [];
    if (target === q.page + 1 && rows.length > 0) {
      list.setParams({
        page: target,
        last_internal_product_id: rows.at(-1)!.id,
        first_internal_product_id: undefined,
      });
    } else if (target === q.page - 1 && rows.length > 0 && target > 1) {
      list.setParams({
        page: target,
        first_internal_product_id: rows[0]!.id,
        last_internal_product_id: undefined,
      });
    } else {
      list.setParams({ page: target, ...NO_CURSOR });
    }
  };
  const sortValue = `${q.sort_col}:${q.order}`;

  return (
    <div className="flex flex-col gap-4 2xl:flex-row">
      <nav aria-label="Channels" className="2xl:w-48 2xl:shrink-0">
        <ul className="flex gap-1 overflow-x-auto 2xl:flex-col">
          {PRODUCT_CHANNELS.map((channel) => {
            const isOff = page ? !page[ENABLED_FLAG[CATALOG_CHANNEL_OF[channel]]] : false;
            return (
            <li key={channel}>
              <button
                type="button"
                aria-current={channel === q.active_channel ? 'page' : undefined}
                title={isOff ? `${PRODUCT_CHANNEL_LABELS[channel]}: ${CHANNEL_OFF_HINT}` : undefined}
                data-off={isOff ? '' : undefined}
                onClick={() => list.setParams({ active_channel: channel, ...NO_CURSOR })}
                className={cn(
                  'w-full rounded-md px-3 py-2 text-left text-sm whitespace-nowrap hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  channel === q.active_channel && 'bg-primary-muted font-medium text-primary',
                )}
              >
                {PRODUCT_CHANNEL_LABELS[channel]}
                {isOff ? (
                  <span aria-hidden="true" className="ml-1.5 text-xs text-muted-foreground">
                    off
                  </span>
                ) : null}
              </button>
            </li>
            );
          })}
        </ul>
      </nav>

      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <Tabs
          value={q.tab}
          onValueChange={(tab) => list.setParams({ tab: tab as typeof q.tab, ...NO_CURSOR })}
        >
          <TabsList className="w-full justify-start overflow-x-auto">
            {PRODUCT_TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab} {...tabs.tab(tab)}>
                {PRODUCT_TAB_LABELS[tab]}
                <span className="ml-1.5 rounded-full bg-muted px-1.5 text-xs text-muted-foreground">
                  {counts.data ? counts.data[tab].toLocaleString() : '…'}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>

        <div className="flex flex-wrap items-center gap-3">
          <ListSearch
            label="Search products"
            placeholder="Title, SKU, brand or GTIN"
            value={list.searchText}
            onChange={list.setSearchText}
          />
          <label className="flex items-center gap-2 text-sm">
            <span>Sort</span>
            <NativeSelect
              aria-label="Sort products"
              value={sortValue}
              onChange={(e) => {
                const [sort_col, order] = e.target.value.split(':');
                list.setParams({
                  sort_col: sort_col as typeof q.sort_col,
                  order: Number(order) as 1 | -1,
                  ...NO_CURSOR,
                });
              }}
            >
              {PRODUCT_SORT_OPTIONS.map((o) => (
                <option key={o.label} value={`${o.sort_col}:${o.order}`}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button
            variant={q.advance_filter ? 'default' : 'outline'}
            size="sm"
            aria-expanded={filterOpen}
            onClick={() => setFilterOpen((v) => !v)}
          >
            <Filter aria-hidden="true" />
            Advanced filter
          </Button>
          {canManage ? (
            <BulkCustomiseButton isOpen={bulkOpen} onToggle={() => setBulkOpen((v) => !v)} />
          ) : null}
          {page ? (
            <span className="ml-auto text-sm text-muted-foreground">
              {page.total_records.toLocaleString()} of {countText(page.total_products, 'product')}
            </span>
          ) : null}
        </div>

        {q.issue_code ? (
          <IssueFilterChip
            code={q.issue_code}
            attribute={q.issue_attribute}
            channelLabel={channelLabel}
            onRemove={() => list.setParams({ issue_code: undefined, issue_attribute: undefined, ...NO_CURSOR })}
          />
        ) : null}

        {filterOpen ? (
          <AdvancedFilter
            shopId={shopId}
            value={q.advance_filter}
            onApply={(json) => list.setParams({ advance_filter: json, ...NO_CURSOR })}
          />
        ) : null}

        {bulkOpen ? (
          <BulkCustomisePanel
            shopId={shopId}
            checkedIds={checkedIds}
            view={viewSelection(q)}
            matching={page?.total_records ?? 0}
            onClose={() => setBulkOpen(false)}
            onApplied={() => {
              setChecked({});
              void utils.products.find.invalidate();
              void utils.products.counts.invalidate();
            }}
          />
        ) : null}

        <div {...tabs.panel}>
          <DataTable
            caption={`Products on ${channelLabel}, ${PRODUCT_TAB_LABELS[q.tab]} tab`}
            selection={
              canManage
                ? { selected: checked, onChange: setChecked, rowLabel: (p) => p.title ?? p.offer_id }
                : undefined
            }
            columns={columns}
            data={page?.data}
            getRowId={(p) => String(p.id)}
            status={products}
            rowTestId="product-row"
            maxHeight={null}
            errorMessage={products.error?.message}
            empty={
              <DataTableEmpty
                icon={Package}
                title={
                  q.search || q.advance_filter || q.issue_code || q.tab !== 'all'
                    ? 'No product matches this view'
                    : 'No products yet'
                }
                description={
                  q.search || q.advance_filter || q.issue_code || q.tab !== 'all'
                    ? 'Try another tab, search or filter.'
                    : 'Import a CSV in Data sources to bring your products in.'
                }
              />
            }
          />
        </div>
        {page ? (
          <Pagination
            page={q.page}
            limit={q.limit}
            total={page.total_records}
            onPageChange={onPageChange}
            onLimitChange={(limit) => list.setParams({ limit, ...NO_CURSOR })}
          />
        ) : null}
      </div>

      <ProductErrorsDialog
        product={issuesOf}
        channelLabel={channelLabel}
        detailHref={issuesOf ? productDetailHref(issuesOf.id, location.search) : ''}
        onClose={() => setIssuesOf(null)}
      />
    </div>
  );
}

/** The issue the list is narrowed to (a dashboard top-issue link), removable like a filter. */
function IssueFilterChip({
  code,
  attribute,
  channelLabel,
  onRemove,
}: {
  code: string;
  attribute: string | undefined;
  channelLabel: string;
  onRemove: () => void;
}) {
  const label = `${code.replace(/_/g, ' ')}${attribute ? ` · ${attribute}` : ''}`;
  return (
    <div role="group" aria-label="Issue filter" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Products with the issue</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-primary-muted py-0.5 pr-1 pl-2.5 font-medium text-primary">
        {label}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove the issue filter ${label}`}
          className="rounded-full p-0.5 hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </span>
      <span className="text-muted-foreground">on {channelLabel}</span>
    </div>
  );
}
