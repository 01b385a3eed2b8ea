import { stripControl } from '../feeds/escape';
import type { TMoney } from '../model/money';

// The cleaning every channel value goes through before it is judged and before it is written: the validator
// and the writers call the same functions, so a value is judged exactly as it will be sent (a title of only
// spaces is missing, not present-and-written-empty).

const isEdgeSpace = (c: number): boolean =>
  c <= 32 ||
  (c >= 127 &&
    (c <= 160 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

/**
 * Free text as a channel gets it: leading and trailing white space trimmed, control characters, non-characters
 * and unpaired surrogates removed (tab and line breaks kept). Only the two ends are looked at to decide: a
 * value that starts and ends with a visible character is non-empty whatever it holds inside, every writer
 * drops control characters inside a value while escaping it, and the one judgement they could sway (a length
 * limit) is made again without them (the engine's tooLong). So most values cost two character reads, no scan.
 */
export const cleanText = (s: string): string => {
  const n = s.length;
  if (n === 0) return s;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(n - 1);
  // Clean ends: not white space or a control character, not a non-character, not half a surrogate pair.
  if (
    !isEdgeSpace(first) &&
    !isEdgeSpace(last) &&
    first < 0xfffe &&
    last < 0xfffe &&
    (first < 0xdc00 || first > 0xdfff) &&
    (last < 0xd800 || last > 0xdbff)
  )
    return s;
  return stripControl(s).trim();
};

/** Ids up to this length are checked in a loop (cheaper than a call into the regular expression engine). */
const SHORT = 160;

// Anything normaliseOfferId would change inside an id: a run of white space, white space other than a plain
// space, a control character.
// eslint-disable-next-line no-control-regex
const OFFER_ID_CHANGE_RE = /\s\s|[^\S ]|[\x00-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;

/**
 * A channel item id: leading and trailing white space stripped and runs of white space collapsed, as the
 * Merchant API does with `offerId`; feeds, API payloads and duplicate checks all use it.
 */
export const normaliseOfferId = (offerId: string): string => {
  const n = offerId.length;
  if (n > 0 && !isEdgeSpace(offerId.charCodeAt(0)) && !isEdgeSpace(offerId.charCodeAt(n - 1))) {
    // Ids are short: a loop finds what would change (a space run, other white space, a control character)
    // faster than a call into the regular expression engine; anything unusual goes to the full check.
    let plain = n <= SHORT;
    for (let i = 0; plain && i < n; i++) {
      const c = offerId.charCodeAt(i);
      if (c <= 32 ? c !== 32 || offerId.charCodeAt(i + 1) === 32 : c >= 127) plain = false;
    }
    if (plain || !OFFER_ID_CHANGE_RE.test(offerId)) return offerId;
  }
  return stripControl(offerId).trim().replace(/\s+/g, ' ');
};

const isUpper = (c: number): boolean => c >= 65 && c <= 90;
const isUpperCode = (s: string): boolean =>
  s.length === 3 && isUpper(s.charCodeAt(0)) && isUpper(s.charCodeAt(1)) && isUpper(s.charCodeAt(2));

/** A price with its currency code as ISO 4217 writes it (`usd` → `USD`); other prices come back as they are. */
export const normaliseMoney = <T>(v: T): T => {
  const m = v as Partial<TMoney> | null;
  if (typeof m !== 'object' || m === null || typeof m.currency !== 'string' || isUpperCode(m.currency))
    return v;
  const currency = m.currency.trim().toUpperCase();
  return currency === m.currency ? v : ({ ...m, currency } as T);
};
