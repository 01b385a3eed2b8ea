import { readFileSync } from 'node:fs';
import { excludedFromChannel, PRODUCT_MSG } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import {
  excludedEverywhere,
  groupTitle,
  MSG,
  type TImportedProduct,
  type TImportError,
  type TImportResult,
} from './core';
import { createImporter } from './importer';
import { suggestMapping } from './mapping';
import type { TImportCsvOptions } from './pipeline';
import { bytesOfText, importCsv } from './pipeline';
import { ERROR_CSV_HEADER, ImportReport, errorsCsv } from './report';

// Each mapper on its fixture: the products (shared values on the product, differences on the variants), the
// rejected rows with row number, column and message, and the counts.

const SHOP = { currency: 'USD', url: 'https://shop.example.com' };

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

const run = async (bytes: Iterable<Uint8Array> | Buffer, options: TImportCsvOptions = {}) => {
  const importRun = await importCsv(Buffer.isBuffer(bytes) ? [bytes] : bytes, { shop: SHOP, ...options });
  const results: TImportResult[] = [];
  for await (const r of importRun.results) results.push(r);
  const products = results.filter((r): r is TImportedProduct => r.kind === 'product');
  const errors = results.filter((r): r is TImportError => r.kind === 'error');
  const byId = (id: string) => products.find((p) => p.product_id === id);
  return { ...importRun, results, products, errors, byId };
};

const usd = (value: number) => ({ value, currency: 'USD' });

