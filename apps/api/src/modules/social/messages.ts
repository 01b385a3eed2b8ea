import { SOCIAL_STATE_INVALID_MESSAGE } from '@feedloom/contracts';
import type { TSocialProviderId } from '../../db/schema';

export const PROVIDER_LABEL: Record<TSocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Server messages of social sign-in and login services; the web shows them as they are (spec §8). */
export const SOCIAL_MSG = {
  loginUrl: 'Continue to the sign-in page.',
  stateInvalid: SOCIAL_STATE_INVALID_MESSAGE,
  unavailable: (p: TSocialProviderId) =>
    `${PROVIDER_LABEL[p]} sign-in is not available right now. Please try again later.`,
  failed: (p: TSocialProviderId) => `${PROVIDER_LABEL[p]} sign-in failed. Please try again.`,
  noVerifiedEmail: (p: TSocialProviderId) =>
    `Your ${PROVIDER_LABEL[p]} account has no verified email address, so it cannot be used to sign in.`,
  linkedElsewhere: (p: TSocialProviderId) =>
    `This ${PROVIDER_LABEL[p]} account is already connected to another user.`,
  otherAccountLinked: (p: TSocialProviderId) =>
    `Another ${PROVIDER_LABEL[p]} account is already connected. Disconnect it first.`,
  connected: (p: TSocialProviderId) => `${PROVIDER_LABEL[p]} account connected.`,
  disconnected: (p: TSocialProviderId) => `${PROVIDER_LABEL[p]} login service disconnected.`,
  notConnected: (p: TSocialProviderId) => `${PROVIDER_LABEL[p]} login service is not connected.`,
} as const;

/** A sign-in at the provider must come back within 10 minutes. */
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
