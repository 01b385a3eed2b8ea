import type { TFieldName } from '../model/fields';

// The columns an import understands without configuration, one entry per product value: the Google feed
// attribute name as the canonical header (what the sample CSV and our own exports write), the other spellings
// seen in generic CSVs, how a cell is read, and the sample CSV's example value. Header recognition, value
// parsing and the sample file all read this one table.

/** How a cell becomes a value. */
export type TValueKind =
  | 'text'
  | 'html'
  | 'url'
  | 'urls'
  | 'money'
  | 'number'
  | 'multipack'
  | 'boolean'
  | 'enum'
  | 'list'
  | 'measure'
  | 'gtin'
  | 'details'
  | 'highlights'
  | 'shipping'
  | 'certifications'
  | 'threshold';

/** Product values an import can set: every importable field, plus the item id and the variant group. */
export type TImportField = TFieldName | 'id' | 'item_group_id';

export interface TImportColumn {
  target: TImportField;
  /** The canonical header: Google's attribute name, else the model's field name. */
  header: string;
  label: string;
  kind: TValueKind;
  /** Other header spellings, already normalised (see normaliseHeader). */
  aliases?: readonly string[];
  /** Allowed values, normalised on import when they match ignoring case, spaces, hyphens and underscores. */
  values?: readonly string[];
  /** More than one column may feed it (lists): values are appended. */
  multiple?: boolean;
  /** The sample CSV's value. */
  example: string;
}

const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;