describe('Google feed', () => {
  it('imports variants by item_group_id, normalises values and rejects bad rows', async () => {
    const r = await run(fixture('google-comma.csv'));
    expect(r.file.delimiter).toBe(',');
    expect(r.mapping.format).toBe('google');
    expect(r.stats).toEqual({ rows_read: 4, rows_imported: 3, rows_rejected: 1, products: 2, variants: 2 });

    const tee = r.byId('TEE');
    expect(tee).toMatchObject({
      offer_id: 'TEE',
      item_group_id: 'TEE',
      row_numbers: [2, 3],
      source: {
        description: 'Soft cotton tee, "pre-shrunk".',
        image_link: 'https://shop.example.com/i/tee-blk.jpg',
        additional_image_links: [
          'https://shop.example.com/i/tee-back.jpg',
          'https://shop.example.com/i/tee-side.jpg',
        ],
        availability: 'in_stock',
        price: usd(24.99),
        sale_price: usd(19.99),
        brand: 'Feedloom',
        color: 'Black',
        gender: 'unisex',
        highlights: ['Organic cotton', 'Fits true to size, regular'],
        detail: [
          { section_name: 'General', attribute_name: 'Fabric', attribute_value: 'Cotton' },
          { section_name: 'General', attribute_name: 'Fit', attribute_value: 'Regular' },
        ],
        shipping: [
          { country: 'US', region: 'CA', service: 'Standard', price: { value: 4.99, currency: 'USD' } },
        ],
        custom_label0: 'summer',
      },
    });
    expect(tee?.variants).toEqual([
      {
        id: 'TEE-BLK-S',
        offer_id: 'TEE-BLK-S',
        row_number: 2,
        source: {
          title: 'Classic Tee - Black, S',
          link: 'https://shop.example.com/p/tee?v=blk-s',
          mpn: 'FL-TEE-BLK-S',
          size: 'S',
          shipping_weight: { value: 0.2, unit: 'kg' },
        },
        custom: { supplier_code: 'SUP-1' },
      },
      {
        id: 'TEE-BLK-M',
        offer_id: 'TEE-BLK-M',
        row_number: 3,
        source: {
          title: 'Classic Tee - Black, M',
          link: 'https://shop.example.com/p/tee?v=blk-m',
          mpn: 'FL-TEE-BLK-M',
          size: 'M',
          shipping_weight: { value: 0.22, unit: 'kg' },
        },
        custom: { supplier_code: 'SUP-2' },
      },
    ]);

    // A price without a currency is in the shop's currency.
    expect(r.byId('KETTLE-1')).toMatchObject({
      offer_id: 'KETTLE-1',
      variants: [],
      source: { price: usd(39.99), availability: 'out_of_stock', gtin: '4006381333931' },
      custom: { supplier_code: 'SUP-3' },
    });
    expect(r.errors).toEqual([
      {
        kind: 'error',
        row_number: 5,
        column: 'price',
        message: 'Price "cheap" is not a price. Write it like 19.99 USD or 19.99.',
      },
      {
        kind: 'error',
        row_number: 5,
        column: 'gtin',
        message:
          'GTIN "4006381333932" has a wrong check digit: copy it again from the barcode. If this column holds your own codes rather than GTINs, map it to a custom attribute.',
      },
    ]);
  });

  it('reads a semicolon file with a BOM and decimal commas', async () => {
    const r = await run(fixture('google-semicolon-bom.csv'));
    expect(r.file.delimiter).toBe(';');
    expect(r.errors).toEqual([]);
    expect(r.products.map((p) => [p.offer_id, p.source.title, p.source.price])).toEqual([
      ['CAFE-1', 'Café crème Tasse', { value: 12.5, currency: 'EUR' }],
      ['CAFE-2', 'Espresso-Set', { value: 1299, currency: 'EUR' }],
    ]);
  });

  it('reads a UTF-16 LE tab-delimited file', async () => {
    const text = '\uFEFFid\ttitle\tprice\tbrand\r\nM-1\tMüller Tasse ☕\t9.99 EUR\tMüller\r\n';
    const bytes = Buffer.from(text, 'utf16le');
    const r = await run([bytes.subarray(0, 11), bytes.subarray(11)]);
    expect(r.file.encoding).toBe('utf-16le');
    expect(r.file.delimiter).toBe('\t');
    expect(r.products[0]?.source).toEqual({
      title: 'Müller Tasse ☕',
      price: { value: 9.99, currency: 'EUR' },
      brand: 'Müller',
    });
  });

  it('reads a Windows-1252 file with é and €', async () => {
    const text = 'id;title;price\r\nCR-1;Crème brûlée;4,50 €\r\n';
    const bytes = Buffer.from(text, 'latin1');
    bytes[bytes.indexOf(Buffer.from('€', 'latin1'))] = 0x80; // € is 0x80 in Windows-1252, absent from Latin-1
    const r = await run(bytes);
    expect(r.file.encoding).toBe('windows-1252');
    expect(r.products[0]?.source).toEqual({ title: 'Crème brûlée', price: { value: 4.5, currency: 'EUR' } });
  });

  it('reports ragged rows and keeps everything else of an awkward file', async () => {
    const r = await run(fixture('edge-cases.csv'));
    expect(r.products.map((p) => [p.offer_id, p.source.title, p.row_numbers])).toEqual([
      ['E1', 'Multi\r\nline title', [2]],
      ['E2', 'Short row', [4]],
      ['E4', '12" screen', [8]],
      ['E5', 'Trailing', [9]],
      ['E6', 'No newline at end', [10]],
    ]);
    expect(r.errors).toEqual([
      {
        kind: 'error',
        row_number: 6,
        column: 'column 5',
        message:
          'This row has 5 cells but the header has 4: a value probably contains an unquoted delimiter or a missing quote.',
      },
    ]);
    expect(r.stats).toMatchObject({ rows_read: 6, rows_imported: 5, rows_rejected: 1 });
  });

  it('requires an id, a title and a price, and refuses a duplicate id', async () => {
    const text = 'id,title,price\nA,Alpha,1\n,No id,2\nC,,3\nD,No price,\nA,Alpha again,4\n';
    const r = await run(bytesOfText(text));
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [3, 'id', 'ID is required.'],
      [4, 'title', PRODUCT_MSG.titleRequired],
      [5, 'price', 'Price is required.'],
      [6, 'id', 'ID "A" is already used by row 2: every product and variant needs its own ID.'],
    ]);
    expect(r.stats).toMatchObject({ rows_read: 5, rows_imported: 1, rows_rejected: 4 });
  });

  it('lists the rows of every id collision, ids compared as channels receive them', async () => {
    const text = 'id,title,price\nA,Alpha,1\nB,Beta,2\nA,Again,3\n A ,Spaced,4\nC  D,x,5\nC D,y,6\n';
    const r = await run(bytesOfText(text));
    expect(r.collisions()).toEqual([
      { id: 'A', rows: [2, 4, 5] },
      { id: 'C D', rows: [6, 7] },
    ]);
    expect(r.errors.map((e) => [e.row_number, e.message])).toEqual([
      [4, 'ID "A" is already used by row 2: every product and variant needs its own ID.'],
      [5, 'ID "A" is already used by row 2: every product and variant needs its own ID.'],
      [7, 'ID "C D" is already used by row 6: every product and variant needs its own ID.'],
    ]);
    const report = new ImportReport();
    for (const e of r.errors) report.add(e);
    expect(report.summary(r.stats, { collisions: r.collisions() }).collisions).toEqual(r.collisions());
  });

  it('refuses a product whose catalogue key another product already has', async () => {
    // A single product X and a group X would be stored as one product: the later one is refused.
    const text = 'id,item_group_id,title,price\nX,,Single,1\nX-1,X,Var,2\nX-2,X,Var,3\n';
    const r = await run(bytesOfText(text));
    expect(r.products.map((p) => p.product_id)).toEqual(['X']);
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [3, 'item_group_id', 'ID "X" is already used by row 2: every product and variant needs its own ID.'],
      [4, 'item_group_id', 'ID "X" is already used by row 2: every product and variant needs its own ID.'],
    ]);
    expect(r.collisions()).toEqual([{ id: 'X', rows: [2, 3, 4] }]);
    expect(r.stats).toMatchObject({ rows_read: 3, rows_imported: 1, rows_rejected: 2, products: 1 });
  });

  it('keyed by SKU (a data source setting), two products with one SKU collide', async () => {
    const text = 'id,sku,title,price\nA,S1,Alpha,1\nB,S1,Beta,2\nC,S2,Gamma,3\n';
    const r = await run(bytesOfText(text), { productKey: 'sku' });
    expect(r.products.map((p) => p.product_id)).toEqual(['A', 'C']);
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [3, 'sku', 'ID "S1" is already used by row 2: every product and variant needs its own ID.'],
    ]);
    expect(r.collisions()).toEqual([{ id: 'S1', rows: [2, 3] }]);
    const byId = await run(bytesOfText(text));
    expect(byId.errors).toEqual([]);
  });

  it('rejects only what cannot be stored; what a channel would warn about is imported', async () => {
    const long = 'T'.repeat(200);
    const text = [
      'id,title,price,link,multipack,adult,product_weight,color,availability,gtin',
      `OK,${long},5 USD,https://shop.example.com/p,2,yes,1.5kg,${'C'.repeat(150)},sold out,0400000000015`,
      'BAD,Bad,5 XYZ,shop.example.com/p,2001,maybe,1.5,Red,in_stock,12345',
    ].join('\n');
    const r = await run(bytesOfText(text));
    expect(r.products[0]?.source).toMatchObject({
      title: long,
      multipack: 2,
      adult: true,
      product_weight: { value: 1.5, unit: 'kg' },
      availability: 'sold out',
      gtin: '0400000000015',
    });
    expect(r.errors.map((e) => [e.column, e.message])).toEqual([
      ['price', 'Price "5 XYZ" has an unknown currency: use an ISO 4217 code such as USD or EUR.'],
      [
        'link',
        'Link "shop.example.com/p" is not a web address: use a full http:// or https:// URL with spaces encoded as %20.',
      ],
      ['multipack', PRODUCT_MSG.multipack],
      ['adult', 'Adult "maybe" must be yes or no.'],
      ['product_weight', PRODUCT_MSG.valueAndUnit],
      ['gtin', PRODUCT_MSG.gtinLength],
    ]);
  });

  it('imports a row whose optional values cannot be read without them, each left out with a warning', async () => {
    const text = [
      'id,title,price,link,multipack,adult,product_weight,product_length,gtin,shipping_weight',
      'BAD,Bad,5 USD,shop.example.com/p,2001,maybe,1.5,12 parsecs x,12345,.5 kg',
    ].join('\n');
    const r = await run(bytesOfText(text));
    expect(r.stats).toMatchObject({ rows_read: 1, rows_imported: 1, rows_rejected: 0, products: 1 });
    const source = r.byId('BAD')?.source;
    expect(source).toMatchObject({
      title: 'Bad',
      price: usd(5),
      shipping_weight: { value: 0.5, unit: 'kg' },
    });
    for (const left of ['link', 'multipack', 'adult', 'product_weight', 'product_length', 'gtin'])
      expect(source?.[left as keyof typeof source]).toBeUndefined();
    expect(r.errors.every((e) => e.warning === true && e.row_number === 2)).toBe(true);
    expect(r.errors.map((e) => [e.column, e.message])).toEqual(
      [
        [
          'link',
          'Link "shop.example.com/p" is not a web address: use a full http:// or https:// URL with spaces encoded as %20.',
        ],
        ['multipack', PRODUCT_MSG.multipack],
        ['adult', 'Adult "maybe" must be yes or no.'],
        ['product_weight', PRODUCT_MSG.valueAndUnit],
        ['product_length', PRODUCT_MSG.numberInvalid],
        ['gtin', PRODUCT_MSG.gtinLength],
      ].map(([column, message]) => [column, MSG.leftOut(message as string)]),
    );
    expect(MSG.leftOut('Enter a valid number.')).toBe(
      'Enter a valid number. This value was left out; the rest of the row is imported.',
    );
  });

  it('reads numbers written without their leading zero (.5), as WooCommerce writes weights', async () => {
    const text = 'id,title,price,product_weight,shipping_weight,multipack\nA,Mug,.5,.25 kg,.5kg,2\n';
    const r = await run(bytesOfText(text));
    expect(r.errors).toEqual([]);
    expect(r.byId('A')?.source).toMatchObject({
      price: usd(0.5),
      product_weight: { value: 0.25, unit: 'kg' },
      shipping_weight: { value: 0.5, unit: 'kg' },
    });
  });

  it('gives a product whose variants have titles of their own the words they share as its title', async () => {
    const text = [
      'id,item_group_id,title,price,color,size',
      'S-B-40,S,Acme Running Sneakers - Burgundy, 40,50,Burgundy,40',
      'S-K-41,S,Acme Running Sneakers - Black, 41,50,Black,41',
      'H-1,H,Hoodie,30,Red,M',
      'H-2,H,Hoodie,30,Red,L',
      'Z-1,Z,Zip top red,30,Red,M',
      'Z-2,Z,Blue zip top,30,Blue,L',
    ]
      .map((l, i) => (i === 0 ? l : l.replace(/^([^,]*,[^,]*,)(.*?)(,\d+,[^,]*,[^,]*)$/, '$1"$2"$3')))
      .join('\n');
    const r = await run(bytesOfText(text));
    expect(r.errors).toEqual([]);
    const sneakers = r.byId('S');
    expect(sneakers?.source.title).toBe('Acme Running Sneakers');
    expect(sneakers?.variants.map((v) => v.source.title)).toEqual([
      'Acme Running Sneakers - Burgundy, 40',
      'Acme Running Sneakers - Black, 41',
    ]);
    // A title all variants share is the product's (and theirs through it).
    expect(r.byId('H')?.source.title).toBe('Hoodie');
    expect(r.byId('H')?.variants.every((v) => v.source.title === undefined)).toBe(true);
    // No first word in common: the first variant's title.
    expect(r.byId('Z')?.source.title).toBe('Zip top red');
    expect(groupTitle(['Tee - S', 'Tee – M', 'Tee / L'])).toBe('Tee');
    expect(groupTitle(['Mug'])).toBe('Mug');
    expect(groupTitle([])).toBeUndefined();
  });

  it('adds a group whose rows come back later to the product emitted before', async () => {
    const text = 'id,item_group_id,title,price,size\nA-S,A,Shirt,5,S\nB,,Mug,3,\nA-M,A,Shirt,5,M\n';
    const r = await run(bytesOfText(text));
    expect(
      r.products.map((p) => [p.product_id, p.append ?? false, p.variants.map((v) => v.id), p.source]),
    ).toEqual([
      ['A', false, ['A-S'], { title: 'Shirt', price: usd(5), size: 'S' }],
      ['B', false, [], { title: 'Mug', price: usd(3) }],
      ['A', true, ['A-M'], {}],
    ]);
    expect(r.products[2]?.variants[0]?.source).toEqual({ title: 'Shirt', price: usd(5), size: 'M' });
    expect(r.stats).toMatchObject({ products: 2, variants: 2, rows_imported: 3 });
  });

  it('keeps a custom column whatever its name, even __proto__', async () => {
    const r = await run(bytesOfText('id,title,price,__proto__,constructor\nA,Alpha,1,kept,also kept\n'));
    expect(r.mapping.unknown_columns).toEqual(['__proto__', 'constructor']);
    expect(Object.entries(r.products[0]?.custom ?? {})).toEqual([
      ['__proto__', 'kept'],
      ['constructor', 'also kept'],
    ]);
  });

  it('follows the merchant’s mapping', async () => {
    const text = 'sku,name,cost,notes\nS1,Sock,2.50,wool\n';
    const r = await run(bytesOfText(text), { edits: { cost: 'price', notes: 'custom:Notes' } });
    expect(r.products[0]).toMatchObject({
      offer_id: 'S1',
      source: { sku: 'S1', title: 'Sock', price: usd(2.5) },
      custom: { Notes: 'wool' },
    });
  });
});

