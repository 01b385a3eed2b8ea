import {
  CATALOG_CHANNELS,
  CHANNEL_LABELS,
  CHANNELS,
  CONNECTION_OF,
  catalogChannelOf,
  countText,
  PRODUCT_STATE_LABELS,
  type TProductStateName,
} from '@feedloom/validation';

const NAMES: readonly string[] = [...CHANNELS, ...CATALOG_CHANNELS];
/** Who a channel is to the merchant, whichever of its names (connection or catalog) is given. */
export const channelName = (channel: string): string =>
  NAMES.includes(channel) ? CHANNEL_LABELS[CONNECTION_OF[catalogChannelOf(channel)]] : channel;

/** A product state inside a sentence: the word of the product list's tab and badge, in lower case. */
const stateWord = (state: TProductStateName) => PRODUCT_STATE_LABELS[state].toLowerCase();

/** Messages of notifications and announcements (what a merchant reads in the list, the banner and mail). */
export const NOTIFICATIONS_MSG = {
  notFound: 'Notification not found.',
  storeNotFound: 'Store not found.',
  adminOnly: 'Only an administrator can publish announcements.',
  announcementExists: 'An announcement with this key already exists.',
  dismissed: 'Notification dismissed.',
  markedRead: 'Notifications marked as read.',
  published: 'Announcement published.',

  importSucceeded: (source: string) => ({
    title: `Import of ${source} finished`,
  }),
  importFailed: (source: string) => ({ title: `Import of ${source} failed` }),
  importHeld: (source: string) => ({
    title: `Import of ${source} is waiting for your confirmation`,
  }),
  scheduledFetchFailing: (source: string, failures: number) => ({
    title: `Scheduled fetch of ${source} keeps failing`,
    message: `The last ${failures} scheduled fetches of ${source} failed. Check the CSV file URL, then run the import again.`,
  }),
  channelRefused: (channel: string) => ({
    title: `${channelName(channel)} refused Feedloom's authorisation`,
    message: `${channelName(channel)} no longer accepts this store's connection, so products are not sent. Connect the account again.`,
  }),
  channelDisconnected: (channel: string) => ({
    title: `${channelName(channel)} was disconnected`,
    message: `This store is no longer connected to ${channelName(channel)}; products are not sent until it is connected again.`,
  }),
  syncPaused: (channel: string, reason: string) => ({
    title: `Sync to ${channelName(channel)} is paused`,
    message: reason,
  }),
  disapprovalDigest: (channel: string, newly: number, total: number | undefined) => ({
    title: `${countText(newly, 'product')} ${newly === 1 ? 'was' : 'were'} ${stateWord('disapproved')} by ${channelName(channel)}`,
    message:
      `${channelName(channel)} ${stateWord('disapproved')} ${countText(newly, 'product')} in the last sync` +
      (total !== undefined ? ` (${countText(total, 'product')} ${stateWord('disapproved')} in all)` : '') +
      `. Open the ${PRODUCT_STATE_LABELS.disapproved} tab to see what to fix.`,
  }),
} as const;
