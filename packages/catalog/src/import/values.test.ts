import { readFileSync } from 'node:fs';
import { PRODUCT_MSG } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import { CONTEXT, validSource } from '../../test/fixtures';
import { FEED_FORMATS } from '../feeds/formats';
import { feedToString } from '../feeds/stream';
import type { TProduct } from '../model/product';
import { channelItems } from '../model/product';
import type { TImportedProduct } from './core';
import { importedToProduct } from './core';
import { bytesOfText, importCsv } from './pipeline';
import {
  htmlToText,
  parseCertifications,
  parseDecimal,
  parseDetails,
  parseGtin,
  parseMeasure,
  parsePrice,
  parseShipping,
  parseUrl,
  splitRepeated,
  splitUrls,
  TProblem,
} from './values';

// Cell parsers, and the round trip that matters most: a Google TSV feed written by our own writer imports
// back to the same channel values.

const money = { label: 'Price', currency: 'USD' };

describe('cell values', () => {
  it.each<[string, boolean, number | undefined]>([
    ['1234.5', false, 1234.5],
    ['1,234.50', false, 1234.5],
    ['1.234,50', false, 1234.5],
    ['1 234,50', false, 1234.5],
    ['19,99', false, 19.99],
    ['1,299', false, 1299],
    ['1,299', true, 1.299],
    ['-3', false, -3],
    ['12abc', false, undefined],
    ['1e3', false, undefined],
  ])('decimal %j (decimal comma %j) → %j', (text, decimalComma, expected) => {
    expect(parseDecimal(text, decimalComma)).toBe(expected);
  });

  it('reads prices with codes, symbols or the shop currency', () => {
    expect(parsePrice('19.99 USD', money)).toEqual({ value: 19.99, currency: 'USD' });
    expect(parsePrice('EUR 5', money)).toEqual({ value: 5, currency: 'EUR' });
    expect(parsePrice('$1,299.00', money)).toEqual({ value: 1299, currency: 'USD' });
    expect(parsePrice('$10', { ...money, currency: 'CAD' })).toEqual({ value: 10, currency: 'CAD' });
    expect(parsePrice('19,99 €', money)).toEqual({ value: 19.99, currency: 'EUR' });
    expect(parsePrice('£3.50', money)).toEqual({ value: 3.5, currency: 'GBP' });
    expect(parsePrice('7', money)).toEqual({ value: 7, currency: 'USD' });
    expect(parsePrice('7', { label: 'Price', currency: undefined })).toEqual(
      new TProblem('Price "7" has no currency: write it like 19.99 USD, or set the shop\'s currency.'),
    );
    expect(parsePrice('-5 USD', money)).toBeInstanceOf(TProblem);
    expect(parsePrice('99999999999 USD', money)).toEqual(new TProblem(PRODUCT_MSG.numberTooLarge));
  });

  it('reads measures, GTINs and links', () => {
    expect(parseMeasure('1.5kg')).toEqual({ value: 1.5, unit: 'kg' });
    expect(parseMeasure('750 ml')).toEqual({ value: 750, unit: 'ml' });
    expect(parseMeasure('2 lbs')).toEqual({ value: 2, unit: 'lb' });
    expect(parseMeasure('0.5', 'kg')).toEqual({ value: 0.5, unit: 'kg' });
    expect(parseMeasure('0.5')).toEqual(new TProblem(PRODUCT_MSG.valueAndUnit));
    expect(parseGtin('400-6381 333931')).toBe('4006381333931');
    expect(parseGtin('ABC123')).toEqual(new TProblem(PRODUCT_MSG.gtinDigits));
    expect(parseGtin('12345')).toEqual(new TProblem(PRODUCT_MSG.gtinLength));
    expect(splitUrls('https://a.example.com/x.jpg, https://a.example.com/y,z.jpg')).toEqual([
      'https://a.example.com/x.jpg',
      'https://a.example.com/y,z.jpg',
    ]);
    // What shop exports write, mended: a protocol-relative link, spaces in a path or query.
    expect(parseUrl('//cdn.example.com/a.jpg', 'Image link')).toBe('https://cdn.example.com/a.jpg');
    expect(parseUrl('https://a.example.com/blue shirt 2.jpg?v=a b', 'Image link')).toBe(
      'https://a.example.com/blue%20shirt%202.jpg?v=a%20b',
    );
    // Not guessed: no scheme, a space in the host, a line break.
    for (const bad of [
      'a.example.com/x.jpg',
      'https://a example.com/x.jpg',
      'https://a.example.com/x\ny.jpg',
    ])
      expect(parseUrl(bad, 'Image link')).toBeInstanceOf(TProblem);
  });

  it('reads Google composite values', () => {
    expect(parseDetails('General:Size:"10"" x 12"""')).toEqual([
      { section_name: 'General', attribute_name: 'Size', attribute_value: '10" x 12"' },
    ]);
    expect(parseDetails('Weight:2 kg,Display:Resolution:1920x1080:60Hz')).toEqual([
      { attribute_name: 'Weight', attribute_value: '2 kg' },
      { section_name: 'Display', attribute_name: 'Resolution', attribute_value: '1920x1080:60Hz' },
    ]);
    expect(parseDetails('only-a-name')).toBeInstanceOf(TProblem);
    expect(parseShipping('US:94043:Express:9.99 USD:1:2:3:4,DE::Standard:4 EUR', undefined, money)).toEqual([
      {
        country: 'US',
        postal_code: '94043',
        service: 'Express',
        price: { value: 9.99, currency: 'USD' },
        min_handling_time: 1,
        max_handling_time: 2,
        min_transit_time: 3,
        max_transit_time: 4,
      },
      { country: 'DE', service: 'Standard', price: { value: 4, currency: 'EUR' } },
    ]);
    expect(parseShipping('US:9.99 USD', ['country', 'price'], money)).toEqual([
      { country: 'US', price: { value: 9.99, currency: 'USD' } },
    ]);
    expect(parseCertifications('European_Commission:EPREL:123456')).toEqual([
      {
        certification_authority: 'European_Commission',
        certification_name: 'EPREL',
        certification_code: '123456',
      },
    ]);
  });

  it('turns HTML descriptions into text', () => {
    expect(
      htmlToText('<h2>Tea &amp; cakes</h2><p>Line one<br>line two&nbsp;&#8211; done</p><script>x()</script>'),
    ).toBe('Tea & cakes\nLine one\nline two – done');
    expect(htmlToText('No markup, R&D inside')).toBe('No markup, R&D inside');
  });
});

