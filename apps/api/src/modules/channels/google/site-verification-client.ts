// Google's Site Verification API v1 (www.googleapis.com/siteVerification/v1): the token a store places on its
// website (a meta tag or an HTML file), and the verification that finds it there. Merchant Center then claims
// the verified website (homepage:claim of the Merchant API).
import type { TGoogleHttpDeps } from './http';
import { createGoogleApiCaller, type TAccessTokenSource } from './merchant-client';

export const SITE_VERIFICATION_METHODS = ['META', 'FILE'] as const;
export type TSiteVerificationMethod = (typeof SITE_VERIFICATION_METHODS)[number];

export interface TWebResourceJson {
  id: string;
  site: { type: string; identifier: string };
  owners?: string[];
}

export const createSiteVerificationClient = (opts: {
  baseUrl: string;
  http: TGoogleHttpDeps;
  tokens: TAccessTokenSource;
}) => {
  const call = createGoogleApiCaller({ ...opts, api: 'site verification' });
  const site = (url: string) => ({ type: 'SITE', identifier: url });
  return {
    /** META: the `<meta name="google-site-verification" …>` tag; FILE: the name of the HTML file to serve. */
    getToken: (url: string, method: TSiteVerificationMethod) =>
      call<{ method: string; token: string }>('POST', '/siteVerification/v1/token', 'webResource.getToken', {
        site: site(url),
        verificationMethod: method,
      }),
    /** Verifies the site (Google looks for the token) and makes the user an owner; 400 when it is not found. */
    insert: (url: string, method: TSiteVerificationMethod) =>
      call<TWebResourceJson>(
        'POST',
        `/siteVerification/v1/webResource?verificationMethod=${encodeURIComponent(method)}`,
        'webResource.insert',
        { site: site(url) },
      ),
  };
};
export type TSiteVerificationClient = ReturnType<typeof createSiteVerificationClient>;
