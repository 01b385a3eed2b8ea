import { escapeHtml, renderPage } from '../lib/html';
import type { TTestAccount } from './accounts';

export interface TConsentView {
  providerName: string;
  action: string;
  requestId: string;
  clientId: string;
  redirectOrigin: string;
  scopes: string[];
  accounts: TTestAccount[];
  selected?: string;
  typedEmail?: string;
  error?: string;
  /** Microsoft: optional directory (tenant) and object id fields, with what was typed. */
  directoryIds?: { tid?: string; oid?: string };
}

/** What a grant lets the application do, in words. */
const API_SCOPE_WORDS: Record<string, string> = {
  'https://www.googleapis.com/auth/content': 'manage your Merchant Center accounts and product listings',
  'https://ads.microsoft.com/msads.manage': 'manage your Microsoft Advertising accounts and Merchant Center stores',
  offline_access: 'keep this access when you are not using the application',
  catalog_management: 'manage your product catalogs',
  business_management: 'read your business accounts',
  'https://www.googleapis.com/auth/siteverification': 'verify the websites you own',
};

const describeScopes = (scopes: string[]): string => {
  const api = scopes.filter((s) => s in API_SCOPE_WORDS).map((s) => API_SCOPE_WORDS[s] ?? s);
  const claims = scopes.filter((s) => s !== 'openid' && !(s in API_SCOPE_WORDS));
  const signIn = scopes.includes('openid') ? `sign you in and read your ${claims.join(', ') || 'account id'}` : '';
  return [signIn, ...api].filter(Boolean).join(', and ') || 'read your account id';
};

export const consentPage = (v: TConsentView): string => {
  const title = `Sign in with ${v.providerName} (sandbox)`;
  const selected = v.selected ?? v.accounts[0]?.email;
  const radios = v.accounts
    .map(
      (a, i) => `<label><input type="radio" name="account" value="${escapeHtml(a.email)}" id="account-${i}"${
        a.email === selected ? ' checked' : ''
      }> ${escapeHtml(a.name)} — ${escapeHtml(a.email)}</label>`,
    )
    .join('\n');
  return renderPage({
    title,
    body: `<h1>${escapeHtml(title)}</h1>
<div class="card">
  <p><strong>${escapeHtml(v.clientId)}</strong> wants to ${escapeHtml(describeScopes(v.scopes))}.<br><span class="muted">You will be sent back to ${escapeHtml(v.redirectOrigin)}. This is a local stand-in for ${escapeHtml(
    v.providerName,
  )}: no password is asked.</span></p>
  ${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ''}
  <form method="post" action="${escapeHtml(v.action)}">
    <input type="hidden" name="request_id" value="${escapeHtml(v.requestId)}">
    <fieldset>
      <legend>Choose an account</legend>
      ${radios}
    </fieldset>
    <label for="email">Or use another email address</label>
    <input type="email" id="email" name="email" autocomplete="off" placeholder="someone@example.com" value="${escapeHtml(
      v.typedEmail ?? '',
    )}">
    ${v.directoryIds ? directoryIdFields(v.directoryIds) : ''}
    <div class="actions">
      <button type="submit" class="primary" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</div>`,
  });
};

/**
 * Microsoft identifies an account by directory and object id, not by its address. Left empty, a test
 * account keeps its own and a typed address gets the personal-accounts directory and an id of its own;
 * filled in, the same account can sign in with a changed address, or its object id from another directory.
 */
const directoryIdFields = (ids: { tid?: string; oid?: string }): string => `<details${ids.tid || ids.oid ? ' open' : ''}>
      <summary>Directory and object id (optional)</summary>
      <label for="tid">Directory (tenant) id</label>
      <input type="text" id="tid" name="tid" autocomplete="off" placeholder="9188040d-6c67-4c5b-b112-36a304b66dad" value="${escapeHtml(ids.tid ?? '')}">
      <label for="oid">Object id</label>
      <input type="text" id="oid" name="oid" autocomplete="off" placeholder="00000000-0000-0000-0000-000000000000" value="${escapeHtml(ids.oid ?? '')}">
    </details>`;

export const errorPage = (providerName: string, error: string, description: string): string =>
  renderPage({
    title: `${providerName} (sandbox): ${error}`,
    body: `<h1>Sign in with ${escapeHtml(providerName)} (sandbox)</h1>
<div class="card"><p class="error" role="alert"><strong>${escapeHtml(error)}</strong>: ${escapeHtml(description)}</p>
<p class="muted">The request cannot be sent back to the application, so it stops here.</p></div>`,
  });
