import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TTaxonomy } from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { SMTPServer } from 'smtp-server';
import { renderPage } from './lib/html';
import { createSmtpCatcher } from './mail/smtp';
import { registerMailRoutes } from './mail/routes';
import { MailStore } from './mail/store';
import type { TOidcClient } from './oidc/clients';
import { ClientRegistry, DEFAULT_OIDC_CLIENTS } from './oidc/clients';
import { loadOrCreateSigningKey } from './oidc/keys';
import { GoogleControl, registerGoogleControl, type TGoogleControlOptions } from './google/control';
import { CONTENT_SCOPE, registerMerchantApi, SITE_VERIFICATION_SCOPE } from './google/merchant';
import { registerOidcProvider } from './oidc/provider';
import { registerMicrosoftAds, MSADS_SCOPE } from './microsoft/ads';
import { registerMeta } from './meta/graph';

export interface TSandboxOptions {
  /** Where mails and the signing key are kept (`${dataDir}/sandbox/…`). */
  dataDir: string;
  host?: string;
  /** HTTP port; 0 picks a free one. */
  port?: number;
  /** SMTP port; 0 picks a free one. */
  smtpPort?: number;
  /** Base URL seen from outside; defaults to http://127.0.0.1:{port}. */
  publicUrl?: string;
  /** Clients accepted besides the defaults (feedloom-google / feedloom-microsoft). */
  oidcClients?: TOidcClient[];
  /** The Google stand-in's defaults (review delay of submitted products, access token lifetime). */
  google?: TGoogleControlOptions;
  logLevel?: string;
}

export interface TSandbox {
  app: FastifyInstance;
  mails: MailStore;
  /** The Google stand-in's switchboard (also reachable over HTTP at /__control/google). */
  google: GoogleControl;
  /** Microsoft Advertising's and Meta's switchboards (/__control/microsoft, /__control/meta). */
  microsoft: GoogleControl;
  meta: GoogleControl;
  /** Starts HTTP and SMTP; resolves with the addresses actually bound. */
  listen(): Promise<{ url: string; smtpPort: number }>;
  close(): Promise<void>;
}

const listenSmtp = (server: SMTPServer, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(port, host, () => {
      server.server.off('error', onError);
      resolve((server.server.address() as AddressInfo).port);
    });
  });

