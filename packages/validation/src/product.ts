import { z } from 'zod';
import { INT_LIMIT } from './constants';
import { isCleanText, TEXT_LIMITS, TEXT_MSG, ZIdSchema, ZTextSchema } from './text';
import { isHttpUrl } from './data-sources';

// "Product content and attributes", "Filters" and "Enumerations". The three messages the spec quotes
// are verbatim; the others follow the same voice and say what to do.

/* ------------------------------------------------------------------ enumerations */

export const GENDERS = ['male', 'female', 'unisex'] as const;
export const CONDITIONS = ['new', 'refurbished', 'used'] as const;
export const CONDITION_LABELS: Record<(typeof CONDITIONS)[number], string> = {
  new: 'New',
  refurbished: 'Refurbished',
  used: 'Used',
};
export const AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'] as const;
export const AGE_GROUP_LABELS: Record<(typeof AGE_GROUPS)[number], string> = {
  newborn: 'Newborn (0-3 months)',
  infant: 'Infant (3-12 months)',
  toddler: 'Toddler (1-5 years)',
  kids: 'Kids (5-13 years)',
  adult: 'Adult (teens or older)',
};
export const SIZE_SYSTEMS = ['AU', 'BR', 'CN', 'DE', 'EU', 'FR', 'IT', 'JP', 'MEX', 'UK', 'US'] as const;
export const SIZE_TYPES = ['regular', 'petite', 'plus', 'tall', 'big', 'maternity'] as const;
export const AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
/** `ads`: ads only; `all`: ads and free listings. */
export const PAUSE_VALUES = ['ads', 'all'] as const;
export const PAUSE_LABELS: Record<(typeof PAUSE_VALUES)[number], string> = {
  ads: 'Ads only',
  all: 'Ads and free listings',
};
export const CERTIFICATION_NAMES = [
  'EPREL',
  'Vehicle_CO2_Class',
  'Vehicle_CO2_Class_Discharged_Battery',
] as const;
export const CERTIFICATION_AUTHORITIES = ['European_Commission', 'ADEME', 'BMWK'] as const;
export const UNIT_PRICING_UNITS = [
  'gm',
  'kg',
  'oz',
  'lb',
  'floz',
  'pt',
  'qt',
  'gal',
  'ml',
  'cl',
  'l',
  'cbm',
  'in',
  'ft',
  'yd',
  'cm',
  'm',
  'sqft',
  'sqm',
  'ct',
] as const;
export const BASE_PRICING_VALUES = [1, 10, 100, 2, 4, 8] as const;
/** Extra base measure values the spec allows for one unit only. */
export const BASE_PRICING_EXTRA: Readonly<Record<string, readonly number[]>> = {
  cl: [75],
  ml: [750],
  kg: [50, 1000],
};
export const DIMENSION_UNITS = ['cm', 'in'] as const;
export const WEIGHT_UNITS = ['lb', 'oz', 'g', 'kg'] as const;
export const AI_APPROVE_STATUSES = [
  'rejected',
  'pending',
  'auto-approved',
  'approved',
  'ai-opted-out',
] as const;
/** Unique product identifier control levels. */
export const UPI_CONTROL_LEVELS = {
  1: 'GTIN, brand and MPN',
  2: 'Brand and MPN',
  3: 'Brand',
  4: 'Custom product',
} as const;
export const CUSTOMISATION_MODES = ['add_update_value', 'reset_to_source', 'delete_entirely'] as const;
export const PRODUCT_TABS = [
  'all',
  'error',
  'excluded',
  'pending',
  'published',
  'warning',
  'disapproved',
  'submitted',
] as const;
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

export type TGender = (typeof GENDERS)[number];
export type TCondition = (typeof CONDITIONS)[number];
export type TAgeGroup = (typeof AGE_GROUPS)[number];
export type TSizeSystem = (typeof SIZE_SYSTEMS)[number];
export type TSizeType = (typeof SIZE_TYPES)[number];
export type TAvailability = (typeof AVAILABILITIES)[number];
export type TPause = (typeof PAUSE_VALUES)[number];
export type TUnitPricingUnit = (typeof UNIT_PRICING_UNITS)[number];
export type TCustomisationMode = (typeof CUSTOMISATION_MODES)[number];

/** Which quantity a unit pricing unit measures: measure and base measure must measure the same thing. */
export const UNIT_DIMENSION: Readonly<Record<string, 'weight' | 'volume' | 'length' | 'area' | 'count'>> = {
  gm: 'weight',
  g: 'weight',
  mg: 'weight',
  kg: 'weight',
  oz: 'weight',
  lb: 'weight',
  floz: 'volume',
  pt: 'volume',
  qt: 'volume',
  gal: 'volume',
  ml: 'volume',
  cl: 'volume',
  l: 'volume',
  cbm: 'volume',
  in: 'length',
  ft: 'length',
  yd: 'length',
  cm: 'length',
  m: 'length',
  sqft: 'area',
  sqm: 'area',
  ct: 'count',
  sheet: 'count',
  item: 'count',
};

/* ------------------------------------------------------------------ limits and messages */

