import { createHash } from 'node:crypto';

export type TProviderId = 'google' | 'microsoft';

export interface TTestAccount {
  name: string;
  email: string;
  /** Microsoft: the account's directory (tenant) and object id; derived from the address when not given. */
  tid?: string;
  oid?: string;
}

/** The directory Microsoft puts personal accounts (outlook.com, hotmail.com) in. */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
/** A work or school directory of the sandbox. */
export const MICROSOFT_CONTOSO_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

/** The accounts offered on each consent page; any other address can be typed in. */
export const TEST_ACCOUNTS: Record<TProviderId, TTestAccount[]> = {
  google: [
    { name: 'Alex Rivera', email: 'alex.rivera@gmail.sandbox.test' },
    { name: 'Sam Lee', email: 'sam.lee@gmail.sandbox.test' },
    { name: 'Priya Nair', email: 'priya.nair@gmail.sandbox.test' },
  ],
  microsoft: [
    {
      name: 'Jordan Kim',
      email: 'jordan.kim@outlook.sandbox.test',
      tid: MICROSOFT_CONSUMER_TENANT,
      oid: '00000000-0000-0000-4a0d-6b1e5f1c0a01',
    },
    {
      name: 'Casey Morgan',
      email: 'casey.morgan@outlook.sandbox.test',
      tid: MICROSOFT_CONSUMER_TENANT,
      oid: '00000000-0000-0000-c45e-7a2b9d3e0b02',
    },
    // A work account whose address is the seeded demo merchant's: Microsoft does not vouch for it, so
    // signing in with it must not open the demo account (the app asks to sign in and connect instead).
    {
      name: 'Dana Demo',
      email: 'demo@feedloom.test',
      tid: MICROSOFT_CONTOSO_TENANT,
      oid: 'd3a0d3a0-5eed-4c0b-9a11-de0000000001',
    },
  ],
};

export interface TIdentity {
  sub: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
  /** Microsoft only: directory (tenant) id and object id, as in its ID tokens. */
  tid?: string;
  oid?: string;
}

/** What the consent page may set besides the address (Microsoft): another directory or object id. */
export interface TIdentityOverrides {
  tid?: string;
  oid?: string;
}

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isGuid = (value: string): boolean => GUID_RE.test(value);

/** A GUID made from a digest (the form Microsoft's ids take). */
const guidOf = (digest: Buffer): string => {
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `pat.o-neil@x` → Pat O-neil: a plausible display name for an address typed on the consent page. */
const nameFromEmail = (email: string): string =>
  (email.split('@')[0] ?? '')
    .split(/[._+]+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ') || email;

/**
 * The identity a provider asserts for an email, the same on every sign-in and every restart.
 * - Google: `sub` (up to 21 decimal digits) is derived from the address.
 * - Microsoft: the account is its directory `tid` and object id `oid` (a test account's own, the overrides'
 *   or, for a typed address, the personal-accounts directory and an id derived from the address); `sub` is
 *   an opaque base64url string derived from both. The address is just an attribute: with the overrides the
 *   same account can come back with another address, or the same `oid` from another directory.
 */
export const identityFor = (
  provider: TProviderId,
  rawEmail: string,
  overrides: TIdentityOverrides = {},
): TIdentity => {
  const email = rawEmail.trim().toLowerCase();
  const known = TEST_ACCOUNTS[provider].find((a) => a.email === email);
  const name = known?.name ?? nameFromEmail(email);
  const [given = name, ...rest] = name.split(' ');
  const names = { email, name, given_name: given, family_name: rest.join(' ') };
  if (provider === 'google') {
    const digest = createHash('sha256').update(`${provider}:${email}`).digest();
    const sub =
      '1' + (BigInt('0x' + digest.subarray(0, 9).toString('hex')) % 10n ** 20n).toString().padStart(20, '0');
    return { sub, ...names };
  }
  const tid = (overrides.tid || known?.tid || MICROSOFT_CONSUMER_TENANT).toLowerCase();
  const oid = (
    overrides.oid ||
    known?.oid ||
    guidOf(createHash('sha256').update(`microsoft:${tid}:${email}`).digest())
  ).toLowerCase();
  const sub = createHash('sha256')
    .update(`microsoft:${tid}:${oid}`)
    .digest()
    .toString('base64url')
    .slice(0, 43);
  return { sub, tid, oid, ...names };
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isPlausibleEmail = (value: string): boolean => EMAIL_RE.test(value.trim());
