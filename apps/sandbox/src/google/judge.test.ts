import { ChannelItem, GOOGLE, toProductInput, validateProduct, type TLayerValues, type TProduct } from '@feedloom/catalog';
import { googleTaxonomy } from '@feedloom/catalog/node';
import { describe, expect, it } from 'vitest';
import { judgeProductInput, PRICE_MISMATCH_MARKER, productFromInput, SMALL_IMAGE_MARKER } from './judge';

const taxonomy = googleTaxonomy();
const now = new Date('2027-01-15T12:00:00Z');

const validSource = (): TLayerValues => ({
  title: 'Acme Kettle 1.7 L',
  description: 'A stainless steel kettle that boils 1.7 litres in three minutes.',
  link: 'https://shop.example.com/p/kettle',
  image_link: 'https://shop.example.com/i/kettle.jpg',
  availability: 'in_stock',
  condition: 'new',
  price: { value: 39.99, currency: 'USD' },
  sale_price: { value: 29.5, currency: 'USD' },
  sale_price_effective_date: '2027-01-01T00:00-0800/2027-02-01T00:00-0800',
  brand: 'Acme',
  gtin: '4006381333931',
  mpn: 'AK-17',
  google_product_category: '222',
  highlights: ['Boils fast', 'Steel'],
  product_weight: { value: 1.5, unit: 'kg' },
  shipping: [
    {
      country: 'US',
      service: 'Standard',
      price: { value: 4.99, currency: 'USD' },
      min_handling_time: 0,
      max_handling_time: 1,
      min_transit_time: 2,
      max_transit_time: 5,
    },
  ],
  multipack: 2,
  unit_pricing_measure: { value: 750, unit: 'ml' },
  unit_pricing_base_measure: { value: 100, unit: 'ml' },
  ads_label: 'summer,kitchen',
});

const product = (source: TLayerValues): TProduct => ({ id: 'p1', offer_id: 'SKU-1', source, overrides: {}, rules: {}, variants: [] });
const inputOf = (source: TLayerValues) =>
  toProductInput(new ChannelItem(product(source)), { contentLanguage: 'en', feedLabel: 'US' });
const ctx = { taxonomy, accountShipping: false, now };

describe('the sandbox Merchant Center review', () => {
  it('reads a ProductInput back into the same product the validator sees', () => {
    const input = inputOf(validSource());
    const back = productFromInput(input);
    const direct = validateProduct(GOOGLE, product(validSource()), { targetCountry: 'US', contentLanguage: 'en', taxonomy, now });
    const judged = validateProduct(GOOGLE, back, { targetCountry: 'US', contentLanguage: 'en', taxonomy, now });
    expect(direct[0]?.issues).toEqual([]);
    expect(judged[0]?.issues).toEqual([]);
    expect(back.source).toMatchObject({ title: 'Acme Kettle 1.7 L', price: { value: 39.99, currency: 'USD' }, availability: 'in_stock' });
    // int64 text back as numbers, the label list back as one comma-separated text.
    expect(back.source).toMatchObject({
      multipack: 2,
      unit_pricing_base_measure: { value: 100, unit: 'ml' },
      shipping: [expect.objectContaining({ min_handling_time: 0, max_handling_time: 1, min_transit_time: 2, max_transit_time: 5 })],
      ads_label: 'summer,kitchen',
    });
  });

  it('approves a valid product', () => {
    expect(judgeProductInput(inputOf(validSource()), ctx)).toEqual({ approved: true, issues: [] });
  });

  it("disapproves with item-level issues what the catalog's validator refuses", () => {
    const { title: _t, ...noTitle } = validSource();
    const review = judgeProductInput(inputOf(noTitle), ctx);
    expect(review.approved).toBe(false);
    expect(review.issues).toContainEqual(
      expect.objectContaining({ attribute: 'title', severity: 'DISAPPROVED', reportingContext: 'SHOPPING_ADS', applicableCountries: ['US'] }),
    );
  });

  it('disapproves for reasons only the channel knows: landing-page price, image size', () => {
    const review = judgeProductInput(
      inputOf({
        ...validSource(),
        link: `https://shop.example.com/p/kettle?${PRICE_MISMATCH_MARKER}`,
        image_link: `https://shop.example.com/i/${SMALL_IMAGE_MARKER}.jpg`,
      }),
      ctx,
    );
    expect(review.approved).toBe(false);
    expect(new Set(review.issues.map((i) => i.code))).toEqual(new Set(['price_mismatch', 'image_too_small']));
    expect(review.issues[0]).toMatchObject({ description: 'Mismatched value (page crawl) [price]', severity: 'DISAPPROVED' });
  });
});