export const PRODUCT_LIMITS = {
  size: 100,
  color: 100,
  colorSegment: 40,
  material: 200,
  pattern: 200,
  customLabel: 100,
  shippingLabel: 100,
  transitTimeLabel: 100,
  returnLabel: 70,
  sku: 70,
  taxCategory: 70,
  /** Channel limits (Google, Microsoft and Meta agree): title 150, description 5000, brand 70. */
  title: 150,
  description: 5000,
  brand: 70,
  productType: 750,
  productTypeCommas: 5,
  multipackMax: 1000,
  highlight: 150,
  highlightsMin: 2,
  sectionName: 140,
  attributeName: 140,
  attributeValue: 1000,
  certificationText: 2000,
  filterText: 70,
  filterLabel: 100,
  /** Links and image links: the longest address Google and Meta take. */
  url: 2000,
  /** Additional image links: the most any channel takes (Meta; Google uses the first 10). */
  additionalImages: 20,
  mpn: 70,
  adsLabel: 100,
  /** An ISO 8601 date with an optional time and offset (`2027-03-01T09:00-0800`). */
  date: 25,
  /** Two such dates separated by '/'. */
  dateRange: 51,
  /** Shipping rules of one product, and each rule's texts (region, postal code, service). */
  shippingRules: 100,
  shippingText: 100,
  /** Handling and transit times, in days. */
  shippingDays: 365,
} as const;

const max = (label: string, n: number) => `${label} cannot exceed ${n} characters.`;

export const PRODUCT_MSG = {
  titleRequired: 'Title is required.',
  descriptionRequired: 'Description is required.',
  highlightsMin: 'At least 2 highlights are required (combined).',
  highlightMax: max('Each highlight', PRODUCT_LIMITS.highlight),
  labelSpaces: 'Leading or trailing spaces are not allowed.',
  sizeMax: max('Size', PRODUCT_LIMITS.size),
  colorMax: max('Color', PRODUCT_LIMITS.color),
  colorSegmentMax: `Each color between '/' cannot exceed ${PRODUCT_LIMITS.colorSegment} characters.`,
  materialMax: max('Material', PRODUCT_LIMITS.material),
  patternMax: max('Pattern', PRODUCT_LIMITS.pattern),
  customLabelMax: max('Custom label', PRODUCT_LIMITS.customLabel),
  shippingLabelMax: max('Shipping label', PRODUCT_LIMITS.shippingLabel),
  transitTimeLabelMax: max('Transit time label', PRODUCT_LIMITS.transitTimeLabel),
  returnPolicyLabelMax: max('Return policy label', PRODUCT_LIMITS.returnLabel),
  returnAddressLabelMax: max('Return address label', PRODUCT_LIMITS.returnLabel),
  skuMax: max('SKU', PRODUCT_LIMITS.sku),
  taxCategoryMax: max('Tax category', PRODUCT_LIMITS.taxCategory),
  productTypeMax: max('Product type', PRODUCT_LIMITS.productType),
  productTypeCommas: `Product type can contain at most ${PRODUCT_LIMITS.productTypeCommas} commas.`,
  multipack: `Multipack must be a whole number from 1 to ${PRODUCT_LIMITS.multipackMax}.`,
  gtinLength: 'GTIN must be 8, 12, 13 or 14 characters long.',
  gtinDigits: 'GTIN can only contain digits.',
  numberTooLarge: `Value must be below ${INT_LIMIT.toLocaleString('en-US')}.`,
  numberInvalid: 'Enter a valid number.',
  valueAndUnit: 'Enter both a value and a unit, or leave both empty.',
  dimensionUnit: 'Unit must be cm or in.',
  weightUnit: 'Unit must be lb, oz, g or kg.',
  range: (label: string, min: number, maxValue: number, unit: string) =>
    `${label} must be between ${min} and ${maxValue} ${unit}.`,
  unitPricingPair: 'Enter both the unit pricing measure and the base measure, or neither.',
  unitPricingUnit: `Unit must be one of ${UNIT_PRICING_UNITS.join(', ')}.`,
  unitPricingMismatch:
    'Unit pricing measure and base measure must use matching units (for example ml and l).',
  unitPricingPositive: 'Unit pricing measure must be greater than 0.',
  basePricingValue: 'Base measure must be 1, 10, 100, 2, 4 or 8 (or 75 cl, 750 ml, 50 kg or 1000 kg).',
  certificationNameRequired: 'Certification name is required.',
  certificationAuthorityRequired: 'Certification authority is required.',
  certificationName: `Certification name must be one of ${CERTIFICATION_NAMES.join(', ')}.`,
  certificationAuthority: `Certification authority must be one of ${CERTIFICATION_AUTHORITIES.join(', ')}.`,
  certificationTextMax: max('Certification code and value each', PRODUCT_LIMITS.certificationText),
  sectionNameLength: `Section name must be 1 to ${PRODUCT_LIMITS.sectionName} characters.`,
  attributeNameLength: `Attribute name must be 1 to ${PRODUCT_LIMITS.attributeName} characters.`,
  attributeValueLength: `Attribute value must be 1 to ${PRODUCT_LIMITS.attributeValue} characters.`,
  attributeNameRequired: 'Attribute name is required when a value is given.',
  attributeValueRequired: 'Attribute value is required when a name is given.',
  enumValue: (label: string, values: readonly string[]) => `${label} must be one of: ${values.join(', ')}.`,
  sizeTypesMax: 'Choose at most 2 size types.',
  // filters and customisation rules
  fieldRequired: 'Field is required.',
  operatorRequired: 'Operator is required.',
  operatorInvalid: 'This operator cannot be used with this field.',
  valueRequired: 'Value is required.',
  unitRequired: 'Unit is required.',
  positiveNumber: 'Enter a positive number without exponent notation (for example 12.5).',
  filterTextMax: max('Value', PRODUCT_LIMITS.filterText),
  filterLabelMax: max('Value', PRODUCT_LIMITS.filterLabel),
  controlRequired: 'Select at least one control.',
  resubmitList: 'Select at least one field to resubmit.',
  valueCharacters: TEXT_MSG.controlCharacters('Value'),
  urlInvalid: (label: string) =>
    `${label} must be a full web address starting with https:// or http://, without spaces.`,
  urlMax: (label: string) => max(label, PRODUCT_LIMITS.url),
  additionalImagesMax: `Add at most ${PRODUCT_LIMITS.additionalImages} additional image links.`,
  mpnMax: max('MPN', PRODUCT_LIMITS.mpn),
  adsLabelMax: max('Ads label', PRODUCT_LIMITS.adsLabel),
  dateInvalid: (label: string) => `${label} must be a date such as 2027-03-01 or 2027-03-01T09:00-0800.`,
  dateRangeInvalid:
    'Sale price effective date must be a start and an end date separated by "/", for example 2027-02-24/2027-02-28.',
  identifierExists: 'Identifier exists must be yes or no.',
  shippingCountry: 'Shipping country must be a two-letter country code such as US.',
  shippingRulesMax: `Add at most ${PRODUCT_LIMITS.shippingRules} shipping rules.`,
  shippingDays: `Handling and transit times must be whole days from 0 to ${PRODUCT_LIMITS.shippingDays}.`,
  shippingPrice: 'Shipping price must be 0 or more.',
  upiManagementStatus: 'Unique product identifier control must be 1, 2, 3 or 4.',
} as const;

