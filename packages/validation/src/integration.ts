import type { TChannelKey } from './constants';

// The integration wizard: each channel's steps after /sync-shop, in order, and where a channel's
// wizard resumes (the first step not yet recorded as done).

/** Google's wizard after /sync-shop, in order. */
export const GOOGLE_INTEGRATION_STEPS = [
  'link-account',
  'target-market',
  'destination-validation',
  'domain-verification',
  'shipping-validation',
  'feed-config',
] as const;

/** Each channel's wizard steps after /sync-shop, in order. */
export const INTEGRATION_STEPS = {
  google: GOOGLE_INTEGRATION_STEPS,
  bing: ['link-account', 'domain-verification', 'target-market', 'feed-config'],
  facebook: ['link-account', 'feed-config'],
} as const satisfies Record<TChannelKey, readonly string[]>;

/** Every step of every channel (Google's are all of them). */
export const ALL_INTEGRATION_STEPS = GOOGLE_INTEGRATION_STEPS;
export type TIntegrationStep = (typeof ALL_INTEGRATION_STEPS)[number];

/** How a website is verified for Google (Site Verification API methods the wizard offers). */
export const SITE_VERIFICATION_METHODS = ['META', 'FILE'] as const;
export type TSiteVerificationMethodKey = (typeof SITE_VERIFICATION_METHODS)[number];

/**
 * Where a channel's wizard resumes (the first step not yet recorded as done). Without a chosen
 * account (never connected, disconnected, or only authorised) it is the account link.
 */
export const nextIntegrationStep = (
  channel: TChannelKey,
  connection: { state: string; integration_steps: readonly string[] } | null,
): TIntegrationStep | null => {
  if (!connection || connection.state !== 'connected') return 'link-account';
  return INTEGRATION_STEPS[channel].find((s) => !connection.integration_steps.includes(s)) ?? null;
};
