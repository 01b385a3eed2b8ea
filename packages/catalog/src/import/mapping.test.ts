import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, mappingTargets, suggestMapping } from './mapping';
import { openCsv } from './pipeline';

// Header detection: which export a file is and what each column holds, without configuration.

const headersOf = async (name: string): Promise<string[]> =>
  (await openCsv([readFileSync(new URL(`./fixtures/${name}`, import.meta.url))])).headers;

const targets = (headers: string[], format?: Parameters<typeof suggestMapping>[1]) =>
  Object.fromEntries(suggestMapping(headers, format).columns.map((c) => [c.header, c.target]));

describe('detectFormat', () => {
  it('recognises each export', async () => {
    expect(detectFormat(await headersOf('google-comma.csv'))).toBe('google');
    expect(detectFormat(await headersOf('google-semicolon-bom.csv'))).toBe('google');
    expect(detectFormat(await headersOf('shopify-export.csv'))).toBe('shopify');
    expect(detectFormat(await headersOf('woocommerce-export.csv'))).toBe('woocommerce');
    expect(detectFormat(['Product Name', 'Cost', 'Qty', 'Notes'])).toBe('generic');
  });
});

describe('Google feed headers', () => {
  it('match with or without g:, in any case, with spaces for underscores', () => {
    const t = targets([
      'G:ID',
      'g:title',
      'Sale Price',
      'image link',
      'Additional Image Link',
      'Custom Label 0',
      'G:SHIPPING(country:price)',
      'cost_of_goods_sold',
      'product_highlight',
      'product_detail',
    ]);
    expect(t).toEqual({
      'G:ID': 'id',
      'g:title': 'title',
      'Sale Price': 'sale_price',
      'image link': 'image_link',
      'Additional Image Link': 'additional_image_links',
      'Custom Label 0': 'custom_label0',
      'G:SHIPPING(country:price)': 'shipping',
      cost_of_goods_sold: 'cogs',
      product_highlight: 'highlights',
      product_detail: 'detail',
    });
  });

  it('keeps unknown columns as custom attributes and lists them', async () => {
    const m = suggestMapping(await headersOf('google-comma.csv'));
    expect(m.format).toBe('google');
    expect(m.unknown_columns).toEqual(['supplier_code']);
    expect(m.columns.find((c) => c.header === 'supplier_code')?.target).toBe('custom:supplier_code');
    expect(m.problems).toEqual([]);
  });

  it('understands generic spellings', () => {
    expect(
      targets(['Product Name', 'EAN', 'Manufacturer', 'Quantity', 'Image URL', 'Colour', 'Weight (kg)']),
    ).toEqual({
      'Product Name': 'title',
      EAN: 'gtin',
      Manufacturer: 'brand',
      Quantity: 'inventory_qty',
      'Image URL': 'image_link',
      Colour: 'color',
      'Weight (kg)': 'shipping_weight',
    });
  });
});

describe('Shopify export headers', () => {
  it('map product, variant, image and Google Shopping columns', async () => {
    const t = targets(await headersOf('shopify-export.csv'));
    expect(t).toMatchObject({
      Handle: 'shopify.handle',
      Title: 'title',
      'Body (HTML)': 'description',
      Vendor: 'brand',
      Type: 'product_type',
      Tags: 'tags',
      'Option1 Name': 'shopify.option1_name',
      'Option2 Value': 'shopify.option2_value',
      'Variant SKU': 'sku',
      'Variant Price': 'price',
      'Variant Compare At Price': 'shopify.compare_at_price',
      'Variant Barcode': 'gtin',
      'Image Src': 'shopify.image_src',
      'Variant Image': 'shopify.variant_image',
      'Google Shopping / Google Product Category': 'google_product_category',
      'Google Shopping / Gender': 'gender',
      'Google Shopping / Age Group': 'age_group',
      'Google Shopping / MPN': 'mpn',
      'Google Shopping / Condition': 'condition',
      'Google Shopping / Custom Product': 'shopify.custom_product',
      'Google Shopping / Custom Label 0': 'custom_label0',
      'Cost per item': 'cogs',
      'SEO Title': 'custom:SEO Title',
    });
    expect(suggestMapping(await headersOf('shopify-export.csv')).problems).toEqual([]);
  });
});

describe('WooCommerce export headers', () => {
  it('map ids, parents, prices, attributes and dimensions', async () => {
    const t = targets(await headersOf('woocommerce-export.csv'));
    expect(t).toMatchObject({
      ID: 'woo.id',
      Type: 'woo.type',
      SKU: 'sku',
      'GTIN, UPC, EAN, or ISBN': 'gtin',
      Name: 'title',
      Description: 'description',
      'Regular price': 'price',
      'Sale price': 'sale_price',
      Categories: 'product_type',
      Images: 'woo.images',
      Parent: 'woo.parent',
      'Weight (kg)': 'shipping_weight',
      'Length (cm)': 'shipping_length',
      'Attribute 1 name': 'woo.attribute_name.1',
      'Attribute 2 value(s)': 'woo.attribute_value.2',
      'Attribute 1 visible': 'skip',
      'Shipping class': 'shipping_label',
      Brands: 'brand',
      'Meta: _wpcom_is_markdown': 'custom:Meta: _wpcom_is_markdown',
    });
  });
});

describe('the merchant’s mapping', () => {
  it('wins over the suggestion and is checked', () => {
    const m = suggestMapping(['sku', 'name', 'cost', 'notes'], {
      edits: { cost: 'price', notes: 'description', sku: 'not-a-target' },
    });
    expect(m.columns.map((c) => c.target)).toEqual(['sku', 'title', 'price', 'description']);
    expect(m.columns.find((c) => c.header === 'cost')?.suggested).toBe('cogs');
    expect(m.problems).toEqual([
      {
        column: 'sku',
        target: 'not-a-target',
        message: '"not-a-target" is not a value a column can be mapped to.',
      },
    ]);
    expect(m.unknown_columns).toEqual([]);
  });

  it('reports required values no column feeds, and single values fed twice', () => {
    const m = suggestMapping(['name', 'title', 'description']);
    expect(m.problems.map((p) => p.message)).toEqual([
      'Title is mapped from more than one column ("name", "title"): the last non-empty one is used. Map the others elsewhere.',
      'No column is mapped to ID or SKU: every row needs it, so rows will be rejected.',
      'No column is mapped to Price: every row needs it, so rows will be rejected.',
    ]);
  });

  it('lists the targets a mapping screen offers per format', () => {
    const google = mappingTargets('google').map((t) => t.target);
    expect(google).toContain('title');
    expect(google).not.toContain('shopify.handle');
    expect(mappingTargets('shopify').map((t) => t.target)).toContain('shopify.handle');
  });
});
