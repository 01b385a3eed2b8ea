import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { downloadFile, type DownloadRequest } from '@/lib/download';
import { hasPermission } from '@/lib/permissions';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type DataSource = RouterOutputs['dataSources']['get'];
export type ImportRun = RouterOutputs['dataSources']['run'];
export type RunStatus = ImportRun['status'];

export const DATA_SOURCES_PATH = '/data-sources';
/** The shop's sources; `source` opens one source's run history. */
export const shopDataSourcesPath = (shopId: string, sourceId?: string) =>
  `/data-source/${encodeURIComponent(shopId)}${sourceId ? `?source=${encodeURIComponent(sourceId)}` : ''}`;

/** Data_source_management_manage may import, edit, sync, delete and confirm; the plain one reads. */
export function useCanManageDataSources(): boolean {
  return hasPermission(useRequiredSession().permissions, 'data_source_management_manage');
}

/** Runs still going: their progress is polled. */
export const isActiveRun = (run: Pick<ImportRun, 'status'> | null | undefined): boolean =>
  run?.status === 'queued' || run?.status === 'running';

/** How often a queued or running import is asked about. */
export const RUN_POLL_MS = 1500;

/** After an import, edit or delete: the lists and the source's history are stale. */
export function useRefreshDataSources() {
  const utils = trpc.useUtils();
  return useCallback(
    (sourceId?: string) => {
      void utils.dataSources.find.invalidate();
      if (sourceId) {
        void utils.dataSources.get.invalidate({ id: sourceId });
        void utils.dataSources.runs.invalidate({ id: sourceId });
      }
    },
    [utils],
  );
}

/**
 * A CSV download (error report, sample, export) through the gateway's streaming path (lib/download.ts); a
 * refusal is reported as any failed call is (the snackbar with the server's message, or the sign-in page).
 */
export function useDownload() {
  return useMutation({ mutationFn: (request: DownloadRequest) => downloadFile(request) });
}

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** Relative time: seconds, minutes, hours, days, months (30 days), years (365 days) ago. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return RELATIVE.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** 1234 ms → "1.2 s", 95 s → "1 min 35 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

export const formatCount = (n: number) => new Intl.NumberFormat().format(n);