/* ------------------------------------------------------------------ building blocks */

const hasNoEdgeSpaces = (v: string): boolean => v === v.trim();

/** Empty input (''/null) means "not given"; numeric strings from form inputs become numbers. */
const toOptionalNumber = (v: unknown): unknown => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
  return v;
};
const ZOptionalNumber = z.preprocess(
  toOptionalNumber,
  z.number({ error: PRODUCT_MSG.numberInvalid }).finite(PRODUCT_MSG.numberInvalid).optional(),
);
/** Optional text where null means absent; the field's own rule checks its length after trimming. */
const optionalText = (name: string, max: number = TEXT_LIMITS.paragraph) =>
  z.preprocess((v) => (v === null ? undefined : v), ZTextSchema({ label: name, max }).optional());

const text = (name: string, limit: number, maxMsg?: string, opts: { multiline?: boolean } = {}) =>
  ZTextSchema({ label: name, max: limit, maxMessage: maxMsg, multiline: opts.multiline });

const label = (name: string, limit: number, maxMsg: string) =>
  text(name, limit, maxMsg).refine(hasNoEdgeSpaces, PRODUCT_MSG.labelSpaces);

/** Lists a product edit carries (promotion ids, fields to resubmit …): bounded in count and item size. */
const idList = (name: string) =>
  z.array(ZIdSchema(name)).max(TEXT_LIMITS.listItems, TEXT_MSG.tooManyItems(name, TEXT_LIMITS.listItems));

const enumOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { error: PRODUCT_MSG.enumValue(name, values) });

/** A product web address (link, image link …): an http(s) URL with a host and no whitespace. */
export const isProductUrl = (v: string): boolean => !/\s/.test(v) && isHttpUrl(v);

/** A product web address; empty clears the field. */
export const productUrlSchema = (name: string) =>
  ZTextSchema({ label: name, max: PRODUCT_LIMITS.url, maxMessage: PRODUCT_MSG.urlMax(name) }).refine(
    (v) => v === '' || isProductUrl(v),
    PRODUCT_MSG.urlInvalid(name),
  );

export const ZAdditionalImageLinksSchema = z
  .array(
    ZTextSchema({
      label: 'Additional image link',
      max: PRODUCT_LIMITS.url,
      maxMessage: PRODUCT_MSG.urlMax('Each additional image link'),
    }).refine(isProductUrl, PRODUCT_MSG.urlInvalid('Each additional image link')),
  )
  .max(PRODUCT_LIMITS.additionalImages, PRODUCT_MSG.additionalImagesMax);

const DATE_RE =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** True for an ISO 8601 date, with an optional time and offset, as the channels take it. */
export const isProductDate = (v: string): boolean => DATE_RE.test(v.trim());

const dateSchema = (name: string) =>
  ZTextSchema({ label: name, max: PRODUCT_LIMITS.date }).refine(
    (v) => v === '' || isProductDate(v),
    PRODUCT_MSG.dateInvalid(name),
  );

/** Two ISO 8601 dates separated by '/'; empty clears the field. */
export const ZDateRangeSchema = ZTextSchema({
  label: 'Sale price effective date',
  max: PRODUCT_LIMITS.dateRange,
}).refine((v) => {
  if (v === '') return true;
  const parts = v.split('/');
  return parts.length === 2 && parts.every(isProductDate);
}, PRODUCT_MSG.dateRangeInvalid);

const shippingDays = z.preprocess(
  toOptionalNumber,
  z
    .number({ error: PRODUCT_MSG.shippingDays })
    .int(PRODUCT_MSG.shippingDays)
    .min(0, PRODUCT_MSG.shippingDays)
    .max(PRODUCT_LIMITS.shippingDays, PRODUCT_MSG.shippingDays)
    .optional(),
);
const shippingText = (name: string) => optionalText(name, PRODUCT_LIMITS.shippingText);

/**
 * One shipping rule as the product form edits it: a country (two letters), optionally a region or postal
 * code and a service, a price in the product's currency, and handling and transit times in days. Which
 * combinations a channel takes (one area per rule, min with max) is the channel's judgement.
 */
export const ZShippingRuleInputSchema = z.object({
  country: z
    .string({ error: PRODUCT_MSG.shippingCountry })
    .trim()
    .regex(/^[A-Za-z]{2}$/, PRODUCT_MSG.shippingCountry),
  region: shippingText('Region'),
  postal_code: shippingText('Postal code'),
  service: shippingText('Service'),
  price: z.preprocess(
    toOptionalNumber,
    z
      .number({ error: PRODUCT_MSG.numberInvalid })
      .finite(PRODUCT_MSG.numberInvalid)
      .min(0, PRODUCT_MSG.shippingPrice)
      .lt(INT_LIMIT, PRODUCT_MSG.numberTooLarge)
      .optional(),
  ),
  min_handling_time: shippingDays,
  max_handling_time: shippingDays,
  min_transit_time: shippingDays,
  max_transit_time: shippingDays,
});