describe('empty and header-only files', () => {
  it('read as nothing to import, with the missing columns named', async () => {
    const empty = await run(bytesOfText(''));
    expect(empty.file.headers).toEqual([]);
    expect(empty.results).toEqual([]);
    expect(empty.mapping.problems.map((p) => p.target)).toEqual(['id', 'title', 'price']);
    const headerOnly = await run(bytesOfText('id,title,price\r\n'));
    expect(headerOnly.results).toEqual([]);
    expect(headerOnly.stats.rows_read).toBe(0);
  });

  it('count blank lines before the header in row numbers', async () => {
    const r = await run(bytesOfText('\n\nid,title,price\nA,Alpha,1\nB,,2\n'));
    expect(r.file.headerRow).toBe(3);
    expect(r.products[0]?.row_numbers).toEqual([4]);
    expect(r.errors[0]?.row_number).toBe(5);
  });
});

describe('Excel\'s "sep=" line', () => {
  it('takes the delimiter it names and does not count it as a row', async () => {
    const r = await run(bytesOfText('sep=;\r\nid;title;price\r\nA1;Tee;4,50 EUR\r\nA2;;1\r\n'));
    expect(r.file.delimiter).toBe(';');
    expect(r.file.headers).toEqual(['id', 'title', 'price']);
    expect(r.products.map((p) => [p.offer_id, p.row_numbers])).toEqual([['A1', [2]]]);
    expect(r.errors.map((e) => e.row_number)).toEqual([3]);
    // A first line that only looks like one stays the header.
    const plain = await run(bytesOfText('sep=x,title,price\nA,B,1\n'));
    expect(plain.file.headers).toEqual(['sep=x', 'title', 'price']);
  });
});

