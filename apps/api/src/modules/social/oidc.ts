import * as client from 'openid-client';
import type { TSocialProviderId } from '../../db/schema';
import type { TEnv } from '../../env';

export interface TOidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const oidcSettingsFromEnv = (env: TEnv): Partial<Record<TSocialProviderId, TOidcSettings>> => {
  const of = (issuer?: string, clientId?: string, clientSecret?: string) =>
    issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
  return {
    google: of(env.GOOGLE_OIDC_ISSUER, env.GOOGLE_OIDC_CLIENT_ID, env.GOOGLE_OIDC_CLIENT_SECRET),
    microsoft: of(env.MICROSOFT_OIDC_ISSUER, env.MICROSOFT_OIDC_CLIENT_ID, env.MICROSOFT_OIDC_CLIENT_SECRET),
  };
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Plain http is allowed only for an issuer on this machine (a local test provider); any other issuer must
 * speak https, as openid-client insists by default.
 */
export const isLoopbackHttp = (issuer: string): boolean => {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
};

/** Thrown when a provider is not configured, or its discovery document cannot be fetched. */
export class OidcUnavailableError extends Error {
  override name = 'OidcUnavailableError';
}

/**
 * The openid-client Configuration of each provider, discovered once and kept. A failed discovery is not
 * kept, so the next sign-in tries again (the provider may have been down for a moment).
 */
export const createOidcConfigurations = (settings: Partial<Record<TSocialProviderId, TOidcSettings>>) => {
  const cache = new Map<TSocialProviderId, Promise<client.Configuration>>();
  return {
    get: (provider: TSocialProviderId): Promise<client.Configuration> => {
      const s = settings[provider];
      if (!s) return Promise.reject(new OidcUnavailableError(`${provider} sign-in is not configured`));
      let config = cache.get(provider);
      if (!config) {
        config = client
          .discovery(
            new URL(s.issuer),
            s.clientId,
            s.clientSecret,
            undefined,
            isLoopbackHttp(s.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
          )
          .catch((err: unknown) => {
            cache.delete(provider);
            throw new OidcUnavailableError(`${provider} discovery failed`, { cause: err });
          });
        cache.set(provider, config);
      }
      return config;
    },
  };
};
export type TOidcConfigurations = ReturnType<typeof createOidcConfigurations>;
