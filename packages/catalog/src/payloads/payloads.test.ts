import { describe, expect, it } from 'vitest';
import { CONTEXT, goldenProducts, product, validSource } from '../../test/fixtures';
import type { TLayerValues } from '../model/fields';
import { ChannelItem, channelItems } from '../model/product';
import { normaliseOfferId } from '../rules/clean';
import {
  metaItemsBatch,
  microsoftBatchEntry,
  microsoftProductId,
  productIdSegment,
  productInputName,
  toProductInput,
  toMetaRequest,
  toMicrosoftProduct,
} from './payloads';

const item = (extra = {}) => new ChannelItem(product({ ...validSource(), ...extra }));

describe('Merchant API ProductInput', () => {
  const target = { contentLanguage: 'en', feedLabel: 'US', context: CONTEXT };

  it('puts known attributes in productAttributes with amountMicros prices and API enums', () => {
    const input = toProductInput(
      item({
        sale_price: { value: 29.99, currency: 'USD' },
        sale_price_effective_date: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
        size_type: ['petite'],
        gender: 'female',
        product_weight: { value: 1.5, unit: 'kg' },
        unit_pricing_measure: { value: 500, unit: 'gm' },
        unit_pricing_base_measure: { value: 100, unit: 'g' },
        highlights: ['One', 'Two'],
        detail: [{ section_name: 'General', attribute_name: 'Material', attribute_value: 'Steel' }],
        certifications: [
          {
            certification_authority: 'European_Commission',
            certification_name: 'EPREL',
            certification_code: '123',
          },
        ],
        free_shipping_threshold: { value: 50, currency: 'USD' },
        return_policy_label: 'standard',
        tax_category: 'kitchen',
        product_type: 'Home > Kitchen',
      }),
      target,
    );
    expect(input).toMatchObject({ offerId: 'SKU-1', contentLanguage: 'en', feedLabel: 'US' });
    expect(input.productAttributes).toMatchObject({
      title: 'Acme Kettle 1.7 L',
      price: { amountMicros: '39990000', currencyCode: 'USD' },
      salePrice: { amountMicros: '29990000', currencyCode: 'USD' },
      salePriceEffectiveDate: { startTime: '2027-02-24T21:00:00Z', endTime: '2027-02-28T23:30:00Z' },
      availability: 'IN_STOCK',
      condition: 'NEW',
      gender: 'FEMALE',
      sizeTypes: ['PETITE'],
      gtins: ['4006381333931'],
      productTypes: ['Home > Kitchen'],
      productWeight: { value: 1.5, unit: 'kg' },
      unitPricingMeasure: { value: 500, unit: 'g' },
      productHighlights: ['One', 'Two'],
      productDetails: [{ sectionName: 'General', attributeName: 'Material', attributeValue: 'Steel' }],
      certifications: [
        { certificationAuthority: 'EC', certificationName: 'EPREL', certificationCode: '123' },
      ],
      freeShippingThreshold: [
        { country: 'US', priceThreshold: { amountMicros: '50000000', currencyCode: 'USD' } },
      ],
      shipping: [
        { country: 'US', service: 'Standard', price: { amountMicros: '4990000', currencyCode: 'USD' } },
      ],
    });
    expect(input.productAttributes).not.toHaveProperty('offerId');
    // attributes the API does not expose go to customAttributes
    expect(input.productAttributes.returnPolicyLabel).toBe('standard');
    expect(input.customAttributes).toEqual([{ name: 'tax_category', value: 'kitchen' }]);
  });

  it('sends every int64 of the API as a decimal string, and a comma-separated ads label as a list', () => {
    const input = toProductInput(
      item({
        multipack: 6,
        unit_pricing_measure: { value: 750, unit: 'ml' },
        unit_pricing_base_measure: { value: 100, unit: 'ml' },
        shipping: [
          {
            country: 'US',
            service: 'Express',
            price: { value: 9.99, currency: 'USD' },
            min_handling_time: 0,
            max_handling_time: 1,
            min_transit_time: 2,
            max_transit_time: 3,
          },
        ],
        ads_label: 'summer, kitchen,,sale',
      }),
      target,
    );
    expect(input.productAttributes).toMatchObject({
      multipack: '6',
      unitPricingMeasure: { value: 750, unit: 'ml' },
      unitPricingBaseMeasure: { value: '100', unit: 'ml' },
      shipping: [
        {
          country: 'US',
          service: 'Express',
          price: { amountMicros: '9990000', currencyCode: 'USD' },
          minHandlingTime: '0',
          maxHandlingTime: '1',
          minTransitTime: '2',
          maxTransitTime: '3',
        },
      ],
      adsLabels: ['summer', 'kitchen', 'sale'],
    });
  });

  it('leaves out a boolean or a number that is not one, rather than have Google refuse the product', () => {
    const input = toProductInput(item({ adult: 'no', is_bundle: 'yes', multipack: 'six' }), target);
    expect(input.productAttributes).not.toHaveProperty('adult');
    expect(input.productAttributes).not.toHaveProperty('isBundle');
    expect(input.productAttributes).not.toHaveProperty('multipack');
    expect(toProductInput(item({ is_bundle: true, multipack: '3' }), target).productAttributes).toMatchObject({ isBundle: true, multipack: '3' });
  });

  it('sends variants with their item group and the identifier rules applied', () => {
    const [first] = channelItems(goldenProducts()[1] ?? product({}));
    const input = toProductInput(first as ChannelItem, target);
    expect(input.productAttributes).toMatchObject({
      itemGroupId: 'SHIRT',
      identifierExists: false,
      color: 'White',
      size: 'S',
    });
    const custom = toProductInput(item({ upi_management_status: 4 }), target);
    expect(custom.productAttributes).toMatchObject({ identifierExists: false });
    expect(custom.productAttributes).not.toHaveProperty('gtins');
  });

  it('encodes resource ids as reference says', () => {
    expect(productIdSegment('en', 'US', 'sku/123')).toBe('ZW5-VVN-c2t1LzEyMw');
    expect(productIdSegment('en', 'US', 'sku123', { encode: 'auto' })).toBe('en~US~sku123');
    expect(productIdSegment('en', 'US', 'sku~1', { encode: 'auto' })).toBe(
      Buffer.from('en~US~sku~1').toString('base64url'),
    );
    expect(productInputName('123', 'en', 'US', 'sku/123')).toBe(
      'accounts/123/productInputs/ZW5-VVN-c2t1LzEyMw',
    );
    expect(normaliseOfferId('  sku   12 ')).toBe('sku 12');
    const named = toProductInput(item(), { ...target, account: '42' });
    expect(named.name).toBe(`accounts/42/productInputs/${Buffer.from('en~US~SKU-1').toString('base64url')}`);
  });

  it('refuses a feed label or language the API would reject', () => {
    expect(() => toProductInput(item(), { ...target, feedLabel: 'us market' })).toThrow(/feedLabel/);
    expect(() => toProductInput(item(), { ...target, feedLabel: 'X'.repeat(21) })).toThrow(/feedLabel/);
    expect(() => toProductInput(item(), { ...target, contentLanguage: 'eng' })).toThrow(/contentLanguage/);
  });
});

