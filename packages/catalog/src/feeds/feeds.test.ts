import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { CONTEXT, goldenProducts, NASTY, product, resolved, validSource } from '../../test/fixtures';
import { expectGolden } from '../../test/golden';
import type { TCompiledRow } from '../channels/engine';
import { hasErrors, isPresent, readValue, validateItem } from '../channels/engine';
import type { TValidationContext } from '../channels/types';
import type { TProduct } from '../model/product';
import { channelItems } from '../model/product';
import { escapeXml, plainTsvCell, splitComposite, splitRaw, stripControl } from './escape';
import type { TFeedFormat, TFeedFormatId } from './formats';
import { columnHeader, FEED_FORMATS, GOOGLE_NS } from './formats';
import { feedReadable, feedToString, writeFeed } from './stream';
import { cellText, listOf, scalarText } from './values';

// Golden files for every writer (small, hand-checkable input with nasty text), and round trips: every XML
// output parses back with fast-xml-parser, every CSV/TSV output with csv-parse, to the same values.

const META = {
  title: 'Feedloom demo shop & co',
  link: 'https://shop.example.com',
  description: 'All products <live>',
};

/** A product's channel items, without shop defaults (channelItems' second argument is not an index). */
const itemsOf = (p: TProduct) => channelItems(p);

const build = (id: TFeedFormatId, products: TProduct[] = goldenProducts()) =>
  feedToString({ format: FEED_FORMATS[id], products, context: CONTEXT, meta: META });

/** The items a feed must contain (valid ones) with the text of each attribute, as the writer should give them. */
const expectedItems = (
  format: TFeedFormat,
  products: TProduct[],
  text: (row: TCompiledRow, v: unknown) => string | string[],
) => {
  const ctx = resolved();
  return products.flatMap(itemsOf).flatMap((item) => {
    if (hasErrors(validateItem(format.channel, item, ctx))) return [];
    const out: Record<string, string | string[] | Record<string, string>[]> = {};
    for (const row of format.channel.rows) {
      if (!row.feed) continue;
      const v = readValue(row, item, ctx);
      if (!isPresent(v)) continue;
      if (row.type === 'record' && text === xmlText) {
        out[row.feed] = listOf(row, v).map((rec) =>
          Object.fromEntries(
            (row.children ?? [])
              .filter((c) => c.feed && isPresent((rec as Record<string, unknown>)[c.key ?? c.attribute]))
              .map((c) => [
                c.feed as string,
                stripControl(scalarText(c, (rec as Record<string, unknown>)[c.key ?? c.attribute])),
              ]),
          ),
        );
      } else {
        out[text === xmlText ? row.feed : columnHeader(row)] = text(row, v);
      }
    }
    return [out];
  });
};
/** A text as a channel sends it (its cleaning: control characters, edge spaces, HTML). */
const channelText = (format: TFeedFormat, attribute: string, text: string): unknown =>
  format.channel.byAttribute.get(attribute)?.cleanValue(text);

const xmlText = (row: TCompiledRow, v: unknown): string | string[] =>
  row.repeated
    ? listOf(row, v)
        .filter(isPresent)
        .map((x) => stripControl(scalarText(row, x)))
    : stripControl(scalarText(row, v));

const parseRss = (xml: string) => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: true,
    isArray: (_name, jpath) => jpath === 'rss.channel.item',
  });
  const doc = parser.parse(xml) as {
    rss: {
      '@_xmlns:g': string;
      channel: { title: string; description: string; item: Record<string, unknown>[] };
    };
  };
  expect(doc.rss['@_xmlns:g']).toBe(GOOGLE_NS);
  // Drop the indentation text nodes; strip the g: prefix; single repeated elements come back as lists.
  const clean = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(clean);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k]) => k !== '#text')
        .map(([k, v]) => [k.replace(/^g:/, ''), clean(v)]),
    );
  };
  return {
    channel: doc.rss.channel,
    items: doc.rss.channel.item.map((i) => clean(i) as Record<string, unknown>),
  };
};

