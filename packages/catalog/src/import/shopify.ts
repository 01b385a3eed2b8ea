import { PRODUCT_MSG } from '@feedloom/validation';
import type { TMeasure } from '../model/fields';
import type { TMoney } from '../model/money';
import type { AssemblerContext, RowRecord, TAssembler, TItem } from './core';
import { buildProduct, customValue, dict, excludedEverywhere, MSG } from './core';
import { KeyTable } from './key-table';
import { parseBoolean } from './values';

// Shopify's product export: the rows of one Handle are one product. The first row carries the product
// (Title, Body, Vendor, Type, Tags, option names, Google Shopping columns) and usually its first variant; the
// next rows carry further variants (option values, SKU, price, barcode…) or only an image (Image Src,
// Image Position). Exports list a handle's rows together, so one product is held at a time. The export
// Shopify writes since 2024 names the same columns differently (URL handle, Product image URL, Compare-at
// price…; mapping.ts) and adds unit price measures, which become Google's unit pricing measures.

/** Values of a Shopify row that belong to its variant, not to the product. */
const VARIANT_TARGETS: ReadonlySet<string> = new Set([
  'sku',
  'gtin',
  'inventory_qty',
  'cogs',
  'price',
  'sale_price',
  'shipping_weight',
  'availability',
  'shopify.option1_value',
  'shopify.option2_value',
  'shopify.option3_value',
  'shopify.compare_at_price',
  'shopify.grams',
  'shopify.weight_unit',
  'shopify.inventory_tracker',
  'shopify.inventory_policy',
  'shopify.variant_image',
  'shopify.unit_total',
  'shopify.unit_total_unit',
  'shopify.unit_base',
  'shopify.unit_base_unit',
]);
const IMAGE_TARGETS: ReadonlySet<string> = new Set(['shopify.image_src', 'shopify.image_position']);
const VARIANT_FIELDS = [
  'sku',
  'gtin',
  'inventory_qty',
  'cogs',
  'price',
  'sale_price',
  'shipping_weight',
  'availability',
];

/** Option names that are product attributes channels know (the rest only make the variant title). */
const OPTION_FIELDS: Readonly<Record<string, string>> = {
  color: 'color',
  colour: 'color',
  size: 'size',
  material: 'material',
  pattern: 'pattern',
  print: 'pattern',
};

/** Shopify's Status values of a product that is not for sale (the others: active, unlisted). */
const UNLISTED_STATUSES: ReadonlySet<string> = new Set(['draft', 'archived']);

/** The columns that say whether a product is published: `Published` (older exports), `Published on online store`. */
const PUBLISHED_COLUMNS = ['published', 'published on online store'] as const;

/**
 * True when the product's export says the shop does not sell it: Status draft or archived, or (exports before
 * Status, and the 2024 ones alike) Published false. Such a product is held back from every channel.
 */
const notForSale = (custom: Readonly<Record<string, string>>): boolean => {
  if (UNLISTED_STATUSES.has(customValue(custom, 'status')?.toLowerCase() ?? '')) return true;
  return PUBLISHED_COLUMNS.some((name) => {
    const published = customValue(custom, name);
    return published !== undefined && parseBoolean(published, name) === false;
  });
};

/** What `done` holds for a handle. */
const REJECTED = 0;
const DONE = 1;

const GRAMS_PER: Readonly<Record<string, number>> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };

/** Shopify's unit-price units whose Google name differs (the rest, ml, g, kg, m…, are the same). */
const UNIT_PRICING_UNITS: Readonly<Record<string, string>> = { m2: 'sqm', m3: 'cbm', item: 'ct' };

const SLUG_RE = /[^a-z0-9]+/g;
const slug = (parts: readonly string[]): string =>
  parts.join('-').toLowerCase().replace(SLUG_RE, '-').replace(/^-|-$/g, '');

interface TVariantRow {
  rec: RowRecord;
  offerId: string;
  values: Record<string, unknown>;
  custom: Record<string, string>;
  options: (string | undefined)[];
}

