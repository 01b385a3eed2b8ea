import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { CONTEXT, product, resolved, validSource } from '../../test/fixtures';
import { SeenIds } from '../channels/duplicates';
import { validateCatalog, validateItem } from '../channels/engine';
import { GOOGLE, META, MICROSOFT } from '../channels/index';
import type { TChannel, TIssue } from '../channels/types';
import type { TLayerValues } from '../model/fields';
import type { TProduct } from '../model/product';
import { ChannelItem, channelItems } from '../model/product';
import { toMetaRequest, toMicrosoftProduct, toProductInput } from '../payloads/payloads';
import { parseShipping } from '../import/values';
import type { TFeedFormatId } from './formats';
import { FEED_FORMATS } from './formats';
import type { TFeedStats } from './stream';
import { feedChunks, feedToString } from './stream';

// Channel fidelity: each finding of the independent validator and the real shop exports, as a
// merchant would notice it in a feed file or on the product's issues.

const CHANNELS = { google: GOOGLE, microsoft: MICROSOFT, meta: META } as const;
const FORMATS: readonly TFeedFormatId[] = [
  'google_xml',
  'google_tsv',
  'microsoft_tsv',
  'meta_csv',
  'meta_xml',
];

const issuesOf = (channel: TChannel, p: TProduct): TIssue[] =>
  channelItems(p).flatMap((item) => validateItem(CHANNELS[channel], item, resolved()));
const errorsOf = (channel: TChannel, p: TProduct) =>
  issuesOf(channel, p).filter((i) => i.severity === 'error');
const withSource = (patch: TLayerValues, extra: Partial<TProduct> = {}) =>
  product({ ...validSource(), ...patch }, extra);

const feed = (id: TFeedFormatId, products: TProduct[]) =>
  feedToString({ format: FEED_FORMATS[id], products, context: CONTEXT });

const xmlItems = async (id: 'google_xml' | 'meta_xml', products: TProduct[]) => {
  const doc = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'item' }).parse(
    await feed(id, products),
  ) as { rss: { channel: { item?: Record<string, unknown>[] } } };
  return doc.rss.channel.item ?? [];
};

const delimitedRows = async (id: 'google_tsv' | 'microsoft_tsv' | 'meta_csv', products: TProduct[]) =>
  parseCsv(await feed(id, products), {
    delimiter: id === 'meta_csv' ? ',' : '\t',
    columns: true,
    quote: id === 'microsoft_tsv' ? false : '"',
    relax_quotes: true,
  }) as Record<string, string>[];

const statsOf = async (id: TFeedFormatId, products: TProduct[]) => {
  const stats: TFeedStats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
  const issues: { offerId: string; issues: TIssue[] }[] = [];
  for await (const _ of feedChunks(
    {
      format: FEED_FORMATS[id],
      products,
      context: CONTEXT,
      onItem: (r) => issues.push({ offerId: r.item.offerId, issues: r.issues }),
    },
    stats,
  ));
  return { stats, issues };
};