describe.each(['google_xml', 'meta_xml'] as const)('%s writer', (id) => {
  it('matches its golden file', async () => expectGolden(`${id.replace('_', '.')}`, await build(id)));

  it('parses back with fast-xml-parser to the same values', async () => {
    const format = FEED_FORMATS[id];
    const { channel, items } = parseRss(await build(id));
    expect(channel.title).toBe(META.title);
    expect(channel.description).toBe(META.description);
    const expected = expectedItems(format, goldenProducts(), xmlText);
    expect(items).toHaveLength(expected.length);
    items.forEach((item, i) => {
      const want = expected[i] ?? {};
      const got = Object.fromEntries(
        Object.entries(item).map(([k, v]) => {
          const row = format.channel.rows.find((r) => r.feed === k);
          // a repeated element written once parses as a single value
          if (row?.type === 'record') return [k, Array.isArray(v) ? v : [v]];
          return [k, row?.repeated && !Array.isArray(v) ? [v] : v];
        }),
      );
      expect(got).toEqual(want);
    });
    // The nasty description survives, minus the control characters and what the channel's HTML rules remove.
    expect(items[0]?.description).toBe(channelText(format, 'description', NASTY));
    expect(items[0]?.title).toBe('Tom & Jerry <Deluxe> "Cheese" Board 🧀');
  });
});

const delimited: [TFeedFormatId, string, string][] = [
  ['google_tsv', '\t', 'google.tsv'],
  ['microsoft_tsv', '\t', 'microsoft.tsv'],
  ['meta_csv', ',', 'meta.csv'],
];

describe.each(delimited)('%s writer', (id, delimiter, file) => {
  it('matches its golden file', async () => expectGolden(file, await build(id)));

  it('parses back with csv-parse to the same values', async () => {
    const format = FEED_FORMATS[id];
    const text = await build(id);
    // Microsoft's file never quotes a value: quotes are plain characters there.
    const never = id === 'microsoft_tsv';
    const records = parseCsv(text, {
      delimiter,
      columns: true,
      relax_quotes: false,
      skip_empty_lines: true,
      quote: never ? false : '"',
    }) as Record<string, string>[];
    const cell = never ? plainTsvCell : stripControl;
    const expected = expectedItems(format, goldenProducts(), (row, v) => cell(cellText(row, v)));
    expect(records).toHaveLength(expected.length);
    records.forEach((record, i) => {
      const nonEmpty = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ''));
      expect(nonEmpty).toEqual(expected[i]);
    });
    expect(records[0]?.description).toBe(cell(channelText(format, 'description', NASTY) as string));
    expect(records.at(-1)?.description).toHaveLength(5000);
  });
});

describe('composite values in delimited feeds', () => {
  it('lists and sub-attributes come back apart, quotes and separators included', async () => {
    const records = parseCsv(await build('google_tsv'), { delimiter: '\t', columns: true }) as Record<
      string,
      string
    >[];
    const first = records[0] ?? {};
    expect(splitComposite(first.product_highlight ?? '', ',')).toEqual([
      'Oak, oiled: food-safe',
      'Comes with a "knife"',
    ]);
    expect(splitComposite(first.product_detail ?? '', ':')).toEqual(['Size', 'Width, cm', '40: wide']);
    // The header names the shipping slots, so empty area slots are kept in place.
    const shipping = Object.keys(first).find((k) => k.startsWith('shipping(')) ?? '';
    expect(shipping).toBe(
      'shipping(country:region:postal_code:location_id:location_group_name:service:price:min_handling_time:max_handling_time:min_transit_time:max_transit_time)',
    );
    expect(splitComposite(first[shipping] ?? '', ':')).toEqual([
      'US',
      '',
      '',
      '',
      '',
      'Standard',
      '4.99 USD',
    ]);
    expect(splitComposite(first.additional_image_link ?? '', ',')).toHaveLength(2);
    // several records in one cell: split the list first, keeping quotes, then each record
    const two = 'US:CA:"Std, fast":5.00 USD,US:NY::6.00 USD';
    expect(splitRaw(two, ',').map((r) => splitComposite(r, ':'))).toEqual([
      ['US', 'CA', 'Std, fast', '5.00 USD'],
      ['US', 'NY', '', '6.00 USD'],
    ]);
  });
});