/** Builds the sandbox (HTTP app, SMTP catcher, OIDC providers) without binding any port. */
export const buildSandbox = async (opts: TSandboxOptions): Promise<TSandbox> => {
  const host = opts.host ?? '127.0.0.1';
  const dir = path.join(opts.dataDir, 'sandbox');
  const mails = new MailStore(path.join(dir, 'mails.jsonl'));
  await mails.load();
  const key = await loadOrCreateSigningKey(path.join(dir, 'oidc-key.json'));

  const app = Fastify({ logger: { level: opts.logLevel ?? 'info' } });
  let baseUrl = opts.publicUrl?.replace(/\/$/, '') ?? '';

  // OAuth endpoints take form posts (token requests, the consent form). Repeated keys: the last wins.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').send(
      renderPage({
        title: 'Feedloom sandbox',
        body: `<h1>Feedloom sandbox</h1>
<div class="card"><p>Local stand-ins for the outside parties Feedloom talks to.</p><ul>
<li><a href="/mail">Mail viewer</a> (every mail sent in development: OTPs, reset links, invitations)</li>
<li><a href="/google/.well-known/openid-configuration">Google sign-in (OpenID Connect)</a></li>
<li><a href="/microsoft/.well-known/openid-configuration">Microsoft sign-in (OpenID Connect)</a></li>
<li>Microsoft Advertising (<code>/CustomerManagement/v13</code>, <code>/CampaignManagement/v13/BMCStores</code>, Content API <code>/shopping/v9.1/bmc</code>; OAuth scope <code>msads.manage</code> + <code>offline_access</code>) and <a href="/__control/microsoft">/__control/microsoft</a></li>
<li>Meta: Facebook Login <code>/v25.0/dialog/oauth</code> and Graph API <code>/v25.0</code> (businesses, catalogs, <code>items_batch</code>, <code>check_batch_request_status</code>) and <a href="/__control/meta">/__control/meta</a></li>
<li>Google Merchant API v1 (<code>/accounts/v1</code>, <code>/products/v1</code>, <code>/datasources/v1</code>; OAuth scope <code>content</code> with offline access), the Site Verification API (<code>/siteVerification/v1</code>, scope <code>siteverification</code>) and its test switchboard <a href="/__control/google">/__control/google</a></li>
</ul></div>`,
      }),
    ),
  );

  registerMailRoutes(app, mails);
  const clients = new ClientRegistry([...DEFAULT_OIDC_CLIENTS, ...(opts.oidcClients ?? [])]);
  const google = new GoogleControl(opts.google);
  const googleIssuer = () => `${baseUrl}/google`;
  registerOidcProvider(app, {
    id: 'google',
    displayName: 'Google',
    issuer: googleIssuer,
    key,
    clients,
    apiScopes: [CONTENT_SCOPE, SITE_VERIFICATION_SCOPE],
    tokens: {
      accessTokenTtlSeconds: () => google.accessTokenTtlSeconds,
      refreshRevokedBefore: () => google.refreshRevokedBefore,
      onRefresh: () => void (google.tokenRefreshes += 1),
    },
  });
  let taxonomy: TTaxonomy | undefined;
  registerMerchantApi(app, { key, issuer: googleIssuer, control: google, taxonomy: () => (taxonomy ??= googleTaxonomy()) });
  registerGoogleControl(app, google);
  const microsoft = new GoogleControl(opts.google);
  const microsoftIssuer = () => `${baseUrl}/microsoft`;
  registerOidcProvider(app, {
    id: 'microsoft',
    displayName: 'Microsoft',
    issuer: microsoftIssuer,
    key,
    clients,
    apiScopes: [MSADS_SCOPE],
    offlineScope: 'offline_access',
    tokens: {
      accessTokenTtlSeconds: () => microsoft.accessTokenTtlSeconds,
      refreshRevokedBefore: () => microsoft.refreshRevokedBefore,
      onRefresh: () => void (microsoft.tokenRefreshes += 1),
    },
  });
  registerMicrosoftAds(app, { key, issuer: microsoftIssuer, control: microsoft, taxonomy: () => (taxonomy ??= googleTaxonomy()) });
  registerGoogleControl(app, microsoft, 'microsoft');
  const meta = new GoogleControl(opts.google);
  registerMeta(app, { key, baseUrl: () => baseUrl, clients, control: meta, taxonomy: () => (taxonomy ??= googleTaxonomy()) });
  registerGoogleControl(app, meta, 'meta');

  const smtp = createSmtpCatcher(mails, (err) => app.log.error({ err }, 'could not store a mail'));
  smtp.on('error', (err) => app.log.error({ err }, 'smtp error'));

  let smtpListening = false;
  return {
    app,
    mails,
    google,
    microsoft,
    meta,
    async listen() {
      const smtpPort = await listenSmtp(smtp, opts.smtpPort ?? 2525, host);
      smtpListening = true;
      await app.listen({ host, port: opts.port ?? 4010 });
      const { port } = app.server.address() as AddressInfo;
      if (!baseUrl) baseUrl = `http://127.0.0.1:${port}`;
      return { url: baseUrl, smtpPort };
    },
    async close() {
      await Promise.all([
        app.close(),
        smtpListening ? new Promise<void>((resolve) => smtp.close(() => resolve())) : Promise.resolve(),
      ]);
      await mails.flush();
    },
  };
};

/** Builds and starts the sandbox: what main.ts and the tests use. */
export const startSandbox = async (
  opts: TSandboxOptions,
): Promise<TSandbox & { url: string; smtpPort: number }> => {
  const sandbox = await buildSandbox(opts);
  try {
    return { ...sandbox, ...(await sandbox.listen()) };
  } catch (err) {
    await sandbox.close().catch(() => undefined);
    throw err;
  }
};
