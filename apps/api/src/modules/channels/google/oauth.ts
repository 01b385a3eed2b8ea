// Google's OAuth 2.0 for the Merchant API: authorization code with PKCE, offline access
// (a refresh token), the refresh_token grant. Endpoints from configuration, so the sandbox stands in.
import { createOAuthClient, type TOAuthSettings } from '../oauth';
import type { TGoogleHttpDeps } from './http';

export const GOOGLE_CONTENT_SCOPE = 'https://www.googleapis.com/auth/content';
/** Site Verification API: the domain verification step proves the store's website (meta tag or file). */
export const GOOGLE_SITE_VERIFICATION_SCOPE = 'https://www.googleapis.com/auth/siteverification';

/** `redirectUri` is `${APP_URL}/google-callback`. */
export type TGoogleOAuthSettings = TOAuthSettings;

export const createGoogleOAuth = (settings: TGoogleOAuthSettings, http: TGoogleHttpDeps) =>
  createOAuthClient(
    settings,
    {
      name: 'google',
      // The content and site verification scopes, offline access, and consent asked again so a refresh
      // token comes.
      consentParams: {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: `${GOOGLE_CONTENT_SCOPE} ${GOOGLE_SITE_VERIFICATION_SCOPE}`,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      },
    },
    http,
  );
