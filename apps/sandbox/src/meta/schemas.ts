import { z } from 'zod';

// How Meta's Graph API reads the requests Feedloom makes of a product catalog, written from Meta's public
// reference (Graph API v25: the Business, ProductCatalog, ProductItem and CheckBatchRequestStatus nodes, the
// items_batch edge and its Catalog Batch API field list, Facebook Login's code exchange).
//
// Graph reads its parameters from the query string and the body alike (JSON, or form encoding where every
// value is text and `requests` is a JSON string). What it refuses, and how it says so:
// - a parameter of the wrong type or outside its enumeration: (#100) Param … must be …;
// - a missing required parameter: (#100) The parameter … is required;
// - a name in `fields` the node does not have: (#100) Tried accessing nonexisting field (…) on node type (…);
// - in items_batch, a request whose method is not CREATE, UPDATE or DELETE, whose data is not an object
//   with the retailer id, or whose data carries a field a PRODUCT_ITEM does not have or a value in the wrong
//   format (price "12.50 USD", availability "in stock"), and more than 5,000 requests.
// Every refusal is HTTP 400 with Graph's error body, type OAuthException and code 100. A parameter Graph does not
// know is ignored, as Graph ignores it. What only the catalog judges — a CREATE missing a required field, an
// UPDATE of an item that is not there without upsert — is a per-item error of check_batch_request_status.
// One stricter choice: a malformed item refuses the whole call here, where Meta may instead report it for that
// item alone (items_batch's validation_status); a client must send neither, and this way it cannot miss it.

/** The Graph API version the stand-in serves (its path prefix). */
export const META_GRAPH_VERSION = 'v25.0';
const V = `/${META_GRAPH_VERSION}`;

/** The most requests one items_batch call takes. */
export const META_BATCH_MAX = 5000;

/** A Graph refusal: the `error` object of Graph's body, without the trace id. */
export interface TGraphErrorBody {
  message: string;
  type: 'OAuthException' | 'GraphMethodException';
  code: number;
  error_subcode?: number;
}

/* ------------------------------------------------------------ node fields (for `fields=`) */

export const META_NODE_FIELDS = {
  Business: [
    'block_offline_analytics',
    'created_by',
    'created_time',
    'extended_updated_time',
    'id',
    'is_hidden',
    'link',
    'name',
    'primary_page',
    'profile_picture_uri',
    'timezone_id',
    'two_factor_type',
    'updated_by',
    'updated_time',
    'user_access_expire_time',
    'verification_status',
    'vertical',
    'vertical_id',
  ],
  ProductCatalog: [
    'ad_account_to_collaborative_ads_share_settings',
    'agency_collaborative_ads_share_settings',
    'business',
    'catalog_store',
    'commerce_merchant_settings',
    'creator_user',
    'da_display_settings',
    'default_image_url',
    'fallback_image_url',
    'feed_count',
    'id',
    'is_catalog_segment',
    'is_local_catalog',
    'name',
    'owner_business',
    'product_count',
    'store_catalog_settings',
    'user_access_expire_time',
    'vertical',
  ],
  ProductItem: [
    'additional_image_cdn_urls',
    'additional_image_urls',
    'additional_variant_attributes',
    'age_group',
    'applinks',
    'availability',
    'brand',
    'category',
    'color',
    'condition',
    'currency',
    'custom_data',
    'custom_label_0',
    'custom_label_1',
    'custom_label_2',
    'custom_label_3',
    'custom_label_4',
    'description',
    'errors',
    'expiration_date',
    'fb_product_category',
    'gender',
    'gtin',
    'id',
    'image_cdn_urls',
    'image_fetch_status',
    'image_url',
    'images',
    'inventory',
    'manufacturer_part_number',
    'material',
    'mobile_link',
    'name',
    'pattern',
    'price',
    'product_catalog',
    'product_feed',
    'product_group',
    'product_type',
    'quantity_to_sell_on_facebook',
    'retailer_id',
    'retailer_product_group_id',
    'review_rejection_reasons',
    'review_status',
    'sale_price',
    'sale_price_end_date',
    'sale_price_start_date',
    'short_description',
    'size',
    'url',
    'visibility',
  ],
  CheckBatchRequestStatus: [
    'errors',
    'errors_total_count',
    'handle',
    'ids_of_invalid_requests',
    'status',
    'warnings',
    'warnings_total_count',
  ],
} as const satisfies Record<string, readonly string[]>;
export type TMetaNodeType = keyof typeof META_NODE_FIELDS;

