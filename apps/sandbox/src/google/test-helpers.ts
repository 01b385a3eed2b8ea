import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { CONTENT_SCOPE } from './merchant';

// What the Google stand-in's tests share: the consent as a browser gives it, and an API call with a token.

export const REDIRECT_URI = 'http://127.0.0.1:3000/google-callback';
export const CLIENT = { client_id: 'feedloom-google', client_secret: 'sandbox-secret' };
export const ALEX = 'alex.rivera@gmail.sandbox.test';

export const tokenRequest = (baseUrl: string, params: Record<string, string>) =>
  fetch(`${baseUrl}/google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...CLIENT, ...params }),
  });

/** The whole consent: authorize (content scope, offline), choose the account, exchange the code. */
export const connect = async (baseUrl: string, email = ALEX, extra: Record<string, string> = {}) => {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${baseUrl}/google/authorize`);
  const params = {
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: CONTENT_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state: 'st-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('manage your Merchant Center accounts and product listings');
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const decision = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account: email, decision: 'allow' }),
    redirect: 'manual',
  });
  const back = new URL(decision.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe('st-1');
  const res = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token?: string; expires_in: number; scope: string; id_token?: string };
};

/** One API call with a Bearer token; a body is sent as JSON. */
export const apiCall = (baseUrl: string, token: string, method: string, p: string, body?: unknown) =>
  fetch(`${baseUrl}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
