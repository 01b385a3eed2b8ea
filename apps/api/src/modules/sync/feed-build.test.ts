// The feed file built from the database (feed-build.ts): every product of the shop once, in id order on one
// thread, the same items when the shop is split into id ranges built on worker threads (PostgreSQL), and
// the product pages it reads keep to their shop and range.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { shopFeedChunks } from './feed-build';
import { shopProductPages } from './product-pages';

const BUILD = {
  format: 'google_xml' as const,
  context: { currency: 'USD', targetCountry: 'US', contentLanguage: 'en' },
  meta: { title: 'Rivera', link: 'https://rivera-outdoor.example', description: 'Products of Rivera' },
};

/** `count` valid products P1…Pn, and every fifth without a description (an error on Google: left out). */
const insertProducts = (t: TTestApp, shopId: string, count: number, prefix: string) =>
  t.database.db.execute(sql`
    insert into products (shop_id, product_key, offer_id, source, source_hash)
    select ${shopId}::uuid, ${prefix} || g, ${prefix} || g,
      jsonb_build_object('title', 'Enamel mug ' || g, 'link', 'https://rivera-outdoor.example/p/' || g,
        'image_link', 'https://rivera-outdoor.example/i/' || g || '.jpg',
        'price', jsonb_build_object('value', 10 + g % 7, 'currency', 'USD'), 'availability', 'in_stock',
        'brand', 'Rivera', 'gtin', '4006381333931', 'condition', 'new')
        || case when g % 5 = 0 then '{}'::jsonb else jsonb_build_object('description', 'A sturdy mug') end,
      md5(g::text)
    from generate_series(1, ${count}::int) g`);

const text = async (chunks: AsyncIterable<Uint8Array>) => {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
};
const idsOf = (xml: string) => [...xml.matchAll(/<g:id>([^<]+)<\/g:id>/g)].map((m) => m[1]!);

describe.each(DRIVERS)('feed file from the database on %s', (driver) => {
  let t: TTestApp;
  let shopId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const owner = await ownerWithOrg(t, 'feeds@example.com', 'Rivera', 2);
    shopId = owner.shops[0]!.id;
    // Another shop's products come first and in between: they are never read.
    await insertProducts(t, owner.shops[1]!.id, 7, 'X');
    await insertProducts(t, shopId, 60, 'P');
    await insertProducts(t, owner.shops[1]!.id, 5, 'Y');
  });
  afterAll(() => t.close());

  const expected = Array.from({ length: 60 }, (_, i) => i + 1)
    .filter((g) => g % 5 !== 0)
    .map((g) => `P${g}`);

  it('writes every valid product of the shop once, in id order, a page at a time', async () => {
    const xml = await text(await shopFeedChunks(t.database, shopId, BUILD, { shards: 1, pageSize: 7 }));
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<\/rss>/g)).toHaveLength(1);
    expect(idsOf(xml)).toEqual(expected);
  });

  it('reads only the range it is given, and stops early without a stray failure', async () => {
    const pages = [];
    for await (const page of shopProductPages(t.database.db, shopId, 4, { after: 0, upTo: Number.MAX_SAFE_INTEGER })) {
      pages.push(page.map((p) => p.product.offer_id));
      if (pages.length === 2) break;
    }
    expect(pages).toEqual([
      ['P1', 'P2', 'P3', 'P4'],
      ['P5', 'P6', 'P7', 'P8'],
    ]);
  });

  it('builds the same items on worker threads, one id range each (PostgreSQL; PGlite builds on this thread)', async () => {
    const xml = await text(await shopFeedChunks(t.database, shopId, BUILD, { shards: 3, shardFrom: 1, pageSize: 6 }));
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<\/rss>/g)).toHaveLength(1);
    expect([...idsOf(xml)].sort()).toEqual([...expected].sort());
    expect(new Set(idsOf(xml)).size).toBe(expected.length);
  }, 60_000);
});