export const ZColorSchema = text('Color', PRODUCT_LIMITS.color, PRODUCT_MSG.colorMax).refine(
  (v) => v.split('/').every((s) => s.trim().length <= PRODUCT_LIMITS.colorSegment),
  PRODUCT_MSG.colorSegmentMax,
);

export const ZProductTypeSchema = text(
  'Product type',
  PRODUCT_LIMITS.productType,
  PRODUCT_MSG.productTypeMax,
).refine((v) => v.split(',').length - 1 <= PRODUCT_LIMITS.productTypeCommas, PRODUCT_MSG.productTypeCommas);

export const isGtinLength = (v: string): boolean => (GTIN_LENGTHS as readonly number[]).includes(v.length);

export const ZGtinSchema = z
  .string()
  .trim()
  .regex(/^\d*$/, PRODUCT_MSG.gtinDigits)
  .refine(isGtinLength, PRODUCT_MSG.gtinLength);

export const ZMultipackSchema = z.preprocess(
  toOptionalNumber,
  z
    .number({ error: PRODUCT_MSG.multipack })
    .int(PRODUCT_MSG.multipack)
    .min(1, PRODUCT_MSG.multipack)
    .max(PRODUCT_LIMITS.multipackMax, PRODUCT_MSG.multipack)
    .optional(),
);

/** Any numeric product value (inventory, prices): below the integer limit. */
export const ZBoundedNumberSchema = z.preprocess(
  toOptionalNumber,
  z
    .number({ error: PRODUCT_MSG.numberInvalid })
    .finite(PRODUCT_MSG.numberInvalid)
    .lt(INT_LIMIT, PRODUCT_MSG.numberTooLarge)
    .optional(),
);

/* ------------------------------------------------------------------ dimensions */

export type TDimensionKind = 'product_size' | 'product_weight' | 'shipping_size' | 'shipping_weight';

/** Allowed ranges per unit. */
export const DIMENSION_RANGES: Readonly<
  Record<TDimensionKind, Readonly<Record<string, readonly [number, number]>>>
> = {
  product_size: { cm: [1, 3000], in: [1, 3000] },
  product_weight: { lb: [0, 2000], oz: [0, 2000], g: [0, 2000], kg: [0, 1000] },
  shipping_size: { cm: [1, 400], in: [1, 150] },
  shipping_weight: { lb: [0, 2000], oz: [0, 2000], g: [0, 2000], kg: [0, 1000] },
};

export const ZMeasureInputSchema = z.object({ value: ZOptionalNumber, unit: optionalText('Unit', 16) });
export type TMeasureInput = z.infer<typeof ZMeasureInputSchema>;

export const dimensionSchema = (kind: TDimensionKind, name: string) =>
  ZMeasureInputSchema.superRefine((d, ctx) => {
    const unit = d.unit?.trim() ?? '';
    const hasValue = d.value !== undefined;
    if (hasValue !== (unit !== '')) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.valueAndUnit,
        path: [hasValue ? 'unit' : 'value'],
      });
      return;
    }
    if (!hasValue || d.value === undefined) return;
    const range = DIMENSION_RANGES[kind][unit];
    if (!range) {
      const msg = kind.endsWith('weight') ? PRODUCT_MSG.weightUnit : PRODUCT_MSG.dimensionUnit;
      ctx.addIssue({ code: 'custom', message: msg, path: ['unit'] });
      return;
    }
    if (d.value < range[0] || d.value > range[1]) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.range(name, range[0], range[1], unit),
        path: ['value'],
      });
    }
  });

/* ------------------------------------------------------------------ unit pricing */

export const isAllowedBaseMeasure = (value: number, unit: string): boolean =>
  (BASE_PRICING_VALUES as readonly number[]).includes(value) ||
  (BASE_PRICING_EXTRA[unit]?.includes(value) ?? false);

export const unitDimension = (unit: string) => UNIT_DIMENSION[unit];

export const ZUnitPricingSchema = z
  .object({
    unit_pricing_measure: ZMeasureInputSchema.optional(),
    unit_pricing_base_measure: ZMeasureInputSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const m = v.unit_pricing_measure;
    const b = v.unit_pricing_base_measure;
    const filled = (x: TMeasureInput | undefined) => x !== undefined && (x.value !== undefined || !!x.unit);
    const complete = (x: TMeasureInput | undefined) => x !== undefined && x.value !== undefined && !!x.unit;
    if (!filled(m) && !filled(b)) return;
    for (const [key, x] of [
      ['unit_pricing_measure', m],
      ['unit_pricing_base_measure', b],
    ] as const) {
      if (!complete(x)) ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.unitPricingPair, path: [key] });
      else if (!(UNIT_PRICING_UNITS as readonly string[]).includes(x?.unit ?? '')) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.unitPricingUnit, path: [key, 'unit'] });
      }
    }
    if (!complete(m) || !complete(b) || !m || !b || m.value === undefined || b.value === undefined) return;
    if (m.value <= 0)
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.unitPricingPositive,
        path: ['unit_pricing_measure', 'value'],
      });
    const mu = m.unit ?? '';
    const bu = b.unit ?? '';
    if (UNIT_DIMENSION[mu] && UNIT_DIMENSION[bu] && UNIT_DIMENSION[mu] !== UNIT_DIMENSION[bu]) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.unitPricingMismatch,
        path: ['unit_pricing_base_measure', 'unit'],
      });
    }
    if (!isAllowedBaseMeasure(b.value, bu)) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.basePricingValue,
        path: ['unit_pricing_base_measure', 'value'],
      });
    }
  });