/** The top-level names of a `fields` value: `id,errors{title},images.limit(2)` → id, errors, images. */
export const fieldNames = (fields: string): string[] => {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of fields) {
    if (c === '{' || c === '(') depth++;
    if (c === '}' || c === ')') depth--;
    if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += c;
  }
  names.push(current);
  return names.map((n) => n.replace(/[{(.].*$/s, '').trim()).filter(Boolean);
};

/** `fields`: each name must be one of the node's. */
const fieldsOf = (node: TMetaNodeType) =>
  z.string({ error: 'must be a string' }).superRefine((value, ctx) => {
    const known: readonly string[] = META_NODE_FIELDS[node];
    for (const name of fieldNames(value)) {
      if (!known.includes(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `(#100) Tried accessing nonexisting field (${name}) on node type (${node})`,
        });
        return;
      }
    }
  });

/* ------------------------------------------------------------ parameter types */

/** A Graph boolean: a JSON boolean, or its text in a query or form. */
const bool = () =>
  z
    .custom<boolean | string>(
      (v) => typeof v === 'boolean' || v === 'true' || v === 'false' || v === '1' || v === '0',
      { error: 'must be a boolean' },
    )
    .transform((v) => v === true || v === 'true' || v === '1');

/** An unsigned integer: a JSON number, or its decimal text in a query or form. */
const uint = () =>
  z
    .custom<number | string>(
      (v) =>
        (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) ||
        (typeof v === 'string' && /^\d{1,10}$/.test(v)),
      { error: 'must be a non-negative integer' },
    )
    .transform(Number);

