import { z } from 'zod';
import {
  AGE_GROUP_LABELS,
  AVAILABILITIES,
  CONDITIONS,
  DIMENSION_UNITS,
  GENDERS,
  PAUSE_LABELS,
  PRODUCT_TABS,
  SIZE_SYSTEMS,
  SIZE_TYPES,
  UNIT_PRICING_UNITS,
  UPI_CONTROL_LEVELS,
  WEIGHT_UNITS,
  ZCustomisationRuleSchema,
  type RULE_FIELD_TYPES,
  type TCustomisationRule,
  type TProductAttributesInput,
} from './product';
import { FILTERS_PARAM_MAX, PRODUCT_CHANNELS, ZIssueFilterSchema } from './products';
import { TEXT_LIMITS, ZIdSchema, ZTextSchema } from './text';

// Bulk customisation with drafts. A draft is a selection of products plus one rule per field; applying it runs as
// a job over the selected products. The rules become a product edit by the submit rules, so a bulk
// value is checked with exactly the messages of the product detail form.

/** How a field is edited in bulk: the rule type of its input. */
export type TBulkFieldType = (typeof RULE_FIELD_TYPES)[number];

export interface TBulkField {
  label: string;
  type: TBulkFieldType;
  /** Pick-list values (list and multi-select fields). */
  options?: readonly { value: string; label: string }[];
  /** Units a value needs (input_list fields). */
  units?: readonly string[];
  /** Applied on its own: choosing it while other fields are chosen clears them. */
  single_action?: boolean;
}

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v.replace(/_/g, ' ') }));
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const text = (label: string): TBulkField => ({ label, type: 'text' });
const measure = (label: string, units: readonly string[]): TBulkField => ({
  label,
  type: 'input_list',
  units,
});

/** The fields bulk customisation offers ("field subsets differ … for bulk edit"), in picker order. */
export const BULK_FIELDS = {
  link: text('Link'),
  mobile_link: text('Mobile link'),
  image_link: text('Image link'),
  additional_image_links: { label: 'Additional image links', type: 'multi_select' },
  ads_redirect: text('Ads redirect'),
  brand: text('Brand'),
  gtin: text('GTIN'),
  mpn: text('MPN'),
  identifier_exists: { label: 'Identifier exists', type: 'list', options: YES_NO },
  upi_management_status: {
    label: 'Unique product identifier control',
    type: 'list',
    options: Object.entries(UPI_CONTROL_LEVELS).map(([value, label]) => ({ value, label })),
  },
  product_type: text('Product type'),
  google_product_category: text('Google product category'),
  condition: { label: 'Condition', type: 'list', options: opts(CONDITIONS) },
  availability: { label: 'Availability', type: 'list', options: opts(AVAILABILITIES) },
  availability_date: text('Availability date'),
  expiration_date: text('Expiration date'),
  sale_price_effective_date: text('Sale price effective date'),
  gender: { label: 'Gender', type: 'list', options: opts(GENDERS) },
  age_group: {
    label: 'Age group',
    type: 'list',
    options: Object.entries(AGE_GROUP_LABELS).map(([value, label]) => ({ value, label })),
  },
  color: text('Color'),
  material: text('Material'),
  pattern: text('Pattern'),
  size: text('Size'),
  size_system: { label: 'Size system', type: 'list', options: opts(SIZE_SYSTEMS) },
  size_type: { label: 'Size type', type: 'multi_select', options: opts(SIZE_TYPES) },
  custom_label0: text('Custom label 0'),
  custom_label1: text('Custom label 1'),
  custom_label2: text('Custom label 2'),
  custom_label3: text('Custom label 3'),
  custom_label4: text('Custom label 4'),
  return_policy_label: text('Return policy label'),
  return_address_label: text('Return address label'),
  shipping_label: text('Shipping label'),
  transit_time_label: text('Transit time label'),
  tax_category: text('Tax category'),
  ads_label: text('Ads label'),
  promotion_ids: { label: 'Promotion ids', type: 'multi_select' },
  multipack: { label: 'Multipack', type: 'number' },
  is_bundle: { label: 'Is bundle', type: 'list', options: YES_NO },
  adult: { label: 'Adult', type: 'list', options: YES_NO },
  cogs: { label: 'Cost of goods sold', type: 'number' },
  auto_pricing_min_price: { label: 'Auto pricing minimum price', type: 'number' },
  free_shipping_threshold: { label: 'Free shipping threshold', type: 'number' },
  unit_pricing_measure: measure('Unit pricing measure', UNIT_PRICING_UNITS),
  unit_pricing_base_measure: measure('Unit pricing base measure', UNIT_PRICING_UNITS),
  product_length: measure('Product length', DIMENSION_UNITS),
  product_width: measure('Product width', DIMENSION_UNITS),
  product_height: measure('Product height', DIMENSION_UNITS),
  product_weight: measure('Product weight', WEIGHT_UNITS),
  shipping_length: measure('Shipping length', DIMENSION_UNITS),
  shipping_width: measure('Shipping width', DIMENSION_UNITS),
  shipping_height: measure('Shipping height', DIMENSION_UNITS),
  shipping_weight: measure('Shipping weight', WEIGHT_UNITS),
  product_submission_control: { label: 'Product submission control', type: 'radio' },
  pause: {
    label: 'Pause',
    type: 'list',
    options: Object.entries(PAUSE_LABELS).map(([value, label]) => ({ value, label })),
    single_action: true,
  },
} as const satisfies Record<string, TBulkField>;
export type TBulkFieldName = keyof typeof BULK_FIELDS;
export const BULK_FIELD_NAMES = Object.keys(BULK_FIELDS) as TBulkFieldName[];
export const isBulkField = (name: string): name is TBulkFieldName => Object.hasOwn(BULK_FIELDS, name);
export const isSingleActionField = (name: string): boolean =>
  isBulkField(name) && (BULK_FIELDS[name] as TBulkField).single_action === true;

