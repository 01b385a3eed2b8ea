import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMITS, PRODUCT_MSG, ZProductAttributesSchema } from './product';
import { bulkEditOf } from './products-bulk';

const messages = (input: Record<string, unknown>) => {
  const r = ZProductAttributesSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('links, images, identifiers and dates of a product edit', () => {
  it('takes http(s) addresses, an empty one to clear, and refuses anything else with the field named', () => {
    expect(
      messages({
        link: 'https://shop.example.com/p/1',
        image_link: 'http://127.0.0.1:3000/favicon.svg',
        mobile_link: '',
        additional_image_links: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'],
      }),
    ).toEqual([]);
    expect(messages({ image_link: 'cdn.example.com/a.jpg' })).toEqual([
      ['image_link', PRODUCT_MSG.urlInvalid('Image link')],
    ]);
    expect(messages({ link: 'ftp://shop.example.com/p/1' })).toEqual([
      ['link', PRODUCT_MSG.urlInvalid('Link')],
    ]);
    expect(messages({ ads_redirect: 'https://shop.example.com/a b' })).toEqual([
      ['ads_redirect', PRODUCT_MSG.urlInvalid('Ads redirect')],
    ]);
    expect(messages({ link: `https://shop.example.com/${'a'.repeat(PRODUCT_LIMITS.url)}` })).toEqual([
      ['link', 'Link cannot exceed 2000 characters.'],
    ]);
    expect(messages({ image_link: 'https://shop.example.com/\u0000.jpg' })).toEqual([
      ['image_link', 'Image link must not contain control characters.'],
    ]);
  });

  it('caps additional image links at the most a channel takes, and checks each', () => {
    const many = Array.from(
      { length: PRODUCT_LIMITS.additionalImages + 1 },
      (_, i) => `https://x.example/${i}.jpg`,
    );
    expect(messages({ additional_image_links: many })).toEqual([
      ['additional_image_links', PRODUCT_MSG.additionalImagesMax],
    ]);
    expect(messages({ additional_image_links: ['https://x.example/1.jpg', 'not a url'] })).toEqual([
      ['additional_image_links.1', PRODUCT_MSG.urlInvalid('Each additional image link')],
    ]);
  });

  it('checks MPN length, identifier_exists and the unique product identifier control', () => {
    expect(messages({ mpn: 'M-1', identifier_exists: false, upi_management_status: 2 })).toEqual([]);
    expect(messages({ mpn: 'x'.repeat(71) })).toEqual([['mpn', PRODUCT_MSG.mpnMax]]);
    expect(messages({ identifier_exists: 'no' })).toEqual([
      ['identifier_exists', PRODUCT_MSG.identifierExists],
    ]);
    expect(messages({ upi_management_status: 5 })).toEqual([
      ['upi_management_status', PRODUCT_MSG.upiManagementStatus],
    ]);
  });

  it('takes ISO 8601 dates and a start/end range', () => {
    expect(
      messages({
        availability_date: '2027-03-01',
        expiration_date: '2027-03-01T09:00-0800',
        sale_price_effective_date: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
      }),
    ).toEqual([]);
    expect(messages({ availability_date: '03/01/2027' })).toEqual([
      ['availability_date', PRODUCT_MSG.dateInvalid('Availability date')],
    ]);
    expect(messages({ sale_price_effective_date: '2027-02-24' })).toEqual([
      ['sale_price_effective_date', PRODUCT_MSG.dateRangeInvalid],
    ]);
  });
});

describe('shipping rules of a product edit', () => {
  it('takes a country with optional area, service, price and days, and says what is wrong', () => {
    expect(
      messages({
        shipping: [
          {
            country: 'US',
            region: 'CA',
            service: 'Ground',
            price: 4.5,
            min_transit_time: 1,
            max_transit_time: '3',
          },
        ],
      }),
    ).toEqual([]);
    expect(messages({ shipping: [{ country: 'USA' }] })).toEqual([
      ['shipping.0.country', PRODUCT_MSG.shippingCountry],
    ]);
    expect(messages({ shipping: [{ country: 'US', price: -1 }] })).toEqual([
      ['shipping.0.price', PRODUCT_MSG.shippingPrice],
    ]);
    expect(messages({ shipping: [{ country: 'US', max_handling_time: 1.5 }] })).toEqual([
      ['shipping.0.max_handling_time', PRODUCT_MSG.shippingDays],
    ]);
    expect(messages({ shipping: Array.from({ length: 101 }, () => ({ country: 'US' })) })).toEqual([
      ['shipping', PRODUCT_MSG.shippingRulesMax],
    ]);
  });
});

describe('bulk rules for the new fields', () => {
  it('sends yes/no as booleans, the identifier control as a number and lists split on commas', () => {
    const { edit } = bulkEditOf([
      {
        field_name: 'identifier_exists',
        isDeleteExistValue: 'add_update_value',
        value: 'false',
        type: 'list',
      },
      {
        field_name: 'upi_management_status',
        isDeleteExistValue: 'add_update_value',
        value: '3',
        type: 'list',
      },
      {
        field_name: 'additional_image_links',
        isDeleteExistValue: 'add_update_value',
        value: ['https://x.example/1.jpg', 'https://x.example/2.jpg'],
        type: 'multi_select',
      },
      {
        field_name: 'image_link',
        isDeleteExistValue: 'add_update_value',
        value: ' https://x.example/0.jpg ',
        type: 'text',
      },
    ]);
    expect(edit).toEqual({
      identifier_exists: false,
      upi_management_status: 3,
      additional_image_links: ['https://x.example/1.jpg', 'https://x.example/2.jpg'],
      image_link: 'https://x.example/0.jpg',
    });
    expect(ZProductAttributesSchema.safeParse(edit).success).toBe(true);
  });
});
