import { ZSubmissionControlSchema } from '@feedloom/validation';
import { z } from 'zod';
import { ZMoneySchema } from './money';

// Every product field "Product fields" plus the channel attributes a feed needs (description,
// links, identifiers, dates, shipping). Values are stored as the merchant's data gives them: strings stay
// strings (an import never rejects a row because a colour is too long), so that a channel validator can
// point at the offending value and the layer it came from.

/** A number with its unit: dimensions, weights and unit pricing measures. */
export const ZMeasureSchema = z.object({ value: z.number(), unit: z.string() });
export type TMeasure = z.infer<typeof ZMeasureSchema>;

export const ZProductDetailSchema = z.object({
  section_name: z.string().optional(),
  attribute_name: z.string(),
  attribute_value: z.string(),
});
export type TProductDetail = z.infer<typeof ZProductDetailSchema>;

export const ZCertificationSchema = z.object({
  certification_authority: z.string(),
  certification_name: z.string(),
  certification_code: z.string().optional(),
  certification_value: z.string().optional(),
});
export type TCertification = z.infer<typeof ZCertificationSchema>;

/** One shipping rule of reference : a delivery area plus price and speed. */
export const ZShippingSchema = z.object({
  country: z.string(),
  region: z.string().optional(),
  postal_code: z.string().optional(),
  location_id: z.string().optional(),
  location_group_name: z.string().optional(),
  service: z.string().optional(),
  price: ZMoneySchema.optional(),
  min_handling_time: z.number().optional(),
  max_handling_time: z.number().optional(),
  min_transit_time: z.number().optional(),
  max_transit_time: z.number().optional(),
});
export type TShipping = z.infer<typeof ZShippingSchema>;

const text = z.string();
const texts = z.array(z.string());

/**
 * The value schema of each field. In a layer every field is optional (absent = this layer says nothing) and
 * nullable (null = this layer deliberately empties the field, e.g. a "delete entirely" customisation).
 */
export const PRODUCT_FIELD_SHAPE = {
  // core
  title: text,
  description: text,
  brand: text,
  category_name: text,
  product_type: text,
  price: ZMoneySchema,
  sale_price: ZMoneySchema,
  sale_price_effective_date: text,
  inventory_qty: z.number(),
  availability: text,
  availability_date: text,
  expiration_date: text,
  variant_title: text,
  sku: text,
  tags: texts,
  data_source_name: text,
  channel_warnings: texts,
  gtin: text,
  mpn: text,
  identifier_exists: z.boolean(),
  link: text,
  mobile_link: text,
  image_link: text,
  additional_image_links: texts,
  ads_redirect: text,
  // attributes
  ads_label: text,
  age_group: text,
  color: text,
  condition: text,
  gender: text,
  google_product_category: text,
  material: text,
  pattern: text,
  size: text,
  size_system: text,
  size_type: texts,
  multipack: z.number(),
  is_bundle: z.boolean(),
  adult: z.boolean(),
  certifications: z.array(ZCertificationSchema),
  // labels and shipping
  custom_label0: text,
  custom_label1: text,
  custom_label2: text,
  custom_label3: text,
  custom_label4: text,
  return_policy_label: text,
  return_address_label: text,
  shipping_label: text,
  transit_time_label: text,
  free_shipping_threshold: ZMoneySchema,
  tax_category: text,
  shipping: z.array(ZShippingSchema),
  // control
  upi_management_status: z.number(),
  product_submission_control: ZSubmissionControlSchema,
  promotion_ids: texts,
  pause: text,
  ai_approve_status: text,
  // pricing
  auto_pricing_min_price: ZMoneySchema,
  cogs: ZMoneySchema,
  unit_pricing_measure: ZMeasureSchema,
  unit_pricing_base_measure: ZMeasureSchema,
  // content
  highlights: texts,
  ai_highlights: texts,
  detail: z.array(ZProductDetailSchema),
  ai_detail: z.array(ZProductDetailSchema),
  // dimensions
  product_length: ZMeasureSchema,
  product_width: ZMeasureSchema,
  product_height: ZMeasureSchema,
  product_weight: ZMeasureSchema,
  shipping_length: ZMeasureSchema,
  shipping_width: ZMeasureSchema,
  shipping_height: ZMeasureSchema,
  shipping_weight: ZMeasureSchema,
} as const;

type TShape = typeof PRODUCT_FIELD_SHAPE;
export type TFieldName = keyof TShape;
export const FIELD_NAMES = Object.keys(PRODUCT_FIELD_SHAPE) as TFieldName[];

/** Effective (merged) values: a field is present or absent, never null. */
export type TFieldValues = { [K in TFieldName]?: z.infer<TShape[K]> };
/** What one layer holds: null empties the field on purpose. */
export type TLayerValues = { [K in TFieldName]?: z.infer<TShape[K]> | null };

const layerShape = Object.fromEntries(
  FIELD_NAMES.map((k) => [k, PRODUCT_FIELD_SHAPE[k].nullable().optional()]),
) as { [K in TFieldName]: z.ZodOptional<z.ZodNullable<TShape[K]>> };

/** One layer of a product (source, overrides or rules): unknown keys are refused so a typo cannot hide. */
export const ZLayerValuesSchema = z.strictObject(layerShape);
