import { countText, PRODUCT_STATE_LABELS, type TChannelKey } from '@feedloom/validation';
import type { TSyncGate } from '../../db/schema';
import { CHANNEL_LABEL } from '../channels/messages';

const pct = (share: number) => `${Math.round(share * 1000) / 10} %`;

/** The product states the Google issue report lists: held back with errors, or disapproved by Google. */
export const REPORTED_STATES = ['error', 'disapproved'] as const;
export type TReportedState = (typeof REPORTED_STATES)[number];

/** Messages of the sync engine and the feed settings (the web shows them as they are). */
export const SYNC_MSG = {
  storeNotFound: 'Store not found.',
  notConnected: (c: TChannelKey) => `${CHANNEL_LABEL[c]} is not connected to this store. Please connect it first.`,
  feedNotFound: 'Feed not found.',
  settingsSaved: 'Feed settings saved.',
  feedOn: 'Submissions are on.',
  feedOff: 'Submissions are off: nothing is sent to the channel until you turn them on again.',
  feedOffRefused: 'Submissions are off for this channel. Turn them on first.',
  syncQueued: 'Sync started. Products reach the channel in a few moments.',
  syncBusy: 'A sync of this channel is already running.',
  runNotFound: 'Sync run not found.',
  runNotPaused: 'This sync is not waiting for a confirmation.',
  gateConfirmedMessage: 'Confirmed. The sync goes ahead.',
  gateDiscardedMessage: 'Discarded. Nothing was removed from the channel.',
  feedUrlRotated: 'A new feed URL was made. The old one no longer works.',
  fetchErrorsSent: (to: string) => `The issue report was sent to ${to}.`,
  interrupted: 'The sync stopped before it finished; the next run completes it.',
  failed: 'The sync failed. It is tried again automatically.',
  disconnected: (c: TChannelKey) => `${CHANNEL_LABEL[c]} is disconnected. Please connect it again.`,
  channelFailed: (c: TChannelKey, status: number) =>
    `${CHANNEL_LABEL[c]} did not accept the sync (${status ? `HTTP ${status}` : 'unreachable'}). It is tried again automatically.`,
  gatePaused: (g: TSyncGate) =>
    `Paused: this sync would hold back or remove ${(g.newly_held + g.to_delete).toLocaleString('en-US')} of ${countText(g.live, 'live item')} (${pct(g.share)}), more than the ${pct(g.limit)} allowed without your confirmation. Confirm to go ahead or discard it.`,
  /** The mailed Google issue report: how many products to fix, by their state in the product list. */
  issueReportNone: (shop: string) => `Google reports no issues for ${shop}.`,
  issueReportSummary: (shop: string, states: Readonly<Record<TReportedState, number>>) => {
    const found = REPORTED_STATES.filter((s) => states[s] > 0);
    const total = found.reduce((n, s) => n + states[s], 0);
    const byState = found.map((s) => `${PRODUCT_STATE_LABELS[s]}: ${states[s].toLocaleString('en-US')}`).join(', ');
    return `Google issue report for ${shop}: ${countText(total, 'product')} to fix (${byState}).`;
  },
  gateConfirmed: 'Confirmed by the merchant.',
  gateCleared: 'No longer needed: the products were fixed before a confirmation.',
} as const;
