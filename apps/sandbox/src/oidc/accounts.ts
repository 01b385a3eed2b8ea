import { createHash } from 'node:crypto';

export type TProviderId = 'google' | 'microsoft';

export interface TTestAccount {
  name: string;
  email: string;
}

/** The accounts offered on each consent page; any other address can be typed in. */
export const TEST_ACCOUNTS: Record<TProviderId, TTestAccount[]> = {
  google: [
    { name: 'Alex Rivera', email: 'alex.rivera@gmail.sandbox.test' },
    { name: 'Sam Lee', email: 'sam.lee@gmail.sandbox.test' },
    { name: 'Priya Nair', email: 'priya.nair@gmail.sandbox.test' },
  ],
  microsoft: [
    { name: 'Jordan Kim', email: 'jordan.kim@outlook.sandbox.test' },
    { name: 'Casey Morgan', email: 'casey.morgan@outlook.sandbox.test' },
  ],
};

export interface TIdentity {
  sub: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `pat.o-neil@x` → Pat O-neil: a plausible display name for an address typed on the consent page. */
const nameFromEmail = (email: string): string =>
  (email.split('@')[0] ?? '')
    .split(/[._+]+/)
    .filter(Boolean)
    .map(capitalise)
    .join(' ') || email;

/**
 * The identity a provider asserts for an email. `sub` is derived from provider and address, so it is the
 * same on every sign-in and every restart, and differs between Google and Microsoft as the real ones do.
 */
export const identityFor = (provider: TProviderId, rawEmail: string): TIdentity => {
  const email = rawEmail.trim().toLowerCase();
  const known = TEST_ACCOUNTS[provider].find((a) => a.email === email);
  const name = known?.name ?? nameFromEmail(email);
  const [given = name, ...rest] = name.split(' ');
  const digest = createHash('sha256').update(`${provider}:${email}`).digest();
  // Google subjects are up to 21 decimal digits; Microsoft's are opaque base64url strings.
  const sub =
    provider === 'google'
      ? '1' + (BigInt('0x' + digest.subarray(0, 9).toString('hex')) % 10n ** 20n).toString().padStart(20, '0')
      : digest.toString('base64url').slice(0, 43);
  return { sub, email, name, given_name: given, family_name: rest.join(' ') };
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const isPlausibleEmail = (value: string): boolean => EMAIL_RE.test(value.trim());
