import type { TImportColumn } from './columns';
import {
  COLUMN_BY_HEADER,
  COLUMN_BY_TARGET,
  GOOGLE_HEADERS,
  IMPORT_COLUMNS,
  normaliseHeader,
} from './columns';
import { ROLE_BY_TARGET, SHOPIFY_ROLES, WOO_ATTRIBUTE_SLOTS, WOO_ROLES } from './roles';

// Header mapping without configuration: which export a file is (Google feed, Shopify product export,
// WooCommerce export, anything else) and, per column, the product value it holds. Columns nobody recognises
// become custom attributes under their own header. The merchant reviews the suggestion and may change any
// column; the changed mapping is passed back in and wins.

export const IMPORT_FORMATS = ['google', 'shopify', 'woocommerce', 'generic'] as const;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * What a column feeds: a product value (`title`, `price`, `id`, `item_group_id`…), a role of the format's
 * assembler (`shopify.handle`, `woo.parent`…), `custom:<name>` (kept as a custom attribute) or `skip`
 * (explicitly left out).
 */
export type TMappingTarget = string;

export const CUSTOM_PREFIX = 'custom:';
export const SKIP = 'skip';

export interface TColumnMapping {
  /** Position in the row. */
  index: number;
  header: string;
  target: TMappingTarget;
  /** What was suggested, so a screen can show the merchant's changes. */
  suggested: TMappingTarget;
}

export interface TMappingProblem {
  column?: string;
  target?: string;
  message: string;
}

export interface TMapping {
  format: TImportFormat;
  columns: TColumnMapping[];
  /** Headers of columns kept as custom attributes: no product field takes them. */
  unknown_columns: string[];
  /** What would make rows fail or values collide; the import still runs. */
  problems: TMappingProblem[];
}

/* ------------------------------------------------------------------ Shopify */

const SHOPIFY_KEY_RE = /\s+/g;
const shopifyKey = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(SHOPIFY_KEY_RE, ' ');

/** Shopify's product export columns (current and older exports) → targets. */
const SHOPIFY_HEADERS: Readonly<Record<string, TMappingTarget>> = {
  handle: 'shopify.handle',
  title: 'title',
  'body (html)': 'description',
  vendor: 'brand',
  'product category': 'category_name',
  'standard product type': 'category_name',
  type: 'product_type',
  'custom product type': 'product_type',
  tags: 'tags',
  'option1 name': 'shopify.option1_name',
  'option1 value': 'shopify.option1_value',
  'option2 name': 'shopify.option2_name',
  'option2 value': 'shopify.option2_value',
  'option3 name': 'shopify.option3_name',
  'option3 value': 'shopify.option3_value',
  'variant sku': 'sku',
  'variant grams': 'shopify.grams',
  'variant inventory tracker': 'shopify.inventory_tracker',
  'variant inventory qty': 'inventory_qty',
  'variant inventory policy': 'shopify.inventory_policy',
  'variant price': 'price',
  'variant compare at price': 'shopify.compare_at_price',
  'variant barcode': 'gtin',
  'image src': 'shopify.image_src',
  'image position': 'shopify.image_position',
  'variant image': 'shopify.variant_image',
  'variant weight unit': 'shopify.weight_unit',
  'cost per item': 'cogs',
  // Alt text describes an image to shoppers on the shop's own pages; no channel attribute takes it.
  'image alt text': SKIP,
  'google shopping / google product category': 'google_product_category',
  'google shopping / custom product': 'shopify.custom_product',
  'google shopping / adwords labels': 'ads_label',
  'google shopping / ads labels': 'ads_label',
  'google shopping / manufacturer part number (mpn)': 'mpn',
  // The export Shopify writes since 2024: the same values under new names, Title first.
  'url handle': 'shopify.handle',
  description: 'description',
  sku: 'sku',
  barcode: 'gtin',
  price: 'price',
  'compare-at price': 'shopify.compare_at_price',
  'inventory tracker': 'shopify.inventory_tracker',
  'inventory quantity': 'inventory_qty',
  'continue selling when out of stock': 'shopify.inventory_policy',
  'weight value (grams)': 'shopify.grams',
  'weight unit for display': 'shopify.weight_unit',
  'product image url': 'shopify.image_src',
  'variant image url': 'shopify.variant_image',
  'unit price total measure': 'shopify.unit_total',
  'unit price total measure unit': 'shopify.unit_total_unit',
  'unit price base measure': 'shopify.unit_base',
  'unit price base measure unit': 'shopify.unit_base_unit',
};
const SHOPIFY_GOOGLE_PREFIX = 'google shopping / ';

/** "Color (product.metafields.shopify.color-pattern)": a metafield, whose values are Shopify's own handles. */
const SHOPIFY_METAFIELD_RE = /\((product|variant)\.metafields\.[^)]*\)$/;

