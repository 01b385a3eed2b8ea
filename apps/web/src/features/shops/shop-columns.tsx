import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import type { DataTableColumns } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, type Shop } from './use-shops';

export interface ShopRowActions {
  /** Whether the user may edit, delete and reactivate. */
  canManage: boolean;
  onDelete: (shop: Shop) => void;
  onReactivate: (shop: Shop) => void;
  /** The store being reactivated, whose button spins. */
  reactivatingId: string | undefined;
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

function RowActions({ shop, actions }: { shop: Shop; actions: ShopRowActions }) {
  const { canManage, onDelete, onReactivate, reactivatingId } = actions;
  return (
    <div className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="icon-sm">
        <Link to={paths.shopDetail(shop.id)} aria-label={`View ${shop.shop_name}`} title="View">
          <Eye aria-hidden />
        </Link>
      </Button>
      {canManage && shop.status === 'active' ? (
        <>
          <Button asChild variant="ghost" size="icon-sm">
            <Link to={paths.shopEdit(shop.id)} aria-label={`Edit ${shop.shop_name}`} title="Edit">
              <Pencil aria-hidden />
            </Link>
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:text-destructive"
            aria-label={`Delete ${shop.shop_name}`}
            title="Delete"
            onClick={() => onDelete(shop)}
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
          isLoading={reactivatingId === shop.id}
          onClick={() => onReactivate(shop)}
        >
          Reactivate
        </Button>
      ) : null}
    </div>
  );
}

/** The store list's columns; the sortable ones are the shop-list sort_col values. */
export function shopColumns(actions: ShopRowActions): DataTableColumns<Shop> {
  return [
    {
      accessorKey: 'shop_name',
      header: 'Store Name',
      enableSorting: true,
      minSize: 160,
      meta: { isRowHeader: true },
      cell: ({ row }) => (
        <Link to={paths.shopDetail(row.original.id)} className="text-primary hover:underline">
          {row.original.shop_name}
        </Link>
      ),
    },
    {
      accessorKey: 'shop_url',
      header: 'Store URL',
      maxSize: 160,
      meta: { className: 'truncate text-muted-foreground' },
      cell: ({ row }) => <span title={row.original.shop_url}>{row.original.shop_url}</span>,
    },
    { accessorKey: 'shop_currency', header: 'Currency', enableSorting: true },
    {
      accessorKey: 'shop_timezone',
      header: 'Timezone',
      meta: { className: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => (
        <>
          <div>{row.original.shop_timezone}</div>
          <div className="text-xs">UTC{row.original.utc_offset}</div>
        </>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadges shop={row.original} /> },
    {
      accessorKey: 'created_at',
      header: 'Created',
      enableSorting: true,
      meta: { className: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => formatDate(row.original.created_at),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' },
      cell: ({ row }) => <RowActions shop={row.original} actions={actions} />,
    },
  ];
}
