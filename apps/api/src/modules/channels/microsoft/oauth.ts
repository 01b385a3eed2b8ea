// The Microsoft identity platform for Microsoft Advertising (reference §4, §6): authorization code with PKCE,
// scope msads.manage plus offline_access (a refresh token), the refresh_token grant. Endpoints from
// configuration, so the sandbox stands in.
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from '../google/http';
import { GoogleGrantRefusedError, pkceChallenge, readTokens, type TGoogleTokens } from '../google/oauth';

export const MSADS_SCOPE = 'https://ads.microsoft.com/msads.manage';
export const MICROSOFT_SCOPES = `${MSADS_SCOPE} offline_access`;

export interface TMicrosoftOAuthSettings {
  /** `https://login.microsoftonline.com/common/oauth2/v2.0/authorize` */
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${APP_URL}/microsoft-callback`. */
  redirectUri: string;
}

export const createMicrosoftOAuth = (settings: TMicrosoftOAuthSettings, http: TGoogleHttpDeps) => {
  const token = async (params: Record<string, string>, what: string): Promise<TGoogleTokens> => {
    const res = await googleRequest(http, {
      method: 'POST',
      url: settings.tokenUrl,
      body: new URLSearchParams({ ...params, client_id: settings.clientId, client_secret: settings.clientSecret }),
      what,
    });
    if (res.status >= 200 && res.status < 300) return readTokens(res.body);
    const error = new GoogleHttpError(res.status, res.body, `${what}: HTTP ${res.status}`);
    // invalid_grant: a used, expired or revoked code or refresh token (AADSTS70008, AADSTS700082…).
    if (error.reason === 'invalid_grant') throw new GoogleGrantRefusedError(`${what}: invalid_grant`, { cause: error });
    throw error;
  };

  return {
    authorizeUrl: (state: string, codeVerifier: string): string => {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        redirect_uri: settings.redirectUri,
        response_mode: 'query',
        scope: MICROSOFT_SCOPES,
        prompt: 'select_account',
        state,
        code_challenge: pkceChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    exchangeCode: (code: string, codeVerifier: string) =>
      token(
        { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: settings.redirectUri, scope: MICROSOFT_SCOPES },
        'microsoft token (authorization_code)',
      ),
    refresh: (refreshToken: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: MICROSOFT_SCOPES }, 'microsoft token (refresh_token)'),
  };
};
export type TMicrosoftOAuth = ReturnType<typeof createMicrosoftOAuth>;
