import type { TLayerValues, TProduct, TResolvedContext, TValidationContext } from '../src/index';
import { resolveContext } from '../src/index';
import { googleTaxonomy } from '../src/node/index';

// Small, hand-checkable products for unit and golden tests.

export const CONTEXT: TValidationContext = {
  targetCountry: 'US',
  contentLanguage: 'en',
  currency: 'USD',
  shopDomain: 'shop.example.com',
  taxonomy: googleTaxonomy(),
  now: new Date('2027-01-15T12:00:00Z'),
};

export const resolved = (extra: TValidationContext = {}): TResolvedContext =>
  resolveContext({ ...CONTEXT, ...extra });

/** A product every channel accepts without a single issue (electronics, so no apparel rules). */
export const validSource = (): TLayerValues => ({
  title: 'Acme Kettle 1.7 L',
  description: 'A stainless steel kettle that boils 1.7 litres in three minutes.',
  link: 'https://shop.example.com/p/kettle',
  image_link: 'https://shop.example.com/i/kettle.jpg',
  availability: 'in_stock',
  condition: 'new',
  price: { value: 39.99, currency: 'USD' },
  brand: 'Acme',
  gtin: '4006381333931',
  mpn: 'AK-17',
  google_product_category: '222',
  shipping: [{ country: 'US', service: 'Standard', price: { value: 4.99, currency: 'USD' } }],
});

export const product = (source: TLayerValues, extra: Partial<TProduct> = {}): TProduct => ({
  id: 'p1',
  offer_id: 'SKU-1',
  source,
  overrides: {},
  rules: {},
  variants: [],
  ...extra,
});

/** Text that breaks naive writers: XML specials, quotes, separators, emoji, right-to-left, line breaks, tab. */
export const NASTY = 'Tom & Jerry <b>"bold"</b>, 50% off: ok\tnow 🧀🇫🇷 שלום עולם\nline two\r\nend';
/** The same after the writers' hygiene: control characters are stripped (U+0007 and U+0000 here). */
export const NASTY_WITH_CONTROLS = `${NASTY}\u0007\u0000`;

const LONG_DESCRIPTION = Array.from({ length: 500 }, (_, i) => `Line ${String(i).padStart(4, '0')}`)
  .join('.')
  .padEnd(5000, '!')
  .slice(0, 5000);

/** The golden-file catalogue: nasty text, variants, a 5,000-character description, an invalid item. */
export const goldenProducts = (): TProduct[] => [
  product({
    ...validSource(),
    title: 'Tom & Jerry <Deluxe> "Cheese" Board 🧀',
    description: NASTY_WITH_CONTROLS,
    additional_image_links: [
      'https://shop.example.com/i/board-1.jpg',
      'https://shop.example.com/i/board-2.jpg',
    ],
    highlights: ['Oak, oiled: food-safe', 'Comes with a "knife"'],
    detail: [{ section_name: 'Size', attribute_name: 'Width, cm', attribute_value: '40: wide' }],
    sale_price: { value: 29.5, currency: 'USD' },
    sale_price_effective_date: '2027-01-01T00:00-0800/2027-02-01T00:00-0800',
    custom_label0: 'gifts & more',
  }),
  product(
    {
      ...validSource(),
      title: 'Aurora Linen Shirt',
      description: 'قميص كتان خفيف — light linen shirt',
      google_product_category: '1604',
      gender: 'unisex',
      age_group: 'adult',
      brand: 'Aurora',
      mpn: undefined,
      gtin: undefined,
      identifier_exists: false,
    },
    {
      id: 'p2',
      offer_id: 'SHIRT',
      item_group_id: 'SHIRT',
      variants: [
        {
          id: 'p2-s',
          offer_id: 'SHIRT-S-WHITE',
          source: { size: 'S', color: 'White' },
          overrides: {},
          rules: {},
        },
        {
          id: 'p2-m',
          offer_id: 'SHIRT-M-NAVY',
          source: { size: 'M', color: 'Navy Blue' },
          overrides: { title: 'Aurora Linen Shirt, Navy' },
          rules: {},
        },
      ],
    },
  ),
  product(
    {
      ...validSource(),
      title: 'Long Story Book',
      description: LONG_DESCRIPTION,
      google_product_category: '784',
      gtin: '9780306406157',
    },
    { id: 'p3', offer_id: 'BOOK-1' },
  ),
  // Invalid everywhere: no title, a broken GTIN. Left out of every feed.
  product({ ...validSource(), title: '', gtin: '4006381333932' }, { id: 'p4', offer_id: 'BROKEN' }),
];
