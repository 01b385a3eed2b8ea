import type { TValueKind } from './columns';

// Format roles: columns that mean something to one export format's assembler (a Shopify handle, a
// WooCommerce parent reference) rather than being a product value themselves.

export interface TRoleSpec {
  target: string;
  label: string;
  kind: TValueKind;
}

export const SHOPIFY_ROLES: readonly TRoleSpec[] = [
  { target: 'shopify.handle', label: 'Handle', kind: 'text' },
  { target: 'shopify.option1_name', label: 'Option1 Name', kind: 'text' },
  { target: 'shopify.option1_value', label: 'Option1 Value', kind: 'text' },
  { target: 'shopify.option2_name', label: 'Option2 Name', kind: 'text' },
  { target: 'shopify.option2_value', label: 'Option2 Value', kind: 'text' },
  { target: 'shopify.option3_name', label: 'Option3 Name', kind: 'text' },
  { target: 'shopify.option3_value', label: 'Option3 Value', kind: 'text' },
  { target: 'shopify.compare_at_price', label: 'Variant Compare At Price', kind: 'money' },
  { target: 'shopify.grams', label: 'Variant Grams', kind: 'number' },
  { target: 'shopify.weight_unit', label: 'Variant Weight Unit', kind: 'text' },
  { target: 'shopify.inventory_tracker', label: 'Variant Inventory Tracker', kind: 'text' },
  { target: 'shopify.inventory_policy', label: 'Variant Inventory Policy', kind: 'text' },
  { target: 'shopify.image_src', label: 'Image Src', kind: 'url' },
  { target: 'shopify.image_position', label: 'Image Position', kind: 'number' },
  { target: 'shopify.variant_image', label: 'Variant Image', kind: 'url' },
  { target: 'shopify.custom_product', label: 'Google Shopping / Custom Product', kind: 'boolean' },
  { target: 'shopify.unit_total', label: 'Unit price total measure', kind: 'number' },
  { target: 'shopify.unit_total_unit', label: 'Unit price total measure unit', kind: 'text' },
  { target: 'shopify.unit_base', label: 'Unit price base measure', kind: 'number' },
  { target: 'shopify.unit_base_unit', label: 'Unit price base measure unit', kind: 'text' },
];

/** WooCommerce attribute columns come numbered; roles are generated for this many. */
export const WOO_ATTRIBUTE_SLOTS = 20;

export const WOO_ROLES: readonly TRoleSpec[] = [
  { target: 'woo.id', label: 'ID', kind: 'text' },
  { target: 'woo.type', label: 'Type', kind: 'text' },
  { target: 'woo.parent', label: 'Parent', kind: 'text' },
  { target: 'woo.images', label: 'Images', kind: 'urls' },
  { target: 'woo.short_description', label: 'Short description', kind: 'html' },
  { target: 'woo.in_stock', label: 'In stock?', kind: 'text' },
  { target: 'woo.backorders', label: 'Backorders allowed?', kind: 'text' },
  { target: 'woo.sale_start', label: 'Date sale price starts', kind: 'text' },
  { target: 'woo.sale_end', label: 'Date sale price ends', kind: 'text' },
  ...Array.from({ length: WOO_ATTRIBUTE_SLOTS }, (_, i) => [
    { target: `woo.attribute_name.${i + 1}`, label: `Attribute ${i + 1} name`, kind: 'text' as const },
    { target: `woo.attribute_value.${i + 1}`, label: `Attribute ${i + 1} value(s)`, kind: 'text' as const },
  ]).flat(),
];

export const ROLE_BY_TARGET: ReadonlyMap<string, TRoleSpec> = new Map(
  [...SHOPIFY_ROLES, ...WOO_ROLES].map((r) => [r.target, r] as const),
);
