import { describe, expect, it } from 'vitest';
import type { TImportedProduct, TImportResult } from '../import/core';
import { importedToProduct } from '../import/core';
import { generateDemoCatalogue } from '../import/demo';
import { bytesOfText, importCsv } from '../import/pipeline';
import type { TProduct } from '../model/product';
import { demoValidationContext } from '../node/demo-context';
import { channelStatus } from '../status';
import { validateProduct, validateProductForChannels } from './engine';
import { CHANNELS } from './index';
import type { TChannel } from './types';

// Pins the judgement of a varied catalogue (the demo catalogue, plus tricky values laid over it in the source,
// override and rule layers) for the three channels: every issue with all its fields, in order, and every
// status. The snapshot was taken before the engine was made cheaper; any change of output fails this test.

const KEYS = Object.keys(CHANNELS) as TChannel[];

const CONTEXT = demoValidationContext();

/** Tricky values, one patch per product in turn (each in a layer that depends on the product). */
const PATCHES: Record<string, unknown>[] = [
  {},
  { title: '  <b>Bold</b> title\u0007 with control  ', description: '<p>Para &amp; <script>x</script> text</p>' },
  { description: '<strong>ok</strong><em>fine</em><ul><li>a</li></ul><table>no</table>' },
  { title: 'x'.repeat(200), description: 'y'.repeat(6000) },
  { title: '   ', brand: '' },
  { title: null, price: null },
  { gtin: '4006381333932' },
  { gtin: '4006381333931' },
  { gtin: '12345' },
  { gtin: '40-0638-1333-93a' },
  { gtin: '0212345678992' },
  { gtin: '9912345678904' },
  { price: { value: 10.005, currency: 'USD' }, sale_price: { value: 12, currency: 'usd' } },
  { price: { value: 10, currency: 'EUR' } },
  { price: { value: -3, currency: 'USD' } },
  { price: { value: 5, currency: 'XXQ' } },
  { price: 'ten dollars' },
  { sale_price: { value: 4, currency: 'USD' }, sale_price_effective_date: '2027-03-01/2027-02-01' },
  { sale_price_effective_date: 'soon' },
  { sale_price_effective_date: '2027-02-24T13:00-0800/2027-02-28T15:30-0800' },
  { link: 'https://elsewhere.example.org/p/1', mobile_link: 'not a url' },
  { link: 'https://demo-shop.example.com/pé/1', image_link: 'ftp://demo-shop.example.com/a.png' },
  { link: 'http://www.demo-shop.example.com/ok', additional_image_links: ['https://a.example/1.png', '', 'bad'] },
  { link: 'https://demo-shop.example.com:8443/x?y=1#z', image_link: 'https://demo-shop.example.com/a b.png' },
  { google_product_category: '1604' },
  { google_product_category: 'Apparel & Accessories > Clothing' },
  { google_product_category: 'Not > A > Category' },
  { google_product_category: '999999999' },
  { availability: 'IN-STOCK' },
  { availability: 'preorder', availability_date: '2027-04-01' },
  { availability: 'backorder' },
  { availability: 'sold out' },
  { condition: 'Used', age_group: 'kids', gender: 'unisex' },
  { gender: 'Men', age_group: 'Adult', color: 'Red/Blue/Green/Yellow', size: 'XL' },
  { adult: true, age_group: 'newborn' },
  { identifier_exists: false, gtin: null, mpn: null, brand: null },
  { inventory_qty: -2 },
  { inventory_qty: 3.5 },
  { expiration_date: '2026-12-01' },
  { expiration_date: '2030-01-01T10:00Z' },
  { product_weight: { value: 1.2345, unit: 'KG' }, shipping_weight: { value: 0, unit: 'lb' } },
  { product_length: { value: 10, unit: 'parsec' }, shipping_length: { value: 5000, unit: 'cm' } },
  { unit_pricing_measure: { value: 750, unit: 'ml' }, unit_pricing_base_measure: { value: 100, unit: 'ml' } },
  { unit_pricing_measure: { value: 1, unit: 'foo' }, unit_pricing_base_measure: 'x' },
  {
    shipping: [
      { country: 'US', service: 'Std', price: { value: 4.95, currency: 'usd' } },
      { country: 'US', region: 'CA', price: { value: 6, currency: 'USD' } },
      { country: 'US', postal_code: '90210', price: { value: 7, currency: 'USD' } },
      { country: 'US', location_id: 123, price: { value: 7, currency: 'USD' } },
    ],
  },
  { shipping: [{ country: 'USA', price: 'free', min_handling_time: 5, max_handling_time: 2 }] },
  { shipping: [{ price: { value: 1, currency: 'USD' } }], free_shipping_threshold: [{ country: 'US' }] },
  { highlights: ['one', 'two', ' ', 'x'.repeat(200)], detail: [{ section_name: 'A', attribute_name: 'B' }] },
  { highlights: Array.from({ length: 120 }, (_, i) => `h${i}`) },
  {
    certifications: [
      { certification_authority: 'European_Commission', certification_name: 'EPREL', certification_code: '123' },
      { certification_authority: 'nobody' },
    ],
  },
  { product_submission_control: [{ destination: 'shopping_ads', excluded: true }] },
  { multipack: 1, is_bundle: 'yes' },
  { multipack: 0.5 },
  { custom_label0: 'z'.repeat(150), custom_label1: '\u0000\u0001', ads_redirect: 'https://demo-shop.example.com/r' },
  { size_system: 'EUROPE', size_type: ['regular', 'petite', 'bogus'] },
  { material: 'cotton/polyester/wool/silk/linen', pattern: 42 },
  { cogs: { value: 3, currency: 'USD' }, auto_pricing_min_price: { value: 2, currency: 'GBP' } },
  { tax_category: 'apparel', return_policy_label: 'r', shipping_label: 'over-size' },
  { title: 'Ünïcødé ✓ 𝒯itle', description: '&lt;b&gt;escaped&lt;/b&gt; and &#x1F600;' },
  { image_link: null, link: null },
  { description: null, brand: null, google_product_category: null },
  { product_type: ['A > B', 'C > D'], mpn: ' MPN-1 ' },
  { pause: 'ads', promotion_ids: ['p1', 'p2'] },
];