describe('duplicate offer ids', () => {
  const twins = () => [
    withSource({}, { id: 'p1', offer_id: 'SKU-1' }),
    withSource({ title: 'Another kettle' }, { id: 'p2', offer_id: ' SKU-1 ' }),
  ];

  it.each(FORMATS)('%s: the second item with an id already written is an error and left out', async (id) => {
    const { stats, issues } = await statsOf(id, twins());
    expect(stats).toMatchObject({ items: 2, written: 1, rejected: 1 });
    const second = issues[1]?.issues.find((i) => i.code === 'duplicate_id');
    expect(second).toMatchObject({ severity: 'error', attribute: 'id' });
    expect(second?.message).toContain('SKU-1');
  });

  it.each(['google', 'microsoft', 'meta'] as const)(
    '%s: validating a catalogue marks every item sharing an id',
    (channel) => {
      const results = validateCatalog(CHANNELS[channel], twins(), CONTEXT);
      expect(results).toHaveLength(2);
      for (const r of results)
        expect(r.issues).toContainEqual(expect.objectContaining({ code: 'duplicate_id', severity: 'error' }));
      const single = validateCatalog(CHANNELS[channel], [withSource({})], CONTEXT);
      expect(single[0]?.issues).toEqual([]);
    },
  );

  it('the seen-set of a streaming build tells every new id from a repeated one as it grows', () => {
    const seen = new SeenIds();
    const ids = Array.from({ length: 200_000 }, (_, i) => `SKU-${i}`);
    expect(ids.every((id) => seen.add(id))).toBe(true);
    expect(ids.some((id) => seen.add(id))).toBe(false);
    expect(seen.add('SKU-200000')).toBe(true);
  });

  it('a variant whose id another product uses collides too', () => {
    const group = withSource(
      {},
      {
        id: 'g',
        offer_id: 'G',
        item_group_id: 'G',
        variants: [{ id: 'v', offer_id: 'SKU-1', source: {}, overrides: {}, rules: {} }],
      },
    );
    const results = validateCatalog(GOOGLE, [withSource({}), group], CONTEXT);
    expect(results.map((r) => r.issues.some((i) => i.code === 'duplicate_id'))).toEqual([true, true]);
  });
});

describe('required text is judged after cleaning', () => {
  it.each(['google', 'microsoft', 'meta'] as const)(
    '%s: a title of only spaces or only control characters is missing',
    (channel) => {
      for (const title of ['   ', '\u0000\u0007\u001f', ' \t\u0085 ']) {
        expect(errorsOf(channel, withSource({ title }))).toContainEqual(
          expect.objectContaining({ code: 'missing_required', attribute: 'title' }),
        );
      }
    },
  );

  it.each(FORMATS)('%s: such an item is not written empty', async (id) => {
    const { stats } = await statsOf(id, [withSource({ title: ' \u0000 ' })]);
    expect(stats).toMatchObject({ written: 0, rejected: 1 });
  });

  it('lengths are measured as written, without the control characters the writer drops', async () => {
    const title = `${'x'.repeat(75)}\u0007${'x'.repeat(75)}`;
    expect(issuesOf('google', withSource({ title }))).toEqual([]);
    const [item] = await xmlItems('google_xml', [withSource({ title })]);
    expect(item?.['g:title']).toBe('x'.repeat(150));
    expect(errorsOf('google', withSource({ title: `${title}x` }))).toContainEqual(
      expect.objectContaining({ code: 'too_long', attribute: 'title' }),
    );
  });

  it('the writer sends the text the validator judged: trimmed, without control characters', async () => {
    const [item] = await xmlItems('google_xml', [withSource({ title: '  Kettle\u0007 deluxe  ' })]);
    expect(item?.['g:title']).toBe('Kettle deluxe');
    const [row] = await delimitedRows('google_tsv', [withSource({ custom_label1: ' sale ' })]);
    expect(row?.custom_label_1).toBe('sale');
  });
});

describe('Microsoft', () => {
  it('requires a description', () => {
    expect(errorsOf('microsoft', withSource({ description: undefined }))).toContainEqual(
      expect.objectContaining({ code: 'missing_required', attribute: 'description' }),
    );
    expect(errorsOf('microsoft', withSource({ description: '   ' }))).toHaveLength(1);
  });

  it('writes one item per line, never quoted: line breaks and tabs become spaces, quotes stay', async () => {
    const text = await feed('microsoft_tsv', [
      withSource({ title: 'The "Boiler" kettle', description: 'Line one\nline two\r\nthree\tfour' }),
    ]);
    const lines = text.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(2);
    const header = (lines[0] ?? '').split('\t');
    const cells = (lines[1] ?? '').split('\t');
    expect(cells).toHaveLength(header.length);
    expect(cells[header.indexOf('title')]).toBe('The "Boiler" kettle');
    expect(cells[header.indexOf('description')]).toBe('Line one line two three four');
  });
});

