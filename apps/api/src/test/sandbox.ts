// The sandbox (Google, Microsoft, Meta on their real paths) started in the test process, shared by the channel
// and sync tests: its lifetime, its switchboards, the consent pages as a browser answers them, and the api
// settings that point every channel at it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type TGoogleControlInput, type TReceivedRequest } from '@feedloom/sandbox/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import type { testEnv } from '../env';

/** The app's origin in channel tests: the consent pages send the browser back to `${APP_URL}/…-callback`. */
export const APP_URL = 'http://app.test';

export type TSandboxChannel = 'google' | 'microsoft' | 'meta';

/** What a switchboard answers: its call counters (and, Google and Microsoft, the token refreshes). */
export interface TSandboxControl {
  calls: { total: number; failed: number; byRoute: Record<string, number> };
  token_refreshes: number;
}

/** Where each channel's consent comes back to. */
const CALLBACK: Record<TSandboxChannel, string> = {
  google: 'google-callback',
  microsoft: 'microsoft-callback',
  meta: 'facebook-callback',
};

/**
 * Starts a sandbox before the file's tests and closes it after them (its data in a temporary directory).
 * The returned object's methods are for use inside tests.
 */
export const useSandbox = (name: string) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `api-${name}-`));
    sandbox = await startSandbox({ dataDir, port: 0, smtpPort: 0, logLevel: 'silent', google: { reviewDelayMs: 0 } });
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const url = () => {
    if (!sandbox) throw new Error('The sandbox starts in beforeAll');
    return sandbox.url;
  };

  return {
    url,

    /** Sends `input` to the channel's switchboard (`{}` only reads its counters). */
    control: async (channel: TSandboxChannel, input: TGoogleControlInput = {}): Promise<TSandboxControl> => {
      const res = await fetch(`${url()}/__control/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as TSandboxControl;
    },

    /** Every API request the channel's stand-in received since its last reset (route, query, JSON body). */
    received: (channel: TSandboxChannel): readonly TReceivedRequest[] => {
      if (!sandbox) throw new Error('The sandbox starts in beforeAll');
      return sandbox[channel].received;
    },

    /** The browser on the channel's consent page: choose the account, allow; returns the callback's query. */
    consent: async (channel: TSandboxChannel, authUrl: string, account: string): Promise<{ code: string; state: string }> => {
      const page = await fetch(authUrl);
      const html = await page.text();
      expect(page.status, html).toBe(200);
      const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
      const res = await fetch(new URL(action, authUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request_id: requestId, account, decision: 'allow' }),
        redirect: 'manual',
      });
      const back = new URL(res.headers.get('location') ?? '');
      expect(back.origin + back.pathname).toBe(`${APP_URL}/${CALLBACK[channel]}`);
      return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
    },

    /** The api settings that point the channels named (all three by default) at the sandbox, with fast retries. */
    env: (...channels: TSandboxChannel[]): NonNullable<Parameters<typeof testEnv>[0]> => {
      const base = url();
      const on = (c: TSandboxChannel) => channels.length === 0 || channels.includes(c);
      return {
        APP_URL,
        ...(on('google')
          ? {
              GOOGLE_OAUTH_AUTHORIZE_URL: `${base}/google/authorize`,
              GOOGLE_OAUTH_TOKEN_URL: `${base}/google/token`,
              GOOGLE_MERCHANT_API_URL: base,
              GOOGLE_SITE_VERIFICATION_API_URL: base,
              GOOGLE_MERCHANT_CLIENT_ID: 'feedloom-google',
              GOOGLE_MERCHANT_CLIENT_SECRET: 'sandbox-secret',
            }
          : {}),
        ...(on('microsoft')
          ? {
              MICROSOFT_OAUTH_AUTHORIZE_URL: `${base}/microsoft/authorize`,
              MICROSOFT_OAUTH_TOKEN_URL: `${base}/microsoft/token`,
              MICROSOFT_CUSTOMER_API_URL: base,
              MICROSOFT_CAMPAIGN_API_URL: base,
              MICROSOFT_CONTENT_API_URL: base,
              MICROSOFT_ADS_CLIENT_ID: 'feedloom-microsoft',
              MICROSOFT_ADS_CLIENT_SECRET: 'sandbox-secret',
              MICROSOFT_ADS_DEVELOPER_TOKEN: 'sandbox-developer-token',
            }
          : {}),
        ...(on('meta')
          ? {
              META_DIALOG_URL: `${base}/v25.0/dialog/oauth`,
              META_GRAPH_API_URL: `${base}/v25.0`,
              META_APP_ID: 'feedloom-facebook',
              META_APP_SECRET: 'sandbox-secret',
            }
          : {}),
        GOOGLE_API_MAX_ATTEMPTS: 4,
        GOOGLE_API_BACKOFF_BASE_MS: 5,
        GOOGLE_API_BACKOFF_MAX_MS: 20,
      };
    },
  };
};