/** Where the patch of product `i` goes: the source, the override or the rule layer, or a variant's. */
const patched = (product: TProduct, i: number): TProduct => {
  const patch = PATCHES[i % PATCHES.length] as TProduct['source'];
  const where = Math.floor(i / PATCHES.length) % 4;
  if (where === 3 && product.variants.length > 0) {
    const [first, ...rest] = product.variants;
    return { ...product, variants: [{ ...first!, overrides: { ...first!.overrides, ...patch } }, ...rest] };
  }
  if (where === 0) return { ...product, source: { ...product.source, ...patch } };
  if (where === 2) return { ...product, rules: { ...product.rules, ...patch } };
  return { ...product, overrides: { ...product.overrides, ...patch } };
};

/** Every 50th product with variants: variants sending one id (spelt with spaces, or the very same). */
const withDuplicateIds = (product: TProduct, i: number): TProduct => {
  if (i % 50 !== 7 || product.variants.length < 2) return product;
  const id = product.variants[0]!.offer_id;
  const ids = [id, ` ${id} `, id];
  return { ...product, variants: product.variants.map((v, k) => ({ ...v, offer_id: ids[k] ?? v.offer_id })) };
};

const products = async (): Promise<TProduct[]> => {
  const csv = generateDemoCatalogue({ seed: 11, count: 600, shopUrl: 'https://demo-shop.example.com' });
  const run = await importCsv(bytesOfText(csv), { shop: { currency: 'USD' } });
  const out: TProduct[] = [];
  let i = 0;
  for await (const r of run.results as AsyncIterable<TImportResult>) {
    if (r.kind === 'error') continue;
    out.push(withDuplicateIds(patched(importedToProduct(r as TImportedProduct), i), i));
    i++;
  }
  return out;
};

/** The judgement of every product for every channel as text: a status line, then one line per issue. */
const judged = (list: readonly TProduct[], together: boolean): string => {
  const lines: string[] = [];
  for (const product of list) {
    const all = together ? validateProductForChannels(KEYS.map((k) => CHANNELS[k]), product, CONTEXT) : [];
    for (const [c, channel] of KEYS.entries()) {
      const items = together ? (all[c] ?? []) : validateProduct(CHANNELS[channel], product, CONTEXT);
      const issues = items.flatMap((r) => r.issues.map((i) => ({ item: r.item.offerId, ...i })));
      lines.push(`${product.id} ${channel} ${channelStatus(issues, { integrated: true, excluded: false })}`);
      for (const i of issues)
        lines.push(`  ${i.item} ${Object.keys(i).join(',')} ${i.code} ${i.severity} ${i.attribute} ${i.layer} ${i.message}`);
    }
  }
  return `${lines.join('\n')}\n`;
};

describe('judging a varied catalogue for every channel', () => {
  it('gives the same issues and statuses as before the engine was made cheaper', async () => {
    const list = await products();
    expect(list.length).toBe(600);
    const one = judged(list, false);
    await expect(one).toMatchFileSnapshot('./__snapshots__/judge-catalogue.txt');
    // The channels judged together (items and context shared) say exactly the same.
    expect(judged(list, true) === one).toBe(true);
  });
});
