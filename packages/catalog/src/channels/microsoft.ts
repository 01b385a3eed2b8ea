import {
  availabilityIs,
  checkAvailabilityMapped,
  checkMaxWords,
  checkNotTrue,
  checkPattern,
  checkRecommendedLength,
  fromTable,
  identifiersExpected,
  needsMpn,
  readSizes,
  unitsWithRange,
} from './common';
import { defineChannel } from './engine';
import {
  CUSTOM_LABEL_ROWS,
  GOOGLE_ROWS,
  NON_REGION_AREAS,
  REGION_SHIPPING_SLOTS,
  UNIT_PRICING_UNITS,
} from './google';
import type { TAttributeRow } from './types';

// Microsoft Merchant Center: the feed file (tab-separated, Google-compatible columns) and the Content API
// product. Microsoft's format is Google's, so each row is Google's row plus Microsoft's
// differences (reference "Differences from Google"): availability spelled with spaces, longer description
// and brand, shorter image URLs, condition required, no adult products, its own size lists, promotion id
// format, sale price range. Only what a row lists differs from Google.

/**
 * Google's row with Microsoft's changes. Every row drops Google's Merchant API forms (the Content API takes
 * enumerations in feed spelling and single values) and is primary unless it says otherwise: Microsoft's own
 * pages state its rules.
 */
const fromGoogle = fromTable(GOOGLE_ROWS, { basis: 'P', apiEnum: undefined, apiList: undefined });

/** Microsoft states a range for prices instead of "greater than 0". */
const MS_PRICE = { positive: undefined, min: 0.01, max: 10_000_000 } as const;

const UNIT_PRICING = unitsWithRange(
  UNIT_PRICING_UNITS.filter((u) => u !== 'sheet' && u !== 'item'),
  null,
);

export const MICROSOFT_ROWS: readonly TAttributeRow[] = [
  fromGoogle('id'),
  fromGoogle('title'),
  // Required in Microsoft's feed file spec, with "no HTML code": HTML is removed before it is sent.
  fromGoogle('description', { maxLength: 10_000, html: 'plain', basis: 'P' }),
  fromGoogle('link'),
  fromGoogle('mobile_link'),
  fromGoogle('image_link', { ascii: undefined, maxLength: 1000 }),
  fromGoogle('additional_image_link', { maxItems: undefined, ascii: undefined, maxLength: 1000 }),
  fromGoogle('availability', {
    values: ['in stock', 'out of stock', 'preorder'],
    aliases: { backorder: 'out of stock' },
    checks: [checkAvailabilityMapped('backorder', 'out of stock')],
  }),
  // Microsoft ignores availability_date; it is still carried for a preorder.
  fromGoogle('availability_date', {
    required: {
      when: availabilityIs('preorder'),
      severity: 'info',
      because: 'to show when a preorder ships',
    },
  }),
  fromGoogle('expiration_date'),
  fromGoogle('price', MS_PRICE),
  fromGoogle('sale_price', MS_PRICE),
  fromGoogle('sale_price_effective_date', { maxLength: undefined }),
  fromGoogle('unit_pricing_measure', { units: UNIT_PRICING }),
  fromGoogle('unit_pricing_base_measure', { units: UNIT_PRICING, checks: undefined }),
  // Microsoft's feed names the category column product_category [S]; the API field is googleProductCategory.
  fromGoogle('google_product_category', {
    attribute: 'product_category',
    label: 'product category',
    field: 'google_product_category',
    maxLength: 255,
    basis: 'S',
    feed: 'product_category',
  }),
  fromGoogle('product_type', { api: 'productType' }),
  fromGoogle('brand', {
    maxLength: 1000,
    required: {
      when: identifiersExpected,
      severity: 'warning',
      because: 'when the manufacturer assigns one',
    },
    checks: [checkMaxWords(10), checkRecommendedLength(70)],
  }),
  fromGoogle('gtin', { required: undefined, basis: 'S', api: 'gtin' }),
  fromGoogle('mpn', {
    required: {
      when: needsMpn,
      severity: 'warning',
      because: 'when the manufacturer assigns one and there is no GTIN',
    },
  }),
  fromGoogle('identifier_exists'),
  // Required by the API; Microsoft documents `new` as the default, so a condition that neither the product nor
  // the shop's default gives (a layer emptied it) is sent as new.
  fromGoogle('condition', {
    get: (item) => item.values.condition ?? 'new',
    fields: ['condition'],
    required: true,
  }),
  fromGoogle('adult', {
    checks: [
      checkNotTrue(
        'adult_not_supported',
        'Microsoft Advertising does not carry adult products, so this item is rejected. Exclude it from Microsoft.',
      ),
    ],
  }),
  fromGoogle('multipack'),
  fromGoogle('is_bundle'),
  fromGoogle('age_group', { required: undefined }),
  fromGoogle('gender', { required: undefined }),
  fromGoogle('color', { required: undefined }),
  // The API takes a list of sizes.
  fromGoogle('size', { get: readSizes, fields: ['size'], repeated: true, required: undefined, api: 'sizes' }),
  // The two Microsoft pages disagree on these lists (AU/DE/FR/UK/US vs a longer one): warn only.
  fromGoogle('size_system', { values: ['AU', 'DE', 'FR', 'UK', 'US'], basis: 'U' }),
  fromGoogle('size_type', {
    values: ['regular', 'maternity', 'petite', 'plus', 'big and tall'],
    maxItems: 1,
    basis: 'U',
    api: 'sizeType',
  }),
  fromGoogle('item_group_id'),
  fromGoogle('material'),
  fromGoogle('pattern'),
  ...CUSTOM_LABEL_ROWS.map((row) => fromGoogle(row.attribute)),
  fromGoogle('promotion_id', {
    maxItems: 10,
    maxLength: 60,
    checks: [checkPattern(/^[A-Za-z0-9_-]{1,60}$/, '1 to 60 letters, digits, dashes or underscores')],
    api: 'promotionId',
  }),
  // In feed files the redirect column is bingads_redirect; in the API adwordsRedirect.
  fromGoogle('ads_redirect', {
    attribute: 'bingads_redirect',
    field: 'ads_redirect',
    feed: 'bingads_redirect',
    api: 'adwordsRedirect',
  }),
  // Not required (the API docs need it for DE only); no handling or transit times. Its feed form is
  // country:region:service:price: a rule for a postal code or location has no slot and is left out.
  fromGoogle('shipping', {
    required: undefined,
    children: [
      fromGoogle('shipping.country', {
        checks: [checkPattern(/^[A-Z]{2}$/, 'a two-letter ISO 3166 country code')],
      }),
      fromGoogle('shipping.region'),
      fromGoogle('shipping.service'),
      fromGoogle('shipping.price'),
    ],
    textSlots: REGION_SHIPPING_SLOTS,
    textHeader: undefined,
    unsupportedKeys: NON_REGION_AREAS,
  }),
  // Microsoft accepts lb, oz, g and kg and states no range.
  fromGoogle('shipping_weight', { units: unitsWithRange(['lb', 'oz', 'g', 'kg'], null) }),
  fromGoogle('shipping_label'),
];

export const MICROSOFT = defineChannel({ channel: 'microsoft', name: 'Microsoft', rows: MICROSOFT_ROWS });

/** Content languages the Microsoft Content API accepts. */
export const MICROSOFT_LANGUAGES = ['nl', 'en', 'fr', 'de', 'it', 'es', 'sv'] as const;
