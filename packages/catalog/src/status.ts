import type { TIssue } from './channels/types';

// Status of a product on a channel (ARCHITECTURE.md "Per product × channel") and the product icon states of
// spec §4, which summarise a product and its variants in one symbol.

export const CHANNEL_STATUSES = [
  'pending',
  'submitted',
  'published',
  'warning',
  'error',
  'disapproved',
  'excluded',
  'integration_pending',
] as const;
export type TChannelStatus = (typeof CHANNEL_STATUSES)[number];

export interface TChannelState {
  /** The shop has linked and set up this channel. */
  integrated: boolean;
  /** The merchant excluded the item from this channel (submission controls). */
  excluded?: boolean;
  /** When the item was last sent; absent if never. */
  submittedAt?: string | null;
  /** The channel's own verdict once it has processed the item. */
  channelVerdict?: 'approved' | 'disapproved' | 'pending' | null;
  /** Issues the channel reported for the item (added to ours). */
  channelIssues?: readonly TIssue[];
}

/**
 * One item's status on one channel. Order matters: a channel that is not set up says nothing else; an
 * excluded item is not judged; our errors keep an item from being sent; then the channel's verdict.
 */
export const channelStatus = (issues: readonly TIssue[], state: TChannelState): TChannelStatus => {
  if (!state.integrated) return 'integration_pending';
  if (state.excluded) return 'excluded';
  const all = state.channelIssues ? [...issues, ...state.channelIssues] : issues;
  if (all.some((i) => i.severity === 'error')) return 'error';
  if (state.channelVerdict === 'disapproved') return 'disapproved';
  if (!state.submittedAt) return 'pending';
  if (all.some((i) => i.severity === 'warning')) return 'warning';
  return state.channelVerdict === 'approved' ? 'published' : 'submitted';
};

export const PRODUCT_ICON_STATES = [
  'submitted',
  'submitted_with_variants',
  'disapproved',
  'disapproved_with_variants',
  'warnings',
  'warnings_with_variants',
  'errors',
  'excluded',
  'pending',
  'integration_pending',
] as const;
export type TProductIconState = (typeof PRODUCT_ICON_STATES)[number];

type TIconBase =
  'integration_pending' | 'errors' | 'disapproved' | 'warnings' | 'pending' | 'submitted' | 'excluded';

const ICON_OF: Record<TChannelStatus, TIconBase> = {
  integration_pending: 'integration_pending',
  error: 'errors',
  disapproved: 'disapproved',
  warning: 'warnings',
  pending: 'pending',
  submitted: 'submitted',
  published: 'submitted',
  excluded: 'excluded',
};

/** Worst first: the icon shows the most urgent state found on the product or any variant. */
const PRIORITY: readonly TIconBase[] = [
  'integration_pending',
  'errors',
  'disapproved',
  'warnings',
  'pending',
  'submitted',
  'excluded',
];
const WITH_VARIANTS: Partial<Record<TIconBase, TProductIconState>> = {
  submitted: 'submitted_with_variants',
  disapproved: 'disapproved_with_variants',
  warnings: 'warnings_with_variants',
};

/**
 * The icon of a product on a channel from its own status (absent for a product whose variants are the items)
 * and its variants' statuses. The `_with_variants` form says a variant carries the state.
 */
export const productIconState = (
  own: TChannelStatus | undefined,
  variants: readonly TChannelStatus[] = [],
): TProductIconState => {
  const ownIcon = own ? ICON_OF[own] : undefined;
  const variantIcons = new Set(variants.map((s) => ICON_OF[s]));
  for (const base of PRIORITY) {
    const onVariant = variantIcons.has(base);
    if (ownIcon !== base && !onVariant) continue;
    return onVariant ? (WITH_VARIANTS[base] ?? base) : base;
  }
  return 'pending';
};

/** Tab counts of spec §3 "Status counts" from item statuses. */
export const countStatuses = (
  statuses: Iterable<TChannelStatus>,
): Record<'all' | Exclude<TChannelStatus, 'integration_pending'>, number> => {
  const counts = {
    all: 0,
    error: 0,
    excluded: 0,
    pending: 0,
    published: 0,
    warning: 0,
    disapproved: 0,
    submitted: 0,
  };
  for (const s of statuses) {
    counts.all++;
    if (s !== 'integration_pending') counts[s]++;
  }
  return counts;
};
