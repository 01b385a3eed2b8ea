// GTIN rules of reference : GS1 mod-10 check digit on 8, 12, 13 and 14 digits; UPC-E validates through its
// UPC-A expansion; restricted-circulation and coupon prefixes are refused by Google-compatible rule sets.

/** Removes the spaces and dashes Google ignores. */
export const normaliseGtin = (value: string): string => value.replace(/[\s-]+/g, '');

export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];
const DIGITS_RE = /^\d+$/;

/** GS1 check digit of the data digits (everything but the check digit). */
export const gs1CheckDigit = (data: string): number => {
  let sum = 0;
  let weight = 3;
  for (let i = data.length - 1; i >= 0; i--) {
    sum += (data.charCodeAt(i) - 48) * weight;
    weight = weight === 3 ? 1 : 3;
  }
  return (10 - (sum % 10)) % 10;
};

export const hasValidCheckDigit = (digits: string): boolean =>
  digits.length >= 2 && gs1CheckDigit(digits.slice(0, -1)) === digits.charCodeAt(digits.length - 1) - 48;

/** Expands an 8-digit UPC-E (number system 0 or 1) to its 12-digit UPC-A form, or undefined. */
export const expandUpcE = (upce: string): string | undefined => {
  if (!/^[01]\d{7}$/.test(upce)) return undefined;
  const ns = upce[0] ?? '0';
  const d = upce.slice(1, 7);
  const check = upce[7] ?? '';
  const last = d[5] ?? '';
  let body: string;
  if (last === '0' || last === '1' || last === '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d[4] ?? ''}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return `${ns}${body}${check}`;
};

export type TGtinProblem = 'characters' | 'length' | 'check_digit' | 'restricted' | 'coupon';

/**
 * What is wrong with a GTIN, or undefined when it is fine. `restricted` and `coupon` are prefixes for
 * in-store or coupon codes that never identify a traded product.
 */
export const gtinProblem = (raw: string): TGtinProblem | undefined => {
  const digits = DIGITS_RE.test(raw) ? raw : normaliseGtin(raw);
  if (!DIGITS_RE.test(digits)) return 'characters';
  if (!GTIN_LENGTHS.includes(digits.length)) return 'length';
  if (!hasValidCheckDigit(digits)) {
    const upca = digits.length === 8 ? expandUpcE(digits) : undefined;
    if (!upca || !hasValidCheckDigit(upca)) return 'check_digit';
  }
  if (digits.length === 13) {
    if (digits.startsWith('02') || digits.startsWith('04') || digits.startsWith('2')) return 'restricted';
    if (digits.startsWith('05') || digits.startsWith('98') || digits.startsWith('99')) return 'coupon';
  }
  return undefined;
};
