import { describe, expect, it } from 'vitest';
import { CONTEXT, product, validSource } from '../../test/fixtures';
import type { TRuleCase } from '../../test/rule-cases';
import { runCase } from '../../test/rule-cases';
import { validateProduct } from './engine';
import { GOOGLE } from './google';

const long = (n: number, c = 'a') => c.repeat(n);
const usd = (value: number) => ({ value, currency: 'USD' });
const APPAREL = {
  google_product_category: '1604',
  gender: 'male',
  age_group: 'adult',
  color: 'Black',
  size: 'M',
} as const;

const cases: Record<string, TRuleCase[]> = {
  id: [
    { name: 'id of 50 characters passes', product: (p) => ({ ...p, offer_id: long(50) }) },
    {
      name: 'id over 50 characters',
      product: (p) => ({ ...p, offer_id: long(51) }),
      code: 'too_long',
      attribute: 'id',
      severity: 'error',
    },
  ],
  title: [
    { name: 'title of 150 characters (emoji count as one)', patch: { title: `${long(148)}🧀🧀` } },
    {
      name: 'title missing',
      patch: { title: '' },
      code: 'missing_required',
      attribute: 'title',
      severity: 'error',
    },
    {
      name: 'title over 150',
      patch: { title: long(151) },
      code: 'too_long',
      attribute: 'title',
      severity: 'error',
    },
  ],
  description: [
    { name: 'description of 5000 passes', patch: { description: long(5000) } },
    {
      name: 'description missing',
      patch: { description: null },
      code: 'missing_required',
      attribute: 'description',
    },
    {
      name: 'description over 5000',
      patch: { description: long(5001) },
      code: 'too_long',
      attribute: 'description',
    },
  ],
  link: [
    { name: 'link on the shop domain (www) passes', patch: { link: 'https://www.shop.example.com/p/1' } },
    { name: 'link missing', patch: { link: undefined }, code: 'missing_required', attribute: 'link' },
    {
      name: 'link not a URL',
      patch: { link: 'shop.example.com/p 1' },
      code: 'invalid_url',
      attribute: 'link',
    },
    {
      name: 'link over 2000',
      patch: { link: `https://shop.example.com/${long(2000)}` },
      code: 'too_long',
      attribute: 'link',
    },
    {
      name: 'link on another domain',
      patch: { link: 'https://other.example.org/p' },
      code: 'link_domain_mismatch',
      severity: 'warning',
    },
  ],
  mobile_link: [
    { name: 'mobile link valid', patch: { mobile_link: 'https://m.shop.example.com/p' } },
    {
      name: 'mobile link invalid',
      patch: { mobile_link: 'ftp://m.shop.example.com/p' },
      code: 'invalid_url',
      attribute: 'mobile_link',
    },
  ],
  image_link: [
    {
      name: 'image link percent-encoded passes',
      patch: { image_link: 'https://shop.example.com/i/caf%C3%A9.jpg' },
    },
    {
      name: 'image link missing',
      patch: { image_link: '' },
      code: 'missing_required',
      attribute: 'image_link',
    },
    {
      name: 'image link with raw spaces',
      patch: { image_link: 'https://shop.example.com/i/a b.jpg' },
      code: 'invalid_url',
    },
    {
      name: 'image link not ASCII',
      patch: { image_link: 'https://shop.example.com/i/café.jpg' },
      code: 'url_not_ascii',
      attribute: 'image_link',
    },
  ],
  additional_image_link: [
    {
      name: '10 additional images pass',
      patch: {
        additional_image_links: Array.from({ length: 10 }, (_, i) => `https://shop.example.com/i/${i}.jpg`),
      },
    },
    {
      name: '11 additional images',
      patch: {
        additional_image_links: Array.from({ length: 11 }, (_, i) => `https://shop.example.com/i/${i}.jpg`),
      },
      code: 'too_many_values',
      severity: 'warning',
    },
    {
      name: 'additional image not a URL',
      patch: { additional_image_links: ['not a url'] },
      code: 'invalid_url',
      attribute: 'additional_image_link',
    },
  ],
  availability: [
    { name: 'availability spelled with a space is understood', patch: { availability: 'in stock' } },
    {
      name: 'availability missing',
      patch: { availability: undefined },
      code: 'missing_required',
      attribute: 'availability',
    },
    {
      name: 'availability unknown',
      patch: { availability: 'soon' },
      code: 'invalid_value',
      attribute: 'availability',
    },
  ],
  availability_date: [
    {
      name: 'preorder with a date passes',
      patch: { availability: 'preorder', availability_date: '2027-03-01T09:00-0800' },
    },
    {
      name: 'preorder without date',
      patch: { availability: 'preorder' },
      code: 'missing_conditional',
      attribute: 'availability_date',
      severity: 'error',
    },
    {
      name: 'backorder without date warns',
      patch: { availability: 'backorder' },
      code: 'missing_conditional',
      severity: 'warning',
    },
    {
      name: 'availability date not ISO',
      patch: { availability_date: '03/01/2027' },
      code: 'invalid_date',
      attribute: 'availability_date',
    },
  ],
  expiration_date: [
    { name: 'expiration date as a day passes', patch: { expiration_date: '2027-06-30' } },
    { name: 'expiration date invalid day', patch: { expiration_date: '2027-02-30' }, code: 'invalid_date' },
  ],
  price: [
    { name: 'price missing', patch: { price: undefined }, code: 'missing_required', attribute: 'price' },
    { name: 'price zero', patch: { price: usd(0) }, code: 'out_of_range', attribute: 'price' },
    {
      name: 'price currency not ISO 4217',
      patch: { price: { value: 10, currency: 'XYZ' } },
      code: 'invalid_currency',
      attribute: 'price',
    },
    {
      name: 'price with too many decimals',
      patch: { price: usd(9.999) },
      code: 'price_precision',
      severity: 'warning',
    },
    {
      name: 'price in another currency than the market',
      patch: { price: { value: 10, currency: 'EUR' } },
      code: 'currency_mismatch',
      severity: 'warning',
    },
    {
      name: 'price not a price',
      patch: { price: { value: Number.NaN, currency: 'USD' } },
      code: 'invalid_price',
    },
    {
      name: 'price in JPY without decimals passes',
      patch: { price: { value: 1500, currency: 'JPY' } },
      context: { currency: 'JPY' },
      absent: 'price_precision',
    },
  ],
  sale_price: [
    { name: 'sale price below price passes', patch: { sale_price: usd(29.99) } },
    {
      name: 'sale price above price',
      patch: { sale_price: usd(49.99) },
      code: 'sale_price_not_lower',
      attribute: 'sale_price',
    },
    {
      name: 'sale price in another currency',
      patch: { sale_price: { value: 20, currency: 'EUR' } },
      context: { currency: undefined },
      code: 'sale_price_currency',
    },
  ],
  sale_price_effective_date: [
    {
      name: 'sale period in the future passes',
      patch: {
        sale_price: usd(29.99),
        sale_price_effective_date: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
      },
    },
    {
      name: 'sale period not an interval',
      patch: { sale_price_effective_date: '2027-02-24' },
      code: 'invalid_date_range',
    },
    {
      name: 'sale period ends before it starts',
      patch: { sale_price_effective_date: '2027-02-28/2027-02-24' },
      code: 'date_range_order',
    },
    {
      name: 'sale period over 51 characters',
      patch: { sale_price_effective_date: '2027-02-24T13:00:00.000-08:00/2027-02-28T15:30:00-08:00' },
      code: 'too_long',
    },
    {
      name: 'sale period over',
      patch: { sale_price_effective_date: '2026-12-01/2026-12-31' },
      code: 'sale_ended',
      severity: 'warning',
    },
  ],
  unit_pricing: [
    {
      name: '750ml per 1 l passes',
      patch: {
        unit_pricing_measure: { value: 750, unit: 'ml' },
        unit_pricing_base_measure: { value: 1, unit: 'l' },
      },
    },
    {
      name: 'spec unit gm is read as g',
      patch: {
        unit_pricing_measure: { value: 500, unit: 'gm' },
        unit_pricing_base_measure: { value: 100, unit: 'g' },
      },
    },
    {
      name: 'measure unit unknown',
      patch: { unit_pricing_measure: { value: 1, unit: 'stone' } },
      code: 'invalid_unit',
      attribute: 'unit_pricing_measure',
    },
    {
      name: 'measure zero',
      patch: { unit_pricing_measure: { value: 0, unit: 'kg' } },
      code: 'out_of_range',
      attribute: 'unit_pricing_measure',
    },
    {
      name: 'base measure value not allowed',
      patch: {
        unit_pricing_measure: { value: 1, unit: 'kg' },
        unit_pricing_base_measure: { value: 3, unit: 'kg' },
      },
      code: 'invalid_base_measure',
    },
    {
      name: 'base 750ml allowed',
      patch: {
        unit_pricing_measure: { value: 1.5, unit: 'l' },
        unit_pricing_base_measure: { value: 750, unit: 'ml' },
      },
    },
    {
      name: 'measure and base of different kinds',
      patch: {
        unit_pricing_measure: { value: 1, unit: 'kg' },
        unit_pricing_base_measure: { value: 1, unit: 'l' },
      },
      code: 'unit_pricing_mismatch',
    },
    {
      name: 'base without measure',
      patch: { unit_pricing_base_measure: { value: 1, unit: 'kg' } },
      code: 'unit_pricing_incomplete',
    },
  ],
  cost_of_goods_sold: [
    { name: 'cost of goods sold passes', patch: { cogs: usd(12) } },
    {
      name: 'cost of goods sold negative',
      patch: { cogs: usd(-1) },
      code: 'out_of_range',
      attribute: 'cost_of_goods_sold',
    },
  ],
  auto_pricing_min_price: [
    { name: 'auto pricing minimum passes', patch: { auto_pricing_min_price: usd(30) } },
    {
      name: 'auto pricing minimum negative',
      patch: { auto_pricing_min_price: usd(-5) },
      code: 'out_of_range',
      attribute: 'auto_pricing_min_price',
    },
  ],
  google_product_category: [
    {
      name: 'category as a full path passes',
      patch: { google_product_category: 'electronics >  computers' },
    },
    {
      name: 'category unknown',
      patch: { google_product_category: '999999' },
      code: 'unknown_category',
      severity: 'warning',
    },
  ],
  product_type: [
    { name: 'product type 750 passes', patch: { product_type: long(750) } },
    {
      name: 'product type over 750',
      patch: { product_type: long(751) },
      code: 'too_long',
      attribute: 'product_type',
    },
  ],
  identifiers: [
    {
      name: 'brand missing',
      patch: { brand: undefined },
      code: 'missing_conditional',
      attribute: 'brand',
      severity: 'warning',
    },
    { name: 'brand over 70', patch: { brand: long(71) }, code: 'too_long', attribute: 'brand' },
    {
      name: 'no identifiers and identifier_exists=no passes',
      patch: { brand: undefined, gtin: undefined, mpn: undefined, identifier_exists: false },
    },
    { name: 'custom product (identifier level 4) needs no identifiers', patch: { upi_management_status: 4 } },
    { name: 'GTIN with spaces and dashes is normalised', patch: { gtin: '4006381-333931' } },
    { name: 'UPC-E validates through its expansion', patch: { gtin: '04252614' } },
    {
      name: 'GTIN wrong check digit',
      patch: { gtin: '4006381333932' },
      code: 'invalid_gtin_check_digit',
      attribute: 'gtin',
      severity: 'error',
    },
    {
      name: 'GTIN wrong length',
      patch: { gtin: '40063813339' },
      code: 'invalid_gtin_length',
      severity: 'error',
    },
    { name: 'GTIN with letters', patch: { gtin: 'ABC123' }, code: 'invalid_gtin_characters' },
    {
      name: 'GTIN restricted prefix',
      patch: { gtin: '2000000000008' },
      code: 'restricted_gtin',
      severity: 'warning',
    },
    {
      name: 'GTIN coupon prefix',
      patch: { gtin: '9900000000004' },
      code: 'coupon_gtin',
      severity: 'warning',
    },
    {
      name: 'media without GTIN',
      patch: { google_product_category: '784', gtin: undefined },
      code: 'missing_conditional',
      attribute: 'gtin',
      severity: 'warning',
    },
    {
      name: 'MPN missing without GTIN',
      patch: { gtin: undefined, mpn: undefined },
      code: 'missing_conditional',
      attribute: 'mpn',
      severity: 'warning',
    },
    { name: 'MPN over 70', patch: { mpn: long(71) }, code: 'too_long', attribute: 'mpn' },
    {
      name: 'identifier_exists=no with a GTIN',
      patch: { identifier_exists: false },
      code: 'identifier_exists_conflict',
      severity: 'warning',
    },
  ],
  flags: [
    { name: 'condition refurbished passes', patch: { condition: 'refurbished' } },
    {
      name: 'condition unknown',
      patch: { condition: 'like new' },
      code: 'invalid_value',
      attribute: 'condition',
    },
    { name: 'adult yes passes', patch: { adult: true } },
    { name: 'multipack of 6 passes', patch: { multipack: 6 } },
    { name: 'multipack zero', patch: { multipack: 0 }, code: 'out_of_range', attribute: 'multipack' },
    { name: 'multipack not whole', patch: { multipack: 2.5 }, code: 'invalid_value', attribute: 'multipack' },
    { name: 'bundle passes', patch: { is_bundle: true } },
  ],
  apparel: [
    { name: 'apparel with every attribute passes', patch: { ...APPAREL } },
    {
      name: 'apparel without gender',
      patch: { ...APPAREL, gender: undefined },
      code: 'missing_conditional',
      attribute: 'gender',
      severity: 'error',
    },
    {
      name: 'apparel without age group',
      patch: { ...APPAREL, age_group: undefined },
      code: 'missing_conditional',
      attribute: 'age_group',
    },
    {
      name: 'apparel without colour',
      patch: { ...APPAREL, color: undefined },
      code: 'missing_conditional',
      attribute: 'color',
    },
    {
      name: 'clothing without size',
      patch: { ...APPAREL, size: undefined },
      code: 'missing_conditional',
      attribute: 'size',
    },
    {
      name: 'a sub-category of clothing is clothing',
      patch: { ...APPAREL, google_product_category: '2271', size: undefined },
      code: 'missing_conditional',
      attribute: 'size',
    },
    {
      name: 'watch bands need no gender or age group',
      patch: { google_product_category: '5123', color: 'Black' },
    },
    {
      name: 'shopping ads only, outside the six countries: optional',
      patch: { google_product_category: '1604' },
      context: { destinations: ['shopping_ads'], targetCountry: 'AU', currency: 'AUD' },
      absent: 'missing_conditional',
    },
    {
      name: 'age group unknown',
      patch: { age_group: 'senior' },
      code: 'invalid_value',
      attribute: 'age_group',
    },
    { name: 'gender unknown', patch: { gender: 'men' }, code: 'invalid_value', attribute: 'gender' },
  ],
  color: [
    { name: 'three colours joined by / pass', patch: { color: 'Red/Green/Black' } },
    { name: 'colour with commas', patch: { color: 'Red, Green' }, code: 'color_comma' },
    { name: 'four colours', patch: { color: 'Red/Green/Black/White' }, code: 'color_too_many' },
    { name: 'colour part over 40', patch: { color: long(41) }, code: 'color_part_too_long' },
    { name: 'hex code is not a colour', patch: { color: '#FF0000' }, code: 'color_invalid' },
    { name: 'see image is not a colour', patch: { color: 'see image' }, code: 'color_invalid' },
    {
      name: 'colour over 100',
      patch: { color: `${long(40)}/${long(40)}/${long(40)}` },
      code: 'too_long',
      attribute: 'color',
    },
  ],
  size: [
    { name: 'size over 100', patch: { size: long(101) }, code: 'too_long', attribute: 'size' },
    { name: 'two size types pass', patch: { size_type: ['petite', 'maternity'] } },
    {
      name: 'three size types',
      patch: { size_type: ['petite', 'maternity', 'plus'] },
      code: 'too_many_values',
      attribute: 'size_type',
    },
    {
      name: 'size type unknown',
      patch: { size_type: ['oversize'] },
      code: 'invalid_value',
      attribute: 'size_type',
    },
    { name: 'size system MEX passes', patch: { size_system: 'MEX' } },
    {
      name: 'size system unknown',
      patch: { size_system: 'XX' },
      code: 'invalid_value',
      attribute: 'size_system',
    },
  ],
  variants: [
    {
      name: 'item group id over 50 only warns (unverified for Google)',
      product: (p) => ({
        ...p,
        item_group_id: long(51),
        variants: [{ id: 'v', offer_id: 'V1', source: {}, overrides: {}, rules: {} }],
      }),
      code: 'too_long',
      attribute: 'item_group_id',
      severity: 'warning',
    },
    {
      name: 'material over 200 only warns',
      patch: { material: long(201) },
      code: 'too_long',
      attribute: 'material',
      severity: 'warning',
    },
    {
      name: 'pattern over 100 only warns',
      patch: { pattern: long(101) },
      code: 'too_long',
      attribute: 'pattern',
      severity: 'warning',
    },
  ],
  dimensions: [
    {
      name: 'product length in cm passes',
      patch: { product_length: { value: 20.5, unit: 'cm' }, product_weight: { value: 1.2, unit: 'kg' } },
    },
    {
      name: 'product length unit unknown',
      patch: { product_length: { value: 20, unit: 'mm' } },
      code: 'invalid_unit',
      attribute: 'product_length',
    },
    {
      name: 'product width over 3000',
      patch: { product_width: { value: 3001, unit: 'in' } },
      code: 'out_of_range',
      attribute: 'product_width',
    },
    {
      name: 'product height zero',
      patch: { product_height: { value: 0, unit: 'cm' } },
      code: 'out_of_range',
      attribute: 'product_height',
    },
    {
      name: 'product length with 5 decimals',
      patch: { product_length: { value: 1.23456, unit: 'cm' } },
      code: 'too_many_decimals',
    },
    {
      name: 'product weight over 2000',
      patch: { product_weight: { value: 2001, unit: 'lb' } },
      code: 'out_of_range',
      attribute: 'product_weight',
    },
    { name: 'shipping weight in kg passes', patch: { shipping_weight: { value: 3, unit: 'kg' } } },
    {
      name: 'shipping weight over 1000 kg only warns',
      patch: { shipping_weight: { value: 1001, unit: 'kg' } },
      code: 'out_of_range',
      severity: 'warning',
    },
    {
      name: 'shipping length over 150 in only warns',
      patch: { shipping_length: { value: 151, unit: 'in' } },
      code: 'out_of_range',
      attribute: 'shipping_length',
      severity: 'warning',
    },
  ],
  product_detail: [
    {
      name: 'detail without section passes',
      patch: { detail: [{ attribute_name: 'Material', attribute_value: 'Oak' }] },
    },
    {
      name: 'detail name missing',
      patch: { detail: [{ attribute_name: '', attribute_value: 'Oak' }] },
      code: 'missing_required',
      attribute: 'product_detail.attribute_name',
    },
    {
      name: 'detail value over 1000',
      patch: { detail: [{ attribute_name: 'Care', attribute_value: long(1001) }] },
      code: 'too_long',
      attribute: 'product_detail.attribute_value',
    },
    {
      name: 'section name over 140 warns',
      patch: { detail: [{ section_name: long(141), attribute_name: 'a', attribute_value: 'b' }] },
      code: 'too_long',
      severity: 'warning',
    },
    {
      name: 'approved AI details count',
      patch: { ai_detail: [{ attribute_name: '', attribute_value: 'x' }], ai_approve_status: 'approved' },
      code: 'missing_required',
    },
    {
      name: 'AI details awaiting approval are not sent',
      patch: { ai_detail: [{ attribute_name: '', attribute_value: 'x' }], ai_approve_status: 'pending' },
    },
  ],
  product_highlight: [
    { name: 'two highlights pass', patch: { highlights: ['Boils fast', 'Auto shut-off'] } },
    {
      name: 'one own and one approved AI highlight pass',
      patch: { highlights: ['Boils fast'], ai_highlights: ['Quiet'], ai_approve_status: 'auto-approved' },
    },
    {
      name: 'one highlight only',
      patch: { highlights: ['Boils fast'] },
      code: 'too_few_values',
      severity: 'warning',
    },
    {
      name: 'highlight over 150',
      patch: { highlights: [long(151), 'ok'] },
      code: 'too_long',
      attribute: 'product_highlight',
    },
    {
      name: '101 highlights',
      patch: { highlights: Array.from({ length: 101 }, (_, i) => `h${i}`) },
      code: 'too_many_values',
      severity: 'warning',
    },
  ],
  certification: [
    {
      name: 'EU energy label passes, spec spelling of the authority included',
      patch: {
        certifications: [
          {
            certification_authority: 'European_Commission',
            certification_name: 'EPREL',
            certification_code: '123456',
          },
        ],
      },
    },
    {
      name: 'certification authority unknown',
      patch: { certifications: [{ certification_authority: 'TUV', certification_name: 'EPREL' }] },
      code: 'invalid_value',
      attribute: 'certification.certification_authority',
    },
    {
      name: 'certification name missing',
      patch: { certifications: [{ certification_authority: 'EC', certification_name: '' }] },
      code: 'missing_required',
      attribute: 'certification.certification_name',
    },
    {
      name: 'certification code over 2000',
      patch: {
        certifications: [
          { certification_authority: 'EC', certification_name: 'EPREL', certification_code: long(2001) },
        ],
      },
      code: 'too_long',
    },
  ],
  labels: [
    { name: 'custom label of 100 passes', patch: { custom_label0: long(100) } },
    {
      name: 'custom label over 100',
      patch: { custom_label3: long(101) },
      code: 'too_long',
      attribute: 'custom_label_3',
    },
    // Labels are sent trimmed (the writer's cleaning), so edge spaces no longer split a label in two.
    { name: 'custom label with edge spaces is sent trimmed', patch: { custom_label1: ' sale ' } },
    {
      name: 'shipping label over 100',
      patch: { shipping_label: long(101) },
      code: 'too_long',
      attribute: 'shipping_label',
    },
    {
      name: 'transit time label over 100',
      patch: { transit_time_label: long(101) },
      code: 'too_long',
      attribute: 'transit_time_label',
    },
    {
      name: 'return policy label over 100',
      patch: { return_policy_label: long(101) },
      code: 'too_long',
      attribute: 'return_policy_label',
    },
    {
      name: 'tax category over 100 warns',
      patch: { tax_category: long(101) },
      code: 'too_long',
      severity: 'warning',
    },
  ],
  promotions_and_control: [
    { name: 'promotion ids pass', patch: { promotion_ids: ['SUMMER_10', 'VIP-2'] } },
    {
      name: 'promotion id with a space only warns',
      patch: { promotion_ids: ['SUMMER 10'] },
      code: 'invalid_format',
      attribute: 'promotion_id',
      severity: 'warning',
    },
    { name: 'ads redirect valid', patch: { ads_redirect: 'https://track.example.com/r?u=1' } },
    {
      name: 'ads redirect invalid only warns',
      patch: { ads_redirect: 'nope' },
      code: 'invalid_url',
      severity: 'warning',
    },
    { name: 'pause ads passes', patch: { pause: 'ads' } },
    {
      name: 'pause unknown only warns (feed spelling unverified)',
      patch: { pause: 'forever' },
      code: 'invalid_value',
      attribute: 'pause',
      severity: 'warning',
    },
  ],
  shipping: [
    {
      name: 'shipping with a region and speed passes',
      patch: {
        shipping: [
          {
            country: 'US',
            region: 'CA',
            service: 'Express',
            price: usd(9.99),
            min_handling_time: 0,
            max_handling_time: 1,
            min_transit_time: 1,
            max_transit_time: 3,
          },
        ],
      },
    },
    {
      name: 'no shipping in a country that needs it (informs)',
      patch: { shipping: undefined },
      code: 'missing_conditional',
      attribute: 'shipping',
      severity: 'info',
    },
    {
      name: 'no shipping but account-level shipping',
      patch: { shipping: undefined },
      context: { accountShipping: true },
    },
    {
      name: 'shipping country missing',
      patch: { shipping: [{ country: '', price: usd(5) }] },
      code: 'missing_required',
      attribute: 'shipping.country',
    },
    {
      name: 'shipping country not ISO',
      patch: { shipping: [{ country: 'USA', price: usd(5) }] },
      code: 'invalid_format',
      attribute: 'shipping.country',
    },
    {
      name: 'shipping region and postal code together',
      patch: { shipping: [{ country: 'US', region: 'CA', postal_code: '94043', price: usd(5) }] },
      code: 'shipping_area_conflict',
    },
    {
      name: 'minimum handling without maximum',
      patch: { shipping: [{ country: 'US', price: usd(5), min_handling_time: 1 }] },
      code: 'shipping_time_incomplete',
    },
    {
      name: 'minimum transit above maximum',
      patch: { shipping: [{ country: 'US', price: usd(5), min_transit_time: 5, max_transit_time: 2 }] },
      code: 'shipping_time_order',
    },
    {
      name: 'negative shipping price',
      patch: { shipping: [{ country: 'US', price: usd(-1) }] },
      code: 'out_of_range',
      attribute: 'shipping.price',
    },
  ],
  free_shipping_threshold: [
    { name: 'free shipping threshold passes', patch: { free_shipping_threshold: usd(50) } },
    {
      name: 'free shipping threshold negative',
      patch: { free_shipping_threshold: usd(-50) },
      code: 'out_of_range',
      attribute: 'free_shipping_threshold.price_threshold',
    },
  ],
};

describe('Google attribute rules', () => {
  for (const [group, list] of Object.entries(cases)) {
    describe(group, () => {
      for (const c of list) it(c.name, () => runCase(GOOGLE, c));
    });
  }

  it('the valid fixture has no issue at all', () => {
    expect(validateProduct(GOOGLE, product(validSource()), CONTEXT)[0]?.issues).toEqual([]);
  });

  it('numbers several entries of a repeated record in messages', () => {
    const p = product({
      ...validSource(),
      shipping: [
        { country: 'US', price: usd(1) },
        { country: 'usa', price: usd(2) },
      ],
    });
    const issue = validateProduct(GOOGLE, p, CONTEXT)[0]?.issues.find(
      (i) => i.attribute === 'shipping.country',
    );
    expect(issue?.message).toMatch(/^Shipping 2: /);
  });
});
