import {
  AlertCircle,
  AlertTriangle,
  CheckCircle2,
  CircleDashed,
  CircleSlash,
  Clock,
  PlugZap,
  XCircle,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { cn } from '@/lib/utils';
import type { ProductRow } from './use-products';

type IconState = ProductRow['icon_state'];

const ICONS: Record<IconState, { icon: ComponentType<{ className?: string }>; label: string; tone: string }> =
  {
    submitted: { icon: CheckCircle2, label: 'Submitted', tone: 'text-success' },
    submitted_with_variants: { icon: CheckCircle2, label: 'Submitted (variants)', tone: 'text-success' },
    disapproved: { icon: XCircle, label: 'Disapproved', tone: 'text-destructive' },
    disapproved_with_variants: { icon: XCircle, label: 'Disapproved (a variant)', tone: 'text-destructive' },
    warnings: { icon: AlertTriangle, label: 'Warnings', tone: 'text-warning' },
    warnings_with_variants: { icon: AlertTriangle, label: 'Warnings (a variant)', tone: 'text-warning' },
    errors: { icon: AlertCircle, label: 'Errors', tone: 'text-destructive' },
    excluded: { icon: CircleSlash, label: 'Excluded', tone: 'text-muted-foreground' },
    pending: { icon: Clock, label: 'Pending', tone: 'text-muted-foreground' },
    integration_pending: { icon: PlugZap, label: 'Channel not connected', tone: 'text-muted-foreground' },
  };

/** Spec §4 product icon states: one symbol for the product and its variants on the active channel. */
export function ProductStatusIcon({ state, className }: { state: IconState; className?: string }) {
  const { icon: Icon, label, tone } = ICONS[state] ?? { icon: CircleDashed, label: state, tone: '' };
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', tone, className)} title={label}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
