import {
  checkColor,
  checkLinkDomain,
  checkSaleNotOver,
  checkShippingRules,
  fromTable,
  hasNoGtinOrMpn,
  readGtin,
  readItemGroupId,
  readMpn,
  readOfferId,
} from './common';
import { defineChannel } from './engine';
import { CUSTOM_LABEL_ROWS, GOOGLE_ROWS, NON_REGION_AREAS, REGION_SHIPPING_SLOTS } from './google';
import type { TAttributeRow } from './types';

// Meta (Facebook/Instagram) catalog: CSV/TSV/RSS feeds and items_batch. Its differences:
// longer id, title and description, availability and condition spelled its own way with more values,
// brand required unless a GTIN or MPN is given, up to 20 additional images, more age groups.
// Where Meta's rules for an attribute are Google's (only the basis tag may differ), the row is Google's row;
// where they differ (lengths, values, when it is required), Meta's row is written out in full.

/** Google's row with Meta's changes. items_batch takes the feed names, so no row has API names. */
const fromGoogle = fromTable(GOOGLE_ROWS, { api: undefined, apiEnum: undefined, apiList: undefined });

export const META_ROWS: readonly TAttributeRow[] = [
  {
    attribute: 'id',
    type: 'text',
    get: readOfferId,
    fields: [],
    required: true,
    maxLength: 100,
    basis: 'S',
    feed: 'id',
  },
  { attribute: 'title', type: 'text', required: true, maxLength: 200, basis: 'S', feed: 'title' },
  {
    attribute: 'description',
    type: 'text',
    required: true,
    maxLength: 9999,
    // Plain text, no HTML: HTML is removed before it is sent.
    html: 'plain',
    basis: 'S',
    feed: 'description',
  },
  {
    attribute: 'availability',
    type: 'enum',
    values: [
      'in stock',
      'out of stock',
      'preorder',
      'available for order',
      'discontinued',
      'pending',
      'mark_as_sold',
      'mark_as_expired',
    ],
    // Google's backorder (orderable, ships later) is Meta's "available for order".
    aliases: { backorder: 'available for order' },
    required: true,
    basis: 'P',
    feed: 'availability',
  },
  {
    attribute: 'condition',
    type: 'enum',
    values: ['new', 'refurbished', 'used', 'used_like_new', 'used_good', 'used_fair', 'cpo', 'open_box_new'],
    required: true,
    basis: 'P',
    feed: 'condition',
  },
  fromGoogle('price', { basis: 'S' }),
  { attribute: 'link', type: 'url', required: true, checks: [checkLinkDomain], basis: 'P', feed: 'link' },
  {
    attribute: 'image_link',
    label: 'image link',
    type: 'url',
    required: true,
    basis: 'P',
    feed: 'image_link',
  },
  {
    attribute: 'brand',
    type: 'text',
    maxLength: 100,
    required: { when: hasNoGtinOrMpn, because: 'unless a GTIN or MPN is given' },
    basis: 'P',
    feed: 'brand',
  },
  {
    attribute: 'additional_image_link',
    label: 'additional image link',
    field: 'additional_image_links',
    type: 'url',
    repeated: true,
    maxItems: 20,
    maxLength: 2000,
    basis: 'S',
    feed: 'additional_image_link',
  },
  {
    attribute: 'age_group',
    label: 'age group',
    type: 'enum',
    values: ['adult', 'all ages', 'infant', 'kids', 'newborn', 'teen', 'toddler'],
    basis: 'P',
    feed: 'age_group',
  },
  { attribute: 'gender', type: 'enum', values: ['female', 'male', 'unisex'], basis: 'P', feed: 'gender' },
  fromGoogle('sale_price', { basis: 'P' }),
  {
    attribute: 'sale_price_effective_date',
    label: 'sale price effective date',
    type: 'date_range',
    checks: [checkSaleNotOver],
    basis: 'P',
    feed: 'sale_price_effective_date',
  },
  {
    attribute: 'gtin',
    label: 'GTIN',
    type: 'gtin',
    get: readGtin,
    fields: ['gtin', 'upi_management_status'],
    basis: 'S',
    feed: 'gtin',
  },
  {
    attribute: 'mpn',
    label: 'MPN',
    type: 'text',
    get: readMpn,
    fields: ['mpn', 'upi_management_status'],
    basis: 'P',
    feed: 'mpn',
  },
  {
    attribute: 'item_group_id',
    label: 'item group id',
    type: 'text',
    get: readItemGroupId,
    fields: [],
    basis: 'P',
    feed: 'item_group_id',
  },
  { attribute: 'color', type: 'text', maxLength: 100, checks: [checkColor], basis: 'U', feed: 'color' },
  { attribute: 'size', type: 'text', maxLength: 100, basis: 'U', feed: 'size' },
  fromGoogle('material'),
  fromGoogle('pattern'),
  fromGoogle('google_product_category', { basis: 'P' }),
  fromGoogle('product_type', { basis: 'U' }),
  ...CUSTOM_LABEL_ROWS.map((row) => fromGoogle(row.attribute, { basis: 'S' })),
  {
    attribute: 'shipping',
    type: 'record',
    repeated: true,
    children: [
      { attribute: 'country', type: 'text', required: true, basis: 'P', feed: 'country' },
      fromGoogle('shipping.region'),
      fromGoogle('shipping.service'),
      fromGoogle('shipping.price'),
    ],
    checks: [checkShippingRules],
    // COUNTRY:STATE:SHIPPING_TYPE:PRICE: a rule for a postal code or location has no slot and is left out.
    textSlots: REGION_SHIPPING_SLOTS,
    unsupportedKeys: NON_REGION_AREAS,
    basis: 'P',
    feed: 'shipping',
  },
];

export const META = defineChannel({ channel: 'meta', name: 'Meta', rows: META_ROWS });