export const BULK_LIMITS = {
  draftName: 100,
  rules: BULK_FIELD_NAMES.length,
  /** Products checked one by one; more than this is "all matching the current filter". */
  checkedIds: 10_000,
  drafts: 20,
} as const;

export const BULK_MSG = {
  nameRequired: 'Draft name is required.',
  fieldUnknown: 'This field cannot be customised in bulk.',
  fieldTwice: 'Each field can be chosen once.',
  rulesRequired: 'Choose at least one field.',
  selectionRequired: 'Select at least one product.',
  tooManyChecked: `Select at most ${BULK_LIMITS.checkedIds.toLocaleString('en-US')} products one by one, or all matching the filter.`,
  singleAction: 'This field is applied on its own: clear the other fields first.',
  variantsRequired: 'Select at least one variant.',
} as const;

/** Confirmations, with their exact button texts. */
export const BULK_CONFIRMATIONS = {
  discardDrafts: {
    title: 'Discard drafts?',
    body: 'Cancelling bulk customisation discards your saved drafts for this store.',
    confirm: 'Yes, Discard Drafts',
    cancel: 'No, Keep Drafts',
  },
  switchDraft: {
    title: 'Save changes?',
    body: 'This draft has unsaved changes.',
    confirm: 'Yes, Save Changes',
    cancel: 'No, Discard Changes',
  },
  clearDrafts: {
    title: 'Clear drafts?',
    body: 'This field is applied on its own. Selecting it clears the fields chosen so far.',
    confirm: 'Clear Drafts & Select',
    cancel: 'Cancel',
  },
} as const;

const ZCheckedIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Which products a draft applies to: the checked ones, or all matching a list view (its tab, search,
 * channel and advanced filter, as the list's own parameters, so the list's filter compiler decides).
 */
export const ZBulkSelectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ids'),
    ids: z
      .array(ZCheckedIdSchema)
      .min(1, BULK_MSG.selectionRequired)
      .max(BULK_LIMITS.checkedIds, BULK_MSG.tooManyChecked),
  }),
  z.object({
    kind: z.literal('filter'),
    tab: z.enum(PRODUCT_TABS).optional(),
    search: ZTextSchema({ label: 'Search', trim: true, max: TEXT_LIMITS.search }).optional(),
    active_channel: z.enum(PRODUCT_CHANNELS).optional(),
    filters: ZTextSchema({ label: 'Filter', max: FILTERS_PARAM_MAX }).optional(),
    ...ZIssueFilterSchema.shape,
  }),
]);
export type TBulkSelection = z.infer<typeof ZBulkSelectionSchema>;

