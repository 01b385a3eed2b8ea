import { createHash } from 'node:crypto';

// The Merchant Center accounts each sandbox Google user can reach. Several per user, with different set-ups,
// so the wizard's steps meet both outcomes: a claimed website or not, shipping settings or none, and a user
// with no Merchant Center account at all, and one whose programs are all out of reach and whose website can
// never be verified.

/** A Merchant Center program (Merchant API `accounts.programs`): free listings, Shopping ads. */
export interface TProgramSeed {
  id: 'free-listings' | 'shopping-ads';
  state: 'ENABLED' | 'ELIGIBLE' | 'NOT_ELIGIBLE';
  activeRegions: string[];
  unmet: { title: string; regions: string[] }[];
}

const enabled = (id: TProgramSeed['id'], regions: string[]): TProgramSeed => ({ id, state: 'ENABLED', activeRegions: regions, unmet: [] });

export interface TMerchantAccountSeed {
  accountId: string;
  accountName: string;
  /** The store's website (the account's homepage) and whether Google considers it claimed. */
  homepage: string;
  claimed: boolean;
  /** Whether the account has shipping settings (so products need no shipping attribute of their own). */
  shipping: boolean;
  timeZone: string;
  languageCode: string;
  programs: TProgramSeed[];
}

export const MERCHANT_ACCOUNTS: Record<string, TMerchantAccountSeed[]> = {
  'alex.rivera@gmail.sandbox.test': [
    {
      accountId: '5550001001',
      accountName: 'Rivera Outdoor',
      homepage: 'https://rivera-outdoor.example/',
      claimed: true,
      shipping: true,
      timeZone: 'America/Los_Angeles',
      languageCode: 'en',
      programs: [enabled('free-listings', ['US', 'GB']), enabled('shopping-ads', ['US'])],
    },
    {
      accountId: '5550001002',
      accountName: 'Rivera Kitchen',
      homepage: 'https://rivera-kitchen.example/',
      claimed: false,
      shipping: false,
      timeZone: 'America/New_York',
      languageCode: 'en',
      programs: [
        enabled('free-listings', ['US']),
        { id: 'shopping-ads', state: 'NOT_ELIGIBLE', activeRegions: [], unmet: [{ title: 'Link a Google Ads account', regions: ['US'] }] },
      ],
    },
  ],
  'sam.lee@gmail.sandbox.test': [
    {
      accountId: '5550002001',
      accountName: 'Lee Gadgets',
      homepage: 'https://lee-gadgets.example/',
      claimed: true,
      shipping: true,
      timeZone: 'Europe/London',
      languageCode: 'en',
      programs: [enabled('free-listings', ['GB']), { id: 'shopping-ads', state: 'ELIGIBLE', activeRegions: [], unmet: [] }],
    },
    {
      // Nothing enabled yet, and a website Google can never verify (its host starts with "unverified.").
      accountId: '5550002002',
      accountName: 'Lee Outlet',
      homepage: 'https://unverified.lee-outlet.example/',
      claimed: false,
      shipping: false,
      timeZone: 'Europe/London',
      languageCode: 'en',
      programs: [
        { id: 'free-listings', state: 'NOT_ELIGIBLE', activeRegions: [], unmet: [{ title: 'Verify and claim your website', regions: ['GB'] }] },
        { id: 'shopping-ads', state: 'NOT_ELIGIBLE', activeRegions: [], unmet: [{ title: 'Link a Google Ads account', regions: ['GB'] }] },
      ],
    },
  ],
  // Priya has a Google account but no Merchant Center account: the list is empty.
  'priya.nair@gmail.sandbox.test': [],
};

/** Accounts of an address: a test user's own, else one account made up from the address (stable). */
export const merchantAccountsOf = (email: string): TMerchantAccountSeed[] => {
  const known = MERCHANT_ACCOUNTS[email];
  if (known) return known;
  const digest = createHash('sha256').update(`merchant:${email}`).digest();
  const id = String(7_000_000_000 + (digest.readUInt32BE(0) % 1_000_000_000));
  const local = email.split('@')[0] ?? 'store';
  return [
    {
      accountId: id,
      accountName: `${local} store`,
      homepage: `https://${local.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/`,
      claimed: true,
      shipping: true,
      timeZone: 'Etc/UTC',
      languageCode: 'en',
      programs: [enabled('free-listings', ['US']), enabled('shopping-ads', ['US'])],
    },
  ];
};
