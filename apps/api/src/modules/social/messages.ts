import { SOCIAL_STATE_INVALID_MESSAGE } from '@feedloom/contracts';
import type { TSocialProviderId } from '../../db/schema';

export const PROVIDER_LABEL: Record<TSocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Server messages of social sign-in and login services; the web shows them as they are. */
export const SOCIAL_MSG = {
  loginUrl: 'Continue to the sign-in page.',
  stateInvalid: SOCIAL_STATE_INVALID_MESSAGE,
  unavailable: (p: TSocialProviderId) =>
    `${PROVIDER_LABEL[p]} sign-in is not available right now. Please try again later.`,
  failed: (p: TSocialProviderId) => `${PROVIDER_LABEL[p]} sign-in failed. Please try again.`,
  noEmail: (p: TSocialProviderId) =>
    `Your ${PROVIDER_LABEL[p]} account did not share an email address, so it cannot be used to sign in.`,
  /**
   * The provider did not vouch for the address and an account already has it: the address alone never links
   * an identity to an account, so the owner signs in as usual and connects the provider from the profile.
   */
  signInToConnect: (p: TSocialProviderId) =>
    `An account with this email already exists. Please sign in with your password, then connect ${PROVIDER_LABEL[p]} under Login Services on your profile.`,
  /** A social sign-up whose code can no longer be entered: unknown, finished, expired or from another browser. */
  signupExpired: 'This sign-up has expired. Please sign in again.',
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
/** A social sign-up waits an hour at most for its e-mail code (each code still expires like a sign-up code). */
export const SOCIAL_SIGNUP_TTL_SECONDS = 60 * 60;
