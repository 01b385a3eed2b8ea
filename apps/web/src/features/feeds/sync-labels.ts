import type { RouterOutputs } from '@/lib/trpc';

type SyncRun = RouterOutputs['feeds']['syncRuns'][number];

/** How a sync run's status and trigger read, on every screen that lists syncs. */
export const RUN_STATUS_LABEL: Record<SyncRun['status'], string> = {
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  paused_by_gate: 'Waiting for your confirmation',
  discarded: 'Discarded',
};
export const TRIGGER_LABEL: Record<SyncRun['trigger'], string> = {
  schedule: 'Schedule',
  change: 'Product changes',
  manual: 'Sync now',
  confirmed: 'Confirmed',
};