describe('items the merchant holds back', () => {
  const ALL = { control1: true, control2: true, control3: true, control4: true, control5: true };
  const GOOGLE_OFF = { control1: true, control2: true, control3: true };
  /** Valid everywhere but for how the merchant holds each back. */
  const catalogueOf = (): TProduct[] => [
    product(validSource(), { id: 'live', offer_id: 'LIVE' }),
    product({ ...validSource(), product_submission_control: ALL }, { id: 'draft', offer_id: 'DRAFT' }),
    product({ ...validSource(), product_submission_control: GOOGLE_OFF }, { id: 'nog', offer_id: 'NO-GOOGLE' }),
    product({ ...validSource(), product_submission_control: { control5: true } }, { id: 'nometa', offer_id: 'NO-META' }),
    product({ ...validSource(), pause: 'all' }, { id: 'paused', offer_id: 'PAUSED' }),
    product({ ...validSource(), pause: 'ads' }, { id: 'ads', offer_id: 'ADS-PAUSED' }),
    product(validSource(), {
      id: 'group',
      offer_id: 'GROUP',
      item_group_id: 'GROUP',
      variants: [
        { id: 'v1', offer_id: 'V-KEPT', source: { color: 'red' }, overrides: {}, rules: {} },
        { id: 'v2', offer_id: 'V-HELD', source: { color: 'blue' }, overrides: { product_submission_control: ALL }, rules: {} },
      ],
    }),
  ];
  const expected: Record<TFeedFormatId, string[]> = {
    google_xml: ['LIVE', 'NO-META', 'ADS-PAUSED', 'V-KEPT'],
    google_tsv: ['LIVE', 'NO-META', 'ADS-PAUSED', 'V-KEPT'],
    microsoft_tsv: ['LIVE', 'NO-GOOGLE', 'NO-META', 'ADS-PAUSED', 'V-KEPT'],
    meta_csv: ['LIVE', 'NO-GOOGLE', 'ADS-PAUSED', 'V-KEPT'],
    meta_xml: ['LIVE', 'NO-GOOGLE', 'ADS-PAUSED', 'V-KEPT'],
  };
  it.each(Object.keys(expected) as TFeedFormatId[])('%s leaves them out, whether or not it validates', async (id) => {
    const ids = /(LIVE|DRAFT|NO-GOOGLE|NO-META|ADS-PAUSED|PAUSED|V-KEPT|V-HELD)/g;
    for (const validate of [true, false]) {
      const text = await feedToString({ format: FEED_FORMATS[id], products: catalogueOf(), context: CONTEXT, validate });
      // Each id once as the item's id (links and titles do not carry them).
      expect([...new Set(text.match(ids))]).toEqual(expected[id]);
    }
  });
  it('counts them apart from the items with errors', async () => {
    const stats = { products: 0, items: 0, written: 0, rejected: 0, heldBack: 0 };
    await writeFeed(new Writable({ write: (_c, _e, cb) => cb() }), {
      format: FEED_FORMATS.google_xml,
      products: catalogueOf(),
      context: CONTEXT,
    }).then((s) => Object.assign(stats, s));
    expect(stats).toEqual({ products: 7, items: 8, written: 4, rejected: 0, heldBack: 4 });
  });
});

