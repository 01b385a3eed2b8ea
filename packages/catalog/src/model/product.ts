import { z } from 'zod';
import type { TFieldName, TFieldValues, TLayerValues } from './fields';
import { FIELD_NAMES, ZLayerValuesSchema } from './fields';

// The three layers of ARCHITECTURE.md: source (the data source, untouched), overrides (manual edits and bulk
// customisation) and rules (automated rules, applied at build time). Effective = source ⊕ overrides ⊕ rules:
// a later layer wins, an absent key falls through, a null empties the field. Under them all lie the shop's
// defaults (`shop_default`): a value the shop gives every product whose own layers give none.

export const LAYERS = ['shop_default', 'source', 'override', 'rule'] as const;
export type TLayer = (typeof LAYERS)[number];

/**
 * What a shop gives its products whose layers give none (the store's default condition): the lowest layer, so
 * a source value or an edit wins, and a layer that empties the field (null) empties it of the default too.
 */
export type TShopDefaults = Readonly<Pick<TFieldValues, 'condition'>>;

const layer = () => ZLayerValuesSchema.default({});

export const ZVariantSchema = z.object({
  id: z.string().min(1),
  /** The channel item id of this variant (Google `id` / `offerId`). */
  offer_id: z.string().min(1),
  source: layer(),
  overrides: layer(),
  rules: layer(),
});
export type TVariant = z.infer<typeof ZVariantSchema>;

export const ZProductSchema = z.object({
  id: z.string().min(1),
  shop_id: z.string().optional(),
  /** The channel item id when the product has no variants. */
  offer_id: z.string().min(1),
  /** The group id its variants share; defaults to `offer_id`. */
  item_group_id: z.string().optional(),
  source: layer(),
  overrides: layer(),
  rules: layer(),
  variants: z.array(ZVariantSchema).default([]),
});
export type TProduct = z.infer<typeof ZProductSchema>;
export type TProductInput = z.input<typeof ZProductSchema>;

/** Anything carrying the three layers: a product or one of its variants. */
export interface TLayered {
  source: TLayerValues;
  overrides: TLayerValues;
  rules: TLayerValues;
}

export interface TEffective {
  /** The merged value of every field that has one. */
  values: TFieldValues;
  /** For every field a layer spoke about: the layer its value (or its deliberate emptiness) came from. */
  layers: { [K in TFieldName]?: TLayer };
}

export interface TFieldProvenance<K extends TFieldName> {
  value: TFieldValues[K] | undefined;
  layer: TLayer;
}

const findVariant = (product: TProduct, variant: TVariant | string | undefined): TVariant | undefined => {
  if (variant === undefined || typeof variant !== 'string') return variant;
  const found = product.variants.find((v) => v.id === variant);
  if (!found) throw new Error(`Product ${product.id} has no variant ${variant}`);
  return found;
};

/**
 * The stack a value is looked up in, highest priority first. A variant inherits its product's layers; within
 * one layer kind the variant wins, and a higher layer kind always beats a lower one (an override made on the
 * product applies to every variant that has no override of its own).
 */
const stackOf = (
  product: TLayered,
  variant: TLayered | undefined,
  defaults: TShopDefaults,
): { values: TLayerValues; layer: TLayer }[] =>
  variant
    ? [
        { values: variant.rules, layer: 'rule' },
        { values: product.rules, layer: 'rule' },
        { values: variant.overrides, layer: 'override' },
        { values: product.overrides, layer: 'override' },
        { values: variant.source, layer: 'source' },
        { values: product.source, layer: 'source' },
        { values: defaults, layer: 'shop_default' },
      ]
    : [
        { values: product.rules, layer: 'rule' },
        { values: product.overrides, layer: 'override' },
        { values: product.source, layer: 'source' },
        { values: defaults, layer: 'shop_default' },
      ];

/**
 * Merges the layers of a product (or of one of its variants), on the shop's defaults, and says where each value
 * came from.
 */
export const effective = (
  product: TProduct,
  variant?: TVariant | string,
  defaults: TShopDefaults = {},
): TEffective => {
  const stack = stackOf(product, findVariant(product, variant), defaults);
  const values: Record<string, unknown> = {};
  const layers: Record<string, TLayer> = {};
  for (let i = stack.length - 1; i >= 0; i--) {
    const entry = stack[i];
    if (!entry) continue;
    for (const key of Object.keys(entry.values)) {
      const v = (entry.values as Record<string, unknown>)[key];
      if (v === undefined) continue;
      layers[key] = entry.layer;
      if (v === null) delete values[key];
      else values[key] = v;
    }
  }
  return { values: values, layers: layers };
};