describe('Google TSV round trip', () => {
  it('imports our own Google TSV feed back to the values it was written from', async () => {
    const base = validSource();
    const products: TProduct[] = [
      { id: 'p1', offer_id: 'KETTLE-1', source: base, overrides: {}, rules: {}, variants: [] },
      {
        id: 'TEE',
        offer_id: 'TEE',
        item_group_id: 'TEE',
        source: {
          ...base,
          title: 'Tee, "organic"',
          google_product_category: '1604',
          brand: 'Feedloom',
          gtin: undefined,
          color: 'Black',
          gender: 'unisex',
          age_group: 'adult',
          highlights: ['Soft, breathable', 'Machine washable'],
          detail: [
            { section_name: 'General', attribute_name: 'Fit: cut', attribute_value: 'Regular, "slim"' },
          ],
          sale_price: { value: 29.99, currency: 'USD' },
          product_weight: { value: 0.2, unit: 'kg' },
          additional_image_links: [
            'https://shop.example.com/i/tee-2.jpg',
            'https://shop.example.com/i/tee-3.jpg',
          ],
        },
        overrides: {},
        rules: {},
        variants: ['S', 'M'].map((size) => ({
          id: `TEE-${size}`,
          offer_id: `TEE-${size}`,
          source: { size, mpn: `TEE-${size}` },
          overrides: {},
          rules: {},
        })),
      },
    ];
    const tsv = await feedToString({ format: FEED_FORMATS.google_tsv, products, context: CONTEXT });
    const r = await importCsv(bytesOfText(tsv), { shop: { currency: 'USD' } });
    expect(r.mapping.format).toBe('google');
    expect(r.mapping.unknown_columns).toEqual([]);
    const imported: TImportedProduct[] = [];
    for await (const x of r.results) {
      if (x.kind === 'error') throw new Error(`${x.row_number} ${x.column}: ${x.message}`);
      imported.push(x);
    }
    const clean = (v: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null));
    const valuesOf = (list: TProduct[]) =>
      list
        .flatMap((p) => channelItems(p))
        .map((item) => ({ id: item.offerId, values: clean(item.values as Record<string, unknown>) }));
    expect(valuesOf(imported.map(importedToProduct))).toEqual(valuesOf(products));
  });
});

describe('value parsers, pinned before their fast paths', () => {
  // What the regex-only parsers gave on inputs around the fast paths' edges (signs, spacing, case, a bare dot,
  // full-width digits, unknown currencies, quotes and commas in composite values), kept as JSON.
  const pinned = JSON.parse(
    readFileSync(new URL('./fixtures/values-pinned.json', import.meta.url), 'utf8'),
  ) as {
    prices: [string, unknown, unknown][];
    shipping: [string, unknown, unknown][];
    repeated: [string, unknown][];
    decimals: [string, unknown, unknown, unknown, unknown][];
  };
  const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null)) as unknown;
  const ship = { label: 'Shipping', currency: 'USD' };

  it('give the same values and problems as before', () => {
    for (const [text, shop, none] of pinned.prices) {
      expect([text, plain(parsePrice(text, money))]).toEqual([text, shop]);
      expect([
        text,
        plain(parsePrice(text, { label: 'Price', currency: undefined, decimalComma: true })),
      ]).toEqual([text, none]);
    }
    for (const [text, any, slots] of pinned.shipping) {
      expect([text, plain(parseShipping(text, undefined, ship))]).toEqual([text, any]);
      expect([text, plain(parseShipping(text, ['country', 'postal_code', 'price'], ship))]).toEqual([
        text,
        slots,
      ]);
    }
    for (const [text, parts] of pinned.repeated) expect([text, splitRepeated(text)]).toEqual([text, parts]);
    for (const [text, dot, comma, kg, bare] of pinned.decimals) {
      expect([text, plain(parseDecimal(text)), plain(parseDecimal(text, true))]).toEqual([text, dot, comma]);
      expect([text, plain(parseMeasure(`${text} kg`)), plain(parseMeasure(text))]).toEqual([text, kg, bare]);
    }
  });
});

describe('parseDecimal on plain numbers', () => {
  it('gives exactly the double Number() gives, sign, zeros and long digit strings included', () => {
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rnd() * 10))).join('');
    const texts = ['-0', '0', '+0.0', '007.50', '999999999999999', '9999999999999999', '0.000000000000001'];
    for (let i = 0; i < 20_000; i++) {
      const sign = rnd() < 0.1 ? (rnd() < 0.5 ? '-' : '+') : '';
      const fraction = rnd() < 0.3 ? '' : `.${digits(1 + Math.floor(rnd() * 10))}`;
      texts.push(`${sign}${digits(1 + Math.floor(rnd() * 12))}${fraction}`);
    }
    for (const text of texts) expect([text, parseDecimal(text)]).toEqual([text, Number(text)]);
  });
});