describe('an invalid optional attribute is left out, the item stays', () => {
  const cases: [string, TLayerValues, string, string][] = [
    ['colour Multicolor', { color: 'Multicolor' }, 'color', 'g:color'],
    [
      'a reversed sale date',
      { sale_price_effective_date: '2027-02-01T00:00-0800/2027-01-01T00:00-0800' },
      'sale_price_effective_date',
      'g:sale_price_effective_date',
    ],
    [
      'a sale price at or above the price',
      { sale_price: { value: 39.99, currency: 'USD' } },
      'sale_price',
      'g:sale_price',
    ],
    [
      'shipping to country "usa"',
      { shipping: [{ country: 'usa', price: { value: 4.99, currency: 'USD' } }] },
      'shipping',
      'g:shipping',
    ],
  ];

  it.each(cases)(
    'Google, %s: a warning, and the item is written without it',
    async (_, patch, attr, element) => {
      const issues = issuesOf('google', withSource(patch));
      expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
      expect(issues.find((i) => i.attribute.startsWith(attr))).toMatchObject({ severity: 'warning' });
      const items = await xmlItems('google_xml', [withSource(patch)]);
      expect(items).toHaveLength(1);
      expect(items[0]).not.toHaveProperty(element);
      expect(items[0]?.['g:title']).toBe('Acme Kettle 1.7 L');
    },
  );

  it('Microsoft and Meta leave an invalid sale price out the same way', async () => {
    const patch = { sale_price: { value: 50, currency: 'USD' } };
    for (const channel of ['microsoft', 'meta'] as const) {
      expect(errorsOf(channel, withSource(patch))).toEqual([]);
    }
    const [row] = await delimitedRows('microsoft_tsv', [withSource(patch)]);
    expect(row?.sale_price ?? '').toBe('');
    const [metaRow] = await delimitedRows('meta_csv', [withSource(patch)]);
    expect(metaRow?.sale_price ?? '').toBe('');
  });

  it('stays an error where the attribute is required (colour of apparel)', () => {
    const apparel = withSource({
      google_product_category: '1604',
      gender: 'unisex',
      age_group: 'adult',
      size: 'M',
      color: 'Multicolor',
    });
    expect(errorsOf('google', apparel)).toContainEqual(
      expect.objectContaining({ code: 'color_invalid', attribute: 'color' }),
    );
  });

  it('still refuses what the channel refuses whatever the attribute (Microsoft and adult products)', () => {
    expect(errorsOf('microsoft', withSource({ adult: true }))).toContainEqual(
      expect.objectContaining({ code: 'adult_not_supported' }),
    );
  });
});

describe('delimited shipping', () => {
  const rules = [
    { country: 'US', postal_code: '94043', service: 'Ground', price: { value: 5, currency: 'USD' } },
    { country: 'US', location_id: '21137', service: 'Express', price: { value: 9, currency: 'USD' } },
    { country: 'US', region: 'CA', service: 'Std', price: { value: 4, currency: 'USD' } },
  ];

  it('Google TSV names each area slot in its header, so postal codes and location ids are not regions', async () => {
    const text = await feed('google_tsv', [withSource({ shipping: rules })]);
    const header = (text.split('\n')[0] ?? '').split('\t');
    const column = header.find((h) => h.startsWith('shipping'));
    expect(column).toMatch(/^shipping\(country:region:postal_code:location_id:/);
    const [row] = await delimitedRows('google_tsv', [withSource({ shipping: rules })]);
    const slots = /\(([^)]*)\)/.exec(column ?? '')?.[1]?.split(':');
    const back = parseShipping(row?.[column ?? ''] ?? '', slots, { label: 'Shipping', currency: undefined });
    expect(back).toEqual(rules);
  });

  it.each(['microsoft', 'meta'] as const)(
    '%s: a rule for a postal code or location id, which its files cannot carry, is left out with a warning',
    async (channel) => {
      const issues = issuesOf(channel, withSource({ shipping: rules }));
      expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
      expect(issues.filter((i) => i.code === 'shipping_area_unsupported')).toHaveLength(2);
      const id = channel === 'microsoft' ? 'microsoft_tsv' : 'meta_csv';
      const [row] = await delimitedRows(id, [withSource({ shipping: rules })]);
      expect(row?.shipping).toBe('US:CA:Std:4.00 USD');
    },
  );
});