const text = () => z.string({ error: 'must be a string' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of {${values.join(', ')}}` });

/** A JSON parameter: a JSON value, or its text (as form and query encodings carry it). */
const json = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);

/* ------------------------------------------------------------ items_batch (PRODUCT_ITEM) */

export const META_AVAILABILITY = [
  'in stock',
  'out of stock',
  'preorder',
  'available for order',
  'discontinued',
  'pending',
  'mark_as_sold',
  'mark_as_expired',
] as const;
export const META_CONDITION = [
  'new',
  'refurbished',
  'used',
  'used_like_new',
  'used_good',
  'used_fair',
  'cpo',
  'open_box_new',
] as const;
export const META_AGE_GROUP = ['adult', 'all ages', 'infant', 'kids', 'newborn', 'teen', 'toddler'] as const;
export const META_GENDER = ['female', 'male', 'unisex'] as const;
export const META_ITEM_SUB_TYPES = [
  'APPLIANCES',
  'BABY_FEEDING',
  'BABY_TRANSPORT',
  'BEAUTY',
  'BEDDING',
  'CAMERAS',
  'CELL_PHONES_AND_SMART_WATCHES',
  'CLEANING_SUPPLIES',
  'CLOTHING',
  'CLOTHING_ACCESSORIES',
  'COMPUTERS_AND_TABLETS',
  'DIAPERING_AND_POTTY_TRAINING',
  'ELECTRONICS_ACCESSORIES',
  'FURNITURE',
  'HEALTH',
  'HOME_GOODS',
  'JEWELRY',
  'NURSERY',
  'PRINTERS_AND_SCANNERS',
  'PROJECTORS',
  'SHOES_AND_FOOTWEAR',
  'SOFTWARE',
  'TOYS',
  'TVS_AND_MONITORS',
  'VIDEO_GAME_CONSOLES_AND_VIDEO_GAMES',
  'WATCHES',
] as const;

/** A price in items_batch: the amount, a space, the ISO 4217 code ("12.50 USD"; never cents, never "$12.50"). */
const money = () =>
  text().regex(/^\d+(\.\d{1,3})? [A-Z]{3}$/, {
    error: 'must be an amount and an ISO 4217 currency code, like "12.50 USD"',
  });
const url = () =>
  text().regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { error: 'must be an absolute http or https URL' });
const ISO_DATE_TIME = String.raw`\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** An ISO 8601 interval: start and end separated by a slash. */
const interval = () =>
  text().regex(new RegExp(`^${ISO_DATE_TIME}/${ISO_DATE_TIME}$`), {
    error: 'must be an ISO 8601 start and end separated by "/"',
  });
const integer = () =>
  z
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .nonnegative({ error: 'must not be negative' });

/** One shipping rule of an item: country, optional region or postal code and service, and the price. */
const ZShippingSchema = z.strictObject({
  country: text().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 country code' }),
  region: text().optional(),
  postal_code: text().optional(),
  service: text().optional(),
  price: money(),
});

/** The fields of a PRODUCT_ITEM in items_batch, by their feed names (the Catalog Batch API field list). */
export const ZMetaProductDataSchema = z.strictObject({
  id: text().min(1, { error: 'must not be empty' }),
  title: text().optional(),
  description: text().optional(),
  rich_text_description: text().optional(),
  short_description: text().optional(),
  availability: oneOf(META_AVAILABILITY).optional(),
  condition: oneOf(META_CONDITION).optional(),
  price: money().optional(),
  sale_price: money().optional(),
  sale_price_effective_date: interval().optional(),
  link: url().optional(),
  mobile_link: url().optional(),
  image_link: url().optional(),
  additional_image_link: z.array(url(), { error: 'must be an array of URLs' }).optional(),
  brand: text().optional(),
  gtin: text().optional(),
  mpn: text().optional(),
  item_group_id: text().optional(),
  google_product_category: text().optional(),
  fb_product_category: text().optional(),
  product_type: text().optional(),
  color: text().optional(),
  size: text().optional(),
  material: text().optional(),
  pattern: text().optional(),
  age_group: oneOf(META_AGE_GROUP).optional(),
  gender: oneOf(META_GENDER).optional(),
  inventory: integer().optional(),
  quantity_to_sell_on_facebook: integer().optional(),
  custom_label_0: text().optional(),
  custom_label_1: text().optional(),
  custom_label_2: text().optional(),
  custom_label_3: text().optional(),
  custom_label_4: text().optional(),
  custom_number_0: integer().optional(),
  custom_number_1: integer().optional(),
  custom_number_2: integer().optional(),
  custom_number_3: integer().optional(),
  custom_number_4: integer().optional(),
  internal_label: z.array(text(), { error: 'must be an array of strings' }).optional(),
  shipping: z.array(ZShippingSchema, { error: 'must be an array of shipping objects' }).optional(),
  shipping_weight: text()
    .regex(/^\d+(\.\d+)? (lb|oz|g|kg)$/, {
      error: 'must be a number and a unit (lb, oz, g or kg), like "1.5 kg"',
    })
    .optional(),
  origin_country: text().optional(),
  importer_name: text().optional(),
  manufacturer_info: text().optional(),
  expiration_date: text().optional(),
  status: oneOf(['active', 'archived']).optional(),
  visibility: oneOf(['published', 'staging']).optional(),
  applink: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
});
export type TMetaProductData = z.output<typeof ZMetaProductDataSchema>;

export const ZMetaBatchRequestSchema = z.strictObject(
  {
    method: oneOf(['CREATE', 'UPDATE', 'DELETE']),
    data: ZMetaProductDataSchema,
  },
  { error: 'must be an object with method and data' },
);
export type TMetaBatchRequest = z.output<typeof ZMetaBatchRequestSchema>;

export const ZItemsBatchParamsSchema = z.object({
  access_token: text().optional(),
  item_type: oneOf(['PRODUCT_ITEM']),
  item_sub_type: oneOf(META_ITEM_SUB_TYPES).optional(),
  allow_upsert: bool().optional(),
  version: uint().optional(),
  requests: json(
    z
      .array(ZMetaBatchRequestSchema, { error: 'must be a JSON array of {method, data} requests' })
      .min(1, { error: 'must hold at least one request' })
      .max(META_BATCH_MAX, { error: `must hold at most ${META_BATCH_MAX} requests` }),
  ),
});
export type TItemsBatchParams = z.output<typeof ZItemsBatchParamsSchema>;

/* ------------------------------------------------------------ reads */

/** Cursor paging of an edge: `limit`, and `after` or `before` from a previous page's cursors. */
const listParams = (node: TMetaNodeType) => ({
  access_token: text().optional(),
  fields: fieldsOf(node).optional(),
  limit: uint().optional(),
  after: text().optional(),
  before: text().optional(),
});

export const ZBusinessesParamsSchema = z.object(listParams('Business'));
export const ZOwnedCatalogsParamsSchema = z.object(listParams('ProductCatalog'));
export const ZProductsParamsSchema = z.object({
  ...listParams('ProductItem'),
  bulk_pagination: bool().optional(),
  error_priority: oneOf(['HIGH', 'LOW', 'MEDIUM']).optional(),
  error_type: text().optional(),
  filter: json(z.record(z.string(), z.unknown(), { error: 'must be a JSON object' })).optional(),
  return_only_approved_products: bool().optional(),
});
export type TListParams = z.output<typeof ZBusinessesParamsSchema>;

export const ZCheckBatchParamsSchema = z.object({
  access_token: text().optional(),
  fields: fieldsOf('CheckBatchRequestStatus').optional(),
  handle: text().min(1, { error: 'must not be empty' }),
  load_ids_of_invalid_requests: bool().optional(),
  error_priority: oneOf(['HIGH', 'LOW', 'MEDIUM']).optional(),
});

/** Facebook Login's code exchange at /oauth/access_token. */
export const ZAccessTokenParamsSchema = z.object({
  client_id: text(),
  client_secret: text(),
  redirect_uri: text(),
  code: text(),
});

/* ------------------------------------------------------------ the routes and the check */

/** Every Graph API route the Meta stand-in serves (`METHOD path` as registered) and its parameters. */
export const META_REQUEST_SHAPES: Readonly<Record<string, z.ZodType>> = {
  [`GET ${V}/oauth/access_token`]: ZAccessTokenParamsSchema,
  [`POST ${V}/oauth/access_token`]: ZAccessTokenParamsSchema,
  [`GET ${V}/me/businesses`]: ZBusinessesParamsSchema,
  [`GET ${V}/:businessId/owned_product_catalogs`]: ZOwnedCatalogsParamsSchema,
  [`POST ${V}/:catalogId/items_batch`]: ZItemsBatchParamsSchema,
  [`GET ${V}/:catalogId/check_batch_request_status`]: ZCheckBatchParamsSchema,
  [`GET ${V}/:catalogId/products`]: ZProductsParamsSchema,
};

/** One request as the stand-in received it: its route, its query parameters and its body. */
export interface TMetaRequest {
  route: string;
  query: Record<string, unknown>;
  body?: unknown;
}

export type TMetaRequestCheck =
  { ok: true; params: Record<string, unknown> } | { ok: false; error: TGraphErrorBody };

/** A path as Graph names a parameter: requests[0][data][price]. */
const paramPath = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');

const invalidParameter = (message: string): TGraphErrorBody => ({
  message,
  type: 'OAuthException',
  code: 100,
});

/** Graph's words for one zod issue. */
const errorOf = (issue: z.core.$ZodIssue): TGraphErrorBody => {
  if (issue.message.startsWith('(#')) return invalidParameter(issue.message);
  if (issue.code === 'unrecognized_keys') {
    const at = paramPath([...issue.path, issue.keys[0] ?? '']);
    return invalidParameter(
      issue.path.at(-1) === 'data'
        ? `(#100) Param ${at} is not a field of item_type PRODUCT_ITEM`
        : `(#100) Param ${at} is not a known field`,
    );
  }
  const at = paramPath(issue.path);
  const input = (issue as { input?: unknown }).input;
  if (
    input === undefined &&
    ['invalid_type', 'invalid_value', 'invalid_union', 'custom'].includes(issue.code)
  ) {
    return invalidParameter(`(#100) The parameter ${at} is required`);
  }
  return invalidParameter(`(#100) Param ${at} ${issue.message}`);
};

/** Graph's parameters of a request: the query's and the body's (a JSON object or a form) together. */
export const paramsOf = (request: TMetaRequest): Record<string, unknown> => ({
  ...request.query,
  ...(typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {}),
});

/** Reads one request as Graph would: its parameters parsed, or Graph's refusal. */
export const checkMetaRequest = (request: TMetaRequest): TMetaRequestCheck => {
  const shape = META_REQUEST_SHAPES[request.route];
  if (!shape)
    return {
      ok: false,
      error: {
        message: `Unsupported request: ${request.route}`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      },
    };
  const parsed = shape.safeParse(paramsOf(request), { reportInput: true });
  if (!parsed.success) return { ok: false, error: errorOf(parsed.error.issues[0]!) };
  return { ok: true, params: parsed.data as Record<string, unknown> };
};
