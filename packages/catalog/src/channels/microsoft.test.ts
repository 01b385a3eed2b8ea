import { describe, expect, it } from 'vitest';
import { CONTEXT, product, validSource } from '../../test/fixtures';
import type { TRuleCase } from '../../test/rule-cases';
import { runCase } from '../../test/rule-cases';
import { validateTarget } from './index';
import { validateProduct } from './engine';
import { MICROSOFT } from './microsoft';

const long = (n: number) => 'a'.repeat(n);
const usd = (value: number) => ({ value, currency: 'USD' });

// Microsoft's own rules: where it differs from Google.
const cases: TRuleCase[] = [
  { name: 'description of 10,000 passes (Google stops at 5,000)', patch: { description: long(10_000) } },
  {
    name: 'description over 10,000',
    patch: { description: long(10_001) },
    code: 'too_long',
    attribute: 'description',
  },
  {
    name: 'description is required',
    patch: { description: undefined },
    code: 'missing_required',
    attribute: 'description',
    severity: 'error',
  },
  { name: 'title over 150', patch: { title: long(151) }, code: 'too_long', attribute: 'title' },
  {
    name: 'availability backorder is sent as out of stock, with a warning',
    patch: { availability: 'backorder' },
    code: 'availability_mapped',
    severity: 'warning',
  },
  { name: 'availability spelled the Google way is accepted', patch: { availability: 'out_of_stock' } },
  {
    name: 'availability unknown',
    patch: { availability: 'limited' },
    code: 'invalid_value',
    attribute: 'availability',
  },
  {
    name: 'preorder without a date only informs (Microsoft ignores it)',
    patch: { availability: 'preorder' },
    code: 'missing_conditional',
    severity: 'info',
  },
  { name: 'condition missing is sent as new', patch: { condition: undefined } },
  {
    name: 'condition unknown',
    patch: { condition: 'used_good' },
    code: 'invalid_value',
    attribute: 'condition',
  },
  { name: 'image link of 1,000 passes', patch: { image_link: `https://shop.example.com/${long(975)}` } },
  {
    name: 'image link over 1,000',
    patch: { image_link: `https://shop.example.com/${long(1000)}` },
    code: 'too_long',
    attribute: 'image_link',
  },
  {
    name: 'brand of 200 characters passes with advice',
    patch: { brand: long(200) },
    code: 'longer_than_recommended',
    severity: 'info',
  },
  {
    name: 'brand over 10 words',
    patch: { brand: 'one two three four five six seven eight nine ten eleven' },
    code: 'too_many_words',
  },
  { name: 'brand over 1,000', patch: { brand: long(1001) }, code: 'too_long', attribute: 'brand' },
  {
    name: 'adult products are not carried',
    patch: { adult: true },
    code: 'adult_not_supported',
    severity: 'error',
  },
  { name: 'adult no passes', patch: { adult: false } },
  { name: 'size system UK passes', patch: { size_system: 'UK' } },
  {
    name: 'size system outside its list only warns',
    patch: { size_system: 'MEX' },
    code: 'invalid_value',
    attribute: 'size_system',
    severity: 'warning',
  },
  { name: 'size type "big and tall" passes', patch: { size_type: ['big and tall'] } },
  { name: 'promotion ids pass', patch: { promotion_ids: ['SUMMER_10', 'vip-2'] } },
  {
    name: 'promotion id with a dot (optional: left out, the item stays)',
    patch: { promotion_ids: ['SUMMER.10'] },
    code: 'invalid_format',
    attribute: 'promotion_id',
    severity: 'warning',
  },
  {
    name: 'promotion id over 60',
    patch: { promotion_ids: [long(61)] },
    code: 'too_long',
    attribute: 'promotion_id',
  },
  {
    name: 'eleven promotion ids',
    patch: { promotion_ids: Array.from({ length: 11 }, (_, i) => `P${i}`) },
    code: 'too_many_values',
  },
  { name: 'sale price in range passes', patch: { sale_price: usd(0.01) } },
  {
    name: 'sale price over 10,000,000',
    patch: { price: usd(20_000_000), sale_price: usd(10_000_001) },
    code: 'out_of_range',
    attribute: 'sale_price',
  },
  { name: 'price below 0.01', patch: { price: usd(0.001) }, code: 'out_of_range', attribute: 'price' },
  {
    name: 'item group id over 50',
    product: (p) => ({
      ...p,
      item_group_id: long(51),
      variants: [{ id: 'v', offer_id: 'V', source: {}, overrides: {}, rules: {} }],
    }),
    code: 'too_long',
    attribute: 'item_group_id',
    severity: 'error',
  },
  {
    name: 'category over 255',
    patch: { google_product_category: long(256) },
    code: 'too_long',
    attribute: 'product_category',
  },
  { name: 'ads redirect becomes bingads_redirect', patch: { ads_redirect: 'https://track.example.com/r' } },
  {
    name: 'ads redirect invalid',
    patch: { ads_redirect: 'track' },
    code: 'invalid_url',
    attribute: 'bingads_redirect',
  },
  {
    name: 'shipping weight unit unknown',
    patch: { shipping_weight: { value: 2, unit: 'stone' } },
    code: 'invalid_unit',
  },
];

describe('Microsoft attribute rules', () => {
  for (const c of cases) it(c.name, () => runCase(MICROSOFT, c));

  it('the valid fixture has no issue', () => {
    expect(validateProduct(MICROSOFT, product(validSource()), CONTEXT)[0]?.issues).toEqual([]);
  });

  it('checks the target market once: content language and country', () => {
    expect(validateTarget('microsoft', { targetCountry: 'US', contentLanguage: 'en' })).toEqual([]);
    expect(
      validateTarget('microsoft', { targetCountry: 'US', contentLanguage: 'ja' }).map((i) => i.code),
    ).toEqual(['unsupported_content_language']);
    expect(validateTarget('microsoft', { targetCountry: 'BR', contentLanguage: 'en' })[0]).toMatchObject({
      code: 'unsupported_target_country',
      severity: 'warning',
    });
    expect(validateTarget('google', { targetCountry: 'BR', contentLanguage: 'pt' })).toEqual([]);
    expect(validateTarget('google', {}).map((i) => i.code)).toEqual([
      'invalid_target_country',
      'invalid_content_language',
    ]);
  });
});