/* ------------------------------------------------------------------ certifications, highlights, details */

export const ZCertificationInputSchema = z
  .object({
    certification_authority: optionalText('Certification authority'),
    certification_name: optionalText('Certification name'),
    certification_code: optionalText('Certification code'),
    certification_value: optionalText('Certification value'),
  })
  .transform((c) => ({
    certification_authority: c.certification_authority?.trim() ?? '',
    certification_name: c.certification_name?.trim() ?? '',
    certification_code: c.certification_code?.trim() ?? '',
    certification_value: c.certification_value?.trim() ?? '',
  }))
  .superRefine((c, ctx) => {
    const any =
      c.certification_authority || c.certification_name || c.certification_code || c.certification_value;
    if (!any) return;
    if (!c.certification_name) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.certificationNameRequired,
        path: ['certification_name'],
      });
    } else if (!(CERTIFICATION_NAMES as readonly string[]).includes(c.certification_name)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.certificationName, path: ['certification_name'] });
    }
    if (!c.certification_authority) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.certificationAuthorityRequired,
        path: ['certification_authority'],
      });
    } else if (!(CERTIFICATION_AUTHORITIES as readonly string[]).includes(c.certification_authority)) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.certificationAuthority,
        path: ['certification_authority'],
      });
    }
    for (const key of ['certification_code', 'certification_value'] as const) {
      if (c[key].length > PRODUCT_LIMITS.certificationText) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.certificationTextMax, path: [key] });
      }
    }
  });

export const ZHighlightSchema = text('Highlight', PRODUCT_LIMITS.highlight, PRODUCT_MSG.highlightMax);

/** Highlights and AI highlights count together; none at all is fine, one alone is not. */
export const countHighlights = (
  highlights?: readonly string[] | null,
  ai?: readonly string[] | null,
): number =>
  (highlights ?? []).filter((h) => h.trim() !== '').length + (ai ?? []).filter((h) => h.trim() !== '').length;

export const ZDetailInputSchema = z
  .object({
    section_name: optionalText('Section name'),
    attribute_name: optionalText('Attribute name'),
    attribute_value: optionalText('Attribute value'),
  })
  .superRefine((d, ctx) => {
    const name = d.attribute_name?.trim() ?? '';
    const value = d.attribute_value?.trim() ?? '';
    const section = d.section_name?.trim() ?? '';
    if (!name && !value && !section) return; // an empty row is ignored
    if (!section || section.length > PRODUCT_LIMITS.sectionName) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.sectionNameLength, path: ['section_name'] });
    }
    if (!name && value)
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.attributeNameRequired, path: ['attribute_name'] });
    else if (name.length > PRODUCT_LIMITS.attributeName || (!name && section)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.attributeNameLength, path: ['attribute_name'] });
    }
    if (!value && name)
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.attributeValueRequired,
        path: ['attribute_value'],
      });
    else if (value.length > PRODUCT_LIMITS.attributeValue || (!value && section)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.attributeValueLength, path: ['attribute_value'] });
    }
  });

export const ZSubmissionControlSchema = z.object({
  control1: z.boolean().optional(),
  control2: z.boolean().optional(),
  control3: z.boolean().optional(),
  control4: z.boolean().optional(),
  control5: z.boolean().optional(),
});
export type TSubmissionControl = z.infer<typeof ZSubmissionControlSchema>;

/* ------------------------------------------------------------------ the product edit payload */

