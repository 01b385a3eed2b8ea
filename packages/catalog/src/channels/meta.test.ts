import { describe, expect, it } from 'vitest';
import { CONTEXT, product, validSource } from '../../test/fixtures';
import type { TRuleCase } from '../../test/rule-cases';
import { runCase } from '../../test/rule-cases';
import { validateProduct } from './engine';
import { META } from './meta';

const long = (n: number) => 'a'.repeat(n);

// Meta's own rules.
const cases: TRuleCase[] = [
  { name: 'id of 100 passes', product: (p) => ({ ...p, offer_id: long(100) }) },
  { name: 'id over 100', product: (p) => ({ ...p, offer_id: long(101) }), code: 'too_long', attribute: 'id' },
  { name: 'title of 200 passes', patch: { title: long(200) } },
  { name: 'title over 200', patch: { title: long(201) }, code: 'too_long', attribute: 'title' },
  {
    name: 'description required',
    patch: { description: '' },
    code: 'missing_required',
    attribute: 'description',
  },
  {
    name: 'description over 9,999',
    patch: { description: long(10_000) },
    code: 'too_long',
    attribute: 'description',
  },
  { name: 'availability "available for order" passes', patch: { availability: 'available for order' } },
  { name: 'Google backorder maps to available for order', patch: { availability: 'backorder' } },
  {
    name: 'availability unknown',
    patch: { availability: 'limited' },
    code: 'invalid_value',
    attribute: 'availability',
  },
  { name: 'condition used_like_new passes', patch: { condition: 'used_like_new' } },
  {
    name: 'condition required',
    patch: { condition: undefined },
    code: 'missing_required',
    attribute: 'condition',
  },
  {
    name: "no condition of its own passes with the shop's default",
    patch: { condition: undefined },
    context: { defaults: { condition: 'new' } },
  },
  { name: 'condition unknown', patch: { condition: 'mint' }, code: 'invalid_value', attribute: 'condition' },
  { name: 'brand not needed with a GTIN', patch: { brand: undefined } },
  {
    name: 'brand needed without GTIN or MPN',
    patch: { brand: undefined, gtin: undefined, mpn: undefined },
    code: 'missing_conditional',
    attribute: 'brand',
    severity: 'error',
  },
  { name: 'brand over 100', patch: { brand: long(101) }, code: 'too_long', attribute: 'brand' },
  {
    name: 'twenty additional images pass',
    patch: {
      additional_image_links: Array.from({ length: 20 }, (_, i) => `https://shop.example.com/${i}.jpg`),
    },
  },
  {
    name: 'twenty-one additional images',
    patch: {
      additional_image_links: Array.from({ length: 21 }, (_, i) => `https://shop.example.com/${i}.jpg`),
    },
    code: 'too_many_values',
  },
  { name: 'age group "all ages" passes', patch: { age_group: 'all ages' } },
  { name: 'age group unknown', patch: { age_group: 'baby' }, code: 'invalid_value', attribute: 'age_group' },
  { name: 'gender unknown', patch: { gender: 'all' }, code: 'invalid_value', attribute: 'gender' },
  { name: 'price required', patch: { price: undefined }, code: 'missing_required', attribute: 'price' },
  { name: 'link required', patch: { link: undefined }, code: 'missing_required', attribute: 'link' },
  {
    name: 'image required',
    patch: { image_link: undefined },
    code: 'missing_required',
    attribute: 'image_link',
  },
  {
    name: 'colour limit unverified: only warns',
    patch: { color: long(101) },
    code: 'too_long',
    attribute: 'color',
    severity: 'warning',
  },
];

describe('Meta attribute rules', () => {
  for (const c of cases) it(c.name, () => runCase(META, c));

  it('the valid fixture has no issue', () => {
    expect(validateProduct(META, product(validSource()), CONTEXT)[0]?.issues).toEqual([]);
  });
});
