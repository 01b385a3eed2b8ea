import { describe, expect, it } from 'vitest';
import { judgeProduct } from './judge';
import { productOf } from './layers';

// A product's link must be on the store's domain (or a subdomain of it), whatever the product links to.
const judgedCodes = (link: string, shopUrl: string) =>
  judgeProduct(
    productOf({
      product_key: 'P1',
      offer_id: 'P1',
      item_group_id: null,
      source: {
        title: 'Trail shoe',
        description: 'A light trail shoe',
        link,
        image_link: 'https://cdn.example.net/p1.jpg',
        price: { amount: 20, currency: 'USD' },
        availability: 'in_stock',
        brand: 'Rivera',
        condition: 'new',
      },
      source_custom: {},
      variants: [],
      custom: {},
    }),
    { shop_currency: 'USD', shop_url: shopUrl, default_condition: 'new' },
  ).map((j) => [j.channel, j.issues.filter((i) => i.code === 'link_domain_mismatch').length]);

describe('judgeProduct and the store domain', () => {
  it('flags a simple product whose link is on another domain, on every channel', () => {
    expect(judgedCodes('https://elsewhere.example/p/1', 'https://rivera-outdoor.example')).toEqual([
      ['google', 1],
      ['microsoft', 1],
      ['meta', 1],
    ]);
  });

  it('accepts the store domain, its www form and its subdomains', () => {
    for (const link of [
      'https://rivera-outdoor.example/p/1',
      'https://www.rivera-outdoor.example/p/1',
      'https://shop.rivera-outdoor.example/p/1',
    ]) {
      expect(judgedCodes(link, 'https://www.rivera-outdoor.example').map(([, n]) => n)).toEqual([0, 0, 0]);
    }
  });
});