describe('ids, labels, HTML and currencies', () => {
  it.each(FORMATS)('%s: offer ids are trimmed like in the API payloads', async (id) => {
    const text = await feed(id, [withSource({}, { offer_id: '  SKU  1 ' })]);
    expect(text).toContain('SKU 1');
    expect(text).not.toContain('SKU  1');
    expect(text).not.toMatch(/[\t>,]\s+SKU|^\s+SKU/m);
  });

  it('API payloads use the same id', () => {
    const item = new ChannelItem(withSource({}, { offer_id: ' SKU-1 ' }));
    expect(toProductInput(item, { contentLanguage: 'en', feedLabel: 'US', context: CONTEXT }).offerId).toBe(
      'SKU-1',
    );
    expect(toMicrosoftProduct(item, { contentLanguage: 'en', targetCountry: 'US' }).offerId).toBe('SKU-1');
    expect(toMetaRequest(item, 'UPDATE', CONTEXT).data.id).toBe('SKU-1');
  });

  it('sends return_policy_label as the Merchant API returnPolicyLabel attribute', () => {
    const item = new ChannelItem(withSource({ return_policy_label: 'long-returns' }));
    const input = toProductInput(item, { contentLanguage: 'en', feedLabel: 'US', context: CONTEXT });
    expect(input.productAttributes.returnPolicyLabel).toBe('long-returns');
    expect(input.customAttributes.map((c) => c.name)).not.toContain('return_policy_label');
  });

  const HTML =
    '<p class="x">Boils <b>fast</b>.</p><ul><li>Steel</li><li>1.7&nbsp;L</li></ul><script>x()</script>';

  it.each(['microsoft', 'meta'] as const)(
    '%s: HTML in the description is removed, with a warning',
    async (channel) => {
      const issues = issuesOf(channel, withSource({ description: HTML }));
      expect(issues).toContainEqual(
        expect.objectContaining({ code: 'html_removed', severity: 'warning', attribute: 'description' }),
      );
      const id = channel === 'microsoft' ? 'microsoft_tsv' : 'meta_csv';
      const [row] = await delimitedRows(id, [withSource({ description: HTML })]);
      expect(row?.description).not.toMatch(/[<>]|&nbsp;|x\(\)/);
      expect(row?.description).toContain('Boils fast.');
      expect(row?.description).toContain('Steel');
    },
  );

  it('Google keeps its allowed tags without attributes and drops the rest, with a warning', async () => {
    const issues = issuesOf('google', withSource({ description: HTML }));
    expect(issues).toContainEqual(
      expect.objectContaining({ code: 'html_not_allowed', severity: 'warning', attribute: 'description' }),
    );
    const [item] = await xmlItems('google_xml', [withSource({ description: HTML })]);
    expect(item?.['g:description']).toBe('Boils fast.<br><ul><li>Steel</li><li>1.7&nbsp;L</li></ul>');
    const fine = '<strong>Boils</strong> fast<br>';
    expect(issuesOf('google', withSource({ description: fine }))).toEqual([]);
    expect(issuesOf('google', withSource({ description: 'Tea & cakes, 2 < 3' }))).toEqual([]);
  });

  it('a lowercase currency code is normalised, not refused', async () => {
    const patch = { price: { value: 39.99, currency: 'usd' }, sale_price: { value: 29.99, currency: 'usd' } };
    for (const channel of ['google', 'microsoft', 'meta'] as const)
      expect(issuesOf(channel, withSource(patch))).toEqual([]);
    const [item] = await xmlItems('google_xml', [withSource(patch)]);
    expect(item?.['g:price']).toBe('39.99 USD');
    expect(item?.['g:sale_price']).toBe('29.99 USD');
    const input = toProductInput(new ChannelItem(withSource(patch)), {
      contentLanguage: 'en',
      feedLabel: 'US',
      context: CONTEXT,
    });
    expect(input.productAttributes.price).toEqual({ amountMicros: '39990000', currencyCode: 'USD' });
  });
});
