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

// eslint-disable-next-line no-control-regex
const CONTROL_TEST = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;

/**
 * Free text as a channel gets it: control characters, non-characters and unpaired surrogates removed (tab and
 * line breaks kept), leading and trailing white space trimmed. Most values need nothing: two character reads
 * and one native scan, no copy.
 */
export const cleanText = (s: string): string => {
  const n = s.length;
  if (n === 0) return s;
  if (!isEdgeSpace(s.charCodeAt(0)) && !isEdgeSpace(s.charCodeAt(n - 1)) && !CONTROL_TEST.test(s)) return s;
  return stripControl(s).trim();
};

// Anything normaliseOfferId would change inside an id: a run of white space, white space other than a plain
// space, a control character.
// eslint-disable-next-line no-control-regex
const OFFER_ID_CHANGE_RE = /\s\s|[^\S ]|[\x00-\x1F\x7F-\x9F\uFFFE\uFFFF\uD800-\uDFFF]/;

/**
 * A channel item id: leading and trailing white space stripped and runs of white space collapsed, as the
 * Merchant API does with `offerId` (reference §1.1); feeds, API payloads and duplicate checks all use it.
 */
export const normaliseOfferId = (offerId: string): string => {
  const n = offerId.length;
  if (
    n > 0 &&
    !isEdgeSpace(offerId.charCodeAt(0)) &&
    !isEdgeSpace(offerId.charCodeAt(n - 1)) &&
    !OFFER_ID_CHANGE_RE.test(offerId)
  )
    return offerId;
  return stripControl(offerId).trim().replace(/\s+/g, ' ');
};

const CURRENCY_RE = /^[A-Z]{3}$/;

/** A price with its currency code as ISO 4217 writes it (`usd` → `USD`); other prices come back as they are. */
export const normaliseMoney = <T>(v: T): T => {
  const m = v as Partial<TMoney> | null;
  if (typeof m !== 'object' || m === null || typeof m.currency !== 'string' || CURRENCY_RE.test(m.currency))
    return v;
  const currency = m.currency.trim().toUpperCase();
  return currency === m.currency ? v : ({ ...m, currency } as T);
};
