import { Badge } from '@/components/ui/badge';
import type { RunStatus } from './use-data-sources';

const LABELS: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Importing',
  held: 'Waiting for you',
  succeeded: 'Imported',
  failed: 'Failed',
  discarded: 'Discarded',
};

/** An import run's outcome in a word, coloured by what it asks of the merchant. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  if (status === 'succeeded') return <Badge variant="success">{LABELS[status]}</Badge>;
  if (status === 'held') return <Badge variant="warning">{LABELS[status]}</Badge>;
  if (status === 'failed')
    return <Badge className="bg-destructive/10 text-destructive">{LABELS[status]}</Badge>;
  if (status === 'discarded') return <Badge variant="muted">{LABELS[status]}</Badge>;
  return <Badge>{LABELS[status]}</Badge>;
}
