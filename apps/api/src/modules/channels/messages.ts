import { CHANNEL_LABELS, type TChannelKey } from '@feedloom/validation';

export const CHANNEL_LABEL: Record<TChannelKey, string> = CHANNEL_LABELS;

/** Server messages of channel connections; the web shows them as they are. */
export const CHANNELS_MSG = {
  authUrl: 'Continue to Google to connect your Merchant Center account.',
  storeNotFound: 'Store not found.',
  unavailable: (c: TChannelKey) => `${CHANNEL_LABEL[c]} is not available on this server. Please contact support.`,
  stateInvalid: 'This connection link is invalid or has expired. Please connect again.',
  consentFailed: 'Google did not accept the connection. Please connect again.',
  noRefreshToken: 'Google did not grant offline access. Please connect again and allow access.',
  scopeMissing: 'Google did not grant access to Merchant Center. Please connect again and allow access to your product listings.',
  connected: 'Google connected. Now choose your Merchant Center account.',
  notConnected: (c: TChannelKey) => `${CHANNEL_LABEL[c]} is not connected to this store. Please connect it first.`,
  /** The channel refused the stored authorisation (revoked, expired): the connection is now disconnected. */
  authorisationRefused: (c: TChannelKey) =>
    `${CHANNEL_LABEL[c]} no longer accepts this store's connection. Please connect ${CHANNEL_LABEL[c]} again.`,
  channelFailed: (c: TChannelKey) =>
    `${CHANNEL_LABEL[c]} did not answer. Please try again in a few minutes.`,
  accountNotFound: 'This Merchant Center account is not available to the connected Google account.',
  accountSelected: 'Merchant Center account selected.',
  noAccount: 'Choose your Merchant Center account first.',
  websiteUpdated: 'Website updated in Merchant Center.',
  websiteNotClaimed: 'Website updated in Merchant Center, but Google could not claim it yet. Verify the domain, then try again.',
  disconnected: (c: TChannelKey) => `${CHANNEL_LABEL[c]} disconnected.`,
} as const;

/** A consent must come back within 10 minutes (the gateway's flow cookie lives as long). */
export const CHANNEL_STATE_TTL_SECONDS = 10 * 60;
/** An access token is refreshed this long before Google says it expires. */
export const ACCESS_TOKEN_MARGIN_SECONDS = 60;
