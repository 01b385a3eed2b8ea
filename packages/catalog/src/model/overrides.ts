import { ZProductAttributesSchema } from '@feedloom/validation';
import type { TProductAttributesInput } from '@feedloom/validation';
import type { TIssue } from '../channels/types';
import type { TFieldName, TLayerValues } from './fields';
import { FIELD_NAMES, ZLayerValuesSchema } from './fields';
import type { TProduct } from './product';
import { effective, resetToSource, setLayerValues } from './product';

// Manual overrides are checked with the rules (and their messages) before they are stored. The
// rules live in @feedloom/validation so the web form, the gateway and the api say the same; here the model's
// field names are mapped to the form's (title → custom_title) and the findings become issues.

const TO_FORM: Readonly<Record<string, string>> = {
  title: 'custom_title',
  description: 'custom_description',
};
const FROM_FORM: Readonly<Record<string, string>> = {
  custom_title: 'title',
  custom_description: 'description',
};

/** Fields whose emptying (null) is itself an error: a product always needs them. */
const NOT_CLEARABLE = new Set(['title', 'description']);
const MONEY_FIELDS = new Set([
  'price',
  'sale_price',
  'cogs',
  'auto_pricing_min_price',
  'free_shipping_threshold',
]);
const MEASURE_FIELDS = new Set([
  'unit_pricing_measure',
  'unit_pricing_base_measure',
  'product_length',
  'product_width',
  'product_height',
  'product_weight',
  'shipping_length',
  'shipping_width',
  'shipping_height',
  'shipping_weight',
]);
const FIELD_SET: ReadonlySet<string> = new Set(FIELD_NAMES);
const isFieldName = (name: string): name is TFieldName => FIELD_SET.has(name);

/** The form-shaped payload for a set of override values. */
export const toFormValues = (overrides: TLayerValues): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    const formKey = TO_FORM[key] ?? key;
    if (value === null) {
      if (NOT_CLEARABLE.has(key)) out[formKey] = '';
      continue;
    }
    if (value === undefined) continue;
    // Prices are edited as amounts in the shop currency.
    if (typeof value === 'object' && !Array.isArray(value) && 'currency' in value && 'value' in value) {
      out[formKey] = value.value;
      continue;
    }
    if (key === 'shipping' && overrides.shipping) {
      // Shipping prices, too, are edited as amounts.
      out[formKey] = overrides.shipping.map((rule) => ({ ...rule, price: rule.price?.value }));
      continue;
    }
    out[formKey] = value;
  }
  return out;
};

const issuesOf = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): TIssue[] =>
  issues.map((issue) => {
    const [head, ...rest] = issue.path.map(String);
    const attribute = [FROM_FORM[head ?? ''] ?? head ?? 'product', ...rest].join('.');
    return {
      code: 'invalid_override',
      severity: 'error',
      attribute,
      message: issue.message,
      layer: 'override',
    };
  });

/** Checks on override values; every finding is an error produced by the override layer. */
export const validateOverrides = (overrides: TLayerValues): TIssue[] => {
  const result = ZProductAttributesSchema.safeParse(toFormValues(overrides));
  return result.success ? [] : issuesOf(result.error.issues);
};

export interface TProductEditResult {
  /** The product with the edit applied (unchanged when there are issues). */
  product: TProduct;
  /** Findings; the edit is refused when there is any. */
  issues: TIssue[];
  /** Fields the merchant asked to resubmit to the channels. */
  resubmit: string[];
}

const isEmptyEntry = (o: Record<string, unknown>): boolean =>
  Object.values(o).every((v) => v === '' || v === undefined || v === null);

/**
 * Applies a product edit as describes it (custom_title, custom_description, attributes, reset,
 * reset_to_source, resubmit) to the override layer of a product or one variant. Prices come as amounts in
 * the product's currency; an emptied measure (no value, no unit) removes the field.
 */
export const applyProductEdit = (
  product: TProduct,
  edit: TProductAttributesInput,
  variantId?: string,
): TProductEditResult => {
  const parsed = ZProductAttributesSchema.safeParse(edit);
  if (!parsed.success) return { product, issues: issuesOf(parsed.error.issues), resubmit: [] };
  const { reset, reset_to_source: resetFields, resubmit, ...values } = parsed.data;
  let next = product;
  if (reset) next = resetToSource(next, FIELD_NAMES);
  if (resetFields?.length) next = resetToSource(next, resetFields.filter(isFieldName));

  const currency = effective(next, variantId).values.price?.currency ?? 'USD';
  const patch: Record<string, unknown> = {};
  for (const [formKey, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const field = FROM_FORM[formKey] ?? formKey;
    if (!isFieldName(field)) continue;
    if (MONEY_FIELDS.has(field)) patch[field] = typeof value === 'number' ? { value, currency } : null;
    else if (MEASURE_FIELDS.has(field)) {
      const m = value as { value?: number; unit?: string };
      patch[field] = m.value === undefined || !m.unit ? null : { value: m.value, unit: m.unit.trim() };
    } else if (field === 'shipping') {
      // Shipping rules: the price is an amount in the product's currency; empty parts are left out.
      patch[field] = (value as Record<string, unknown>[]).map((rule) =>
        Object.fromEntries(
          Object.entries(rule)
            .filter(([, v]) => v !== '' && v !== undefined && v !== null)
            .map(([k, v]) =>
              k === 'price'
                ? [k, { value: v, currency }]
                : [k, k === 'country' ? String(v).toUpperCase() : v],
            ),
        ),
      );
    } else if (field === 'certifications' || field === 'detail' || field === 'ai_detail') {
      const list = (value as Record<string, unknown>[])
        .filter((entry) => !isEmptyEntry(entry))
        .map((entry) =>
          Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== '' && v !== undefined)),
        );
      patch[field] = list;
    } else patch[field] = value;
  }
  next = setLayerValues(next, 'overrides', ZLayerValuesSchema.parse(patch), variantId);
  return { product: next, issues: [], resubmit: resubmit ?? [] };
};
