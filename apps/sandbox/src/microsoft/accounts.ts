import { createHash } from 'node:crypto';

// Who can reach what at the sandbox's Microsoft Advertising: each user (by sign-in address) has a user id,
// one customer, its ad accounts, and the Merchant Center stores of that customer. Several set-ups, so the
// wizard meets each outcome: two stores (one with a verified domain, one not), or no store at all.

export interface TMicrosoftStoreSeed {
  id: number;
  name: string;
  /** The store's website; a host starting with `unverified.` has not passed domain verification. */
  storeUrl: string;
}

export interface TMicrosoftUserSeed {
  userId: number;
  customerId: number;
  customerName: string;
  accounts: { id: number; name: string; number: string; currency: string }[];
  stores: TMicrosoftStoreSeed[];
}

export const MICROSOFT_ADS_USERS: Record<string, TMicrosoftUserSeed> = {
  'jordan.kim@outlook.sandbox.test': {
    userId: 71001,
    customerId: 81001,
    customerName: 'Kim Retail',
    accounts: [
      { id: 91001, name: 'Kim Home Goods', number: 'F1201001', currency: 'USD' },
      { id: 91002, name: 'Kim Outdoor', number: 'F1201002', currency: 'USD' },
    ],
    stores: [
      { id: 510001, name: 'Kim Home Goods Store', storeUrl: 'https://kim-home.example/' },
      { id: 510002, name: 'Kim Outdoor Store', storeUrl: 'https://unverified.kim-outdoor.example/' },
    ],
  },
  'casey.morgan@outlook.sandbox.test': {
    userId: 71002,
    customerId: 81002,
    customerName: 'Morgan Studio',
    accounts: [{ id: 91003, name: 'Morgan Studio', number: 'F1201003', currency: 'EUR' }],
    stores: [],
  },
};

export const UNVERIFIED_STORE_HOST_PREFIX = 'unverified.';

/** The seed of a test user, or a generated one (one account, one verified store) for any other address. */
export const microsoftUserOf = (email: string): TMicrosoftUserSeed => {
  const known = MICROSOFT_ADS_USERS[email.toLowerCase()];
  if (known) return known;
  const n = createHash('sha256').update(email.toLowerCase()).digest().readUInt32BE(0) % 900_000;
  const local = email.split('@')[0] ?? 'store';
  return {
    userId: 100_000 + n,
    customerId: 2_000_000 + n,
    customerName: `${local} (sandbox)`,
    accounts: [{ id: 3_000_000 + n, name: `${local} ads`, number: `F${n}`, currency: 'USD' }],
    stores: [{ id: 4_000_000 + n, name: `${local} store`, storeUrl: `https://${local.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/` }],
  };
};

export const storeDomainVerified = (store: TMicrosoftStoreSeed): boolean =>
  !new URL(store.storeUrl).hostname.startsWith(UNVERIFIED_STORE_HOST_PREFIX);
