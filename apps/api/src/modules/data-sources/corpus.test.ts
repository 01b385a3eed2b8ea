// Shop exports as merchants have them (fixtures/corpus: Shopify's older export with Published, its 2024 export
// with Status and variants, WooCommerce's export with every variation after all parents and weights written
// `.5`, a Google CSV with item groups), each imported end to end through the api and compared with the
// products, variants, statuses and channel items it must give. And one offer id in two data sources of a shop:
// the source that brought it first keeps it, however often the two import in turn.
import { readFileSync } from 'node:fs';
import { channelItems } from '@feedloom/catalog';
import { API_PREFIX, type TDataSourceImport, type TEnvelope, type TProductDetail } from '@feedloom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { ownerWithOrg } from '../../test/org-fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { productOf } from '../catalogue';
import { DATA_SOURCE_API_MSG as M } from './messages';
import { multipartForm } from '../../test/multipart';

const corpus = (name: string): Buffer => readFileSync(new URL(`./fixtures/corpus/${name}`, import.meta.url));

const multipart = (fields: Record<string, string>, file: { name: string; bytes: Buffer }) =>
  multipartForm(fields, file);

/** What a product of the corpus must be once imported. */
interface TExpected {
  key: string;
  title: string;
  variants: string[];
  /** Held back from every channel (a draft, an unpublished product): excluded on all three. */
  heldBack: boolean;
  /** The channel items it gives (offer ids), none when held back. */
  items: string[];
  /** Source values it must have (a subset). */
  values?: Record<string, unknown>;
}

const CASES: { file: string; rows: number; rejected: number; products: TExpected[]; report?: string[] }[] = [
  {
    file: 'shopify-2017.csv',
    rows: 3,
    rejected: 0,
    products: [
      {
        key: 'canvas-tote',
        title: 'Canvas Tote',
        variants: ['TOTE-NAT', 'TOTE-BLK'],
        heldBack: false,
        items: ['TOTE-NAT', 'TOTE-BLK'],
        values: { brand: 'Feedloom', product_type: 'Bags' },
      },
      { key: 'retired-mug', title: 'Retired Mug', variants: [], heldBack: true, items: ['MUG-OLD'] },
    ],
  },
  {
    file: 'shopify-2024.csv',
    rows: 4,
    rejected: 0,
    products: [
      { key: 'hidden-scarf', title: 'Hidden Scarf', variants: [], heldBack: true, items: ['SCARF'] },
      {
        key: 'trail-sock',
        title: 'Trail Sock',
        variants: ['SOCK-S', 'SOCK-M'],
        heldBack: false,
        items: ['SOCK-S', 'SOCK-M'],
      },
      { key: 'winter-beanie', title: 'Winter Beanie', variants: [], heldBack: true, items: ['BEANIE'] },
    ],
  },
  {
    file: 'woocommerce-parents-first.csv',
    rows: 6,
    rejected: 0,
    products: [
      {
        key: 'CAP',
        title: 'Cap',
        variants: ['CAP-ONE'],
        heldBack: false,
        items: ['CAP-ONE'],
        values: { shipping_weight: { value: 0.2, unit: 'kg' } },
      },
      {
        key: 'HOODIE',
        title: 'Hoodie',
        variants: ['HOODIE-BLUE', 'HOODIE-GREEN'],
        heldBack: false,
        items: ['HOODIE-BLUE', 'HOODIE-GREEN'],
        values: { shipping_weight: { value: 0.5, unit: 'kg' } },
      },
      {
        key: 'MUG-20',
        title: 'Coffee Mug',
        variants: [],
        heldBack: false,
        items: ['MUG-20'],
        values: { shipping_weight: { value: 0.35, unit: 'kg' } },
      },
    ],
  },
  {
    file: 'google-item-groups.csv',
    rows: 5,
    rejected: 0,
    products: [
      { key: 'LAMP', title: 'Desk Lamp', variants: [], heldBack: false, items: ['LAMP'] },
      {
        key: 'RUN',
        title: 'Acme Running Sneakers',
        variants: ['RUN-BUR-40', 'RUN-BLK-41'],
        heldBack: false,
        items: ['RUN-BUR-40', 'RUN-BLK-41'],
        values: { shipping_weight: { value: 0.9, unit: 'kg' } },
      },
      {
        key: 'SHIRT',
        title: 'Acme Linen Shirt',
        variants: ['SHIRT-S', 'SHIRT-M'],
        heldBack: false,
        items: ['SHIRT-S', 'SHIRT-M'],
      },
    ],
    // A weight that is no measure is left out of its row, which is imported.
    report: [
      '5,shipping_weight,Enter a valid number. This value was left out; the rest of the row is imported.',
    ],
  },
];

