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
import { productStateLabel } from '@feedloom/validation';
import type { ComponentType } from 'react';
import { cn } from '@/lib/utils';
import type { ProductRow } from './use-products';

type IconState = ProductRow['icon_state'];

/** The symbol and tone of each icon state; its words are the tabs' (productStateLabel). */
const ICONS: Record<IconState, { icon: ComponentType<{ className?: string }>; tone: string }> = {
  submitted: { icon: CheckCircle2, tone: 'text-success' },
  submitted_with_variants: { icon: CheckCircle2, tone: 'text-success' },
  disapproved: { icon: XCircle, tone: 'text-destructive' },
  disapproved_with_variants: { icon: XCircle, tone: 'text-destructive' },
  warnings: { icon: AlertTriangle, tone: 'text-warning' },
  warnings_with_variants: { icon: AlertTriangle, tone: 'text-warning' },
  errors: { icon: AlertCircle, tone: 'text-destructive' },
  excluded: { icon: CircleSlash, tone: 'text-muted-foreground' },
  pending: { icon: Clock, tone: 'text-muted-foreground' },
  integration_pending: { icon: PlugZap, tone: 'text-muted-foreground' },
};

/**
 * Product icon states: one symbol for the product and its variants on the active channel, named in the
 * tabs' words (a product the channel approved says Published, as its tab does).
 */
export function ProductStatusIcon({
  state,
  status = null,
  className,
}: {
  state: IconState;
  status?: ProductRow['status'];
  className?: string;
}) {
  const { icon: Icon, tone } = ICONS[state] ?? { icon: CircleDashed, tone: '' };
  const label = productStateLabel(state, status);
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', tone, className)} title={label}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}
