import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  hasExcessPrecision,
  isIsoCurrency,
  parseMoney,
  toMicros,
} from '../model/money';
import { parseInterval, parseIsoDate, toRfc3339 } from './dates';
import { expandUpcE, gs1CheckDigit, gtinProblem, normaliseGtin } from './gtin';
import { charLength, enumKey, exceeds, isAscii, isHttpUrl, urlHost } from './text';

describe('GTIN (GS1 mod 10)', () => {
  it('computes check digits', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('978030640615')).toBe(7);
    expect(gs1CheckDigit('1234567')).toBe(0);
  });
  it('accepts valid GTIN-8/12/13/14', () => {
    for (const g of ['96385074', '036000291452', '4006381333931', '10012345678902'])
      expect(gtinProblem(g), g).toBeUndefined();
  });
  it('names what is wrong', () => {
    expect(gtinProblem('4006381333932')).toBe('check_digit');
    expect(gtinProblem('400638133393')).toBe('check_digit');
    expect(gtinProblem('1234567890')).toBe('length');
    expect(gtinProblem('40063813A3931')).toBe('characters');
    expect(gtinProblem('2000000000008')).toBe('restricted');
    expect(gtinProblem('0400000000008')).toBe('restricted');
    expect(gtinProblem('0500000000005')).toBe('coupon');
  });
  it('expands UPC-E and ignores spaces and dashes', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(gtinProblem('04252614')).toBeUndefined();
    expect(normaliseGtin('400 6381-333931')).toBe('4006381333931');
  });
});

describe('dates', () => {
  it('parses the forms the channels use', () => {
    expect(parseIsoDate('2016-02-24T13:00-0800')?.time).toBe(Date.UTC(2016, 1, 24, 21, 0));
    expect(parseIsoDate('2016-02-24T13:00:30Z')?.time).toBe(Date.UTC(2016, 1, 24, 13, 0, 30));
    expect(parseIsoDate('2016-02-24T13:00+05:30')?.time).toBe(Date.UTC(2016, 1, 24, 7, 30));
    // a day alone ends at 23:59:59
    expect(parseIsoDate('2016-02-24')?.time).toBe(Date.UTC(2016, 1, 24, 23, 59, 59));
  });
  it('refuses what is not a date', () => {
    for (const d of [
      '2016-02-30',
      '2016-13-01',
      '24/02/2016',
      '2016-02-24T25:00',
      '2016-02-24T10:00+1600',
      '',
    ])
      expect(parseIsoDate(d), d).toBeUndefined();
  });
  it('parses intervals and writes RFC 3339', () => {
    const i = parseInterval('2016-02-24T13:00-0800/2016-02-29T15:30-0800');
    expect(i?.end.time).toBeGreaterThan(i?.start.time ?? Infinity);
    expect(parseInterval('2016-02-24')).toBeUndefined();
    expect(toRfc3339('2016-02-24T13:00-0800')).toBe('2016-02-24T21:00:00Z');
  });
});

describe('money', () => {
  it('parses and formats the feed form with the currency decimals', () => {
    expect(parseMoney('15.00 USD')).toEqual({ value: 15, currency: 'USD' });
    expect(parseMoney(' 7 eur')).toEqual({ value: 7, currency: 'EUR' });
    expect(parseMoney('$15')).toBeNull();
    expect(formatMoney({ value: 15, currency: 'USD' })).toBe('15.00 USD');
    expect(formatMoney({ value: 0.05, currency: 'EUR' })).toBe('0.05 EUR');
    expect(formatMoney({ value: 1500, currency: 'JPY' })).toBe('1500 JPY');
    expect(formatMoney({ value: 1.5, currency: 'KWD' })).toBe('1.500 KWD');
    for (const v of [0, 0.1, 0.99, 1.005, 9.995, 123456.78, 29.5])
      expect(formatAmount({ value: v, currency: 'USD' }), String(v)).toBe(v.toFixed(2));
  });
  it('converts to micros exactly and spots excess precision', () => {
    expect(toMicros(15.99)).toBe('15990000');
    expect(toMicros(0.1 + 0.2)).toBe('300000');
    expect(hasExcessPrecision({ value: 9.999, currency: 'USD' })).toBe(true);
    expect(hasExcessPrecision({ value: 9.99, currency: 'USD' })).toBe(false);
    expect(isIsoCurrency('USD')).toBe(true);
    expect(isIsoCurrency('XYZ')).toBe(false);
  });
});

describe('text helpers', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(charLength('🧀🧀a')).toBe(3);
    expect(exceeds('🧀🧀', 2)).toBe(false);
    expect(exceeds('abc', 2)).toBe(true);
  });
  it('recognises http(s) URLs', () => {
    for (const u of ['https://a.com', 'HTTP://A.COM/X?y=1#z', 'https://u:p@a.b.c:8080/p'])
      expect(isHttpUrl(u), u).toBe(true);
    for (const u of [
      'ftp://a.com',
      'https://localhost',
      'https://a.com/x y',
      'https://a.com:80x',
      'a.com',
      'https://.com',
      'https://a.',
    ])
      expect(isHttpUrl(u), u).toBe(false);
    expect(urlHost('https://user@WWW.Shop.com:8080/x')).toBe('www.shop.com');
    expect(isAscii('https://a.com/é')).toBe(false);
  });
  it('normalises enumeration spellings', () => {
    expect(enumKey(' In Stock ')).toBe('in_stock');
    expect(enumKey('IN_STOCK')).toBe('in_stock');
    expect(enumKey('out-of-stock')).toBe('out_of_stock');
  });
});
