import { excludedFromChannel, type TProductIconState } from '@feedloom/validation';
import type { TChannel, TIssue } from './channels/types';
import type { TLayerValues } from './model/fields';
import { channelItems, type TProduct, type TShopDefaults } from './model/product';

// Status of a product on a channel (ARCHITECTURE.md "Per product × channel") and the product icon states of
// the flows, which summarise a product and its variants in one symbol.

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
  /** Issues the channel reported for the item (they replace our prediction of the same problem: mergeChannelIssues). */
  channelIssues?: readonly TIssue[];
}

/**
 * Whether the merchant holds an item back from a channel: it is in no feed file of the channel, a sync does not
 * send it (and deletes it from the channel if it was there), and the product list shows it as excluded. Held back
 * are items whose submission controls exclude every destination the channel serves (what a draft, archived or
 * private product is imported with) and items paused for ads and free listings (`pause: all`). The item's own
 * merged values decide, so a variant can be held back on its own. The one answer to "does this item go out?".
 */
export const heldBack = (
  channel: TChannel,
  values: Pick<TLayerValues, 'pause' | 'product_submission_control'>,
): boolean => values.pause === 'all' || excludedFromChannel(channel, values.product_submission_control);

/**
 * Whether two versions of a product send a channel the same items: the same ids with the same merged values,
 * among the items not held back (the submission controls only decide that; no channel receives them). An edit
 * that changes nothing sent leaves the channel's verdict standing. `defaults` are the shop's defaults the items
 * are merged on, and `defaultsBefore` the ones `before` was sent with when they changed (a new default
 * condition changes what the products without their own condition send, and nothing else).
 */
export const sendsSameItems = (
  channel: TChannel,
  before: TProduct,
  after: TProduct,
  defaults?: TShopDefaults,
  defaultsBefore: TShopDefaults | undefined = defaults,
): boolean => {
  const sent = (p: TProduct, d: TShopDefaults | undefined) =>
    JSON.stringify(
      channelItems(p, d).flatMap((i) => (heldBack(channel, i.values) ? [] : [[i.offerId, i.values]])),
      (key, v: unknown) => (key === 'product_submission_control' ? undefined : v),
    );
  return sent(before, defaultsBefore) === sent(after, defaults);
};

/** A channel's prefix on the codes of the issues it reports (`google:mpn_missing`). */
const CHANNEL_CODE_PREFIX = /^(google|microsoft|meta):/;

/**
 * What makes two issues the same finding: the item, the attribute (the channel may spell `image_link` as
 * `image link`) and the problem (its code without the channel's prefix).
 */
export const issueKey = (i: { item_id?: string | null; attribute: string; code: string }): string =>
  `${i.item_id ?? ''}|${i.attribute.trim().toLowerCase().replace(/ /g, '_')}|${i.code.replace(CHANNEL_CODE_PREFIX, '')}`;

/**
 * Our issues and the channel's, where the channel's verdict on a finding replaces our prediction of it (the same
 * missing MPN counts once, in the channel's words); findings only one side has are kept.
 */
export const mergeChannelIssues = <T extends { item_id?: string | null; attribute: string; code: string }>(
  ours: readonly T[],
  theirs: readonly T[],
): T[] => {
  if (theirs.length === 0) return [...ours];
  const said = new Set(theirs.map(issueKey));
  return [...ours.filter((i) => !said.has(issueKey(i))), ...theirs];
};

/**
 * One item's status on one channel. Order matters: a channel that is not set up says nothing else; an
 * excluded item is not judged; our errors keep an item from being sent; then the channel's verdict.
 */
export const channelStatus = (issues: readonly TIssue[], state: TChannelState): TChannelStatus => {
  if (!state.integrated) return 'integration_pending';
  if (state.excluded) return 'excluded';
  const all = state.channelIssues ? mergeChannelIssues(issues, state.channelIssues) : issues;
  if (all.some((i) => i.severity === 'error')) return 'error';
  if (state.channelVerdict === 'disapproved') return 'disapproved';
  if (!state.submittedAt) return 'pending';
  if (all.some((i) => i.severity === 'warning')) return 'warning';
  return state.channelVerdict === 'approved' ? 'published' : 'submitted';
};


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

/** Tab counts "Status counts" from item statuses. */
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
