import type { TChannelKey, TProductChannel } from '@feedloom/validation';

/** The catalog channels whose validators judge products (packages/catalog), as stored in the status tables. */
export type TCatalogChannel = 'google' | 'microsoft' | 'meta';

/** The connection (channel_connections.channel) behind a catalog channel. */
export const CONNECTION_OF: Record<TCatalogChannel, TChannelKey> = {
  google: 'google',
  microsoft: 'bing',
  meta: 'facebook',
};

/** The product list's sidebar channel that shows a catalog channel's products (its first one). */
export const LIST_CHANNEL_OF: Record<TCatalogChannel, TProductChannel> = {
  google: 'free_listings',
  microsoft: 'bing_ads',
  meta: 'meta_ads',
};

/** A catalog channel from a connection key or a catalog key. */
export const catalogChannelOf = (channel: string): TCatalogChannel =>
  channel === 'bing' || channel === 'microsoft' ? 'microsoft' : channel === 'facebook' || channel === 'meta' ? 'meta' : 'google';
