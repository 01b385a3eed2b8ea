import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TImportResult } from './core';
import { bytesOfText, importCsv, importFile } from './pipeline';
import type { TImportRun } from './pipeline';
import { FILE_TYPE_MSG, fileTypeProblem, isXmlHead } from './sniff';
import { FeedFileError, openXmlFeed, XML_FEED_MSG, XML_ITEM_MAX_CHARS } from './xml';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const USD = { shop: { currency: 'USD' } };

const resultsOf = async (run: TImportRun): Promise<TImportResult[]> => {
  const out: TImportResult[] = [];
  for await (const r of run.results) out.push(r);
  return out;
};

/** Results without their row numbers (a CSV counts rows, an XML feed gives its items' lines). */
const withoutRows = (results: readonly TImportResult[]): unknown =>
  JSON.parse(
    JSON.stringify(results, (key, value: unknown) => (key.startsWith('row_number') ? undefined : value)),
  );

/** Bytes in pieces of `size`: pieces end inside tags, entities, CDATA sections and multi-byte characters. */
function* pieces(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const G = 'xmlns:g="http://base.google.com/ns/1.0"';
const rss = (items: string, root = `<rss ${G} version="2.0">`) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${root}<channel><title>Shop</title>\n${items}</channel></rss>\n`;
const item = (id: string, more = '') =>
  `<item><g:id>${id}</g:id><g:title>Item ${id}</g:title><g:price>5.00 USD</g:price>${more}</item>\n`;

describe('Google XML feeds', () => {
  it('reads RSS 2.0 and Atom into the same products as the feed in CSV form', async () => {
    const csv = await resultsOf(await importFile([fixture('google-feed.csv')], USD));
    const fromRss = await importFile([fixture('google-feed.rss.xml')], USD);
    const fromAtom = await importFile([fixture('google-feed.atom.xml')], USD);
    expect(fromRss.file.format).toBe('google_xml');
    expect(fromRss.mapping.format).toBe('google');
    const rssResults = await resultsOf(fromRss);
    expect(withoutRows(rssResults)).toEqual(withoutRows(csv));
    expect(withoutRows(await resultsOf(fromAtom))).toEqual(withoutRows(csv));
    // Two variants, one plain product, and the item without a price reported at the line its <item> starts on.
    expect(rssResults.map((r) => (r.kind === 'product' ? r.product_id : `error ${r.row_number}`))).toEqual([
      'TEE',
      'MUG-1',
      'error 102',
    ]);
    expect(rssResults[2]).toMatchObject({ kind: 'error', column: 'price', message: 'Price is required.' });
    expect(fromRss.stats).toMatchObject({ rows_read: 4, rows_rejected: 1 });
    // The shipping column's header names its slots, as our own Google TSV export writes it.
    expect(fromRss.file.headers).toContain(
      'shipping(country:region:postal_code:location_id:location_group_name:service:price:min_handling_time:max_handling_time:min_transit_time:max_transit_time)',
    );
    expect(fromRss.mapping.unknown_columns).toEqual(['tax', 'c:size_chart']);
  });

  it('maps nested and repeated elements, decodes CDATA and entities, and takes RSS/Atom title, link and description', async () => {
    const [tee, mug] = await resultsOf(await importFile([fixture('google-feed.rss.xml')], USD));
    if (tee?.kind !== 'product' || mug?.kind !== 'product') throw new Error('products expected');
    const m = tee.variants[0]!;
    expect(tee.source).toMatchObject({
      description: '<p>Soft organic cotton & a regular fit.</p>',
      brand: 'Feedloom & Co',
    });
    expect(tee.custom).toEqual({ 'c:size_chart': 'https://shop.example.com/size-chart' });
    expect(m.source).toMatchObject({
      title: 'Classic Tee – Black, M',
      link: 'https://shop.example.com/p/tee?v=black-m&ref=feed',
      availability: 'in_stock',
      additional_image_links: [
        'https://shop.example.com/i/tee-black-back.jpg',
        'https://shop.example.com/i/tee-black-side.jpg',
      ],
      shipping: [
        { country: 'US', region: 'CA', service: 'Standard', price: { value: 4.99, currency: 'USD' } },
        {
          country: 'US',
          postal_code: '80302',
          service: 'Express: next day',
          price: { value: 9.99, currency: 'USD' },
          min_transit_time: 1,
          max_transit_time: 2,
        },
      ],
      detail: [
        { section_name: 'General', attribute_name: 'Fabric', attribute_value: '100% cotton' },
        { attribute_name: 'Fit', attribute_value: 'Regular' },
      ],
      highlights: ['Soft, breathable cotton', 'Machine washable at 40 °C'],
      certifications: [
        {
          certification_authority: 'European_Commission',
          certification_name: 'EPREL',
          certification_code: '123456',
        },
      ],
    });
    // Google's nested attributes the catalogue has no field for stay custom attributes, in their CSV text form.
    expect(m.custom).toEqual({ tax: 'US:CA:8.75:yes' });
    expect(mug.source).toMatchObject({
      title: 'Stoneware Mug <350 ml>',
      link: 'https://shop.example.com/p/mug',
      description: 'Glazed stoneware.\nDishwasher safe.',
      free_shipping_threshold: { value: 49, currency: 'USD' },
      highlights: ['Holds 350 ml'],
    });
  });

  it('gives the same results whatever the size of the pieces the bytes arrive in', async () => {
    for (const name of ['google-feed.rss.xml', 'google-feed.atom.xml']) {
      const whole = await resultsOf(await importFile([fixture(name)], USD));
      const bytes = fixture(name);
      for (const size of [1, 7, 509]) {
        expect(await resultsOf(await importFile(pieces(bytes, size), USD))).toEqual(whole);
      }
    }
  }, 30_000);

  it('lets a g: element win over the RSS element of the same attribute, and an Atom alternate link over others', async () => {
    const feed = rss(
      '<item><title>Plain title</title><g:title>Google title</g:title><link>https://a.example.com/plain</link>' +
        '<g:id>A</g:id><g:price>1.00 USD</g:price><g:link>https://a.example.com/google</g:link></item>\n',
    );
    const [a] = await resultsOf(await importFile(bytesOfText(feed), USD));
    expect(a).toMatchObject({ source: { title: 'Google title', link: 'https://a.example.com/google' } });
    const atom =
      `<feed xmlns="http://www.w3.org/2005/Atom" ${G}><entry><title>T</title>` +
      '<link rel="enclosure" href="https://a.example.com/i.jpg"/><link rel="alternate" href="https://a.example.com/p"/>' +
      '<g:id>B</g:id><g:price>2.00 USD</g:price></entry></feed>';
    const [b] = await resultsOf(await importFile(bytesOfText(atom), USD));
    expect(b).toMatchObject({ product_id: 'B', source: { title: 'T', link: 'https://a.example.com/p' } });
  });

  it('knows Google’s namespace by its URI under any prefix, and g: where a feed forgot to declare it', async () => {
    const other = rss(
      '<item><google:id>A</google:id><google:title>A</google:title><google:price>1.00 USD</google:price></item>\n',
      '<rss xmlns:google="http://base.google.com/ns/1.0" version="2.0">',
    );
    expect(await resultsOf(await importFile(bytesOfText(other), USD))).toMatchObject([
      { product_id: 'A', source: { title: 'A', price: { value: 1, currency: 'USD' } } },
    ]);
    const undeclared = rss(item('B', '<x:note>kept</x:note>'), '<rss version="2.0">');
    expect(await resultsOf(await importFile(bytesOfText(undeclared), USD))).toMatchObject([
      { product_id: 'B', custom: { 'x:note': 'kept' } },
    ]);
  });

  it('maps an element first used by a later item, with the merchant’s mapping edits', async () => {
    const items = Array.from({ length: 400 }, (_, i) =>
      item(`P${i}`, i === 350 ? '<g:sale_price>4.00 USD</g:sale_price><g:material>Oak</g:material>' : ''),
    ).join('');
    const run = await importFile(bytesOfText(rss(items), 1024), {
      ...USD,
      edits: { material: 'custom:wood' },
    });
    const results = await resultsOf(run);
    expect(results).toHaveLength(400);
    expect(results[350]).toMatchObject({
      source: { sale_price: { value: 4, currency: 'USD' } },
      custom: { wood: 'Oak' },
    });
    expect(run.mapping.columns.map((c) => `${c.header}>${c.target}`)).toEqual([
      'id>id',
      'title>title',
      'price>price',
      'sale_price>sale_price',
      'material>custom:wood',
    ]);
  });

  it('reads the encoding an XML declaration names, and UTF-16 with a byte order mark', async () => {
    const latin = Buffer.from(
      rss(item('A', '<g:brand>Café Crème</g:brand>')).replace('UTF-8', 'ISO-8859-1'),
      'latin1',
    );
    expect(await resultsOf(await importFile([latin], USD))).toMatchObject([
      { source: { brand: 'Café Crème' } },
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(rss(item('B', '<g:brand>Zoë</g:brand>')).replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    expect(isXmlHead(utf16)).toBe(true);
    expect(await resultsOf(await importFile([utf16], USD))).toMatchObject([{ source: { brand: 'Zoë' } }]);
  });

  it('refuses XML that is no Google product feed, with the reason', async () => {
    const problem = async (text: string) => (await importFile(bytesOfText(text), USD)).file.problem;
    expect(await problem('<?xml version="1.0"?>\n<catalog><product><id>1</id></product></catalog>')).toBe(
      XML_FEED_MSG.wrongRoot('catalog'),
    );
    expect(await problem(rss(''))).toBe(XML_FEED_MSG.noItems);
    // A blog's RSS: items, but no g: attribute.
    expect(
      await problem(rss('<item><title>Our summer sale</title><link>https://a.example.com/b</link></item>')),
    ).toBe(XML_FEED_MSG.notGoogle);
    expect(await problem('<?xml version="1.0"?><html><body>Sign in</body></html>')).toBe(FILE_TYPE_MSG.html);
    const refused = await importFile(bytesOfText(rss('')), USD);
    expect(await resultsOf(refused)).toEqual([]);
  });

  it('reports malformed XML with its line: as the file’s problem up to the first item, by a FeedFileError after it', async () => {
    const early = await importFile(
      bytesOfText(rss('<item>\n<g:id>A</g:id>\n<g:title>A</g:price>\n</item>')),
      USD,
    );
    expect(early.file.problem).toBe(XML_FEED_MSG.notWellFormed(5, 'unexpected close tag'));
    expect(await resultsOf(early)).toEqual([]);
    expect(
      (await importFile(bytesOfText(rss(item('A', '<g:brand>Smith&nbsp;Sons</g:brand>'))), USD)).file.problem,
    ).toMatch(/^The XML feed is not well-formed at line 3: undefined entity\. /);

    const items = Array.from({ length: 300 }, (_, i) => item(`P${i}`)).join('');
    const late = await importFile(bytesOfText(rss(`${items}<item><g:id>X</g:id>\n`), 1024), USD);
    expect(late.file.problem).toBeNull();
    const got: TImportResult[] = [];
    const reading = (async () => {
      for await (const r of late.results) got.push(r);
    })();
    await expect(reading).rejects.toThrow(FeedFileError);
    await expect(reading).rejects.toThrow(
      /^The XML feed is not well-formed at line 304: unexpected close tag\. /,
    );
    // The items before the fault were read; the caller decides what to keep (the import job fails the run).
    expect(got.length).toBeGreaterThan(250);
  });

  it('reports an item too large to hold instead of keeping it', async () => {
    const huge = 'x'.repeat(XML_ITEM_MAX_CHARS + 1);
    const results = await resultsOf(
      await importFile(
        bytesOfText(rss(item('A') + item('B', `<g:description>${huge}</g:description>`) + item('C'))),
        USD,
      ),
    );
    expect(results.map((r) => r.kind)).toEqual(['product', 'error', 'product']);
    expect(results[1]).toMatchObject({ message: XML_FEED_MSG.itemTooLarge(XML_ITEM_MAX_CHARS) });
  });

  it('stays a stream: a large feed is read a few chunks ahead of the products it gives', async () => {
    const ITEMS_PER_CHUNK = 100;
    const CHUNKS = 200;
    const encoder = new TextEncoder();
    let produced = 0;
    async function* feed(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(`<?xml version="1.0"?><rss ${G} version="2.0"><channel>\n`);
      for (let c = 0; c < CHUNKS; c++) {
        let text = '';
        for (let i = 0; i < ITEMS_PER_CHUNK; i++) {
          const n = c * ITEMS_PER_CHUNK + i;
          text += item(`P${n}`, `<g:description>${'Product text. '.repeat(20)}</g:description>`);
        }
        produced++;
        yield encoder.encode(text);
      }
      yield encoder.encode('</channel></rss>\n');
    }
    const run = await importFile(feed(), USD);
    let products = 0;
    let ahead = 0;
    for await (const batch of run.resultBatches) {
      products += batch.length;
      ahead = Math.max(ahead, produced - Math.floor(products / ITEMS_PER_CHUNK));
    }
    expect(products).toBe(ITEMS_PER_CHUNK * CHUNKS);
    // Bytes are pulled as products go out: never more than a few chunks (of ~40 kB here) ahead.
    expect(ahead).toBeLessThanOrEqual(3);
  }, 60_000);
});

describe('telling XML from CSV', () => {
  const head = (text: string) => new TextEncoder().encode(text);
  it('sends XML to the feed reader and refuses it only where a CSV is required', async () => {
    const xml = head(`<?xml version="1.0"?><rss ${G}>`);
    expect(isXmlHead(xml)).toBe(true);
    expect(isXmlHead(head('\uFEFF  <feed xmlns="http://www.w3.org/2005/Atom">'))).toBe(true);
    expect(isXmlHead(head('<!DOCTYPE html><html>'))).toBe(false);
    expect(isXmlHead(head('id,title,price\n'))).toBe(false);
    expect(fileTypeProblem(xml, { xml: true })).toBeNull();
    expect(fileTypeProblem(head('<html><body>'), { xml: true })).toBe(FILE_TYPE_MSG.html);
    // A customisation CSV is a CSV: an XML file there is refused as before.
    expect(fileTypeProblem(xml)).toBe(FILE_TYPE_MSG.xml);
    expect((await importCsv(bytesOfText(rss(item('A'))))).file.problem).toBe(FILE_TYPE_MSG.xml);
    expect((await openXmlFeed(bytesOfText(rss(item('A'))))).headers).toEqual(['id', 'title', 'price']);
  });
});
