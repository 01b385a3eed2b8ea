// Constants the web, the gateway and the api share, kept apart from the zod schemas: the web's first screen
// imports some of them (the snackbar, the route guards), and this module pulls no zod into it
// (apps/web/bench/initial-js.ts holds that first download under its target). Keep it free of imports.

/** Business constants. */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SNACKBAR_MS = 6000;
export const INT_LIMIT = 2_147_483_647;
export const CONTENT_MAX_WIDTH_PX = 746;
export const THEME_PRIMARY = '#195279';

/** Seconds before another sign-up code may be asked for: the api refuses earlier, the web counts down. */
export const OTP_RESEND_SECONDS = 30;

/** The channels of the per-channel routes and of a shop's connections (Google, Bing, Facebook). */
export const CHANNELS = ['google', 'bing', 'facebook'] as const;
export type TChannelKey = (typeof CHANNELS)[number];
/** Who each channel is to the merchant. */
export const CHANNEL_LABELS: Record<TChannelKey, string> = {
  google: 'Google',
  bing: 'Microsoft',
  facebook: 'Meta',
};

/** The channels as the catalog judges products for them and the status tables store them. */
export const CATALOG_CHANNELS = ['google', 'microsoft', 'meta'] as const;
export type TCatalogChannel = (typeof CATALOG_CHANNELS)[number];
/** The one place the two names of a channel meet: its connection (and route segment) behind a catalog channel… */
export const CONNECTION_OF: Record<TCatalogChannel, TChannelKey> = {
  google: 'google',
  microsoft: 'bing',
  meta: 'facebook',
};
/** …and the catalog channel of a connection. */
export const CATALOG_CHANNEL_OF_CONNECTION: Record<TChannelKey, TCatalogChannel> = {
  google: 'google',
  bing: 'microsoft',
  facebook: 'meta',
};
/** A catalog channel from a connection key or a catalog key (anything else reads as Google). */
export const catalogChannelOf = (channel: string): TCatalogChannel =>
  (CATALOG_CHANNELS as readonly string[]).includes(channel)
    ? (channel as TCatalogChannel)
    : (CATALOG_CHANNEL_OF_CONNECTION[channel as TChannelKey] ?? 'google');

/** How often a shop's feed is sent to a channel, with the label shown. */
export const FEED_SCHEDULES = ['every_6_hours', 'every_12_hours', 'daily', 'weekly', 'monthly'] as const;
export type TFeedSchedule = (typeof FEED_SCHEDULES)[number];
export const FEED_SCHEDULE_LABELS: Record<TFeedSchedule, string> = {
  every_6_hours: 'Every 6 Hours',
  every_12_hours: 'Every 12 Hours',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
export const DEFAULT_FEED_SCHEDULE: TFeedSchedule = 'daily';

/** What a failure without a server message says, wherever it is shown. */
export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error!';

/** The gateway refuses a tRPC mutation without this header and value (CSRF); the web always sends it. */
export const CSRF_HEADER = 'x-feedloom-csrf';
export const CSRF_HEADER_VALUE = '1';