interface TGroup {
  handle: string;
  productRow: number;
  /** The product row was rejected (its variant or image failed); the product's values still count. */
  productRowRejected: boolean;
  /** The product itself is unusable: every row of the handle is rejected. */
  failed: boolean;
  append: boolean;
  values: Record<string, unknown>;
  custom: Record<string, string>;
  optionNames: (string | undefined)[];
  customProduct: boolean | undefined;
  variants: TVariantRow[];
  images: { src: string; position: number; order: number }[];
  /** Accepted rows that only carry images. */
  imageRows: number[];
}

export const createShopifyAssembler = (
  ctx: AssemblerContext,
  roleIndex: (target: string) => number,
): TAssembler => {
  const r = (target: string) => roleIndex(target);
  const HANDLE = r('shopify.handle');
  const OPTION_NAMES = [r('shopify.option1_name'), r('shopify.option2_name'), r('shopify.option3_name')];
  const OPTION_VALUES = [r('shopify.option1_value'), r('shopify.option2_value'), r('shopify.option3_value')];
  const COMPARE_AT = r('shopify.compare_at_price');
  const GRAMS = r('shopify.grams');
  const WEIGHT_UNIT = r('shopify.weight_unit');
  const TRACKER = r('shopify.inventory_tracker');
  const POLICY = r('shopify.inventory_policy');
  const IMAGE_SRC = r('shopify.image_src');
  const IMAGE_POSITION = r('shopify.image_position');
  const VARIANT_IMAGE = r('shopify.variant_image');
  const CUSTOM_PRODUCT = r('shopify.custom_product');
  const UNIT_TOTAL = [r('shopify.unit_total'), r('shopify.unit_total_unit')] as const;
  const UNIT_BASE = [r('shopify.unit_base'), r('shopify.unit_base_unit')] as const;
  const role = (rec: RowRecord, i: number): unknown => (i < 0 ? undefined : rec.roles[i]);

  let open: TGroup | undefined;
  /** Handles already emitted (DONE) or rejected (REJECTED). */
  const done = new KeyTable();
  let imageOrder = 0;

  const hasVariantData = (rec: RowRecord): boolean => {
    for (const f of VARIANT_FIELDS) if (rec.source[f] !== undefined) return true;
    for (const i of OPTION_VALUES) if (role(rec, i) !== undefined) return true;
    return role(rec, COMPARE_AT) !== undefined || role(rec, GRAMS) !== undefined;
  };

  const startGroup = (rec: RowRecord, handle: string): TGroup => {
    const productErrors = rec.errors?.filter(
      (e) => !VARIANT_TARGETS.has(e.target) && !IMAGE_TARGETS.has(e.target),
    );
    const continuation = rec.source.title === undefined && done.get(handle) === DONE;
    const noTitle = !continuation && rec.source.title === undefined;
    if (noTitle) rec.fail(ctx.columnOf('title'), PRODUCT_MSG.titleRequired, 'title');
    const failed = done.get(handle) === REJECTED || (productErrors?.length ?? 0) > 0 || noTitle;
    const values: Record<string, unknown> = {};
    const custom = dict<string>();
    if (!continuation) {
      for (const key in rec.source) if (!VARIANT_FIELDS.includes(key)) values[key] = rec.source[key];
      for (const key in rec.custom) {
        if (!key.toLowerCase().startsWith('variant')) custom[key] = rec.custom[key] as string;
      }
    }
    const customProduct = role(rec, CUSTOM_PRODUCT);
    return {
      handle,
      productRow: rec.row_number,
      productRowRejected: false,
      failed,
      append: continuation,
      values,
      custom,
      optionNames: OPTION_NAMES.map((i) => role(rec, i) as string | undefined),
      customProduct: typeof customProduct === 'boolean' ? customProduct : undefined,
      variants: [],
      images: [],
      imageRows: [],
    };
  };

  const optionParts = (g: TGroup, options: readonly (string | undefined)[]): string[] => {
    const parts: string[] = [];
    options.forEach((value, i) => {
      if (value === undefined) return;
      if (value === 'Default Title' && (g.optionNames[i] ?? 'Title') === 'Title') return;
      parts.push(value);
    });
    return parts;
  };

  const addRow = (g: TGroup, rec: RowRecord, isProductRow: boolean): void => {
    if (rec.errors) {
      ctx.reject(rec);
      if (isProductRow) g.productRowRejected = true;
      return;
    }
    const src = role(rec, IMAGE_SRC) as string | undefined;
    if (src !== undefined) {
      const position = role(rec, IMAGE_POSITION);
      g.images.push({
        src,
        position: typeof position === 'number' ? position : Infinity,
        order: imageOrder++,
      });
    }
    if (!hasVariantData(rec)) {
      if (!isProductRow) g.imageRows.push(rec.row_number);
      return;
    }
    if (rec.source.price === undefined) rec.fail(ctx.columnOf('price'), MSG.priceRequired, 'price');
    const options = OPTION_VALUES.map((i) => role(rec, i) as string | undefined);
    const parts = optionParts(g, options);
    const sku = rec.source.sku as string | undefined;
    const offerId = sku ?? (parts.length > 0 ? `${g.handle}-${slug(parts)}` : g.handle);
    if (!rec.errors) ctx.claimId(offerId, rec, sku === undefined ? 'shopify.handle' : 'sku');
    if (rec.errors) {
      ctx.reject(rec);
      if (isProductRow) g.productRowRejected = true;
      return;
    }
    const values: Record<string, unknown> = {};
    for (const f of VARIANT_FIELDS) if (rec.source[f] !== undefined) values[f] = rec.source[f];
    if (!isProductRow) for (const key in rec.source) values[key] ??= rec.source[key];
    const custom = dict<string>();
    for (const key in rec.custom) {
      if (!isProductRow || key.toLowerCase().startsWith('variant')) custom[key] = rec.custom[key] as string;
    }
    // Compare-at above the price: the compare-at is the regular price and the price a sale (as Shopify's
    // own Google channel sends it).
    const compareAt = role(rec, COMPARE_AT) as TMoney | undefined;
    const price = values.price as TMoney | undefined;
    if (compareAt && price && compareAt.value > price.value && values.sale_price === undefined) {
      values.price = compareAt;
      values.sale_price = price;
    }
    const grams = role(rec, GRAMS);
    if (typeof grams === 'number' && grams > 0 && values.shipping_weight === undefined) {
      const unit = String(role(rec, WEIGHT_UNIT) ?? 'g').toLowerCase();
      const per = GRAMS_PER[unit];
      const weight: TMeasure = per
        ? { value: Math.round((grams / per) * 1000) / 1000, unit }
        : { value: grams, unit: 'g' };
      values.shipping_weight = weight;
    }
    const unitTotal = unitMeasure(rec, UNIT_TOTAL);
    if (unitTotal && values.unit_pricing_measure === undefined) values.unit_pricing_measure = unitTotal;
    const unitBase = unitMeasure(rec, UNIT_BASE);
    if (unitBase && values.unit_pricing_base_measure === undefined)
      values.unit_pricing_base_measure = unitBase;
    if (values.availability === undefined) values.availability = availabilityOf(rec, values.inventory_qty);
    const image = role(rec, VARIANT_IMAGE);
    if (typeof image === 'string') values.image_link = image;
    g.variants.push({ rec, offerId, values, custom, options });
  };

  /** A unit price measure from its two columns (a quantity and Shopify's unit), as Google names the unit. */
  const unitMeasure = (
    rec: RowRecord,
    [valueAt, unitAt]: readonly [number, number],
  ): TMeasure | undefined => {
    const value = role(rec, valueAt);
    const unit = role(rec, unitAt);
    if (typeof value !== 'number' || value <= 0 || typeof unit !== 'string') return undefined;
    const key = unit.trim().toLowerCase();
    return { value, unit: UNIT_PRICING_UNITS[key] ?? key };
  };

  const availabilityOf = (rec: RowRecord, qty: unknown): string => {
    const tracked = typeof role(rec, TRACKER) === 'string';
    if (!tracked || typeof qty !== 'number' || qty > 0) return 'in_stock';
    return String(role(rec, POLICY) ?? '').toLowerCase() === 'continue' ? 'in_stock' : 'out_of_stock';
  };

  const flush = (): void => {
    const g = open;
    open = undefined;
    if (!g || g.failed) return;
    if (g.variants.length === 0) {
      // A product with no sellable variant: nothing to list.
      done.set(g.handle, REJECTED);
      if (!g.productRowRejected) ctx.rejectRow(g.productRow, ctx.columnOf('price'), MSG.priceRequired);
      for (const row of g.imageRows)
        ctx.rejectRow(row, ctx.columnOf('shopify.handle'), MSG.groupRejected(g.productRow));
      return;
    }
    done.set(g.handle, DONE);
    const base: Record<string, unknown> = { ...g.values };
    const images = [
      ...new Set(g.images.sort((a, b) => a.position - b.position || a.order - b.order).map((i) => i.src)),
    ];
    if (images.length > 0 && base.image_link === undefined) base.image_link = images[0];
    if (images.length > 1 && base.additional_image_links === undefined)
      base.additional_image_links = images.slice(1);
    if (ctx.shop.url && base.link === undefined && !g.append) {
      base.link = `${ctx.shop.url.replace(/\/+$/, '')}/products/${encodeURIComponent(g.handle)}`;
    }
    if (g.customProduct !== undefined && base.identifier_exists === undefined)
      base.identifier_exists = !g.customProduct;
    // A draft, archived or unpublished product is not for sale: imported, but held back from every channel (submission
    // controls, which the merchant can change on the product) rather than sent to one.
    if (!g.append && base.product_submission_control === undefined && notForSale(g.custom)) {
      base.product_submission_control = excludedEverywhere();
    }
    const single = g.variants.length === 1 && optionParts(g, g.variants[0]?.options ?? []).length === 0;
    const items: TItem[] = g.variants.map((v) => {
      const source: Record<string, unknown> = { ...base, ...v.values };
      const parts: string[] = [];
      v.options.forEach((value, i) => {
        const name = g.optionNames[i] ?? '';
        if (value === undefined || (value === 'Default Title' && (name || 'Title') === 'Title')) return;
        parts.push(value);
        const field = OPTION_FIELDS[name.trim().toLowerCase()];
        if (field) source[field] = value;
      });
      if (parts.length > 0) source.variant_title = parts.join(' / ');
      return {
        offer_id: v.offerId,
        row_number: v.rec.row_number,
        source,
        custom: Object.assign(dict<string>(), g.custom, v.custom),
      };
    });
    const rows = [
      ...(g.productRowRejected ? [] : [g.productRow]),
      ...g.variants.map((v) => v.rec.row_number),
      ...g.imageRows,
    ];
    const unique = [...new Set(rows)].sort((a, b) => a - b);
    ctx.emitProduct(buildProduct(g.handle, single ? undefined : g.handle, items, unique, g.append));
  };

  return {
    push(rec: RowRecord): void {
      const handle = role(rec, HANDLE) as string | undefined;
      if (handle === undefined) {
        rec.fail(ctx.columnOf('shopify.handle'), 'Handle is required.', 'shopify.handle');
        ctx.reject(rec);
        return;
      }
      if (open && open.handle === handle) {
        if (open.failed)
          ctx.rejectRow(rec.row_number, ctx.columnOf('shopify.handle'), MSG.groupRejected(open.productRow));
        else addRow(open, rec, false);
        return;
      }
      flush();
      open = startGroup(rec, handle);
      if (open.failed) {
        done.set(handle, REJECTED);
        if (rec.errors) ctx.reject(rec);
        else
          ctx.rejectRow(
            rec.row_number,
            ctx.columnOf('shopify.handle'),
            'Not imported: an earlier row of the same product has errors.',
          );
        return;
      }
      addRow(open, rec, true);
    },
    end: flush,
  };
};