describe('text hygiene', () => {
  it('escapes XML specials, keeps CR as a reference, strips controls and lone surrogates', () => {
    expect(escapeXml('plain text')).toBe('plain text');
    expect(escapeXml('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    expect(escapeXml('a\r\nb')).toBe('a&#13;\nb');
    expect(escapeXml('bell\u0007 nul\u0000 del\u007f c1\u0085 ok\tok')).toBe('bell nul del c1 ok\tok');
    expect(escapeXml('lone \uD800 high, lone \uDC00 low, pair 🧀')).toBe('lone  high, lone  low, pair 🧀');
    expect(escapeXml('\uFFFE\uFFFF')).toBe('');
  });
});

describe('streaming', () => {
  it('gzip gives the same bytes compressed', async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write: (c: Buffer, _e, cb) => {
        chunks.push(c);
        cb();
      },
    });
    const stats = await writeFeed(sink, {
      format: FEED_FORMATS.google_xml,
      products: goldenProducts(),
      context: CONTEXT,
      meta: META,
      gzip: true,
    });
    expect(gunzipSync(Buffer.concat(chunks)).toString('utf8')).toBe(await build('google_xml'));
    expect(stats).toEqual({ products: 4, items: 5, written: 4, rejected: 1, heldBack: 0 });
  });

  it('reports every item with its issues, written or not', async () => {
    const seen: string[] = [];
    await feedToString({
      format: FEED_FORMATS.google_xml,
      products: goldenProducts(),
      context: CONTEXT,
      onItem: ({ item, issues }) =>
        seen.push(`${item.offerId}:${issues.filter((i) => i.severity === 'error').length}`),
    });
    expect(seen).toEqual(['SKU-1:0', 'SHIRT-S-WHITE:0', 'SHIRT-M-NAVY:0', 'BOOK-1:0', 'BROKEN:2']);
  });

  it('respects backpressure: a stalled destination stops the build', async () => {
    let pulled = 0;
    function* many(): Generator<TProduct> {
      for (let i = 0; i < 20_000; i++) {
        pulled++;
        yield product(
          { ...validSource(), description: 'x'.repeat(500) },
          { id: `p${i}`, offer_id: `SKU-${i}` },
        );
      }
    }
    const pending: (() => void)[] = [];
    const sink = new Writable({ highWaterMark: 1024, write: (_c, _e, cb) => void pending.push(() => cb()) });
    const done = writeFeed(sink, { format: FEED_FORMATS.google_xml, products: many(), context: CONTEXT });
    await new Promise((r) => setTimeout(r, 50));
    // ~64 KB chunks of ~1.3 KB items: a stalled sink holds the build to a handful of chunks.
    expect(pulled).toBeLessThan(500);
    const release = async () => {
      while (pending.length > 0 || !sink.writableFinished) {
        pending.splice(0).forEach((f) => f());
        await new Promise((r) => setImmediate(r));
      }
    };
    await Promise.all([done, release()]);
    expect(pulled).toBe(20_000);
  });

  it('reads from async sources and offers a Readable', async () => {
    async function* source(): AsyncGenerator<TProduct> {
      yield product(validSource());
    }
    let text = '';
    for await (const chunk of feedReadable({
      format: FEED_FORMATS.meta_csv,
      products: source(),
      context: CONTEXT,
    }))
      text += String(chunk);
    expect(text.split('\n')[1]).toMatch(/^SKU-1,/);
  });
});

describe('byte writer', () => {
  it('writes exactly the bytes of escapeXml, for any text', async () => {
    const { ByteBuilder } = await import('./bytes');
    const alphabet = [
      'a',
      'Z',
      ' ',
      '&',
      '<',
      '>',
      '"',
      '\r',
      '\n',
      '\t',
      '\u0000',
      '\u0007',
      '\u007f',
      '\u0085',
      'é',
      'ש',
      '🧀',
      '\uD800',
      '\uDC00',
      '\uFFFE',
      '€',
    ];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 500; n++) {
      const length = Math.floor(rnd() * 120);
      let s = '';
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
      const b = new ByteBuilder(16);
      b.xmlText(s);
      expect(b.take().toString('utf8'), JSON.stringify(s)).toBe(escapeXml(s));
    }
  });
});

describe('byte builder chunks', () => {
  it('hands out chunks that later writes never touch, across buffer growth', async () => {
    const { ByteBuilder } = await import('./bytes');
    const b = new ByteBuilder(32);
    b.plain('first chunk, ');
    const first = b.take();
    const taken = [first];
    for (let i = 0; i < 50; i++) {
      b.xmlText(`item ${i} & more <text> `);
      if (i % 7 === 0) taken.push(b.take());
    }
    taken.push(b.take());
    expect(first.toString()).toBe('first chunk, ');
    const all = Buffer.concat(taken).toString();
    expect(all.startsWith('first chunk, item 0 &amp; more &lt;text&gt; item 1')).toBe(true);
    expect(all.endsWith('item 49 &amp; more &lt;text&gt; ')).toBe(true);
    expect(b.length).toBe(0);
  });

  it('takeOwned hands over a whole buffer (transferable) and goes on in a fresh one', async () => {
    const { ByteBuilder } = await import('./bytes');
    const b = new ByteBuilder(64);
    b.plain('one & ');
    const first = b.takeOwned();
    expect(first.byteOffset).toBe(0);
    b.xmlText('two & three');
    const second = b.takeOwned();
    expect(Buffer.from(first).toString()).toBe('one & ');
    expect(Buffer.from(second).toString()).toBe('two &amp; three');
    expect(second.buffer).not.toBe(first.buffer);
  });
});