describe.each(DRIVERS)('import corpus on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    // Batches of 2 products: parents and the variations that come after them land in different batches.
    t = await createTestApp(driver, { env: { IMPORT_BATCH_SIZE: 2 } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const upload = async (token: string, fields: Record<string, string>, bytes: Buffer, name: string) => {
    const body = multipart(fields, { name, bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/import-csv`,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<TEnvelope<TDataSourceImport>>() };
  };
  const reportOf = async (token: string, shop: string, runId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/import-run/${shop}/${runId}/report`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res.statusCode === 200 ? res.body.trim().split(/\r\n/).slice(1) : [];
  };
  const stored = (shop: string) =>
    queryRows<{
      id: number;
      product_key: string;
      offer_id: string;
      item_group_id: string | null;
      source: Record<string, unknown>;
      source_custom: Record<string, string>;
      variants: Record<string, unknown>[];
      custom: Record<string, unknown>;
      data_source_id: string;
      google_status: string | null;
      microsoft_status: string | null;
      meta_status: string | null;
    }>(
      t.database.db,
      sql`select id::int as id, product_key, offer_id, item_group_id, source, source_custom, variants, custom,
            data_source_id::text as data_source_id, google_status, microsoft_status, meta_status
          from products where shop_id = ${shop}::uuid order by product_key`,
    );

  it.each(CASES)('$file gives its products, variants, statuses and items', async (c) => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const sent = await upload(
      token,
      { shop_id: shop, data_source_name: 'Shop export' },
      corpus(c.file),
      c.file,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const run = sent.body.data.run;
    const report = run.has_report ? await reportOf(token, shop, run.id) : [];
    expect(report).toEqual(c.report ?? []);
    expect(run).toMatchObject({ status: 'succeeded', rows_read: c.rows, rows_rejected: c.rejected });

    const rows = await stored(shop);
    const got = rows.map((r) => {
      const product = productOf(r);
      const held = ['google', 'microsoft', 'meta'].map(
        (ch) => r[`${ch}_status` as 'google_status'] === 'excluded',
      );
      return {
        key: r.product_key,
        title: r.source.title,
        variants: product.variants.map((v) => v.offer_id),
        heldBack: held.every(Boolean) ? true : held.some(Boolean) ? 'some channels' : false,
        items: channelItems(product).map((i) => i.offerId),
        ...(c.products.find((p) => p.key === r.product_key)?.values
          ? {
              values: Object.fromEntries(
                Object.keys(c.products.find((p) => p.key === r.product_key)!.values!).map((k) => [
                  k,
                  r.source[k],
                ]),
              ),
            }
          : {}),
      };
    });
    expect(got).toEqual(c.products);
    // Every product has a title of its own, so the list's search finds a word of it.
    for (const p of c.products) {
      const word = p.title.split(' ').at(-1)!.toLowerCase();
      const found = await t.call<{ data: { id: number }[] }>(
        'GET',
        `/products-data/${shop}?${new URLSearchParams({ search: word })}`,
        { token },
      );
      expect(found.status).toBe(200);
      expect(found.body.data.data.map((d) => d.id)).toContain(rows.find((r) => r.product_key === p.key)!.id);
    }

    // The same file again changes nothing.
    const again = await upload(
      token,
      { shop_id: shop, data_source_id: sent.body.data.data_source.id },
      corpus(c.file),
      c.file,
    );
    expect(again.body.data.run).toMatchObject({ status: 'succeeded', rows_imported: 0, rows_removed: 0 });
    expect(await stored(shop)).toEqual(rows);
  });

  it('keeps an offer id with the data source that brought it first, however often two sources import it', async () => {
    const { token, shops } = await ownerWithOrg(t, 'owner@example.com', 'Acme');
    const shop = shops[0]!.id;
    const header = 'id,title,description,link,image_link,price,availability,brand,condition';
    const line = (id: string, title: string) =>
      `${id},${title},Text,https://store1.example.com/p/${id},https://store1.example.com/i/${id}.jpg,10.00 USD,in_stock,Acme,new`;
    const fileA = Buffer.from([header, line('SHARED', 'From A'), line('A-ONLY', 'Only A')].join('\n'));
    const fileB = Buffer.from([header, line('B-ONLY', 'Only B'), line('SHARED', 'From B')].join('\n'));
    const a = await upload(token, { shop_id: shop, data_source_name: 'Feed A' }, fileA, 'a.csv');
    const b = await upload(token, { shop_id: shop, data_source_name: 'Feed B' }, fileB, 'b.csv');
    const sourceA = a.body.data.data_source.id;
    const sourceB = b.body.data.data_source.id;
    const shared = async () => (await stored(shop)).find((r) => r.product_key === 'SHARED')!;
    const claimLine = `3,id,"${M.offerClaimed('SHARED', 'Feed A')}"`;

    for (let round = 0; round < 3; round++) {
      const runB =
        round === 0
          ? b.body.data.run
          : (await upload(token, { shop_id: shop, data_source_id: sourceB }, fileB, 'b.csv')).body.data.run;
      expect(runB).toMatchObject({ status: 'succeeded', rows_read: 2, rows_rejected: 1, rows_removed: 0 });
      expect(await reportOf(token, shop, runB.id)).toEqual([claimLine]);
      expect(await shared()).toMatchObject({ data_source_id: sourceA, source: { title: 'From A' } });
      const runA = (await upload(token, { shop_id: shop, data_source_id: sourceA }, fileA, 'a.csv')).body.data
        .run;
      expect(runA).toMatchObject({ status: 'succeeded', rows_rejected: 0, rows_imported: 0 });
      expect(await shared()).toMatchObject({ data_source_id: sourceA, source: { title: 'From A' } });
    }
    expect((await stored(shop)).map((r) => r.product_key)).toEqual(['A-ONLY', 'B-ONLY', 'SHARED']);

    // The product shows the other source's claim.
    const detail = await t.call<TProductDetail>('GET', `/product-detail/${shop}/${(await shared()).id}`, {
      token,
    });
    expect(detail.body.data.offer_claims).toEqual([
      {
        data_source_name: 'Feed B',
        seen_at: expect.any(String) as unknown,
        message: M.offerAlsoIn('SHARED', 'Feed B', 'Feed A'),
      },
    ]);
    // Once B's file no longer has the offer id, the claim is gone.
    await upload(
      token,
      { shop_id: shop, data_source_id: sourceB },
      Buffer.from([header, line('B-ONLY', 'Only B')].join('\n')),
      'b.csv',
    );
    const after = await t.call<TProductDetail>('GET', `/product-detail/${shop}/${(await shared()).id}`, {
      token,
    });
    expect(after.body.data.offer_claims).toEqual([]);
  });
});
