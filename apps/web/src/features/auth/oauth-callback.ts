import { paths } from '@/app/paths';
import type { RouterOutputs } from '@/lib/trpc';

export type SocialCallbackResult = RouterOutputs['auth']['socialCallback'];
/** A callback that signed in (or connected a login service). */
export type SocialSignedInResult = Extract<SocialCallbackResult, { mode: 'login' | 'connect' }>;
export type SocialProvider = SocialCallbackResult['provider'];

/** What /oauth/callback was given: a provider's answer, a support one-time token, or nothing usable. */
export type CallbackParams =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'token'; token: string }
  | { kind: 'error'; message: string };

export const SOCIAL_CANCELLED_MESSAGE = 'Sign-in was cancelled.';
export const SOCIAL_INCOMPLETE_MESSAGE = 'Sign-in did not complete. Please try again.';

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  const token = search.get('token');
  if (token) return { kind: 'token', token };
  const code = search.get('code');
  const state = search.get('state');
  if (code && state) return { kind: 'code', code, state };
  const error = search.get('error');
  if (error) {
    const description = search.get('error_description');
    return {
      kind: 'error',
      message:
        error === 'access_denied' ? SOCIAL_CANCELLED_MESSAGE : (description ?? SOCIAL_INCOMPLETE_MESSAGE),
    };
  }
  return { kind: 'error', message: SOCIAL_INCOMPLETE_MESSAGE };
}

/**
 * Social callback, after a successful social login:
 * - already signed in (a login service was connected) → /manage-profile;
 * - not in an organisation → /process-org (the profile guard takes a user without a profile on to
 *   /complete-profile);
 * - in an organisation and the state carried organisation and staff ids → /invitation/{orgId}/{staffId};
 * - otherwise by profile state: /store-list (shops exist), /add-store (profile created, no shops),
 *   /complete-profile.
 */
export function socialLandingPath(
  result: Pick<SocialSignedInResult, 'mode' | 'session' | 'invitation'>,
): string {
  if (result.mode === 'connect') return paths.manageProfile;
  const { session, invitation } = result;
  if (!session.is_part_of_any_org) return paths.processOrg;
  if (invitation) {
    return paths.invitation(invitation.organization_id, invitation.staff_id);
  }
  if (session.shops_count > 0) return paths.storeList;
  if (session.profile_created) return paths.addStore;
  return '/complete-profile';
}

/** A one-time-token (support) login goes to overview/{shop}. */
export function supportLandingPath(session: { active_shop_id: string | null }): string {
  return session.active_shop_id ? paths.overview(session.active_shop_id) : paths.storeList;
}

/**
 * The provider did not vouch for the address of a new account (Microsoft usually does not), so the sign-up
 * code was mailed to it: /confirm-otp/{email}/{signup_id}, with the provider so the screen finishes that
 * sign-up (only in this browser) instead of a password sign-up.
 */
export function socialConfirmOtpPath(email: string, signupId: string, provider: SocialProvider): string {
  return `${paths.confirmOtp(email, signupId)}?provider=${provider}`;
}

/** The provider a /confirm-otp address names, or null for a password sign-up. */
export function socialProviderOf(search: URLSearchParams): SocialProvider | null {
  const provider = search.get('provider');
  return provider === 'google' || provider === 'microsoft' ? provider : null;
}