const attributeShape = {
  custom_title: text('Title', PRODUCT_LIMITS.title).optional(),
  custom_description: text('Description', PRODUCT_LIMITS.description, undefined, {
    multiline: true,
  }).optional(),
  brand: text('Brand', PRODUCT_LIMITS.brand).optional(),
  sku: text('SKU', PRODUCT_LIMITS.sku, PRODUCT_MSG.skuMax).optional(),
  gtin: ZGtinSchema.or(z.literal('')).optional(),
  mpn: text('MPN', PRODUCT_LIMITS.mpn, PRODUCT_MSG.mpnMax).optional(),
  identifier_exists: z.boolean({ error: PRODUCT_MSG.identifierExists }).optional(),
  link: productUrlSchema('Link').optional(),
  mobile_link: productUrlSchema('Mobile link').optional(),
  image_link: productUrlSchema('Image link').optional(),
  additional_image_links: ZAdditionalImageLinksSchema.optional(),
  ads_redirect: productUrlSchema('Ads redirect').optional(),
  ads_label: text('Ads label', PRODUCT_LIMITS.adsLabel, PRODUCT_MSG.adsLabelMax).optional(),
  availability_date: dateSchema('Availability date').optional(),
  expiration_date: dateSchema('Expiration date').optional(),
  sale_price_effective_date: ZDateRangeSchema.optional(),
  shipping: z
    .array(ZShippingRuleInputSchema)
    .max(PRODUCT_LIMITS.shippingRules, PRODUCT_MSG.shippingRulesMax)
    .optional(),
  product_type: ZProductTypeSchema.optional(),
  size: text('Size', PRODUCT_LIMITS.size, PRODUCT_MSG.sizeMax).optional(),
  color: ZColorSchema.optional(),
  material: text('Material', PRODUCT_LIMITS.material, PRODUCT_MSG.materialMax).optional(),
  pattern: text('Pattern', PRODUCT_LIMITS.pattern, PRODUCT_MSG.patternMax).optional(),
  gender: enumOf(GENDERS, 'Gender').optional(),
  condition: enumOf(CONDITIONS, 'Condition').optional(),
  age_group: enumOf(AGE_GROUPS, 'Age group').optional(),
  size_system: enumOf(SIZE_SYSTEMS, 'Size system').optional(),
  size_type: z.array(enumOf(SIZE_TYPES, 'Size type')).max(2, PRODUCT_MSG.sizeTypesMax).optional(),
  availability: enumOf(AVAILABILITIES, 'Availability').optional(),
  pause: enumOf(PAUSE_VALUES, 'Pause').optional(),
  ai_approve_status: enumOf(AI_APPROVE_STATUSES, 'AI approval status').optional(),
  upi_management_status: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: PRODUCT_MSG.upiManagementStatus,
    })
    .optional(),
  multipack: ZMultipackSchema,
  is_bundle: z.boolean().optional(),
  adult: z.boolean().optional(),
  inventory_qty: ZBoundedNumberSchema,
  price: ZBoundedNumberSchema,
  sale_price: ZBoundedNumberSchema,
  cogs: ZBoundedNumberSchema,
  auto_pricing_min_price: ZBoundedNumberSchema,
  free_shipping_threshold: ZBoundedNumberSchema,
  google_product_category: text('Google product category', PRODUCT_LIMITS.productType).optional(),
  custom_label0: label('Custom label', PRODUCT_LIMITS.customLabel, PRODUCT_MSG.customLabelMax).optional(),
  custom_label1: label('Custom label', PRODUCT_LIMITS.customLabel, PRODUCT_MSG.customLabelMax).optional(),
  custom_label2: label('Custom label', PRODUCT_LIMITS.customLabel, PRODUCT_MSG.customLabelMax).optional(),
  custom_label3: label('Custom label', PRODUCT_LIMITS.customLabel, PRODUCT_MSG.customLabelMax).optional(),
  custom_label4: label('Custom label', PRODUCT_LIMITS.customLabel, PRODUCT_MSG.customLabelMax).optional(),
  shipping_label: label(
    'Shipping label',
    PRODUCT_LIMITS.shippingLabel,
    PRODUCT_MSG.shippingLabelMax,
  ).optional(),
  transit_time_label: label(
    'Transit time label',
    PRODUCT_LIMITS.transitTimeLabel,
    PRODUCT_MSG.transitTimeLabelMax,
  ).optional(),
  return_policy_label: label(
    'Return policy label',
    PRODUCT_LIMITS.returnLabel,
    PRODUCT_MSG.returnPolicyLabelMax,
  ).optional(),
  return_address_label: label(
    'Return address label',
    PRODUCT_LIMITS.returnLabel,
    PRODUCT_MSG.returnAddressLabelMax,
  ).optional(),
  tax_category: text('Tax category', PRODUCT_LIMITS.taxCategory, PRODUCT_MSG.taxCategoryMax).optional(),
  promotion_ids: idList('Promotion').optional(),
  product_submission_control: ZSubmissionControlSchema.optional(),
  certifications: z.array(ZCertificationInputSchema).max(TEXT_LIMITS.listItems).optional(),
  highlights: z.array(ZHighlightSchema).max(TEXT_LIMITS.listItems).optional(),
  ai_highlights: z.array(ZHighlightSchema).max(TEXT_LIMITS.listItems).optional(),
  detail: z.array(ZDetailInputSchema).max(TEXT_LIMITS.listItems).optional(),
  ai_detail: z.array(ZDetailInputSchema).max(TEXT_LIMITS.listItems).optional(),
  unit_pricing_measure: ZMeasureInputSchema.optional(),
  unit_pricing_base_measure: ZMeasureInputSchema.optional(),
  product_length: dimensionSchema('product_size', 'Product length').optional(),
  product_width: dimensionSchema('product_size', 'Product width').optional(),
  product_height: dimensionSchema('product_size', 'Product height').optional(),
  product_weight: dimensionSchema('product_weight', 'Product weight').optional(),
  shipping_length: dimensionSchema('shipping_size', 'Shipping length').optional(),
  shipping_width: dimensionSchema('shipping_size', 'Shipping width').optional(),
  shipping_height: dimensionSchema('shipping_size', 'Shipping height').optional(),
  shipping_weight: dimensionSchema('shipping_weight', 'Shipping weight').optional(),
  resubmit: idList('Field').optional(),
  reset: z.boolean().optional(),
  reset_to_source: idList('Field').optional(),
};

type TAttributeInput = { [K in keyof typeof attributeShape]?: z.infer<(typeof attributeShape)[K]> };

const refineAttributes = (v: TAttributeInput, ctx: z.RefinementCtx) => {
  if (v.custom_title !== undefined && v.custom_title.trim() === '') {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.titleRequired, path: ['custom_title'] });
  }
  if (v.custom_description !== undefined && v.custom_description.trim() === '') {
    ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.descriptionRequired, path: ['custom_description'] });
  }
  if (v.highlights !== undefined || v.ai_highlights !== undefined) {
    const n = countHighlights(v.highlights, v.ai_highlights);
    if (n > 0 && n < PRODUCT_LIMITS.highlightsMin) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.highlightsMin, path: ['highlights'] });
    }
  }
  if (v.unit_pricing_measure !== undefined || v.unit_pricing_base_measure !== undefined) {
    const r = ZUnitPricingSchema.safeParse({
      unit_pricing_measure: v.unit_pricing_measure,
      unit_pricing_base_measure: v.unit_pricing_base_measure,
    });
    if (!r.success)
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
};

/**
 * A partial product edit (manual override or bulk customisation payload): every field optional, each given
 * field checked with the rules. Clearing the title or the description is refused.
 */
export const ZProductAttributesSchema = z.object(attributeShape).superRefine(refineAttributes);

