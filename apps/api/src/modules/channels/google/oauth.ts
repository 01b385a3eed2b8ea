// Google's OAuth 2.0 for the Merchant API (reference §6): authorization code with PKCE, offline access
// (a refresh token), the refresh_token grant. Endpoints from configuration, so the sandbox stands in.
import { createHash, randomBytes } from 'node:crypto';
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from './http';

export const GOOGLE_CONTENT_SCOPE = 'https://www.googleapis.com/auth/content';
/** Site Verification API: the domain verification step proves the store's website (meta tag or file). */
export const GOOGLE_SITE_VERIFICATION_SCOPE = 'https://www.googleapis.com/auth/siteverification';

export interface TGoogleOAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${APP_URL}/google-callback`: the browser comes back to the app's origin. */
  redirectUri: string;
}

export interface TGoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/** Google refused the grant (a used or wrong code, a revoked or expired refresh token): ask the user again. */
export class GoogleGrantRefusedError extends Error {
  override name = 'GoogleGrantRefusedError';
}

export const newPkceVerifier = (): string => randomBytes(32).toString('base64url');
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** An OAuth 2.0 token answer (RFC 6749 §5.1), Google's or Microsoft's. */
export const readTokens = (body: unknown): TGoogleTokens => {
  const b = body as Partial<TGoogleTokens> | null;
  if (!b || typeof b.access_token !== 'string' || b.access_token === '') {
    throw new GoogleHttpError(200, null, 'google token endpoint: no access_token in the answer');
  }
  return {
    access_token: b.access_token,
    expires_in: typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 3600,
    ...(typeof b.refresh_token === 'string' && b.refresh_token ? { refresh_token: b.refresh_token } : {}),
    scope: typeof b.scope === 'string' ? b.scope : '',
  };
};

export const createGoogleOAuth = (settings: TGoogleOAuthSettings, http: TGoogleHttpDeps) => {
  const token = async (params: Record<string, string>, what: string): Promise<TGoogleTokens> => {
    const res = await googleRequest(http, {
      method: 'POST',
      url: settings.tokenUrl,
      body: new URLSearchParams({ ...params, client_id: settings.clientId, client_secret: settings.clientSecret }),
      what,
    });
    if (res.status >= 200 && res.status < 300) return readTokens(res.body);
    const error = new GoogleHttpError(res.status, res.body, `${what}: HTTP ${res.status}`);
    if (error.reason === 'invalid_grant') throw new GoogleGrantRefusedError(`${what}: invalid_grant`, { cause: error });
    throw error;
  };

  return {
    /**
     * The consent URL: the content and site verification scopes, offline access, and consent asked again so a
     * refresh token comes.
     */
    authorizeUrl: (state: string, codeVerifier: string): string => {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: `${GOOGLE_CONTENT_SCOPE} ${GOOGLE_SITE_VERIFICATION_SCOPE}`,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        code_challenge: pkceChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    exchangeCode: (code: string, codeVerifier: string) =>
      token(
        { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: settings.redirectUri },
        'google token (authorization_code)',
      ),
    refresh: (refreshToken: string) =>
      token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'google token (refresh_token)'),
  };
};
export type TGoogleOAuth = ReturnType<typeof createGoogleOAuth>;
