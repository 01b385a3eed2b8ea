import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { TProviderId } from './accounts';

export const ZOidcClientSchema = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  /** Only this provider accepts the client; both when absent. */
  provider: z.enum(['google', 'microsoft', 'facebook']).optional(),
  /** Exact redirect URIs the client may use; any http(s) URI when absent. */
  redirect_uris: z.array(z.url()).optional(),
});
export type TOidcClient = z.infer<typeof ZOidcClientSchema>;

export const DEFAULT_OIDC_CLIENTS: TOidcClient[] = [
  { client_id: 'feedloom-google', client_secret: 'sandbox-secret', provider: 'google' },
  { client_id: 'feedloom-microsoft', client_secret: 'sandbox-secret', provider: 'microsoft' },
  { client_id: 'feedloom-facebook', client_secret: 'sandbox-secret', provider: 'facebook' },
];

/** Parses SANDBOX_OIDC_CLIENTS: `id:secret,id:secret` or a JSON array of clients. */
export const parseOidcClients = (value: string | undefined): TOidcClient[] => {
  const text = value?.trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    const parsed = z.array(ZOidcClientSchema).safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`SANDBOX_OIDC_CLIENTS: ${parsed.error.message}`);
    return parsed.data;
  }
  return text.split(',').map((pair) => {
    const at = pair.indexOf(':');
    const client_id = pair.slice(0, at).trim();
    const client_secret = pair.slice(at + 1).trim();
    if (at < 1 || !client_secret) throw new Error(`SANDBOX_OIDC_CLIENTS: expected id:secret, got "${pair.trim()}"`);
    return { client_id, client_secret };
  });
};

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export class ClientRegistry {
  constructor(private readonly clients: TOidcClient[]) {}

  /** The client as `provider` knows it, or undefined. Later registrations of an id win. */
  find(provider: TProviderId | 'facebook', clientId: string): TOidcClient | undefined {
    return this.clients.findLast((c) => c.client_id === clientId && (!c.provider || c.provider === provider));
  }

  authenticate(provider: TProviderId | 'facebook', clientId: string, secret: string): TOidcClient | undefined {
    const client = this.find(provider, clientId);
    return client && sameSecret(client.client_secret, secret) ? client : undefined;
  }

  /** Registered URIs match exactly; without registration any absolute http(s) URI without fragment does. */
  acceptsRedirect(client: TOidcClient, redirectUri: string): boolean {
    if (client.redirect_uris) return client.redirect_uris.includes(redirectUri);
    try {
      const url = new URL(redirectUri);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.hash;
    } catch {
      return false;
    }
  }
}