/** A request's key that no product attribute has (a misspelt field would otherwise be ignored silently). */
export const unknownFieldMessage = (keys: readonly PropertyKey[]): string =>
  keys.length === 1
    ? `Unknown field: ${String(keys[0])}. It is not a product attribute, so nothing was changed.`
    : `Unknown fields: ${keys.map(String).join(', ')}. They are not product attributes, so nothing was changed.`;

const unknownFields = {
  error: (issue: { code?: string; keys?: readonly PropertyKey[] }) =>
    issue.code === 'unrecognized_keys' ? unknownFieldMessage(issue.keys ?? []) : undefined,
};

/** ZProductAttributesSchema for an edit request: a key it does not know is refused, naming the key. */
export const ZProductAttributesRequestSchema = z
  .strictObject(attributeShape, unknownFields)
  .superRefine(refineAttributes);

/** A strict object for an edit request's envelope: unknown keys refused with unknownFieldMessage. */
export const strictRequestObject = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, unknownFields);
export type TProductAttributesInput = z.input<typeof ZProductAttributesSchema>;
export type TProductAttributes = z.infer<typeof ZProductAttributesSchema>;

/**
 * The full product detail form: title and description are required unless the product is excluded from
 * every channel (`is_excluded`).
 */
export const ZProductEditSchema = z
  .object({ ...attributeShape, is_excluded: z.boolean().optional() })
  .superRefine(refineAttributes)
  .superRefine((v, ctx) => {
    if (v.is_excluded) return;
    if (v.custom_title === undefined)
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.titleRequired, path: ['custom_title'] });
    if (v.custom_description === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: PRODUCT_MSG.descriptionRequired,
        path: ['custom_description'],
      });
    }
  });
export type TProductEdit = z.infer<typeof ZProductEditSchema>;

/* ------------------------------------------------------------------ filters */

export const FILTER_OPERATORS = {
  text: [
    'equals',
    'not_equals',
    'contains',
    'does_not_contain',
    'starts_with',
    'ends_with',
    'does_not_start_with',
    'does_not_end_with',
    'has_value',
    'has_no_value',
  ],
  number: ['equals', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'has_value'],
  list: ['equals', 'not_equals'],
  multi_select: ['equals_any_of', 'does_not_equal_any_of'],
  /** A number with a unit picked from a list (dimensions, weights, unit pricing). */
  input_list: [
    'equals',
    'greater_than',
    'less_than',
    'greater_than_or_equal',
    'less_than_or_equal',
    'has_value',
    'has_no_value',
  ],
} as const;
export type TFilterFieldType = keyof typeof FILTER_OPERATORS;
export type TFilterOperator = (typeof FILTER_OPERATORS)[TFilterFieldType][number];

const TEXT_70 = ['sku', 'color', 'material', 'pattern', 'size', 'brand'] as const;
const LABELS_100 = [
  'custom_label0',
  'custom_label1',
  'custom_label2',
  'custom_label3',
  'custom_label4',
  'return_policy_label',
  'return_address_label',
  'shipping_label',
  'transit_time_label',
] as const;

/** The fields a filter, an automated rule or a bulk edit can name, with their filter type. */
export const FILTER_FIELDS: Readonly<Record<string, TFilterFieldType>> = {
  title: 'text',
  description: 'text',
  gtin: 'text',
  mpn: 'text',
  product_type: 'text',
  item_group_id: 'text',
  tax_category: 'text',
  variant_title: 'text',
  data_source_name: 'text',
  ...Object.fromEntries(TEXT_70.map((f) => [f, 'text'])),
  ...Object.fromEntries(LABELS_100.map((f) => [f, 'text'])),
  price: 'number',
  sale_price: 'number',
  inventory_qty: 'number',
  multipack: 'number',
  cogs: 'number',
  auto_pricing_min_price: 'number',
  free_shipping_threshold: 'number',
  availability: 'list',
  condition: 'list',
  gender: 'list',
  age_group: 'list',
  size_system: 'list',
  adult: 'list',
  is_bundle: 'list',
  pause: 'list',
  ai_approve_status: 'list',
  upi_management_status: 'list',
  size_type: 'multi_select',
  tags: 'multi_select',
  promotion_ids: 'multi_select',
  google_product_category: 'multi_select',
  product_length: 'input_list',
  product_width: 'input_list',
  product_height: 'input_list',
  product_weight: 'input_list',
  shipping_length: 'input_list',
  shipping_width: 'input_list',
  shipping_height: 'input_list',
  shipping_weight: 'input_list',
  unit_pricing_measure: 'input_list',
  unit_pricing_base_measure: 'input_list',
};

const NO_VALUE_OPERATORS = new Set<string>(['has_value', 'has_no_value']);
const POSITIVE_NUMBER_RE = /^(?:\d+(?:\.\d+)?|\.\d+)$/;

/** True for a positive number written without exponent notation ("12", "0.5"; not "1e3", "-2", "0"). */
export const isPositivePlainNumber = (v: string): boolean =>
  POSITIVE_NUMBER_RE.test(v.trim()) && Number(v) > 0;

/** The filter type of a field name, or undefined (never an inherited property such as 'constructor'). */
const filterFieldType = (field: string): TFilterFieldType | undefined =>
  Object.hasOwn(FILTER_FIELDS, field) ? FILTER_FIELDS[field] : undefined;

const ZFieldNameSchema = ZTextSchema({
  label: 'Field',
  min: 1,
  max: TEXT_LIMITS.id,
  requiredMessage: PRODUCT_MSG.fieldRequired,
});
const ZUnitSchema = ZTextSchema({ label: 'Unit', max: 16 });
const ZFilterValueTextSchema = ZTextSchema({ label: 'Value', max: PRODUCT_LIMITS.attributeValue });

const filterValueText = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => String(x)) : v === undefined || v === null ? [] : [String(v)];