const shopifyTarget = (header: string): TMappingTarget | undefined => {
  const key = shopifyKey(header);
  const direct = SHOPIFY_HEADERS[key];
  if (direct) return direct;
  // Kept as it is rather than taken for the Google attribute its name starts with ("Color").
  if (SHOPIFY_METAFIELD_RE.test(key)) return CUSTOM_PREFIX + header.replace(/^\uFEFF/, '').trim();
  // "Google Shopping / Gender", "/ Age Group", "/ MPN", "/ Condition", "/ Custom Label 0" … are Google attributes.
  if (key.startsWith(SHOPIFY_GOOGLE_PREFIX)) {
    return COLUMN_BY_HEADER.get(normaliseHeader(key.slice(SHOPIFY_GOOGLE_PREFIX.length)))?.target;
  }
  return undefined;
};

/* ------------------------------------------------------------------ WooCommerce */

const WOO_HEADERS: Readonly<Record<string, TMappingTarget>> = {
  id: 'woo.id',
  type: 'woo.type',
  sku: 'sku',
  'gtin, upc, ean, or isbn': 'gtin',
  'gtin, upc, ean or isbn': 'gtin',
  name: 'title',
  'short description': 'woo.short_description',
  description: 'description',
  'date sale price starts': 'woo.sale_start',
  'date sale price ends': 'woo.sale_end',
  'in stock?': 'woo.in_stock',
  stock: 'inventory_qty',
  'backorders allowed?': 'woo.backorders',
  'sale price': 'sale_price',
  'regular price': 'price',
  categories: 'product_type',
  tags: 'tags',
  'shipping class': 'shipping_label',
  images: 'woo.images',
  parent: 'woo.parent',
  brands: 'brand',
  brand: 'brand',
};
const WOO_ATTRIBUTE_RE = /^attribute (\d+) (name|value\(s\)|visible|global|default)$/;
const WOO_DIMENSION_RE = /^(weight|length|width|height) \(([a-z]+)\)$/;

const wooTarget = (header: string): TMappingTarget | undefined => {
  const key = shopifyKey(header);
  const direct = WOO_HEADERS[key];
  if (direct) return direct;
  const attr = WOO_ATTRIBUTE_RE.exec(key);
  if (attr) {
    const n = Number(attr[1]);
    if (n < 1 || n > WOO_ATTRIBUTE_SLOTS) return undefined;
    if (attr[2] === 'name') return `woo.attribute_name.${n}`;
    if (attr[2] === 'value(s)') return `woo.attribute_value.${n}`;
    // Visible, global and default only steer WooCommerce's own shop page.
    return SKIP;
  }
  const dim = WOO_DIMENSION_RE.exec(key);
  if (dim) return `shipping_${dim[1]}`;
  return undefined;
};

/* ------------------------------------------------------------------ detection */

const SHOPIFY_HANDLES = ['handle', 'url handle'];
const SHOPIFY_MARKERS = [
  'variant sku',
  'variant price',
  'option1 name',
  'body (html)',
  'image src',
  'compare-at price',
  'inventory tracker',
  'product image url',
  'variant image url',
  'weight value (grams)',
];
const WOO_MARKERS = [
  'type',
  'regular price',
  'parent',
  'in stock?',
  'attribute 1 name',
  'visibility in catalog',
];

/**
 * Which export the headers come from: Shopify (Handle or URL handle plus variant columns), WooCommerce (Type, Regular price,
 * Parent…), a Google feed (most headers are Google attribute names, with or without `g:`, any case, spaces for
 * underscores) or a generic CSV.
 */
export const detectFormat = (headers: readonly string[]): TImportFormat => {
  const keys = new Set(headers.map(shopifyKey));
  const count = (markers: readonly string[]) => markers.filter((m) => keys.has(m)).length;
  if (SHOPIFY_HANDLES.some((h) => keys.has(h)) && count(SHOPIFY_MARKERS) >= 2) return 'shopify';
  if (keys.has('type') && count(WOO_MARKERS) >= 3) return 'woocommerce';
  const normalised = headers.map(normaliseHeader).filter((h) => h !== '');
  const google = normalised.filter((h) => GOOGLE_HEADERS.has(h)).length;
  const hasCore = ['id', 'title', 'price'].every((h) => normalised.includes(h));
  return hasCore || (normalised.length > 0 && google / normalised.length >= 0.6) ? 'google' : 'generic';
};

/* ------------------------------------------------------------------ targets */

export interface TMappingTargetInfo {
  target: TMappingTarget;
  label: string;
  /** `field`: a product value; `role`: meaningful to this format's assembler. */
  kind: 'field' | 'role';
}

const FIELD_TARGETS: readonly TMappingTargetInfo[] = IMPORT_COLUMNS.map((c) => ({
  target: c.target,
  label: c.label,
  kind: 'field' as const,
}));

