import { countText } from '@feedloom/validation';
import { trpc } from '@/lib/trpc';
import { formatCount, isActiveRun, RUN_POLL_MS, type ImportRun } from './use-data-sources';

/** Polls a queued or running run every 1.5 s; stops once it has an outcome. */
export function useRunPolling(run: Pick<ImportRun, 'id' | 'shop_id' | 'status'> | null | undefined) {
  return trpc.dataSources.run.useQuery(
    { shop_id: run?.shop_id ?? '', run_id: run?.id ?? '' },
    {
      enabled: isActiveRun(run),
      refetchInterval: (query) => (query.state.data && !isActiveRun(query.state.data) ? false : RUN_POLL_MS),
    },
  );
}

/**
 * The progress of a running import: rows read, imported and rejected. The file's row count is not known
 * until it has been read, so the bar shows the imported and rejected shares of the rows read so far, pulsing
 * while the import runs.
 */
export function ImportProgress({ run }: { run: ImportRun }) {
  const { rows_read: read, rows_imported: imported, rows_rejected: rejected } = run;
  const isQueued = run.status === 'queued';
  const text = isQueued
    ? 'Waiting to start'
    : `${countText(read, 'row')} read, ${formatCount(imported)} imported, ${formatCount(rejected)} rejected`;
  const share = (n: number) => (read > 0 ? `${(n / read) * 100}%` : '0%');
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{isQueued ? 'Import queued' : 'Importing…'}</span>
        <span className="text-muted-foreground">{run.file_name}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Import of ${run.file_name ?? 'the file'}`}
        aria-valuetext={text}
        aria-busy="true"
        className="flex h-2.5 w-full animate-pulse overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full bg-success transition-[width] duration-500"
          style={{ width: share(imported) }}
        />
        <div
          className="h-full bg-destructive transition-[width] duration-500"
          style={{ width: share(rejected) }}
        />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Rows read</dt>
          <dd className="font-medium tabular-nums">{formatCount(read)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Imported</dt>
          <dd className="font-medium text-success tabular-nums">{formatCount(imported)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Rejected</dt>
          <dd className="font-medium text-destructive tabular-nums">{formatCount(rejected)}</dd>
        </div>
      </dl>
    </div>
  );
}