describe('control characters', () => {
  it('rejects a row with a control character in a value, naming the column; tab and line breaks are kept', async () => {
    const text =
      'id,title,description,price,Note\u0007\n' +
      'A,Alpha,"Two\r\nlines\tand a tab",1,ok\n' +
      'B,Be\u0000ta,x,2,\n' +
      'C,Gamma,x,3,bell\u0007\n' +
      'D,Delta,x,4,\u0085next line\n';
    const r = await run(bytesOfText(text));
    expect(r.products.map((p) => p.offer_id)).toEqual(['A']);
    expect(r.byId('A')?.source.description).toBe('Two\r\nlines\tand a tab');
    expect(r.byId('A')?.custom).toEqual({ Note: 'ok' });
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [3, 'title', 'title must not contain control characters.'],
      [4, 'Note', 'Note must not contain control characters.'],
      [5, 'Note', 'Note must not contain control characters.'],
    ]);
  });

  it('finds a control character in a row that runs across chunks', async () => {
    const head = 'id,title,price\n' + 'A,' + 'x'.repeat(70_000);
    const chunks = [Buffer.from(head), Buffer.from('\u0001y,1\nB,Beta,2\n')];
    const r = await run(chunks);
    expect(r.errors.map((e) => [e.row_number, e.message])).toEqual([
      [2, 'title must not contain control characters.'],
    ]);
    expect(r.products.map((p) => p.offer_id)).toEqual(['B']);
  });
});