export const ZFilterConditionSchema = z
  .object({
    field_name: ZFieldNameSchema,
    operator: ZTextSchema({
      label: 'Operator',
      min: 1,
      max: TEXT_LIMITS.id,
      requiredMessage: PRODUCT_MSG.operatorRequired,
    }),
    value: z
      .union([
        ZFilterValueTextSchema,
        z.number(),
        z.boolean(),
        z
          .array(z.union([ZFilterValueTextSchema, z.number()]))
          .max(TEXT_LIMITS.listItems, TEXT_MSG.tooManyItems('Value', TEXT_LIMITS.listItems)),
      ])
      .optional(),
    unit: ZUnitSchema.optional().nullable(),
  })
  .superRefine((c, ctx) => {
    const type = filterFieldType(c.field_name);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.fieldRequired, path: ['field_name'] });
      return;
    }
    if (!(FILTER_OPERATORS[type] as readonly string[]).includes(c.operator)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.operatorInvalid, path: ['operator'] });
      return;
    }
    if (NO_VALUE_OPERATORS.has(c.operator)) return;
    const values = filterValueText(c.value).map((s) => s.trim());
    if (values.length === 0 || values.every((s) => s === '')) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.valueRequired, path: ['value'] });
      return;
    }
    if (type === 'input_list' && !c.unit)
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.unitRequired, path: ['unit'] });
    if (type === 'number' || type === 'input_list') {
      if (!values.every(isPositivePlainNumber))
        ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.positiveNumber, path: ['value'] });
      return;
    }
    if (type !== 'text') return;
    const value = values.join(',');
    if ((TEXT_70 as readonly string[]).includes(c.field_name) && value.length > PRODUCT_LIMITS.filterText) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.filterTextMax, path: ['value'] });
    } else if (
      (LABELS_100 as readonly string[]).includes(c.field_name) &&
      value.length > PRODUCT_LIMITS.filterLabel
    ) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.filterLabelMax, path: ['value'] });
    } else if (c.field_name === 'product_type') {
      const r = ZProductTypeSchema.safeParse(value);
      if (!r.success)
        ctx.addIssue({
          code: 'custom',
          message: r.error.issues[0]?.message ?? PRODUCT_MSG.productTypeMax,
          path: ['value'],
        });
    } else if (c.field_name === 'gtin' && !isGtinLength(value)) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.gtinLength, path: ['value'] });
    }
  });
export type TFilterCondition = z.infer<typeof ZFilterConditionSchema>;

export const ZFilterRowSchema = z.object({ row: z.array(ZFilterConditionSchema).min(1) });
export const ZFilterSchema = z.array(ZFilterRowSchema);
export type TFilter = z.infer<typeof ZFilterSchema>;

/**
 * The product list's `advance_filter` query parameter: invalid JSON is ignored and
 * only entries with a row list of items carrying value, operator, field_name and unit are kept.
 */
export const parseAdvanceFilter = (json: string | undefined | null): TFilter => {
  if (!json) return [];
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const keep = (item: unknown): item is TFilterCondition =>
    typeof item === 'object' &&
    item !== null &&
    ['value', 'operator', 'field_name', 'unit'].every((k) => k in item);
  const rows: TFilter = [];
  for (const entry of data) {
    const row: unknown =
      typeof entry === 'object' && entry !== null ? (entry as { row?: unknown }).row : undefined;
    if (!Array.isArray(row) || row.length === 0 || !row.every(keep)) continue;
    rows.push({
      row: row.map((c) => ({ field_name: c.field_name, operator: c.operator, value: c.value, unit: c.unit })),
    });
  }
  return rows;
};

/* ------------------------------------------------------------------ bulk customisation rules */

export const RULE_FIELD_TYPES = ['text', 'number', 'list', 'multi_select', 'input_list', 'radio'] as const;

/** Every string inside a free-form rule value (keys too) is clean text, at any depth. */
const hasOnlyCleanText = (value: unknown): boolean => {
  if (typeof value === 'string') return isCleanText(value);
  if (Array.isArray(value)) return value.every(hasOnlyCleanText);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([k, v]) => isCleanText(k) && hasOnlyCleanText(v));
  }
  return true;
};

export const ZCustomisationRuleSchema = z
  .object({
    field_name: ZFieldNameSchema,
    isDeleteExistValue: z.enum(CUSTOMISATION_MODES),
    value: z.unknown().refine(hasOnlyCleanText, PRODUCT_MSG.valueCharacters).optional(),
    base_pricing_value: z.unknown().refine(hasOnlyCleanText, PRODUCT_MSG.valueCharacters).optional(),
    unit: ZUnitSchema.optional().nullable(),
    type: z.enum(RULE_FIELD_TYPES).optional(),
    isOptional: z.boolean().optional(),
    isActiveField: z.boolean().optional(),
    isDynamicList: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.isDeleteExistValue !== 'add_update_value') return;
    if (r.field_name === 'resubmit') {
      if (!Array.isArray(r.value) || r.value.length === 0)
        ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.resubmitList, path: ['value'] });
      return;
    }
    if (r.type === 'radio') {
      const controls = typeof r.value === 'object' && r.value !== null ? Object.values(r.value) : [];
      if (!controls.some((c) => c === true))
        ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.controlRequired, path: ['value'] });
      return;
    }
    const empty =
      r.value === undefined ||
      r.value === null ||
      r.value === '' ||
      (Array.isArray(r.value) && r.value.length === 0);
    if (empty && !r.isOptional)
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.valueRequired, path: ['value'] });
    if ((r.type === 'input_list' || filterFieldType(r.field_name) === 'input_list') && !r.unit) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_MSG.unitRequired, path: ['unit'] });
    }
  });
export type TCustomisationRule = z.infer<typeof ZCustomisationRuleSchema>;