/** One field of an effective product: its value and the layer it came from ('source' when nobody set it). */
export const fieldOf = <K extends TFieldName>(eff: TEffective, field: K): TFieldProvenance<K> => ({
  value: eff.values[field],
  layer: eff.layers[field] ?? 'source',
});

const without = (values: TLayerValues, fields: ReadonlySet<string>): TLayerValues => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (!fields.has(k)) out[k] = v;
  return out;
};

/**
 * Spec "reset_to_source": the named fields lose their overrides and rule results, on the product and on every
 * variant, so their effective value is exactly the source value again (absent if the source has none).
 * Returns a new product; the argument is not changed.
 */
export const resetToSource = (product: TProduct, fields: readonly TFieldName[]): TProduct => {
  const set = new Set<string>(fields);
  return {
    ...product,
    overrides: without(product.overrides, set),
    rules: without(product.rules, set),
    variants: product.variants.map((v) => ({
      ...v,
      overrides: without(v.overrides, set),
      rules: without(v.rules, set),
    })),
  };
};

type TWritableLayer = 'overrides' | 'rules';

/** Sets values in one layer of the product (or of one variant). A null value empties the field in that layer. */
export const setLayerValues = (
  product: TProduct,
  target: TWritableLayer,
  patch: TLayerValues,
  variantId?: string,
): TProduct => {
  if (variantId === undefined) return { ...product, [target]: { ...product[target], ...patch } };
  findVariant(product, variantId);
  return {
    ...product,
    variants: product.variants.map((v) =>
      v.id === variantId ? { ...v, [target]: { ...v[target], ...patch } } : v,
    ),
  };
};

/**
 * One bulk customisation applied as an override: add_update_value sets
 * the value, delete_entirely empties the field, reset_to_source drops overrides and rule results.
 */
export const applyCustomisation = (
  product: TProduct,
  change: {
    field: TFieldName;
    mode: 'add_update_value' | 'reset_to_source' | 'delete_entirely';
    value?: unknown;
  },
): TProduct => {
  if (change.mode === 'reset_to_source') return resetToSource(product, [change.field]);
  const value = change.mode === 'delete_entirely' ? null : change.value;
  const parsed = ZLayerValuesSchema.parse({ [change.field]: value });
  return setLayerValues(product, 'overrides', parsed);
};

/* ------------------------------------------------------------------ variants by item group */

export interface TSourceRow {
  /** Channel item id of the row (the feed's `id`). */
  offer_id: string;
  item_group_id?: string;
  source: TLayerValues;
}

const same = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * Groups imported rows into products: rows sharing an `item_group_id` become the variants of one product whose
 * source holds the values all of them share; each variant keeps only what differs. Merging gives back each
 * row's values exactly. Rows without a group stay single products. Input order is kept.
 */
export const groupVariants = (rows: readonly TSourceRow[]): TProduct[] => {
  const groups = new Map<string, TSourceRow[]>();
  const order: (TSourceRow | string)[] = [];
  for (const row of rows) {
    if (!row.item_group_id) {
      order.push(row);
      continue;
    }
    let list = groups.get(row.item_group_id);
    if (!list) {
      list = [];
      groups.set(row.item_group_id, list);
      order.push(row.item_group_id);
    }
    list.push(row);
  }
  return order.map((entry): TProduct => {
    if (typeof entry !== 'string') {
      return {
        id: entry.offer_id,
        offer_id: entry.offer_id,
        source: entry.source,
        overrides: {},
        rules: {},
        variants: [],
      };
    }
    const list = groups.get(entry) ?? [];
    const first = list[0]?.source ?? {};
    const shared: Record<string, unknown> = {};
    for (const key of FIELD_NAMES) {
      const v = first[key];
      if (v !== undefined && v !== null && list.every((r) => same(r.source[key], v))) shared[key] = v;
    }
    return {
      id: entry,
      offer_id: entry,
      item_group_id: entry,
      source: shared,
      overrides: {},
      rules: {},
      variants: list.map((r) => ({
        id: r.offer_id,
        offer_id: r.offer_id,
        source: Object.fromEntries(Object.entries(r.source).filter(([k]) => !(k in shared))),
        overrides: {},
        rules: {},
      })),
    };
  });
};

/* ------------------------------------------------------------------ channel items */