export const IMPORT_COLUMNS: readonly TImportColumn[] = [
  {
    target: 'id',
    header: 'id',
    label: 'ID',
    kind: 'text',
    aliases: ['offer_id', 'item_id', 'product_id', 'sku_id'],
    example: 'TEE-CLASSIC-BLK-M',
  },
  {
    target: 'item_group_id',
    header: 'item_group_id',
    label: 'Item group ID',
    kind: 'text',
    aliases: ['group_id', 'parent_id', 'item_group', 'parent_sku'],
    example: 'TEE-CLASSIC',
  },
  {
    target: 'title',
    header: 'title',
    label: 'Title',
    kind: 'text',
    aliases: ['name', 'product_name', 'product_title', 'item_name'],
    example: 'Classic Organic Cotton T-Shirt - Black, M',
  },
  {
    target: 'description',
    header: 'description',
    label: 'Description',
    kind: 'text',
    aliases: ['product_description', 'long_description', 'body', 'body_html'],
    example: 'A soft, breathable crew-neck T-shirt made from 100% organic cotton. Regular fit.',
  },
  {
    target: 'link',
    header: 'link',
    label: 'Link',
    kind: 'url',
    aliases: ['url', 'product_url', 'product_link', 'landing_page', 'landing_page_url'],
    example: 'https://shop.example.com/products/classic-tee?variant=black-m',
  },
  {
    target: 'mobile_link',
    header: 'mobile_link',
    label: 'Mobile link',
    kind: 'url',
    example: 'https://m.shop.example.com/products/classic-tee?variant=black-m',
  },
  {
    target: 'image_link',
    header: 'image_link',
    label: 'Image link',
    kind: 'url',
    aliases: ['image', 'image_url', 'main_image', 'main_image_url', 'picture', 'picture_url', 'image_src'],
    example: 'https://shop.example.com/images/classic-tee-black.jpg',
  },
  {
    target: 'additional_image_links',
    header: 'additional_image_link',
    label: 'Additional image link',
    kind: 'urls',
    multiple: true,
    aliases: ['additional_image_links', 'additional_images', 'additional_image_url', 'other_images'],
    example: 'https://shop.example.com/images/classic-tee-black-back.jpg',
  },
  {
    target: 'availability',
    header: 'availability',
    label: 'Availability',
    kind: 'enum',
    values: AVAILABILITY,
    aliases: ['stock_status'],
    example: 'in_stock',
  },
  {
    target: 'availability_date',
    header: 'availability_date',
    label: 'Availability date',
    kind: 'text',
    example: '2027-03-01T09:00-0800',
  },
  {
    target: 'expiration_date',
    header: 'expiration_date',
    label: 'Expiration date',
    kind: 'text',
    example: '2027-12-31',
  },
  {
    target: 'price',
    header: 'price',
    label: 'Price',
    kind: 'money',
    aliases: ['regular_price', 'list_price', 'retail_price'],
    example: '24.99 USD',
  },
  {
    target: 'sale_price',
    header: 'sale_price',
    label: 'Sale price',
    kind: 'money',
    aliases: ['special_price', 'discount_price', 'promo_price'],
    example: '19.99 USD',
  },
  {
    target: 'sale_price_effective_date',
    header: 'sale_price_effective_date',
    label: 'Sale price effective date',
    kind: 'text',
    example: '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
  },
  {
    target: 'unit_pricing_measure',
    header: 'unit_pricing_measure',
    label: 'Unit pricing measure',
    kind: 'measure',
    example: '1 ct',
  },
  {
    target: 'unit_pricing_base_measure',
    header: 'unit_pricing_base_measure',
    label: 'Unit pricing base measure',
    kind: 'measure',
    example: '1 ct',
  },
  {
    target: 'cogs',
    header: 'cost_of_goods_sold',
    label: 'Cost of goods sold',
    kind: 'money',
    aliases: ['cogs', 'cost', 'cost_price', 'unit_cost'],
    example: '8.50 USD',
  },
  {
    target: 'auto_pricing_min_price',
    header: 'auto_pricing_min_price',
    label: 'Auto pricing minimum price',
    kind: 'money',
    example: '17.99 USD',
  },
  {
    target: 'google_product_category',
    header: 'google_product_category',
    label: 'Google product category',
    kind: 'text',
    aliases: ['google_category', 'google_product_category_id', 'product_category'],
    example: '1604',
  },
  {
    target: 'category_name',
    header: 'category_name',
    label: 'Category name',
    kind: 'text',
    example: 'Apparel & Accessories > Clothing > Shirts & Tops',
  },
  {
    target: 'product_type',
    header: 'product_type',
    label: 'Product type',
    kind: 'text',
    aliases: ['category', 'categories', 'product_types'],
    example: 'Apparel > Tops > T-Shirts',
  },
  {
    target: 'brand',
    header: 'brand',
    label: 'Brand',
    kind: 'text',
    aliases: ['manufacturer', 'vendor', 'make', 'brand_name'],
    example: 'Feedloom Basics',
  },
  {
    target: 'gtin',
    header: 'gtin',
    label: 'GTIN',
    kind: 'gtin',
    aliases: ['ean', 'upc', 'isbn', 'jan', 'barcode', 'ean13', 'gtin13', 'gtin12', 'gtin14', 'gtin8'],
    example: '4006381333931',
  },
  {
    target: 'mpn',
    header: 'mpn',
    label: 'MPN',
    kind: 'text',
    aliases: ['manufacturer_part_number', 'part_number'],
    example: 'FB-TEE-BLK-M',
  },
  {
    target: 'identifier_exists',
    header: 'identifier_exists',
    label: 'Identifier exists',
    kind: 'boolean',
    example: 'yes',
  },
  {
    target: 'condition',
    header: 'condition',
    label: 'Condition',
    kind: 'enum',
    values: ['new', 'refurbished', 'used'],
    example: 'new',
  },
  { target: 'adult', header: 'adult', label: 'Adult', kind: 'boolean', example: 'no' },
  { target: 'multipack', header: 'multipack', label: 'Multipack', kind: 'multipack', example: '2' },
  { target: 'is_bundle', header: 'is_bundle', label: 'Is bundle', kind: 'boolean', example: 'no' },
  {
    target: 'age_group',
    header: 'age_group',
    label: 'Age group',
    kind: 'enum',
    values: ['newborn', 'infant', 'toddler', 'kids', 'adult'],
    example: 'adult',
  },
  {
    target: 'gender',
    header: 'gender',
    label: 'Gender',
    kind: 'enum',
    values: ['male', 'female', 'unisex'],
    example: 'unisex',
  },
  { target: 'color', header: 'color', label: 'Color', kind: 'text', aliases: ['colour'], example: 'Black' },
  { target: 'size', header: 'size', label: 'Size', kind: 'text', example: 'M' },
  {
    target: 'size_type',
    header: 'size_type',
    label: 'Size type',
    kind: 'list',
    values: ['regular', 'petite', 'plus', 'tall', 'big', 'maternity'],
    example: 'regular',
  },
  {
    target: 'size_system',
    header: 'size_system',
    label: 'Size system',
    kind: 'enum',
    values: ['AU', 'BR', 'CN', 'DE', 'EU', 'FR', 'IT', 'JP', 'MEX', 'UK', 'US'],
    example: 'US',
  },
  { target: 'material', header: 'material', label: 'Material', kind: 'text', example: 'Organic cotton' },
  { target: 'pattern', header: 'pattern', label: 'Pattern', kind: 'text', example: 'Solid' },
  {
    target: 'product_length',
    header: 'product_length',
    label: 'Product length',
    kind: 'measure',
    example: '70 cm',
  },
  {
    target: 'product_width',
    header: 'product_width',
    label: 'Product width',
    kind: 'measure',
    example: '50 cm',
  },
  {
    target: 'product_height',
    header: 'product_height',
    label: 'Product height',
    kind: 'measure',
    example: '1 cm',
  },
  {
    target: 'product_weight',
    header: 'product_weight',
    label: 'Product weight',
    kind: 'measure',
    example: '180 g',
  },
  {
    target: 'detail',
    header: 'product_detail',
    label: 'Product detail',
    kind: 'details',
    multiple: true,
    aliases: ['product_details', 'detail', 'details'],
    example: 'General:Fabric:100% organic cotton,General:Fit:Regular',
  },
  {
    target: 'highlights',
    header: 'product_highlight',
    label: 'Product highlight',
    kind: 'highlights',
    multiple: true,
    aliases: ['product_highlights', 'highlights', 'highlight'],
    example: 'Soft organic cotton,Machine washable at 40 °C',
  },
  {
    target: 'certifications',
    header: 'certification',
    label: 'Certification',
    kind: 'certifications',
    multiple: true,
    aliases: ['certifications'],
    example: 'European_Commission:EPREL:123456',
  },
  {
    target: 'promotion_ids',
    header: 'promotion_id',
    label: 'Promotion ID',
    kind: 'list',
    multiple: true,
    aliases: ['promotion_ids'],
    example: 'SPRING27',
  },
  {
    target: 'ads_redirect',
    header: 'ads_redirect',
    label: 'Ads redirect',
    kind: 'url',
    aliases: ['adwords_redirect'],
    example: 'https://shop.example.com/products/classic-tee?utm_source=google',
  },
  {
    target: 'ads_label',
    header: 'ads_labels',
    label: 'Ads labels',
    kind: 'text',
    aliases: ['ads_label', 'adwords_labels'],
    example: 'tees',
  },
  { target: 'pause', header: 'pause', label: 'Pause', kind: 'text', example: 'ads' },
  {
    target: 'shipping',
    header: 'shipping',
    label: 'Shipping',
    kind: 'shipping',
    multiple: true,
    example: 'US:CA:Standard:4.99 USD:1:2:3:5',
  },
  {
    target: 'shipping_length',
    header: 'shipping_length',
    label: 'Shipping length',
    kind: 'measure',
    aliases: ['length', 'package_length'],
    example: '30 cm',
  },
  {
    target: 'shipping_width',
    header: 'shipping_width',
    label: 'Shipping width',
    kind: 'measure',
    aliases: ['width', 'package_width'],
    example: '25 cm',
  },
  {
    target: 'shipping_height',
    header: 'shipping_height',
    label: 'Shipping height',
    kind: 'measure',
    aliases: ['height', 'package_height'],
    example: '3 cm',
  },
  {
    target: 'shipping_weight',
    header: 'shipping_weight',
    label: 'Shipping weight',
    kind: 'measure',
    aliases: ['weight', 'package_weight'],
    example: '0.25 kg',
  },
  {
    target: 'shipping_label',
    header: 'shipping_label',
    label: 'Shipping label',
    kind: 'text',
    aliases: ['shipping_class'],
    example: 'standard',
  },
  {
    target: 'transit_time_label',
    header: 'transit_time_label',
    label: 'Transit time label',
    kind: 'text',
    example: 'domestic',
  },
  {
    target: 'return_policy_label',
    header: 'return_policy_label',
    label: 'Return policy label',
    kind: 'text',
    example: 'default',
  },
  {
    target: 'return_address_label',
    header: 'return_address_label',
    label: 'Return address label',
    kind: 'text',
    example: 'warehouse',
  },
  {
    target: 'free_shipping_threshold',
    header: 'free_shipping_threshold',
    label: 'Free shipping threshold',
    kind: 'threshold',
    example: '49.00 USD',
  },
  { target: 'tax_category', header: 'tax_category', label: 'Tax category', kind: 'text', example: 'apparel' },
  ...[0, 1, 2, 3, 4].map((n): TImportColumn => ({
    target: `custom_label${n}` as TFieldName,
    header: `custom_label_${n}`,
    label: `Custom label ${n}`,
    kind: 'text',
    aliases: [`custom_label${n}`],
    example: ['summer', 'bestseller', 'margin-high', 'tees', 'core'][n] as string,
  })),
  {
    target: 'sku',
    header: 'sku',
    label: 'SKU',
    kind: 'text',
    aliases: ['article_number', 'item_number', 'variant_sku'],
    example: 'FB-TEE-BLK-M',
  },
  {
    target: 'inventory_qty',
    header: 'inventory_qty',
    label: 'Inventory quantity',
    kind: 'number',
    aliases: ['quantity', 'qty', 'stock', 'inventory', 'stock_quantity', 'quantity_to_sell_on_facebook'],
    example: '120',
  },
  {
    target: 'tags',
    header: 'tags',
    label: 'Tags',
    kind: 'list',
    multiple: true,
    aliases: ['tag', 'keywords'],
    example: 'cotton,basics',
  },
  {
    target: 'variant_title',
    header: 'variant_title',
    label: 'Variant title',
    kind: 'text',
    aliases: ['variant_name'],
    example: 'Black / M',
  },
];

