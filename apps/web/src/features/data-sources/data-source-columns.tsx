import { History, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { DataTableColumns } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RunStatusBadge } from './run-status-badge';
import { scheduleText } from './schedule';
import {
  formatCount,
  formatDateTime,
  shopDataSourcesPath,
  timeAgo,
  type DataSource,
} from './use-data-sources';

export interface DataSourceRowActions {
  /** Whether the user may sync, edit and delete. */
  canManage: boolean;
  onSyncNow: (source: DataSource) => void;
  onEdit: (source: DataSource) => void;
  onDelete: (source: DataSource) => void;
  /** The source being synced, whose button spins. */
  syncingId: string | undefined;
}

function LastRun({ source }: { source: DataSource }) {
  const run = source.last_run;
  if (!run) return <span className="text-muted-foreground">Never run</span>;
  return (
    <div className="grid gap-0.5">
      <span className="flex items-center gap-2">
        <RunStatusBadge status={run.status} />
        <time
          dateTime={run.created_at}
          title={formatDateTime(run.created_at)}
          className="text-xs text-muted-foreground"
        >
          {timeAgo(run.created_at)}
        </time>
      </span>
      <span className="text-xs text-muted-foreground">
        {formatCount(run.rows_imported)} imported · {formatCount(run.rows_rejected)} rejected
      </span>
    </div>
  );
}

function RowActions({ source, actions }: { source: DataSource; actions: DataSourceRowActions }) {
  const { canManage, onSyncNow, onEdit, onDelete, syncingId } = actions;
  const name = source.data_source_name;
  return (
    <div className="flex justify-end gap-1">
      {canManage && source.source_type === 'url' ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Sync ${name} now`}
          title="Sync now"
          isLoading={syncingId === source.id}
          onClick={() => onSyncNow(source)}
        >
          {syncingId === source.id ? null : <RefreshCw aria-hidden />}
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="icon-sm">
        <Link
          to={shopDataSourcesPath(source.shop_id, source.id)}
          aria-label={`History of ${name}`}
          title="History"
        >
          <History aria-hidden />
        </Link>
      </Button>
      {canManage ? (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={() => onEdit(source)}
          >
            <Pencil aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:text-destructive"
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={() => onDelete(source)}
          >
            <Trash2 aria-hidden />
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The data source list's columns. */
export function dataSourceColumns(actions: DataSourceRowActions): DataTableColumns<DataSource> {
  return [
    {
      accessorKey: 'data_source_name',
      header: 'Name',
      minSize: 160,
      meta: { isRowHeader: true },
      cell: ({ row }) => (
        <Link
          to={shopDataSourcesPath(row.original.shop_id, row.original.id)}
          className="text-primary hover:underline"
        >
          {row.original.data_source_name}
        </Link>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => {
        const s = row.original;
        return (
          <div className="grid gap-0.5">
            <Badge variant="muted" className="w-fit">
              {s.source_type === 'url' ? 'URL' : 'File'}
            </Badge>
            <span
              className="max-w-48 truncate text-xs text-muted-foreground"
              title={s.url ?? s.file_name ?? ''}
            >
              {s.url ?? s.file_name}
            </span>
          </div>
        );
      },
    },
    {
      id: 'schedule',
      header: 'Schedule',
      meta: { className: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) =>
        scheduleText(row.original) ?? (row.original.source_type === 'file' ? 'On upload' : '—'),
    },
    { id: 'last_run', header: 'Last run', cell: ({ row }) => <LastRun source={row.original} /> },
    {
      accessorKey: 'total_products',
      header: 'Products',
      meta: { align: 'right', className: 'tabular-nums' },
      cell: ({ row }) => formatCount(row.original.total_products),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' },
      cell: ({ row }) => <RowActions source={row.original} actions={actions} />,
    },
  ];
}