// Feed builds read ~70 attributes from each of millions of merged items. Giving every merged object the same
// hidden class (all fields present, in one order) keeps those property reads on V8's fast path; objects built
// key by key from differently shaped layers would each get their own shape and make every read a slow lookup.
// The constructor is generated from the field list so the list stays in one place.
const FieldValues = (
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from FIELD_NAMES on purpose (see above)
  new Function(
    `return function FieldValues() { ${FIELD_NAMES.map((k) => `this.${k} = undefined;`).join(' ')} };`,
  ) as () => new () => TLayerValues
)();

/** A FieldValues with the same values as `from` (another FieldValues): one named copy per field. */
const cloneFieldValues = (
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from FIELD_NAMES on purpose (see above)
  new Function(
    'FieldValues',
    `return function cloneFieldValues(from) { const to = new FieldValues(); ${FIELD_NAMES.map((k) => `to.${k} = from.${k};`).join(' ')} return to; };`,
  ) as (ctor: new () => TLayerValues) => (from: TLayerValues) => TLayerValues
)(FieldValues);

const copyInto = (target: TLayerValues, layerValues: TLayerValues): void => {
  const t = target as Record<string, unknown>;
  const src = layerValues as Record<string, unknown>;
  for (const k in src) {
    const v = src[k];
    if (v !== undefined) t[k] = v;
  }
};

/**
 * One item a channel receives: a product without variants, or one variant of a product. `values` is the merged
 * view (a null means a layer emptied the field: treat it as absent); `layerOf` answers provenance on demand,
 * which keeps the hot path of feed builds free of per-field bookkeeping.
 */
export class ChannelItem {
  readonly productId: string;
  readonly variantId: string | undefined;
  readonly offerId: string;
  readonly itemGroupId: string | undefined;
  readonly values: TLayerValues;
  private readonly product: TLayered;
  private readonly variant: TLayered | undefined;
  private readonly defaults: TShopDefaults | undefined;

  /**
   * `defaults` are the shop's (the lowest layer). `productSource`, when given, is the shop's defaults and the
   * product's source layer already merged into a FieldValues (see channelItems): the variants of a product
   * share it instead of each merging it again.
   */
  constructor(product: TProduct, variant?: TVariant, defaults?: TShopDefaults, productSource?: TLayerValues) {
    this.productId = product.id;
    this.variantId = variant?.id;
    this.offerId = variant ? variant.offer_id : product.offer_id;
    this.itemGroupId = variant ? (product.item_group_id ?? product.offer_id) : product.item_group_id;
    this.product = product;
    this.variant = variant;
    this.defaults = defaults;
    let values: TLayerValues;
    if (productSource) {
      values = cloneFieldValues(productSource);
    } else {
      values = new FieldValues();
      if (defaults) copyInto(values, defaults);
      copyInto(values, product.source);
    }
    if (variant) copyInto(values, variant.source);
    copyInto(values, product.overrides);
    if (variant) copyInto(values, variant.overrides);
    copyInto(values, product.rules);
    if (variant) copyInto(values, variant.rules);
    this.values = values;
  }

  /** The layer the value of `field` (or its deliberate absence) came from. */
  layerOf(field: string): TLayer {
    const p = this.product as unknown as Record<'source' | 'overrides' | 'rules', Record<string, unknown>>;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed: the layers are indexed by any field name
    const v = this.variant as unknown as
      Record<'source' | 'overrides' | 'rules', Record<string, unknown>> | undefined;
    if (v?.rules[field] !== undefined || p.rules[field] !== undefined) return 'rule';
    if (v?.overrides[field] !== undefined || p.overrides[field] !== undefined) return 'override';
    if (v?.source[field] !== undefined || p.source[field] !== undefined) return 'source';
    return (this.defaults as Record<string, unknown> | undefined)?.[field] !== undefined
      ? 'shop_default'
      : 'source';
  }
}

/**
 * The channel items of a product: itself when it has no variants, else one per variant; `defaults` are the
 * shop's, beneath every layer of the product.
 */
export const channelItems = (product: TProduct, defaults?: TShopDefaults): ChannelItem[] => {
  const variants = product.variants;
  if (variants.length === 0) return [new ChannelItem(product, undefined, defaults)];
  // The product's source merged once for all its variants (a clone is cheaper than merging key by key).
  const productSource = new FieldValues();
  if (defaults) copyInto(productSource, defaults);
  copyInto(productSource, product.source);
  // A key outside the field list would not survive the clone: such a product merges each variant in full.
  const shared = Object.keys(productSource).length === FIELD_NAMES.length ? productSource : undefined;
  return variants.map((v) => new ChannelItem(product, v, defaults, shared));
};