/** Everything a column of this format may be mapped to (plus `custom:<name>` and `skip`), for a mapping screen. */
export const mappingTargets = (format: TImportFormat): TMappingTargetInfo[] => {
  const roles = format === 'shopify' ? SHOPIFY_ROLES : format === 'woocommerce' ? WOO_ROLES : [];
  return [
    ...FIELD_TARGETS,
    ...roles.map((r) => ({ target: r.target, label: r.label, kind: 'role' as const })),
  ];
};

const isKnownTarget = (format: TImportFormat, target: string): boolean => {
  if (target === SKIP || target.startsWith(CUSTOM_PREFIX)) return target !== CUSTOM_PREFIX;
  if (COLUMN_BY_TARGET.has(target)) return true;
  const role = ROLE_BY_TARGET.get(target);
  if (!role) return false;
  return format === 'shopify'
    ? target.startsWith('shopify.')
    : format === 'woocommerce' && target.startsWith('woo.');
};

/** The label of a target in messages. */
export const targetLabel = (target: string): string =>
  COLUMN_BY_TARGET.get(target)?.label ?? ROLE_BY_TARGET.get(target)?.label ?? target;

const suggestTarget = (format: TImportFormat, header: string): TMappingTarget => {
  const specific =
    format === 'shopify' ? shopifyTarget(header) : format === 'woocommerce' ? wooTarget(header) : undefined;
  if (specific) return specific;
  const column: TImportColumn | undefined = COLUMN_BY_HEADER.get(normaliseHeader(header));
  if (column) return column.target;
  return CUSTOM_PREFIX + header.replace(/^\uFEFF/, '').trim();
};

/** Values each format cannot do without: rows missing them are rejected. */
const REQUIRED: Readonly<Record<TImportFormat, readonly (readonly string[])[]>> = {
  google: [['id', 'sku'], ['title'], ['price']],
  generic: [['id', 'sku'], ['title'], ['price']],
  shopify: [['shopify.handle'], ['title'], ['price']],
  woocommerce: [['woo.id', 'sku'], ['title'], ['price']],
};

export interface TSuggestOptions {
  /** Force a format instead of detecting it. */
  format?: TImportFormat;
  /** The merchant's changes, by header: they win over the suggestion. */
  edits?: Readonly<Record<string, TMappingTarget>>;
}

/**
 * Suggests a target for every column (see TMappingTarget), applies the merchant's edits, and lists the
 * columns kept as custom attributes and any problems: a required value no column feeds, a single value fed by
 * two columns, an edit naming a target this format does not have.
 */
export const suggestMapping = (headers: readonly string[], options: TSuggestOptions = {}): TMapping => {
  const format = options.format ?? detectFormat(headers);
  const problems: TMappingProblem[] = [];
  const usedCustom = new Set<string>();
  const columns: TColumnMapping[] = headers.map((header, index) => {
    const suggested = suggestTarget(format, header);
    let target = suggested;
    const edit = options.edits?.[header];
    if (edit !== undefined) {
      if (isKnownTarget(format, edit)) target = edit;
      else
        problems.push({
          column: header,
          target: edit,
          message: `"${edit}" is not a value a column can be mapped to.`,
        });
    }
    // Two columns with the same header keep both values: the second gets its position appended.
    if (target.startsWith(CUSTOM_PREFIX)) {
      let name = target.slice(CUSTOM_PREFIX.length) || `column ${index + 1}`;
      if (usedCustom.has(name)) name = `${name} (${index + 1})`;
      usedCustom.add(name);
      target = CUSTOM_PREFIX + name;
    }
    return { index, header, target, suggested };
  });

  const byTarget = new Map<string, TColumnMapping[]>();
  for (const c of columns) {
    if (c.target === SKIP || c.target.startsWith(CUSTOM_PREFIX)) continue;
    const list = byTarget.get(c.target) ?? [];
    list.push(c);
    byTarget.set(c.target, list);
  }
  for (const [target, list] of byTarget) {
    if (list.length < 2 || COLUMN_BY_TARGET.get(target)?.multiple) continue;
    problems.push({
      target,
      column: list[1]?.header,
      message: `${targetLabel(target)} is mapped from more than one column (${list.map((c) => `"${c.header}"`).join(', ')}): the last non-empty one is used. Map the others elsewhere.`,
    });
  }
  for (const alternatives of REQUIRED[format]) {
    if (alternatives.some((t) => byTarget.has(t))) continue;
    problems.push({
      target: alternatives[0],
      message: `No column is mapped to ${alternatives.map(targetLabel).join(' or ')}: every row needs it, so rows will be rejected.`,
    });
  }
  return {
    format,
    columns,
    unknown_columns: columns.filter((c) => c.target.startsWith(CUSTOM_PREFIX)).map((c) => c.header),
    problems,
  };
};