describe('variants share element bytes', () => {
  it('a build that reuses the shared elements of variants writes exactly what item-by-item writing gives', async () => {
    const products = [
      ...goldenProducts(),
      product(validSource(), {
        id: 'p9',
        offer_id: 'MUG',
        item_group_id: 'MUG',
        variants: ['Red', 'Blue', 'Red'].map((color, i) => ({
          id: `m${i}`,
          offer_id: `MUG-${i}`,
          source: { color },
          overrides: {},
          rules: {},
        })),
      }),
    ];
    const format = FEED_FORMATS.google_xml;
    const ctx = resolved();
    const expected = products
      .flatMap(itemsOf)
      .filter((item) => !hasErrors(validateItem(format.channel, item, ctx)))
      .map((item) => format.item(item, ctx))
      .join('');
    const xml = await feedToString({ format, products, context: CONTEXT, meta: META });
    expect(xml).toBe(format.header(META) + expected + format.footer());
  });
});

describe('values a warning let through', () => {
  it('writes a price or measure of the wrong shape as given instead of failing the feed', async () => {
    const { GOOGLE } = await import('../channels');
    const measure = GOOGLE.byAttribute.get('shipping_length')!;
    const price = GOOGLE.byAttribute.get('price')!;
    expect(scalarText(measure, 12)).toBe('12');
    expect(scalarText(measure, { value: 12 })).toBe('{"value":12}');
    expect(scalarText(price, '15 dollars')).toBe('15 dollars');
    expect(scalarText(measure, { value: 12, unit: 'cm' })).toBe('12 cm');
  });
});

describe("the shop's default condition in every writer", () => {
  const { condition: _condition, ...bare } = validSource();
  const products = () => [
    product(bare, { id: 'a', offer_id: 'NO-CONDITION' }),
    product({ ...validSource(), condition: 'refurbished' }, { id: 'b', offer_id: 'OWN-CONDITION' }),
    product(bare, { id: 'c', offer_id: 'EDITED', overrides: { condition: 'new' } }),
  ];
  /** Each written item's condition by id, as the file gives it back. */
  const conditions = async (id: TFeedFormatId, context: TValidationContext) => {
    const text = await feedToString({ format: FEED_FORMATS[id], products: products(), context, meta: META });
    const records: Record<string, unknown>[] = id.endsWith('_xml')
      ? parseRss(text).items
      : (parseCsv(text, {
          delimiter: id === 'meta_csv' ? ',' : '\t',
          columns: true,
          quote: id === 'microsoft_tsv' ? false : '"',
        }) as Record<string, string>[]);
    return Object.fromEntries(records.map((r) => [r.id, r.condition]));
  };

  it.each(Object.keys(FEED_FORMATS) as TFeedFormatId[])(
    '%s: a product without condition gets the default, one with its own (source or edit) keeps it',
    async (id) => {
      expect(await conditions(id, { ...CONTEXT, defaults: { condition: 'used' } })).toEqual({
        'NO-CONDITION': 'used',
        'OWN-CONDITION': 'refurbished',
        EDITED: 'new',
      });
    },
  );

  it('without a default, Meta leaves a product without condition out and Microsoft sends its documented new', async () => {
    expect(await conditions('meta_csv', CONTEXT)).toEqual({ 'OWN-CONDITION': 'refurbished', EDITED: 'new' });
    expect(await conditions('microsoft_tsv', CONTEXT)).toMatchObject({ 'NO-CONDITION': 'new' });
  });
});