describe('Shopify export', () => {
  it('makes one product per handle, with variants, images and Google Shopping values', async () => {
    const r = await run(fixture('shopify-export.csv'));
    expect(r.mapping.format).toBe('shopify');
    expect(r.stats).toEqual({ rows_read: 6, rows_imported: 5, rows_rejected: 1, products: 2, variants: 3 });
    const tee = r.byId('classic-tee');
    expect(tee).toMatchObject({
      offer_id: 'classic-tee',
      item_group_id: 'classic-tee',
      row_numbers: [2, 3, 4, 5],
      source: {
        title: 'Classic Tee',
        description: 'Soft organic cotton.\n- Regular fit\n- Machine wash',
        brand: 'Feedloom',
        category_name: 'Apparel & Accessories > Clothing > Shirts & Tops',
        product_type: 'T-Shirts',
        tags: ['cotton', 'basics'],
        google_product_category: '1604',
        gender: 'unisex',
        age_group: 'adult',
        mpn: 'FL-TEE',
        condition: 'new',
        identifier_exists: true,
        custom_label0: 'summer',
        additional_image_links: [
          'https://cdn.shopify.com/tee-back.jpg',
          'https://cdn.shopify.com/tee-detail.jpg',
        ],
        link: 'https://shop.example.com/products/classic-tee',
        cogs: usd(6.5),
      },
      custom: { Published: 'TRUE', 'Gift Card': 'FALSE', 'SEO Title': 'Classic Tee', Status: 'active' },
    });
    expect(tee?.variants.map((v) => [v.offer_id, v.row_number, v.source])).toEqual([
      [
        'TEE-BLK-S',
        2,
        {
          sku: 'TEE-BLK-S',
          gtin: '4006381333931',
          inventory_qty: 10,
          price: usd(24.99),
          sale_price: usd(19.99),
          shipping_weight: { value: 0.2, unit: 'kg' },
          availability: 'in_stock',
          image_link: 'https://cdn.shopify.com/tee-black.jpg',
          color: 'Black',
          size: 'S',
          variant_title: 'Black / S',
        },
      ],
      [
        'TEE-BLK-M',
        3,
        {
          sku: 'TEE-BLK-M',
          inventory_qty: 0,
          price: usd(24.99),
          sale_price: usd(19.99),
          shipping_weight: { value: 0.22, unit: 'kg' },
          availability: 'out_of_stock',
          image_link: 'https://cdn.shopify.com/tee-black.jpg',
          color: 'Black',
          size: 'M',
          variant_title: 'Black / M',
        },
      ],
      [
        'TEE-WHT-S',
        4,
        {
          sku: 'TEE-WHT-S',
          inventory_qty: 5,
          price: usd(19.99),
          shipping_weight: { value: 0.2, unit: 'kg' },
          availability: 'in_stock',
          image_link: 'https://cdn.shopify.com/tee-white.jpg',
          color: 'White',
          size: 'S',
          variant_title: 'White / S',
        },
      ],
    ]);
    expect(r.byId('gift-mug')).toMatchObject({
      offer_id: 'MUG-1',
      variants: [],
      row_numbers: [6],
      source: {
        title: 'Gift Mug',
        description: 'A mug & a card.',
        identifier_exists: false,
        shipping_weight: { value: 350, unit: 'g' },
        price: usd(12),
        availability: 'in_stock',
        image_link: 'https://cdn.shopify.com/mug.jpg',
      },
    });
    expect(r.errors).toEqual([
      {
        kind: 'error',
        row_number: 7,
        column: 'Variant Price',
        message: 'Price "not-a-price" is not a price. Write it like 19.99 USD or 19.99.',
      },
    ]);
  });

  it("reads Shopify's 2024 export (URL handle, Title first, new column names) as the older one", async () => {
    const older = await run(fixture('shopify-export.csv'));
    const r = await run(fixture('shopify-export-2024.csv'));
    expect(r.mapping.format).toBe('shopify');
    expect(r.stats).toEqual(older.stats);
    // The same products, variants and rejected rows; only the custom attributes carry the new headers, and
    // the mug's unit price columns become Google's unit pricing measures.
    const values = (run_: typeof r) =>
      run_.products.map((p) => ({
        ...p,
        custom: undefined,
        variants: p.variants.map((v) => ({ ...v, custom: undefined })),
      }));
    const [tee, mug] = values(r);
    const [oldTee, oldMug] = values(older);
    expect(tee).toEqual(oldTee);
    expect(mug).toEqual({
      ...oldMug,
      source: {
        ...oldMug!.source,
        unit_pricing_measure: { value: 350, unit: 'ml' },
        unit_pricing_base_measure: { value: 100, unit: 'ml' },
      },
    });
    expect(r.errors).toEqual([{ ...older.errors[0], column: 'Price' }]);
    expect(r.byId('classic-tee')?.custom).toEqual({
      'Published on online store': 'TRUE',
      Status: 'Active',
      'Charge tax': 'TRUE',
      'Requires shipping': 'TRUE',
      'Fulfillment service': 'manual',
      'Gift card': 'FALSE',
      'SEO title': 'Classic Tee',
      'SEO description': 'Our classic tee',
      // A metafield is kept as it is, not taken for the Google attribute its name begins with.
      'Color (product.metafields.shopify.color-pattern)': 'black; white',
    });
    expect(r.mapping.unknown_columns).toContain('Color (product.metafields.shopify.color-pattern)');
  });

  it('holds draft and archived products back from every channel, and sends active ones', async () => {
    const text =
      'Handle,Title,Variant SKU,Variant Price,Status\n' +
      'a,Active tee,A,5,active\nd,Draft tee,D,5,draft\nx,Old tee,X,5,Archived\nu,Unlisted tee,U,5,unlisted\n';
    const r = await run(bytesOfText(text), { format: 'shopify' });
    const controls = (id: string) => r.byId(id)?.source.product_submission_control;
    expect(controls('a')).toBeUndefined();
    expect(controls('u')).toBeUndefined();
    for (const id of ['d', 'x']) {
      const c = controls(id) as Record<string, boolean>;
      expect(['google', 'microsoft', 'meta'].map((ch) => excludedFromChannel(ch as 'google', c))).toEqual([
        true,
        true,
        true,
      ]);
    }
    expect(r.byId('d')?.custom).toEqual({ Status: 'draft' });
  });

  it('holds unpublished products back like drafts, in the older (Published) and the 2024 (Published on online store) columns', async () => {
    const older =
      'Handle,Title,Variant SKU,Variant Price,Published\n' +
      'on,Live tee,ON,5,TRUE\noff,Hidden tee,OFF,5,FALSE\nno,Hidden mug,NO,5,false\n';
    const r = await run(bytesOfText(older), { format: 'shopify' });
    expect(r.errors).toEqual([]);
    const controls = (id: string) => r.byId(id)?.source.product_submission_control as Record<string, boolean>;
    expect(controls('on')).toBeUndefined();
    for (const id of ['off', 'no']) {
      expect(
        ['google', 'microsoft', 'meta'].every((ch) => excludedFromChannel(ch as 'google', controls(id))),
      ).toBe(true);
    }
    // The column stays with the product as the export wrote it.
    expect(r.byId('off')?.custom).toEqual({ Published: 'FALSE' });

    const current =
      'Title,URL handle,Published on online store,Status,SKU,Price\n' +
      'Live tee,on,TRUE,Active,ON,5\nHidden tee,off,FALSE,Active,OFF,5\n';
    const c = await run(bytesOfText(current), { format: 'shopify' });
    expect(c.errors).toEqual([]);
    expect(c.byId('on')?.source.product_submission_control).toBeUndefined();
    expect(c.byId('off')?.source.product_submission_control).toEqual(excludedEverywhere());
  });

  it('rejects every row of a product whose first row is unusable', async () => {
    const text =
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src\nx,,Size,S,X-S,5,\nx,,,M,X-M,5,\nx,,,,,,https://cdn.shopify.com/x.jpg\n';
    const r = await run(bytesOfText(text), { format: 'shopify' });
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [2, 'Title', PRODUCT_MSG.titleRequired],
      [3, 'Handle', 'Not imported: row 2 of the same product has errors.'],
      [4, 'Handle', 'Not imported: row 2 of the same product has errors.'],
    ]);
    expect(r.stats).toMatchObject({ rows_read: 3, rows_imported: 0, rows_rejected: 3, products: 0 });
  });
});

