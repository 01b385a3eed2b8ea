// The Microsoft identity platform for Microsoft Advertising: authorization code with PKCE,
// scope msads.manage plus offline_access (a refresh token), the refresh_token grant. Endpoints from
// configuration, so the sandbox stands in.
import type { TGoogleHttpDeps } from '../google/http';
import { createOAuthClient, type TOAuthSettings } from '../oauth';

export const MSADS_SCOPE = 'https://ads.microsoft.com/msads.manage';
export const MICROSOFT_SCOPES = `${MSADS_SCOPE} offline_access`;

/**
 * `authorizeUrl` is `https://login.microsoftonline.com/common/oauth2/v2.0/authorize`, `redirectUri`
 * `${APP_URL}/microsoft-callback`.
 */
export type TMicrosoftOAuthSettings = TOAuthSettings;

export const createMicrosoftOAuth = (settings: TMicrosoftOAuthSettings, http: TGoogleHttpDeps) =>
  createOAuthClient(
    settings,
    {
      name: 'microsoft',
      consentParams: {
        response_type: 'code',
        redirect_uri: settings.redirectUri,
        response_mode: 'query',
        scope: MICROSOFT_SCOPES,
        prompt: 'select_account',
      },
      // Both grants name the scope again at Microsoft's token endpoint.
      tokenParams: { scope: MICROSOFT_SCOPES },
    },
    http,
  );