/** The rules of a draft: bulk fields only, each once, a single-action field alone. */
export const ZBulkRulesSchema = z
  .array(ZCustomisationRuleSchema)
  .max(BULK_LIMITS.rules)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((r, i) => {
      if (!isBulkField(r.field_name)) {
        ctx.addIssue({ code: 'custom', message: BULK_MSG.fieldUnknown, path: [i, 'field_name'] });
      } else if (seen.has(r.field_name)) {
        ctx.addIssue({ code: 'custom', message: BULK_MSG.fieldTwice, path: [i, 'field_name'] });
      } else if (isSingleActionField(r.field_name) && rules.length > 1) {
        ctx.addIssue({ code: 'custom', message: BULK_MSG.singleAction, path: [i, 'field_name'] });
      }
      seen.add(r.field_name);
    });
  });

const ZDraftNameSchema = ZTextSchema({
  label: 'Draft name',
  trim: true,
  min: 1,
  max: BULK_LIMITS.draftName,
  requiredMessage: BULK_MSG.nameRequired,
});

/** A draft as saved: work in progress, so it may have no field yet. */
export const ZBulkDraftInputSchema = z.object({
  shop_id: ZIdSchema('Store id'),
  name: ZDraftNameSchema,
  selection: ZBulkSelectionSchema,
  rules: ZBulkRulesSchema,
});
export type TBulkDraftInput = z.input<typeof ZBulkDraftInputSchema>;
export type TBulkDraftBody = z.output<typeof ZBulkDraftInputSchema>;

/** PUT bulk-variant-update: rules applied to chosen variants of one product. */
export const ZBulkVariantUpdateSchema = z.object({
  shop_id: ZIdSchema('Store id'),
  product_id: ZCheckedIdSchema,
  variant_ids: z.array(ZIdSchema('Variant id')).min(1, BULK_MSG.variantsRequired).max(TEXT_LIMITS.listItems),
  rules: ZBulkRulesSchema.refine((r) => r.length > 0, BULK_MSG.rulesRequired),
});
export type TBulkVariantUpdate = z.output<typeof ZBulkVariantUpdateSchema>;

/** What a set of rules does to a product,'s submit rules. */
export interface TBulkEdit {
  /** add_update_value rules as a product edit payload (checked by the product edit rules). */
  edit: TProductAttributesInput;
  /** reset_to_source: the field names collected into a reset list. */
  reset: string[];
  /** delete_entirely: fields emptied (the unit pricing pair together). */
  remove: string[];
}

const UNIT_PRICING = ['unit_pricing_measure', 'unit_pricing_base_measure'];
/** Yes/no fields: their list value is sent as a boolean. */
const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(['is_bundle', 'adult', 'identifier_exists']);

const splitList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : [])
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A form value as the edit payload takes it, by the field's bulk type. */
const formValueOf = (field: TBulkFieldName, r: TCustomisationRule): unknown => {
  const f = BULK_FIELDS[field] as TBulkField;
  switch (f.type) {
    case 'multi_select':
      return splitList(r.value);
    case 'number':
      return r.value;
    case 'input_list':
      // The base measure's value is the base pricing value.
      return {
        value: field === 'unit_pricing_base_measure' ? (r.base_pricing_value ?? r.value) : r.value,
        unit: r.unit ?? '',
      };
    case 'list':
      if (BOOLEAN_FIELDS.has(field)) return r.value === true || r.value === 'true';
      if (field === 'upi_management_status') return Number(r.value);
      return typeof r.value === 'string' ? r.value.trim() : r.value;
    default:
      return typeof r.value === 'string' ? r.value.trim() : r.value;
  }
};

/**
 * On submit: add_update_value sets the value (multi-select values split on commas), reset_to_source
 * collects the field names into a reset list, delete_entirely empties the field and clears both unit
 * pricing measures, and the submission-control radio group merges its controls into one value.
 */
export const bulkEditOf = (rules: readonly TCustomisationRule[]): TBulkEdit => {
  const edit: Record<string, unknown> = {};
  const reset: string[] = [];
  const remove = new Set<string>();
  for (const r of rules) {
    if (!isBulkField(r.field_name)) continue;
    const field = r.field_name;
    if (r.isDeleteExistValue === 'reset_to_source') reset.push(field);
    else if (r.isDeleteExistValue === 'delete_entirely') {
      for (const f of UNIT_PRICING.includes(field) ? UNIT_PRICING : [field]) remove.add(f);
    } else if (field === 'product_submission_control') {
      const controls = typeof r.value === 'object' && r.value !== null ? r.value : {};
      edit[field] = { ...(edit[field] as object | undefined), ...controls };
    } else edit[field] = formValueOf(field, r);
  }
  return { edit: edit, reset, remove: [...remove] };
};