describe('WooCommerce export', () => {
  it('holds draft and private products back from every channel, and sends published ones', async () => {
    const text =
      'ID,Type,SKU,Name,Published,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n' +
      '1,simple,S1,Live mug,1,5,,,\n2,simple,S2,Draft mug,-1,5,,,\n' +
      '3,variable,V3,Private hoodie,0,,,Color,"Red, Blue"\n' +
      '4,variation,V3-R,Private hoodie - Red,1,20,id:3,Color,Red\n5,variation,V3-B,Private hoodie - Blue,1,20,id:3,Color,Blue\n';
    const r = await run(bytesOfText(text), { format: 'woocommerce' });
    const held = (p: TImportedProduct) =>
      ['google', 'microsoft', 'meta'].every((ch) =>
        excludedFromChannel(ch as 'google', p.source.product_submission_control as Record<string, boolean>),
      );
    expect(r.products.map((p) => [p.offer_id, p.variants.length, held(p)])).toEqual([
      ['S1', 0, false],
      ['S2', 0, true],
      [r.products[2]?.offer_id, 2, true],
    ]);
  });

  it('leaves private and draft variations out of their product, and says why', async () => {
    const text =
      'ID,Type,SKU,Name,Published,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n' +
      '1,variable,H,Hoodie,1,,,Color,"Red, Blue, Green"\n' +
      '2,variation,H-R,Hoodie - Red,1,20,id:1,Color,Red\n3,variation,H-B,Hoodie - Blue,0,20,id:1,Color,Blue\n' +
      '4,variation,H-G,Hoodie - Green,-1,20,id:1,Color,Green\n' +
      '5,variable,C,Cap,1,,,Color,"Red, Blue"\n6,variation,C-R,Cap - Red,0,9,id:5,Color,Red\n';
    const r = await run(bytesOfText(text), { format: 'woocommerce' });
    expect(r.products.map((p) => [p.product_id, p.variants.map((v) => v.offer_id)])).toEqual([
      ['H', ['H-R']],
    ]);
    expect(r.errors.map((e) => [e.row_number, e.column, e.message])).toEqual([
      [4, 'Published', MSG.unpublishedVariation('private')],
      [5, 'Published', MSG.unpublishedVariation('a draft')],
      [7, 'Published', MSG.unpublishedVariation('private')],
      [6, 'Published', MSG.noPublishedVariation],
    ]);
    expect(MSG.unpublishedVariation('private')).toBe(
      'Not imported: this variation is private in WooCommerce (Published), so it is not for sale. Publish it there to import it.',
    );
  });

  it('joins variations listed after every parent (as WooCommerce exports them) to their product', async () => {
    const lines = fixture('woocommerce-export.csv').toString('utf8').trimEnd().split('\n');
    const [header, hoodie, blue, green, mug, grouped] = lines as [string, ...string[]];
    const lonely = '40,variable,LONELY,,Lonely,1,' + ','.repeat(header.split(',').length - 7);
    const later = [header, hoodie, mug, grouped, lonely, blue, green].join('\n');
    const together = await run(Buffer.from([header, hoodie, blue, green, mug, grouped].join('\n')));
    const r = await run(Buffer.from(later));

    // The variable product is emitted on its own, its variations added to it; one that never gets a
    // variation is taken back at the end of the file.
    expect(r.products.map((p) => [p.product_id, p.append ?? false, p.variants.map((v) => v.id)])).toEqual([
      ['HOODIE', false, []],
      ['MUG-20', false, []],
      ['LONELY', false, []],
      ['HOODIE', true, ['HOODIE-BLUE', 'HOODIE-GREEN']],
    ]);
    expect(r.errors.map((e) => [e.row_number, e.column, e.message, e.withdraws])).toEqual([
      [4, 'Type', expect.stringContaining('Grouped products') as unknown, undefined],
      [5, 'Regular price', MSG.priceRequired, 'LONELY'],
    ]);
    expect(r.stats).toEqual({ rows_read: 6, rows_imported: 4, rows_rejected: 2, products: 2, variants: 2 });

    // Each variation ends up with the values it has when it follows its parent: the product's merged with its own.
    const items = (products: TImportedProduct[]) => {
      const byId = new Map<string, TImportedProduct>();
      for (const p of products) if (!p.append) byId.set(p.product_id, p);
      return products.flatMap((p) =>
        p.variants.map((v) => {
          const product = byId.get(p.product_id)!;
          return {
            id: v.id,
            title: product.source.title,
            values: { ...product.source, ...v.source },
            custom: { ...product.custom, ...v.custom },
          };
        }),
      );
    };
    const sorted = <T extends { id: string }>(list: T[]) =>
      [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(sorted(items(r.products))).toEqual(sorted(items(together.products)));
    expect(items(r.products).map((i) => [i.id, i.title, i.values.title])).toEqual([
      ['HOODIE-BLUE', 'Hoodie', 'Hoodie - Blue'],
      ['HOODIE-GREEN', 'Hoodie', 'Hoodie - Green'],
    ]);
    // No variation takes its parent's SKU through the product.
    expect(r.byId('HOODIE')?.source).not.toHaveProperty('sku');
  });

  it('makes variable products with their variations, simple products, and explains grouped ones', async () => {
    const r = await run(fixture('woocommerce-export.csv'));
    expect(r.mapping.format).toBe('woocommerce');
    expect(r.stats).toEqual({ rows_read: 5, rows_imported: 4, rows_rejected: 1, products: 2, variants: 2 });
    const hoodie = r.byId('HOODIE');
    expect(hoodie).toMatchObject({
      item_group_id: 'HOODIE',
      row_numbers: [2, 3, 4],
      source: {
        description: 'A warm hoodie.\nFleece lined.',
        shipping_weight: { value: 0.5, unit: 'kg' },
        product_type: 'Clothing > Hoodies',
        tags: ['warm', 'winter'],
        shipping_label: 'parcel',
        additional_image_links: ['https://shop.example.com/wp-content/hoodie-back.jpg'],
        brand: 'Feedloom',
        material: 'Fleece',
        link: 'https://shop.example.com/?post_type=product&p=10',
        price: usd(45),
      },
      custom: { Color: 'Blue, Green', 'Tax class': 'parent' },
    });
    expect(hoodie?.source).not.toHaveProperty('sku');
    expect(hoodie?.variants.map((v) => [v.offer_id, v.source])).toEqual([
      [
        'HOODIE-BLUE',
        {
          title: 'Hoodie - Blue',
          image_link: 'https://shop.example.com/wp-content/hoodie-blue.jpg',
          availability: 'in_stock',
          sku: 'HOODIE-BLUE',
          gtin: '4006381333931',
          inventory_qty: 7,
          color: 'Blue',
          variant_title: 'Blue',
        },
      ],
      [
        'HOODIE-GREEN',
        {
          title: 'Hoodie - Green',
          image_link: 'https://shop.example.com/wp-content/hoodie.jpg',
          availability: 'backorder',
          sku: 'HOODIE-GREEN',
          inventory_qty: 0,
          sale_price: usd(39),
          sale_price_effective_date: '2027-01-01T00:00:00/2027-01-31T23:59:59',
          color: 'Green',
          variant_title: 'Green',
        },
      ],
    ]);
    expect(r.byId('MUG-20')).toMatchObject({
      variants: [],
      source: {
        title: 'Coffee Mug',
        description: 'A big mug.',
        price: usd(12.5),
        brand: 'Acme',
        availability: 'in_stock',
      },
      custom: { Capacity: '350 ml' },
    });
    expect(r.errors.map((e) => [e.row_number, e.column])).toEqual([[6, 'Type']]);
  });
});

describe('report', () => {
  it('counts, keeps the first errors and writes every error as CSV', async () => {
    const r = await run(fixture('google-comma.csv'));
    const report = new ImportReport({ maxErrors: 1 });
    for (const result of r.results) report.add(result);
    const csv = report.takeErrorCsv();
    expect(csv.startsWith(ERROR_CSV_HEADER)).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv).toContain('5,price,"Price ""cheap"" is not a price. Write it like 19.99 USD or 19.99."\r\n');
    expect(report.takeErrorCsv()).toBe('');
    const summary = report.summary(r.stats, {
      mapping: r.mapping,
      encoding: r.file.encoding,
      delimiter: r.file.delimiter,
    });
    expect(summary).toMatchObject({
      format: 'google',
      encoding: 'utf-8',
      rows_read: 4,
      rows_imported: 3,
      rows_rejected: 1,
      unknown_columns: ['supplier_code'],
      errors_total: 2,
    });
    expect(summary.errors).toHaveLength(1);
    let all = '';
    for await (const s of errorsCsv(r.results)) all += s;
    expect(all).toBe(csv);
  });
});

describe('throughput sanity', () => {
  it('imports 20,000 generic rows without per-row surprises', () => {
    const mapping = suggestMapping([
      'id',
      'title',
      'price',
      'brand',
      'description',
      'link',
      'image_link',
      'gtin',
    ]);
    const importer = createImporter({ mapping, shop: SHOP });
    let products = 0;
    for (let i = 0; i < 20_000; i++) {
      const cells = [
        `ID-${i}`,
        `Product ${i}`,
        '19.99 USD',
        'Acme',
        'A fine product.',
        `https://shop.example.com/p/${i}`,
        `https://shop.example.com/i/${i}.jpg`,
        '4006381333931',
      ];
      for (const result of importer.push({ row_number: i + 2, cells }))
        if (result.kind === 'product') products++;
    }
    importer.end();
    expect(products).toBe(20_000);
    expect(importer.stats.rows_rejected).toBe(0);
  });
});
