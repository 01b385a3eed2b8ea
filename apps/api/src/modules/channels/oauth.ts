// OAuth 2.0 as the channels speak it (RFC 6749, PKCE RFC 7636): the token answer, a refused grant, and the
// client of Google's and Microsoft's identity platforms (authorization code with PKCE, the refresh_token
// grant), each provider with its own consent parameters and token fields. Endpoints from configuration, so
// the sandbox stands in.
import { createHash, randomBytes } from 'node:crypto';
import { googleRequest, GoogleHttpError, type TGoogleHttpDeps } from './google/http';

export interface TOAuthTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
}

/**
 * The channel refused the grant (a used or wrong code, a revoked or expired refresh token): ask the user
 * again. Every channel throws it; the name (Google's, where it began) is the one its logs already carry.
 */
export class GoogleGrantRefusedError extends Error {
  override name = 'GoogleGrantRefusedError';
}

export const newPkceVerifier = (): string => randomBytes(32).toString('base64url');
export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/** An OAuth 2.0 token answer (RFC 6749 §5.1), Google's, Microsoft's or Meta's. */
export const readTokens = (body: unknown): TOAuthTokens => {
  const b = body as Partial<TOAuthTokens> | null;
  if (!b || typeof b.access_token !== 'string' || b.access_token === '') {
    throw new GoogleHttpError(200, null, 'token endpoint: no access_token in the answer');
  }
  return {
    access_token: b.access_token,
    expires_in: typeof b.expires_in === 'number' && b.expires_in > 0 ? b.expires_in : 3600,
    ...(typeof b.refresh_token === 'string' && b.refresh_token ? { refresh_token: b.refresh_token } : {}),
    scope: typeof b.scope === 'string' ? b.scope : '',
  };
};

/** Where the provider's endpoints are and who the app is there. */
export interface TOAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** `${APP_URL}/<channel>-callback`: the browser comes back to the app's origin. */
  redirectUri: string;
}

/** What one provider asks for beyond the protocol. */
export interface TOAuthProvider {
  /** Names the token requests in logs and errors: `${name} token (authorization_code)`. */
  name: string;
  /** The consent URL's parameters between client_id and the state (then PKCE), in the provider's order. */
  consentParams: Record<string, string>;
  /** Form fields every token request carries after the grant's own (Microsoft asks for the scope again). */
  tokenParams?: Record<string, string>;
}

export const createOAuthClient = (
  settings: TOAuthSettings,
  provider: TOAuthProvider,
  http: TGoogleHttpDeps,
) => {
  const token = async (params: { grant_type: string } & Record<string, string>): Promise<TOAuthTokens> => {
    const what = `${provider.name} token (${params.grant_type})`;
    const res = await googleRequest(http, {
      method: 'POST',
      url: settings.tokenUrl,
      body: new URLSearchParams({
        ...params,
        ...provider.tokenParams,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
      what,
    });
    if (res.status >= 200 && res.status < 300) return readTokens(res.body);
    const error = new GoogleHttpError(res.status, res.body, `${what}: HTTP ${res.status}`);
    // invalid_grant: a used, expired or revoked code or refresh token (at Microsoft AADSTS70008,
    // AADSTS700082…).
    if (error.reason === 'invalid_grant')
      throw new GoogleGrantRefusedError(`${what}: invalid_grant`, { cause: error });
    throw error;
  };

  return {
    authorizeUrl: (state: string, codeVerifier: string): string => {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        ...provider.consentParams,
        state,
        code_challenge: pkceChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    exchangeCode: (code: string, codeVerifier: string) =>
      token({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: settings.redirectUri,
      }),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
};
export type TOAuthClient = ReturnType<typeof createOAuthClient>;
