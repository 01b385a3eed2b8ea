import { INT_LIMIT, PRODUCT_MSG } from '@feedloom/validation';
import type { TCertification, TMeasure, TProductDetail, TShipping } from '../model/fields';
import { isIsoCurrency } from '../model/money';
import type { TMoney } from '../model/money';
import { splitComposite } from '../feeds/escape';
import { gtinProblem, normaliseGtin } from '../rules/gtin';
import { isHttpUrl } from '../rules/text';

// Cell text to product values. A parser returns the value, or a TProblem carrying the message the import
// report shows. Only what cannot be stored in its field is a problem here: a colour that is too long or an
// enumeration value a channel does not know is stored as given and left to channel validation.

export class TProblem {
  constructor(readonly message: string) {}
}
export const isProblem = (v: unknown): v is TProblem => v instanceof TProblem;

const quote = (v: string): string => `"${v.length > 60 ? `${v.slice(0, 57)}...` : v}"`;

/* ------------------------------------------------------------------ numbers */

const PLAIN_NUMBER_RE = /^[+-]?\d+(?:\.\d+)?$/;
const GROUPED_COMMA_RE = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const GROUPED_DOT_RE = /^[+-]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
const GROUPED_SPACE_RE = /^[+-]?\d{1,3}(?:[ \u00a0\u202f']\d{3})+(?:[.,]\d+)?$/;
const DECIMAL_COMMA_RE = /^[+-]?\d+,\d+$/;
/** A fraction written without its leading zero: `.5`, `-.25`, `,5`. */
const LEADING_POINT_RE = /^([+-]?)([.,])(\d+)$/;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The end of the digits of `text` from `i`. */
const digitsEnd = (text: string, i: number): number => {
  while (i < text.length && isDigit(text.charCodeAt(i))) i++;
  return i;
};

/** The end of `digits[.digits]` at `from` (from itself when there is none): PLAIN_NUMBER_RE without a sign. */
const plainNumberEnd = (text: string, from: number): number => {
  const whole = digitsEnd(text, from);
  if (whole === from) return from;
  if (text.charCodeAt(whole) !== 46) return whole; // .
  const fraction = digitsEnd(text, whole + 1);
  return fraction === whole + 1 ? whole : fraction;
};

/** PLAIN_NUMBER_RE.test without the regular expression engine: most cells are plain numbers. */
const isPlainNumber = (text: string): boolean => {
  const c = text.charCodeAt(0);
  const from = c === 43 || c === 45 ? 1 : 0; // + -
  const end = plainNumberEnd(text, from);
  return end > from && end === text.length;
};

/** Exact powers of ten (every one up to 10^22 is a double). */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * Number(text) of a plain number (isPlainNumber). With at most 15 digits the digits are an exact integer and
 * so is the power of ten: one division rounds the exact quotient once, the same double Number() gives (the
 * classic fast path of decimal conversion), without a call into the runtime's string-to-number.
 */
const plainNumberValue = (text: string, end = text.length): number => {
  const c = text.charCodeAt(0);
  const negative = c === 45;
  let digits = 0;
  let mantissa = 0;
  let scale = -1;
  for (let i = c === 43 || negative ? 1 : 0; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d === 46) scale = 0;
    else {
      mantissa = mantissa * 10 + (d - 48);
      digits++;
      if (scale >= 0) scale++;
    }
  }
  if (digits > 15) return Number(end === text.length ? text : text.slice(0, end));
  const value = scale > 0 ? mantissa / (POW10[scale] as number) : mantissa;
  return negative ? -value : value;
};

/**
 * A decimal number as spreadsheets write it: `1234.5`, `1,234.50`, `1.234,50`, `1 234,50`, `19,99`. A lone
 * comma with three digits after it (`1,299`) is a thousands separator unless `decimalComma` (semicolon files,
 * where `19,99` and `1,299` both mean a decimal). Undefined when it is not a number.
 */
export const parseDecimal = (text: string, decimalComma = false): number | undefined => {
  if (isPlainNumber(text)) return plainNumberValue(text);
  const point = LEADING_POINT_RE.exec(text);
  // `.5` (WooCommerce writes weights so) is 0.5; `,5` too where the comma is the decimal mark.
  if (point && (point[2] === '.' || decimalComma)) return Number(`${point[1]}0.${point[3]}`);
  let t = text;
  if (GROUPED_SPACE_RE.test(t)) t = t.replace(/[ \u00a0\u202f']/g, '').replace(',', '.');
  else if (DECIMAL_COMMA_RE.test(t) && (decimalComma || !GROUPED_COMMA_RE.test(t))) t = t.replace(',', '.');
  else if (GROUPED_COMMA_RE.test(t)) t = t.replace(/,/g, '');
  else if (GROUPED_DOT_RE.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else return undefined;
  return PLAIN_NUMBER_RE.test(t) ? Number(t) : undefined;
};

/** A number a product field can hold: finite and below the integer limit. */
export const parseNumber = (text: string, decimalComma = false): number | TProblem => {
  const n = parseDecimal(text, decimalComma);
  if (n === undefined || !Number.isFinite(n)) return new TProblem(PRODUCT_MSG.numberInvalid);
  if (Math.abs(n) >= INT_LIMIT) return new TProblem(PRODUCT_MSG.numberTooLarge);
  return n;
};

export const parseMultipack = (text: string): number | TProblem => {
  const n = parseDecimal(text);
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > 1000)
    return new TProblem(PRODUCT_MSG.multipack);
  return n;
};

/* ------------------------------------------------------------------ prices */

// Currency symbols merchants type; `$` and `¥` mean the shop's currency when it is written with that symbol.
const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN', 'TWD']);
const SYMBOLS: Readonly<Record<string, (shop: string | undefined) => string>> = {
  $: (shop) => (shop && DOLLAR_CURRENCIES.has(shop) ? shop : 'USD'),
  US$: () => 'USD',
  C$: () => 'CAD',
  A$: () => 'AUD',
  R$: () => 'BRL',
  '€': () => 'EUR',
  '£': () => 'GBP',
  '¥': (shop) => (shop === 'CNY' ? 'CNY' : 'JPY'),
  '₹': () => 'INR',
};
// [code or symbol] amount [code or symbol]
const MONEY_RE =
  /^(?:([A-Za-z]{3})\s*|(US\$|C\$|A\$|R\$|[$€£¥₹])\s*)?([+-]?(?:\d|[.,]\d)[\d.,\s\u00a0\u202f']*?)\s*(?:([A-Za-z]{3})|(US\$|C\$|A\$|R\$|[$€£¥₹]))?$/;

export interface TPriceOptions {
  /** Label in messages (`Price`). */
  label: string;
  /** The shop's currency: prices without a currency are in it. */
  currency: string | undefined;
  decimalComma?: boolean;
}

const isAsciiLetter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;

/**
 * The length of the amount of the most common price spelling, `19.99 USD`, `19.99USD` or `19.99`
 * (unsigned digits, an optional decimal part, at most one space, a three-letter code): what MONEY_RE reads
 * as amount and code on these, checked without it. -1 for anything else.
 */
const plainPriceAmountEnd = (text: string): number => {
  const end = plainNumberEnd(text, 0);
  if (end === 0 || end === text.length) return end === 0 ? -1 : end;
  const code = text.charCodeAt(end) === 32 ? end + 1 : end;
  if (text.length !== code + 3) return -1;
  for (let i = code; i < text.length; i++) if (!isAsciiLetter(text.charCodeAt(i))) return -1;
  return end;
};

/** The code as it was last written and its currency: a file's prices nearly all repeat one code. */
let lastCode = '';
let lastCurrency = '';

/** The ISO 4217 currency of a three-letter code in any case, or undefined when there is none. */
const isoCurrencyOf = (code: string): string | undefined => {
  if (code === lastCode) return lastCurrency;
  const currency = code.toUpperCase();
  if (!isIsoCurrency(currency)) return undefined;
  lastCode = code;
  lastCurrency = currency;
  return currency;
};

/** `19.99 USD`, `USD 19.99`, `$19.99`, `19,99 €`, `1,299.00`, plain `19.99` (the shop currency). */
export const parsePrice = (text: string, o: TPriceOptions): TMoney | TProblem => {
  let value: number | undefined;
  let code: string | undefined;
  let symbol: string | undefined;
  const plainEnd = plainPriceAmountEnd(text);
  if (plainEnd > 0) {
    // What parseDecimal gives on the amount (a plain number), read in place.
    value = plainNumberValue(text, plainEnd);
    if (plainEnd < text.length) code = text.slice(text.length - 3);
  } else {
    const m = MONEY_RE.exec(text);
    if (!m || m[3] === undefined) {
      return new TProblem(`${o.label} ${quote(text)} is not a price. Write it like 19.99 USD or 19.99.`);
    }
    value = parseDecimal(m[3].trim(), o.decimalComma);
    code = m[1] ?? m[4];
    symbol = m[2] ?? m[5];
  }
  if (value === undefined || value < 0) {
    return new TProblem(`${o.label} ${quote(text)} is not a price. Write it like 19.99 USD or 19.99.`);
  }
  if (value >= INT_LIMIT) return new TProblem(PRODUCT_MSG.numberTooLarge);
  let currency: string | undefined;
  if (code) {
    currency = isoCurrencyOf(code);
    if (currency === undefined) {
      return new TProblem(
        `${o.label} ${quote(text)} has an unknown currency: use an ISO 4217 code such as USD or EUR.`,
      );
    }
  } else if (symbol) currency = SYMBOLS[symbol]?.(o.currency);
  else currency = o.currency;
  if (!currency) {
    return new TProblem(
      `${o.label} ${quote(text)} has no currency: write it like 19.99 USD, or set the shop's currency.`,
    );
  }
  return { value, currency };
};

/* ------------------------------------------------------------------ measures */

const MEASURE_RE = /^([+-]?(?:\d|[.,]\d)[\d.,]*)\s*([A-Za-z]+)?$/;
const UNIT_ALIASES: Readonly<Record<string, string>> = {
  grams: 'g',
  gram: 'g',
  gr: 'g',
  kilograms: 'kg',
  kilogram: 'kg',
  kgs: 'kg',
  pounds: 'lb',
  pound: 'lb',
  lbs: 'lb',
  ounces: 'oz',
  ounce: 'oz',
  inch: 'in',
  inches: 'in',
  centimeters: 'cm',
  centimetres: 'cm',
};

/**
 * The length of the amount of the common measure spellings `0.8 kg`, `0.8kg` and `0.8` (unsigned digits, an
 * optional decimal part, at most one space, ASCII letters): what MEASURE_RE reads as amount and unit on these,
 * checked without it. -1 for anything else.
 */
const plainMeasureAmountEnd = (text: string): number => {
  const end = plainNumberEnd(text, 0);
  if (end === 0) return -1;
  const from = text.charCodeAt(end) === 32 ? end + 1 : end;
  if (from === text.length) return from === end ? end : -1;
  for (let i = from; i < text.length; i++) if (!isAsciiLetter(text.charCodeAt(i))) return -1;
  return end;
};

/** `1.5kg`, `1.5 kg`, `750 ml`; a bare number takes `defaultUnit` (from a header such as `Weight (kg)`). */
export const parseMeasure = (
  text: string,
  defaultUnit?: string,
  decimalComma = false,
): TMeasure | TProblem => {
  let amount: string;
  let unit: string | undefined;
  const plainEnd = plainMeasureAmountEnd(text);
  if (plainEnd > 0) {
    amount = plainEnd === text.length ? text : text.slice(0, plainEnd);
    const from = text.charCodeAt(plainEnd) === 32 ? plainEnd + 1 : plainEnd;
    if (from < text.length) unit = text.slice(from);
  } else {
    const m = MEASURE_RE.exec(text);
    if (!m || m[1] === undefined) return new TProblem(PRODUCT_MSG.numberInvalid);
    amount = m[1];
    unit = m[2];
  }
  const value = parseDecimal(amount, decimalComma);
  if (value === undefined) return new TProblem(PRODUCT_MSG.numberInvalid);
  if (Math.abs(value) >= INT_LIMIT) return new TProblem(PRODUCT_MSG.numberTooLarge);
  const raw = unit?.toLowerCase() ?? defaultUnit;
  if (!raw) return new TProblem(PRODUCT_MSG.valueAndUnit);
  return { value, unit: UNIT_ALIASES[raw] ?? raw };
};

/* ------------------------------------------------------------------ yes / no */

const TRUE_WORDS = new Set(['yes', 'true', '1', 'y', 'on']);
const FALSE_WORDS = new Set(['no', 'false', '0', 'n', 'off']);

export const parseBoolean = (text: string, label: string): boolean | TProblem => {
  const t = text.toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return new TProblem(`${label} ${quote(text)} must be yes or no.`);
};

/* ------------------------------------------------------------------ identifiers and links */

/** The GTIN with spaces and dashes removed, or why it is not one. */
export const parseGtin = (text: string): string | TProblem => {
  const problem = gtinProblem(text);
  if (problem === 'characters') return new TProblem(PRODUCT_MSG.gtinDigits);
  if (problem === 'length') return new TProblem(PRODUCT_MSG.gtinLength);
  if (problem === 'check_digit') {
    return new TProblem(
      `GTIN ${quote(text)} has a wrong check digit: copy it again from the barcode. If this column holds your own codes rather than GTINs, map it to a custom attribute.`,
    );
  }
  // Restricted and coupon prefixes are stored: the channels warn about them.
  return normaliseGtin(text);
};

const SPACE_RE = / /g;

/**
 * What shop exports write for a link that a channel would refuse as it is, mended: a protocol-relative link
 * ("//cdn.example.com/a.jpg") gets https:, and spaces in it are encoded (%20). Anything else is left as it is.
 */
const mendUrl = (text: string): string => {
  const url = text.startsWith('//') ? `https:${text}` : text;
  if (!url.includes(' ')) return url;
  // Only in the path, query or fragment: a space in the host stays (and the link stays refused).
  const hostAt = url.indexOf('//') + 2;
  const pathAt = url.slice(hostAt).search(/[/?#]/);
  if (hostAt < 2 || pathAt < 0) return url;
  const split = hostAt + pathAt;
  return url.slice(0, split) + url.slice(split).replace(SPACE_RE, '%20');
};

export const parseUrl = (text: string, label: string): string | TProblem => {
  if (isHttpUrl(text)) return text;
  const mended = mendUrl(text);
  return mended !== text && isHttpUrl(mended)
    ? mended
    : new TProblem(
        `${label} ${quote(text)} is not a web address: use a full http:// or https:// URL with spaces encoded as %20.`,
      );
};

/** Several URLs in one cell, separated by commas (a comma inside a URL must be encoded as %2C). */
export const splitUrls = (text: string): string[] => {
  if (!text.includes(',')) return [text];
  return text
    .split(/\s*,\s*(?=https?:\/\/)/i)
    .map((s) => s.trim())
    .filter((s) => s !== '');
};

/** A comma-separated list (tags, size types, promotion ids). */
export const splitList = (text: string): string[] => {
  if (!text.includes(',')) return [text];
  const out: string[] = [];
  for (const part of text.split(',')) {
    const t = part.trim();
    if (t !== '') out.push(t);
  }
  return out;
};

/* ------------------------------------------------------------------ Google composite values */

/**
 * splitComposite, with the common case first: without a double quote nothing is quoted, and the parts are
 * exactly what String#split gives.
 */
const splitParts = (text: string, separator: ',' | ':'): string[] =>
  text.includes('"') ? splitComposite(text, separator) : splitOn(text, separator);

/** text.split(separator) for a one-character separator, in a loop the JIT keeps inline (split is a runtime call). */
const splitOn = (text: string, separator: string): string[] => {
  let at = text.indexOf(separator);
  if (at < 0) return [text];
  // Counted first: an array of the right length, not one regrown by push (these run several times a row).
  let n = 2;
  for (let k = text.indexOf(separator, at + 1); k >= 0; k = text.indexOf(separator, k + 1)) n++;
  const parts = new Array<string>(n);
  let start = 0;
  for (let i = 0; i < n - 1; i++) {
    parts[i] = text.slice(start, at);
    start = at + 1;
    at = text.indexOf(separator, start);
  }
  parts[n - 1] = text.slice(start);
  return parts;
};

/** Repeated values of Google's text feeds: comma-separated, a value with a comma in double quotes. */
export const splitRepeated = (text: string): string[] => {
  const out: string[] = [];
  for (const part of splitParts(text, ',')) {
    const t = part.trim();
    if (t !== '') out.push(t);
  }
  return out;
};

const trimAll = (parts: string[]): string[] => {
  for (let i = 0; i < parts.length; i++) parts[i] = (parts[i] as string).trim();
  return parts;
};

/** `section:name:value` (or `name:value`), several separated by commas: Google's product_detail. */
export const parseDetails = (text: string, label = 'Product detail'): TProductDetail[] | TProblem => {
  const out: TProductDetail[] = [];
  for (const entry of splitComposite(text, ',')) {
    if (entry.trim() === '') continue;
    const parts = splitComposite(entry, ':').map((s) => s.trim());
    const [section, name, value] =
      parts.length === 2 ? ['', parts[0], parts[1]] : [parts[0], parts[1], parts.slice(2).join(':')];
    if (parts.length < 2 || !name || !value) {
      return new TProblem(
        `${label} ${quote(entry)} must be section:name:value (or name:value), several separated by commas.`,
      );
    }
    const detail: TProductDetail = { attribute_name: name, attribute_value: value };
    if (section) detail.section_name = section;
    out.push(detail);
  }
  return out;
};

export const SHIPPING_SLOTS = [
  'country',
  'region',
  'service',
  'price',
  'min_handling_time',
  'max_handling_time',
  'min_transit_time',
  'max_transit_time',
] as const;
type TShippingSlot = (typeof SHIPPING_SLOTS)[number] | 'postal_code' | 'location_id' | 'location_group_name';
const SHIPPING_SLOT_SET: ReadonlySet<string> = new Set([
  ...SHIPPING_SLOTS,
  'postal_code',
  'location_id',
  'location_group_name',
]);

/** Slots declared in a header such as `shipping(country:postal_code:price)`; undefined when none are. */
export const headerSlots = (header: string): string[] | undefined => {
  const m = /\(([^)]*)\)\s*$/.exec(header);
  if (!m || m[1] === undefined) return undefined;
  const slots = m[1].split(':').map((s) => s.trim().toLowerCase().replace(/\s+/g, '_'));
  return slots.length > 1 ? slots : undefined;
};

const POSTAL_RE = /\d/;

const DEFAULT_SHIPPING_ORDER = SHIPPING_SLOTS as readonly TShippingSlot[];

const badShipping = (money: TPriceOptions, entry: string): TProblem =>
  new TProblem(
    `${money.label} ${quote(entry)} must be country:region:service:price, for example US:CA:Express:9.99 USD.`,
  );

/**
 * Google's shipping text form `country:region:service:price[:min_handling:max_handling:min_transit:max_transit]`,
 * several separated by commas; a region slot holding digits is a postal code.
 */
export const parseShipping = (
  text: string,
  slots: readonly string[] | undefined,
  money: TPriceOptions,
): TShipping[] | TProblem => {
  const order = slots
    ? (slots.filter((s) => SHIPPING_SLOT_SET.has(s)) as TShippingSlot[])
    : DEFAULT_SHIPPING_ORDER;
  const out: TShipping[] = [];
  for (const entry of splitParts(text, ',')) {
    if (entry.trim() === '') continue;
    const parts = trimAll(splitParts(entry, ':'));
    if (parts.length > order.length) return badShipping(money, entry);
    const rule: Record<string, unknown> = {};
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === '') continue;
      let slot = order[i] as TShippingSlot;
      if (slot === 'region' && POSTAL_RE.test(part)) slot = 'postal_code';
      if (slot === 'price') {
        const price = parsePrice(part, money);
        if (isProblem(price)) return price;
        rule.price = price;
      } else if (slot.endsWith('_time')) {
        const n = parseDecimal(part);
        if (n === undefined || !Number.isInteger(n) || n < 0) return badShipping(money, entry);
        rule[slot] = n;
      } else rule[slot] = slot === 'country' ? part.toUpperCase() : part;
    }
    if (typeof rule.country !== 'string') return badShipping(money, entry);
    out.push(rule as unknown as TShipping);
  }
  return out;
};

/** `authority:name:code`, several separated by commas (the slots of the Google TSV writer). */
export const parseCertifications = (text: string): TCertification[] | TProblem => {
  const out: TCertification[] = [];
  for (const entry of splitComposite(text, ',')) {
    if (entry.trim() === '') continue;
    const parts = splitComposite(entry, ':').map((s) => s.trim());
    const [authority, name, code, value] = parts;
    if (!authority || !name || parts.length > 4) {
      return new TProblem(
        `Certification ${quote(entry)} must be authority:name:code, for example European_Commission:EPREL:123456.`,
      );
    }
    const cert: TCertification = { certification_authority: authority, certification_name: name };
    if (code) cert.certification_code = code;
    if (value) cert.certification_value = value;
    out.push(cert);
  }
  return out;
};

export { htmlToText } from '../rules/html';