describe('Microsoft Content API product', () => {
  const target = { contentLanguage: 'en', targetCountry: 'US', context: CONTEXT };

  it('uses its field names and spellings', () => {
    const p = toMicrosoftProduct(
      item({
        availability: 'backorder',
        size: 'M',
        promotion_ids: ['A', 'B'],
        ads_redirect: 'https://t.example.com/r',
      }),
      target,
    );
    expect(p).toMatchObject({
      offerId: 'SKU-1',
      channel: 'Online',
      contentLanguage: 'en',
      targetCountry: 'US',
      availability: 'out of stock',
      condition: 'new',
      price: { value: 39.99, currency: 'USD' },
      googleProductCategory: '222',
      sizes: ['M'],
      promotionId: 'A,B',
      adwordsRedirect: 'https://t.example.com/r',
      gtin: '4006381333931',
    });
    expect(p).not.toHaveProperty('availabilityDate');
    expect(microsoftProductId(target, 'Sku123')).toBe('Online:en:US:Sku123');
    expect(microsoftBatchEntry(1, '99', item(), target)).toMatchObject({
      batchId: 1,
      merchantId: '99',
      method: 'insert',
      product: { offerId: 'SKU-1' },
    });
  });

  it('sends a missing condition as new (its documented default)', () => {
    expect(toMicrosoftProduct(item({ condition: undefined }), target).condition).toBe('new');
  });
});

describe('Meta items_batch', () => {
  it('builds requests with feed field names and feed text', () => {
    const r = toMetaRequest(
      item({
        availability: 'backorder',
        additional_image_links: ['https://a.example.com/1.jpg', 'https://a.example.com/2.jpg'],
      }),
      'UPDATE',
      CONTEXT,
    );
    expect(r).toEqual({
      method: 'UPDATE',
      data: expect.objectContaining({
        id: 'SKU-1',
        title: 'Acme Kettle 1.7 L',
        availability: 'available for order',
        condition: 'new',
        price: '39.99 USD',
        image_link: 'https://shop.example.com/i/kettle.jpg',
        additional_image_link: ['https://a.example.com/1.jpg', 'https://a.example.com/2.jpg'],
        shipping: [{ country: 'US', service: 'Standard', price: '4.99 USD' }],
      }),
    });
    expect(toMetaRequest(item(), 'DELETE')).toEqual({ method: 'DELETE', data: { id: 'SKU-1' } });
  });

  it('wraps requests in a batch of at most 5,000', () => {
    const req = toMetaRequest(item());
    expect(metaItemsBatch([req])).toEqual({ item_type: 'PRODUCT_ITEM', allow_upsert: true, requests: [req] });
    expect(() => metaItemsBatch(new Array(5001).fill(req))).toThrow(/5000/);
  });
});

describe("the shop's default condition in the channel bodies", () => {
  const { condition: _condition, ...bare } = validSource();
  const bodies = (source: TLayerValues) => {
    const [one] = channelItems(product(source), { condition: 'used' });
    if (!one) throw new Error('no item');
    return [
      toProductInput(one, { contentLanguage: 'en', feedLabel: 'US', context: CONTEXT }).productAttributes
        .condition,
      toMicrosoftProduct(one, { contentLanguage: 'en', targetCountry: 'US', context: CONTEXT }).condition,
      toMetaRequest(one, 'UPDATE', CONTEXT).data.condition,
    ];
  };

  it('a product without condition is sent with the default; one with its own keeps it', () => {
    expect(bodies(bare)).toEqual(['USED', 'used', 'used']);
    expect(bodies({ ...bare, condition: 'refurbished' })).toEqual([
      'REFURBISHED',
      'refurbished',
      'refurbished',
    ]);
  });
});
