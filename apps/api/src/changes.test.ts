// Every endpoint that changes the organisation's data writes an activity log entry: each changing endpoint of
// the contract is declared in changes.ts (how it is recorded, or why it changes nothing of the organisation),
// so an endpoint added later without a declaration fails here.
import { contract, type TEndpoint } from '@feedloom/contracts';
import { describe, expect, it } from 'vitest';
import { CHANGE_DECLARATIONS } from './changes';
import { difference, flatten } from './modules/audit/recorder';

/** GET endpoints that change something (a consent callback, an account choice, a run started). */
const CHANGING_GETS = new Set<TEndpoint>([
  contract.dataSources.syncNow,
  contract.channels.googleCallback,
  contract.channels.merchantAccountInfo,
  contract.channels.microsoftAuthCallback,
  contract.channels.facebookCallback,
  contract.channelWizard.reVerification,
  contract.organizations.switchOrganization,
  contract.shops.switchShop,
  contract.notifications.dismiss,
  contract.account.connectSocial,
  contract.account.connectSocialCallback,
]);

const endpoints = Object.entries(contract).flatMap(([area, group]) =>
  Object.entries(group as Record<string, TEndpoint>).map(([name, e]) => ({ name: `${area}.${name}`, e })),
);

describe('activity log declarations', () => {
  it('declare every endpoint that changes something: recorded, recorded by its service, or why not', () => {
    const missing = endpoints
      .filter(({ e }) => e.method !== 'GET' || CHANGING_GETS.has(e))
      .filter(({ e }) => !CHANGE_DECLARATIONS.has(e))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it('read before and after through GET endpoints only, and give every exemption a reason', () => {
    for (const [endpoint, entry] of CHANGE_DECLARATIONS) {
      if ('exempt' in entry) expect(entry.exempt.length, endpoint.path).toBeGreaterThan(10);
      if ('snapshot' in entry && entry.snapshot) expect(entry.snapshot.endpoint.method).toBe('GET');
    }
  });
});

describe('before → after', () => {
  it('keeps only the fields whose text changed, nested fields by dotted name', () => {
    expect(
      difference(
        { feed_schedule: 'daily', settings: { tax: true, labels: ['a', 'b'] }, same: 1 },
        { feed_schedule: 'weekly', settings: { tax: true, labels: ['a', 'c'] }, same: 1 },
      ),
    ).toEqual({
      before: { feed_schedule: 'daily', 'settings.labels': 'a, b' },
      after: { feed_schedule: 'weekly', 'settings.labels': 'a, c' },
    });
    expect(difference({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('never writes a secret feed URL or a token into the log', () => {
    expect(flatten({ feed_url: 'https://x/feeds/abc.xml', access_token: 't', name: 'n' })).toEqual({
      feed_url: '(hidden)',
      access_token: '(hidden)',
      name: 'n',
    });
  });
});
