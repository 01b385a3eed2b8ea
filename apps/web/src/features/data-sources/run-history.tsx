import { DEFAULT_PAGE_SIZE } from '@feedloom/validation';
import { Columns3, Download } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DataTableColumns } from '@/components/data-table/data-table';
import { DataTable } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { HeldImport } from './held-import';
import { ImportProgress, useRunPolling } from './import-progress';
import { MappingReviewDialog } from './mapping-review-dialog';
import { RunStatusBadge } from './run-status-badge';
import {
  formatCount,
  formatDateTime,
  formatDuration,
  isActiveRun,
  useDownload,
  useRefreshDataSources,
  type DataSource,
  type ImportRun,
} from './use-data-sources';

function runColumns(
  onReport: (run: ImportRun) => void,
  downloadingId: string | undefined,
): DataTableColumns<ImportRun> {
  const count = (key: 'rows_read' | 'rows_imported' | 'rows_rejected' | 'rows_removed', header: string) => ({
    id: key,
    header,
    meta: { align: 'right' as const, className: 'tabular-nums' },
    cell: ({ row }: { row: { original: ImportRun } }) => formatCount(row.original[key]),
  });
  return [
    {
      id: 'when',
      header: 'When',
      meta: { isRowHeader: true, className: 'whitespace-nowrap font-normal' },
      cell: ({ row }) => (
        <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at)}</time>
      ),
    },
    {
      id: 'by',
      header: 'By',
      meta: { className: 'text-muted-foreground' },
      cell: ({ row }) =>
        row.original.trigger === 'schedule' ? 'Schedule' : (row.original.triggered_by?.name ?? 'Someone'),
    },
    count('rows_read', 'Read'),
    count('rows_imported', 'Imported'),
    count('rows_rejected', 'Rejected'),
    count('rows_removed', 'Removed'),
    {
      id: 'duration',
      header: 'Duration',
      meta: { className: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => formatDuration(row.original.duration_ms),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: ({ row }) => (
        <div className="grid max-w-72 gap-1">
          <RunStatusBadge status={row.original.status} />
          {row.original.message ? (
            <span className="text-xs text-muted-foreground">{row.original.message}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'report',
      header: () => <span className="sr-only">Error report</span>,
      meta: { align: 'right' },
      cell: ({ row }) =>
        row.original.has_report ? (
          <Button
            variant="link"
            size="sm"
            className="px-0"
            isLoading={downloadingId === row.original.id}
            onClick={() => onReport(row.original)}
          >
            <Download aria-hidden />
            Error report
          </Button>
        ) : null,
    },
  ];
}

/**
 * One source's imports: the latest one's progress while it runs (polled every 1.5 s) or its
 * held-removal question, then every run with who or what started it, its counts, duration and outcome, and
 * the error report of runs that rejected rows.
 */
export function RunHistory({ source, canManage }: { source: DataSource; canManage: boolean }) {
  const snackbar = useSnackbar();
  const report = useDownload();
  const refresh = useRefreshDataSources();
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState(false);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const runs = trpc.dataSources.runs.useQuery({ shop_id: source.shop_id, id: source.id, page, limit });

  const polled = useRunPolling(source.last_run);
  const latest = polled.data ?? source.last_run;

  // When the polled run finishes, the list's counts and the history follow, and the user is told.
  const wasActive = useRef(isActiveRun(latest));
  useEffect(() => {
    const active = isActiveRun(latest);
    if (wasActive.current && !active && latest) {
      refresh(source.id);
      if (latest.message) snackbar.show(latest.message, latest.status === 'failed' ? 'error' : 'success');
    }
    wasActive.current = active;
  }, [latest, refresh, snackbar, source.id]);

  const { mutate: download } = report;
  const downloadingId = report.isPending ? report.variables.params?.[1] : undefined;
  const columns = useMemo(
    () =>
      runColumns(
        (run) =>
          download({
            name: 'import-report',
            params: [run.shop_id, run.id],
            fallbackName: `import-errors-${run.id}.csv`,
          }),
        downloadingId,
      ),
    [download, downloadingId],
  );

  return (
    <section aria-labelledby="run-history-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="run-history-title" className="text-lg font-semibold">
          Import history of {source.data_source_name}
        </h2>
        <Button variant="outline" size="sm" onClick={() => setReviewing(true)}>
          <Columns3 aria-hidden />
          Column mapping
        </Button>
      </div>
      <MappingReviewDialog
        source={source}
        canManage={canManage}
        open={reviewing}
        onOpenChange={setReviewing}
      />
      {latest && isActiveRun(latest) ? <ImportProgress run={latest} /> : null}
      {latest?.status === 'held' ? <HeldImport run={latest} canManage={canManage} /> : null}
      <div className="overflow-hidden rounded-lg border border-border">
        <DataTable
          caption={`Import history of ${source.data_source_name}`}
          columns={columns}
          data={runs.data?.data}
          getRowId={(run) => run.id}
          status={runs}
          rowTestId="run-row"
          maxHeight={null}
          errorMessage="The import history could not be loaded."
          empty={<DataTableEmpty title="No imports yet" />}
        />
        <Pagination
          page={page}
          limit={limit}
          total={runs.data?.total_records ?? 0}
          onPageChange={setPage}
          onLimitChange={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      </div>
    </section>
  );
}
