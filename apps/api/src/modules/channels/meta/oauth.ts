// Facebook Login for the catalog: the login dialog with the catalog permissions, and the
// code exchange at the Graph API's /oauth/access_token. Meta issues no refresh token: the (long-lived)
// access token is kept sealed until Meta refuses it. Endpoints from configuration, so the sandbox stands in.
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from '../google/http';
import { GoogleGrantRefusedError, readTokens, type TOAuthTokens } from '../oauth';

/** Catalog CRUD and business discovery. */
export const META_PERMISSIONS = ['catalog_management', 'business_management'] as const;

export interface TMetaOAuthSettings {
  /** `https://www.facebook.com/v25.0/dialog/oauth` */
  dialogUrl: string;
  /** `https://graph.facebook.com/v25.0` */
  graphUrl: string;
  appId: string;
  appSecret: string;
  /** `${APP_URL}/facebook-callback`. */
  redirectUri: string;
}

export const createMetaOAuth = (settings: TMetaOAuthSettings, http: TGoogleHttpDeps) => ({
  dialogUrl: (state: string): string => {
    const url = new URL(settings.dialogUrl);
    url.search = new URLSearchParams({
      client_id: settings.appId,
      redirect_uri: settings.redirectUri,
      state,
      response_type: 'code',
      scope: META_PERMISSIONS.join(','),
    }).toString();
    return url.href;
  },
  /** The code becomes an access token; a refused code throws GoogleGrantRefusedError. */
  exchangeCode: async (code: string): Promise<TOAuthTokens> => {
    const url = new URL(`${settings.graphUrl.replace(/\/+$/, '')}/oauth/access_token`);
    url.search = new URLSearchParams({
      client_id: settings.appId,
      client_secret: settings.appSecret,
      redirect_uri: settings.redirectUri,
      code,
    }).toString();
    const what = 'meta oauth/access_token';
    const res = await googleRequest(http, { method: 'GET', url: url.href, what });
    if (res.status >= 200 && res.status < 300) {
      const tokens = readTokens(res.body);
      // Meta does not repeat the scope; the permissions are checked when the Graph API is used.
      return { ...tokens, scope: tokens.scope || META_PERMISSIONS.join(' ') };
    }
    const error = new GoogleHttpError(res.status, res.body, `${what}: HTTP ${res.status}`);
    if (res.status === 400) throw new GoogleGrantRefusedError(`${what}: code refused`, { cause: error });
    throw error;
  },
});
export type TMetaOAuth = ReturnType<typeof createMetaOAuth>;