export const COLUMN_BY_TARGET: ReadonlyMap<string, TImportColumn> = new Map(
  IMPORT_COLUMNS.map((c) => [c.target, c] as const),
);

const NON_WORD_RE = /[^a-z0-9]+/g;
const EDGE_UNDERSCORES_RE = /^_+|_+$/g;

/**
 * A header as the tables know it: lower case, without Google's `g:` prefix, a trailing `(…)` part or a BOM,
 * spaces, hyphens and dots as underscores (`G:Sale Price` → `sale_price`, `shipping(country:price)` →
 * `shipping`, `Weight (kg)` → `weight`).
 */
export const normaliseHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/^g:/, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(NON_WORD_RE, '_')
    .replace(EDGE_UNDERSCORES_RE, '');

/** Normalised header → the column it names (canonical names, field names and aliases). */
export const COLUMN_BY_HEADER: ReadonlyMap<string, TImportColumn> = (() => {
  const map = new Map<string, TImportColumn>();
  for (const c of IMPORT_COLUMNS) {
    for (const name of [c.header, c.target, ...(c.aliases ?? [])]) {
      const key = normaliseHeader(name);
      if (!map.has(key)) map.set(key, c);
    }
  }
  return map;
})();

/** Google attribute names (canonical headers), to tell a Google feed from a generic CSV. */
export const GOOGLE_HEADERS: ReadonlySet<string> = new Set(
  IMPORT_COLUMNS.filter(
    (c) =>
      !['sku', 'inventory_qty', 'tags', 'variant_title', 'category_name', 'return_address_label'].includes(
        c.target,
      ),
  ).map((c) => c.header),
);

/** The unit a header names in parentheses (`Weight (kg)`, `Length (in)`), if it is a unit. */
export const headerUnit = (header: string): string | undefined => {
  const m = /\(\s*([a-z]{1,4})\s*\)\s*$/i.exec(header);
  const unit = m?.[1]?.toLowerCase();
  return unit && ['kg', 'g', 'lb', 'lbs', 'oz', 'cm', 'in', 'mm', 'm'].includes(unit)
    ? unit === 'lbs'
      ? 'lb'
      : unit
    : undefined;
};
