import {
  AGE_GROUP_LABELS,
  AVAILABILITIES,
  CERTIFICATION_AUTHORITIES,
  CERTIFICATION_NAMES,
  CONDITION_LABELS,
  CONDITIONS,
  DIMENSION_UNITS,
  GENDERS,
  PAUSE_LABELS,
  PAUSE_VALUES,
  PRODUCT_CHANNEL_LABELS,
  PRODUCT_LIMITS,
  SIZE_SYSTEMS,
  SIZE_TYPES,
  SUBMISSION_CONTROL_KEYS,
  SUBMISSION_CONTROLS,
  UNIT_PRICING_UNITS,
  UPI_CONTROL_LEVELS,
  WEIGHT_UNITS,
} from '@feedloom/validation';
import { Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { LAYER_LABELS, type ProductDetail } from './use-products';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'select'
  | 'highlights'
  | 'details'
  | 'certifications'
  | 'shipping'
  | 'measure'
  | 'controls'
  /** Several values, one a line (additional image links, promotion ids). */
  | 'lines'
  /** Several values picked from `options` (size types). */
  | 'choices';

export interface FieldSpec {
  /** The model field (title, brand, gtin …). */
  field: string;
  /** The edit payload's key (custom_title for title). */
  formKey: string;
  label: string;
  kind: FieldKind;
  options?: readonly { value: string; label: string }[];
  /** Units a measure may take. */
  units?: readonly string[];
  /** What a select's chosen option is sent as (default text). */
  valueType?: 'number' | 'boolean';
  /** Example shown in an empty text input (dates, links). */
  placeholder?: string;
  /** The longest value the input takes. */
  maxLength?: number;
}

export interface DetailRow {
  section_name: string;
  attribute_name: string;
  attribute_value: string;
}
export interface CertificationRow {
  certification_authority: string;
  certification_name: string;
  certification_code: string;
  certification_value: string;
}
export interface ShippingRow {
  country: string;
  region: string;
  postal_code: string;
  service: string;
  price: string;
  min_handling_time: string;
  max_handling_time: string;
  min_transit_time: string;
  max_transit_time: string;
}
const SHIPPING_PARTS = [
  ['country', 'Country'],
  ['region', 'Region'],
  ['postal_code', 'Postal code'],
  ['service', 'Service'],
  ['price', 'Price'],
  ['min_handling_time', 'Min handling days'],
  ['max_handling_time', 'Max handling days'],
  ['min_transit_time', 'Min transit days'],
  ['max_transit_time', 'Max transit days'],
] as const;
const NUMERIC_SHIPPING_PARTS: ReadonlySet<string> = new Set([
  'price',
  'min_handling_time',
  'max_handling_time',
  'min_transit_time',
  'max_transit_time',
]);
const EMPTY_SHIPPING: ShippingRow = {
  country: '',
  region: '',
  postal_code: '',
  service: '',
  price: '',
  min_handling_time: '',
  max_handling_time: '',
  min_transit_time: '',
  max_transit_time: '',
};
export interface MeasureValue {
  value: string;
  unit: string;
}
/** What an input holds: text for plain fields, structured values for lists, measures and controls. */
export type FormValue =
  | string
  | string[]
  | DetailRow[]
  | CertificationRow[]
  | ShippingRow[]
  | MeasureValue
  | Record<string, boolean>;

const text = (field: string, label: string, formKey = field): FieldSpec => ({
  field,
  formKey,
  label,
  kind: 'text',
});
const url = (field: string, label: string): FieldSpec => ({
  ...text(field, label),
  placeholder: 'https://www.example.com/…',
  maxLength: PRODUCT_LIMITS.url,
});
const date = (
  field: string,
  label: string,
  placeholder = '2027-03-01 or 2027-03-01T09:00-0800',
): FieldSpec => ({
  ...text(field, label),
  placeholder,
});
const lines = (field: string, label: string): FieldSpec => ({ field, formKey: field, label, kind: 'lines' });

const select = (
  field: string,
  label: string,
  values: readonly string[],
  labels?: Record<string, string>,
): FieldSpec => ({
  field,
  formKey: field,
  label,
  kind: 'select',
  options: values.map((v) => ({ value: v, label: labels?.[v] ?? v.replace(/_/g, ' ') })),
});
const measure = (field: string, label: string, units: readonly string[]): FieldSpec => ({
  field,
  formKey: field,
  label,
  kind: 'measure',
  units,
});
const money = (field: string, label: string): FieldSpec => ({ field, formKey: field, label, kind: 'money' });
const YES_NO = { true: 'Yes', false: 'No' };
const yesNo = (field: string, label: string): FieldSpec => ({
  ...select(field, label, ['true', 'false'], YES_NO),
  valueType: 'boolean',
});

/** Product fields, grouped as the detail page shows them. */
export const FIELD_GROUPS: readonly { title: string; fields: readonly FieldSpec[] }[] = [
  {
    title: 'Content',
    fields: [
      text('title', 'Title', 'custom_title'),
      { field: 'description', formKey: 'custom_description', label: 'Description', kind: 'textarea' },
      { field: 'highlights', formKey: 'highlights', label: 'Highlights', kind: 'highlights' },
      { field: 'detail', formKey: 'detail', label: 'Product details', kind: 'details' },
    ],
  },
  {
    title: 'Links and images',
    fields: [
      url('link', 'Link'),
      url('mobile_link', 'Mobile link'),
      url('image_link', 'Image link'),
      lines('additional_image_links', 'Additional image links'),
      url('ads_redirect', 'Ads redirect'),
    ],
  },
  {
    title: 'Identifiers',
    fields: [
      text('brand', 'Brand'),
      text('gtin', 'GTIN'),
      text('mpn', 'MPN'),
      text('sku', 'SKU'),
      yesNo('identifier_exists', 'Identifier exists'),
      {
        ...select(
          'upi_management_status',
          'Unique product identifier control',
          Object.keys(UPI_CONTROL_LEVELS),
          UPI_CONTROL_LEVELS,
        ),
        valueType: 'number',
      },
    ],
  },
  {
    title: 'Attributes',
    fields: [
      text('product_type', 'Product type'),
      text('google_product_category', 'Google product category'),
      text('color', 'Color'),
      text('size', 'Size'),
      text('material', 'Material'),
      text('pattern', 'Pattern'),
      select('gender', 'Gender', GENDERS),
      select('age_group', 'Age group', Object.keys(AGE_GROUP_LABELS), AGE_GROUP_LABELS),
      select('condition', 'Condition', CONDITIONS, CONDITION_LABELS),
      select('size_system', 'Size system', SIZE_SYSTEMS),
      {
        field: 'size_type',
        formKey: 'size_type',
        label: 'Size type',
        kind: 'choices',
        options: SIZE_TYPES.map((v) => ({ value: v, label: v })),
      },
      { field: 'multipack', formKey: 'multipack', label: 'Multipack', kind: 'number' },
      yesNo('is_bundle', 'Is bundle'),
      yesNo('adult', 'Adult'),
    ],
  },
  {
    title: 'Certifications',
    fields: [
      { field: 'certifications', formKey: 'certifications', label: 'Certifications', kind: 'certifications' },
    ],
  },
  {
    title: 'Price and stock',
    fields: [
      money('price', 'Price'),
      money('sale_price', 'Sale price'),
      money('cogs', 'Cost of goods sold'),
      money('auto_pricing_min_price', 'Auto-pricing minimum price'),
      date(
        'sale_price_effective_date',
        'Sale price effective date',
        '2027-02-24T13:00-0800/2027-02-28T15:30-0800',
      ),
      measure('unit_pricing_measure', 'Unit pricing measure', UNIT_PRICING_UNITS),
      measure('unit_pricing_base_measure', 'Unit pricing base measure', UNIT_PRICING_UNITS),
      { field: 'inventory_qty', formKey: 'inventory_qty', label: 'Inventory quantity', kind: 'number' },
      select('availability', 'Availability', AVAILABILITIES),
      date('availability_date', 'Availability date'),
      date('expiration_date', 'Expiration date'),
    ],
  },
  {
    title: 'Dimensions and weights',
    fields: [
      measure('product_length', 'Product length', DIMENSION_UNITS),
      measure('product_width', 'Product width', DIMENSION_UNITS),
      measure('product_height', 'Product height', DIMENSION_UNITS),
      measure('product_weight', 'Product weight', WEIGHT_UNITS),
      measure('shipping_length', 'Shipping length', DIMENSION_UNITS),
      measure('shipping_width', 'Shipping width', DIMENSION_UNITS),
      measure('shipping_height', 'Shipping height', DIMENSION_UNITS),
      measure('shipping_weight', 'Shipping weight', WEIGHT_UNITS),
    ],
  },
  {
    title: 'Submission',
    fields: [
      select('pause', 'Pause', PAUSE_VALUES, PAUSE_LABELS),
      lines('promotion_ids', 'Promotion ids'),
      text('ads_label', 'Ads label'),
      {
        field: 'product_submission_control',
        formKey: 'product_submission_control',
        label: 'Submission controls',
        kind: 'controls',
      },
    ],
  },
  {
    title: 'Labels and shipping',
    fields: [
      ...[0, 1, 2, 3, 4].map((i) => text(`custom_label${i}`, `Custom label ${i}`)),
      text('shipping_label', 'Shipping label'),
      text('transit_time_label', 'Transit time label'),
      text('return_policy_label', 'Return policy label'),
      text('return_address_label', 'Return address label'),
      text('tax_category', 'Tax category'),
      money('free_shipping_threshold', 'Free shipping threshold'),
      { field: 'shipping', formKey: 'shipping', label: 'Shipping rules', kind: 'shipping' },
    ],
  },
];
export const ALL_FIELDS = FIELD_GROUPS.flatMap((g) => g.fields);

/** What a variant overrides on its own (the rest it shares with its product). */
export const VARIANT_FIELDS: readonly FieldSpec[] = [
  text('title', 'Title', 'custom_title'),
  text('color', 'Color'),
  text('size', 'Size'),
  text('material', 'Material'),
  text('pattern', 'Pattern'),
  text('sku', 'SKU'),
  text('gtin', 'GTIN'),
  text('mpn', 'MPN'),
  yesNo('identifier_exists', 'Identifier exists'),
  url('link', 'Link'),
  url('mobile_link', 'Mobile link'),
  url('image_link', 'Image link'),
  lines('additional_image_links', 'Additional image links'),
  money('price', 'Price'),
  money('sale_price', 'Sale price'),
  date('sale_price_effective_date', 'Sale price effective date', '2027-02-24/2027-02-28'),
  { field: 'inventory_qty', formKey: 'inventory_qty', label: 'Inventory quantity', kind: 'number' },
  select('availability', 'Availability', AVAILABILITIES),
  date('availability_date', 'Availability date'),
  measure('product_weight', 'Product weight', WEIGHT_UNITS),
  measure('shipping_weight', 'Shipping weight', WEIGHT_UNITS),
];

const WIDE_KINDS: ReadonlySet<FieldKind> = new Set([
  'textarea',
  'highlights',
  'details',
  'certifications',
  'shipping',
  'controls',
  'lines',
]);
export const isWide = (spec: FieldSpec) => WIDE_KINDS.has(spec.kind) || spec.field === 'title';

/** The value an input shows for a stored value (prices as their amount). */
export function inputValueOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && value !== null && 'value' in value) return String(value.value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

/** The form value of a stored value, by the kind of its input. */
export function formValueOf(spec: FieldSpec, value: unknown): FormValue {
  switch (spec.kind) {
    case 'highlights':
      return Array.isArray(value) ? value.map(str) : [];
    case 'details':
      return records(value).map((d) => ({
        section_name: str(d.section_name),
        attribute_name: str(d.attribute_name),
        attribute_value: str(d.attribute_value),
      }));
    case 'certifications':
      return records(value).map((c) => ({
        certification_authority: str(c.certification_authority),
        certification_name: str(c.certification_name),
        certification_code: str(c.certification_code),
        certification_value: str(c.certification_value),
      }));
    case 'shipping':
      return records(value).map((r) => {
        const price =
          typeof r.price === 'object' && r.price !== null ? (r.price as { value?: unknown }).value : r.price;
        return Object.fromEntries(
          SHIPPING_PARTS.map(([key]) => [key, str(key === 'price' ? price : r[key])]),
        ) as unknown as ShippingRow;
      });
    case 'measure': {
      const m = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
      return { value: str(m.value), unit: str(m.unit) };
    }
    case 'controls': {
      const c = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
      return Object.fromEntries(SUBMISSION_CONTROL_KEYS.map((k) => [k, c[k] === true]));
    }
    case 'lines':
      return Array.isArray(value) ? value.map(str).join('\n') : str(value);
    case 'choices':
      return Array.isArray(value) ? value.map(str) : [];
    default:
      return inputValueOf(value);
  }
}

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const blankRow = (row: object) => Object.values(row).every((v) => typeof v === 'string' && v.trim() === '');

/** The edit payload's value for a form value. */
export function payloadOf(spec: FieldSpec, value: FormValue): unknown {
  switch (spec.kind) {
    case 'money':
    case 'number':
      return numberOrNull(value as string);
    case 'highlights':
      return (value as string[]).filter((h) => h.trim() !== '');
    case 'details':
    case 'certifications':
      return (value as object[]).filter((row) => !blankRow(row));
    case 'shipping':
      return (value as ShippingRow[])
        .filter((row) => !blankRow(row))
        .map((row) =>
          Object.fromEntries(
            (Object.entries(row) as [string, string][])
              .filter(([, v]) => v.trim() !== '')
              .map(([k, v]) => [k, NUMERIC_SHIPPING_PARTS.has(k) ? Number(v) : v.trim()]),
          ),
        );
    case 'measure': {
      const m = value as MeasureValue;
      return {
        ...(m.value.trim() === '' ? {} : { value: Number(m.value) }),
        ...(m.unit ? { unit: m.unit } : {}),
      };
    }
    case 'lines':
      return (value as string)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    case 'select':
      // An option left at "Not set" sends nothing: "Reset to source" is how a chosen value goes away.
      if (value === '') return spec.valueType ? undefined : value;
      if (spec.valueType === 'boolean') return value === 'true';
      if (spec.valueType === 'number') return Number(value);
      return value;
    default:
      return value;
  }
}

export const sameValue = (a: FormValue | undefined, b: FormValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Labelled input for one field: its layer, a reset to source when overridden, its source value and error. */
export function ProductField({
  spec,
  stored,
  value,
  error,
  canEdit,
  onChange,
  onReset,
}: {
  spec: FieldSpec;
  stored: ProductDetail['fields'][string] | undefined;
  value: FormValue;
  error: string | undefined;
  canEdit: boolean;
  onChange: (value: FormValue) => void;
  onReset: () => void;
}) {
  const id = useId();
  const layer = stored?.layer ?? 'source';
  const describedBy = error ? `${id}-error` : undefined;
  const storedText =
    spec.options?.find((o) => o.value === stored?.value)?.label ?? describeValue(stored?.value);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {spec.label}
        </label>
        <div className="flex items-center gap-1">
          {stored ? (
            <Badge
              variant={layer === 'source' || layer === 'shop_default' ? 'muted' : 'default'}
              title={`Value from the ${(LAYER_LABELS[layer] ?? layer).toLowerCase()} layer`}
            >
              {LAYER_LABELS[layer]}
            </Badge>
          ) : null}
          {layer === 'override' && canEdit ? (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Reset ${spec.label} to source`}
              title="Reset to source"
              onClick={onReset}
            >
              <RotateCcw aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
      <FieldInput
        id={id}
        spec={spec}
        value={value}
        disabled={!canEdit}
        invalid={Boolean(error)}
        describedBy={describedBy}
        onChange={onChange}
      />
      {stored && layer === 'shop_default' ? (
        // Not the product's own value: the store gives it to every product whose source has none.
        <p className="text-xs text-muted-foreground">
          {storedText} (store default): your store&apos;s setting for products whose source gives none. Choose
          another to give this product its own.
        </p>
      ) : stored && layer !== 'source' ? (
        <p className="text-xs text-muted-foreground">
          Source: {describeValue(stored.source_value) || 'empty'}
        </p>
      ) : null}
      {error ? (
        <p id={describedBy} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A stored value in words: lists and objects summarised, not dumped. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(describeValue).join('; ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('value' in o && ('unit' in o || 'currency' in o))
      return `${str(o.value)} ${str(o.unit ?? o.currency)}`;
    return Object.entries(o)
      .filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false)
      .map(([k, v]) => (v === true ? k : `${k}: ${describeValue(v)}`))
      .join(', ');
  }
  return String(value);
}

const inputClass =
  'rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const CHOICE_LIMIT: Readonly<Record<string, number>> = { size_type: 2 };

function FieldInput({
  id,
  spec,
  value,
  disabled,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  spec: FieldSpec;
  value: FormValue;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: FormValue) => void;
}) {
  const common = {
    id,
    disabled,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  switch (spec.kind) {
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={5}
          className={inputClass}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <NativeSelect {...common} value={value as string} onChange={(e) => onChange(e.target.value)}>
          <option value="">Not set</option>
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    case 'highlights':
      return (
        <RowsEditor
          {...common}
          label="Highlight"
          rows={value as string[]}
          empty=""
          onChange={onChange}
          render={(row, set, n) => (
            <Input
              aria-label={`Highlight ${n}`}
              disabled={disabled}
              maxLength={150}
              value={row}
              onChange={(e) => set(e.target.value)}
            />
          )}
        />
      );
    case 'details':
      return (
        <RowsEditor
          {...common}
          label="Detail"
          rows={value as DetailRow[]}
          empty={{ section_name: '', attribute_name: '', attribute_value: '' }}
          onChange={onChange}
          render={(row, set, n) => (
            <div className="grid flex-1 gap-2 sm:grid-cols-3">
              {(
                [
                  ['section_name', 'Section name'],
                  ['attribute_name', 'Attribute name'],
                  ['attribute_value', 'Attribute value'],
                ] as const
              ).map(([key, label]) => (
                <Input
                  key={key}
                  aria-label={`${label} ${n}`}
                  placeholder={label}
                  disabled={disabled}
                  value={row[key]}
                  onChange={(e) => set({ ...row, [key]: e.target.value })}
                />
              ))}
            </div>
          )}
        />
      );
    case 'certifications':
      return (
        <RowsEditor
          {...common}
          label="Certification"
          rows={value as CertificationRow[]}
          empty={{
            certification_authority: '',
            certification_name: '',
            certification_code: '',
            certification_value: '',
          }}
          onChange={onChange}
          render={(row, set, n) => (
            <div className="grid flex-1 gap-2 sm:grid-cols-4">
              <NativeSelect
                aria-label={`Certification authority ${n}`}
                disabled={disabled}
                value={row.certification_authority}
                onChange={(e) => set({ ...row, certification_authority: e.target.value })}
              >
                <option value="">Authority</option>
                {CERTIFICATION_AUTHORITIES.map((a) => (
                  <option key={a} value={a}>
                    {a.replace(/_/g, ' ')}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label={`Certification name ${n}`}
                disabled={disabled}
                value={row.certification_name}
                onChange={(e) => set({ ...row, certification_name: e.target.value })}
              >
                <option value="">Name</option>
                {CERTIFICATION_NAMES.map((a) => (
                  <option key={a} value={a}>
                    {a.replace(/_/g, ' ')}
                  </option>
                ))}
              </NativeSelect>
              <Input
                aria-label={`Certification code ${n}`}
                placeholder="Code"
                disabled={disabled}
                value={row.certification_code}
                onChange={(e) => set({ ...row, certification_code: e.target.value })}
              />
              <Input
                aria-label={`Certification value ${n}`}
                placeholder="Value"
                disabled={disabled}
                value={row.certification_value}
                onChange={(e) => set({ ...row, certification_value: e.target.value })}
              />
            </div>
          )}
        />
      );
    case 'shipping':
      return (
        <RowsEditor
          {...common}
          label="Shipping rule"
          rows={value as ShippingRow[]}
          empty={EMPTY_SHIPPING}
          onChange={onChange}
          render={(row, set, n) => (
            <div className="grid flex-1 grid-cols-2 gap-2 sm:grid-cols-5">
              {SHIPPING_PARTS.map(([key, label]) => (
                <Input
                  key={key}
                  aria-label={`${label} ${n}`}
                  placeholder={label}
                  disabled={disabled}
                  inputMode={NUMERIC_SHIPPING_PARTS.has(key) ? 'decimal' : undefined}
                  maxLength={key === 'country' ? 2 : 100}
                  value={row[key]}
                  onChange={(e) => set({ ...row, [key]: e.target.value })}
                />
              ))}
            </div>
          )}
        />
      );
    case 'measure': {
      const m = value as MeasureValue;
      return (
        <div className="flex gap-2">
          <Input
            {...common}
            inputMode="decimal"
            value={m.value}
            onChange={(e) => onChange({ ...m, value: e.target.value })}
          />
          <NativeSelect
            aria-label={`${spec.label} unit`}
            disabled={disabled}
            className="w-28"
            value={m.unit}
            onChange={(e) => onChange({ ...m, unit: e.target.value })}
          >
            <option value="">Unit</option>
            {spec.units?.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </div>
      );
    }
    case 'controls': {
      const c = value as Record<string, boolean>;
      return (
        <fieldset id={id} aria-describedby={describedBy} className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">{spec.label}</legend>
          {SUBMISSION_CONTROL_KEYS.map((k) => (
            <ControlBox
              key={k}
              label={`Exclude from ${PRODUCT_CHANNEL_LABELS[SUBMISSION_CONTROLS[k]]}`}
              checked={c[k] === true}
              disabled={disabled}
              onChange={(checked) => onChange({ ...c, [k]: checked })}
            />
          ))}
        </fieldset>
      );
    }
    case 'lines':
      return (
        <textarea
          {...common}
          rows={3}
          className={inputClass}
          placeholder="One per line"
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'choices': {
      const chosen = value as string[];
      const limit = CHOICE_LIMIT[spec.field];
      return (
        <fieldset id={id} aria-describedby={describedBy} className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="sr-only">{spec.label}</legend>
          {spec.options?.map((o) => (
            <ControlBox
              key={o.value}
              label={o.label}
              checked={chosen.includes(o.value)}
              disabled={
                disabled || (limit !== undefined && chosen.length >= limit && !chosen.includes(o.value))
              }
              onChange={(checked) =>
                onChange(checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))
              }
            />
          ))}
        </fieldset>
      );
    }
    default:
      return (
        <Input
          {...common}
          inputMode={spec.kind === 'text' ? undefined : 'decimal'}
          maxLength={spec.maxLength}
          placeholder={spec.placeholder}
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

function ControlBox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(v === true)} />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}

/** A list of rows (highlights, details, certifications): add and remove, each row rendered by `render`. */
function RowsEditor<T>({
  id,
  label,
  rows,
  empty,
  disabled,
  onChange,
  render,
  ...aria
}: {
  id: string;
  label: string;
  rows: T[];
  empty: T;
  disabled: boolean;
  onChange: (rows: FormValue) => void;
  render: (row: T, set: (row: T) => void, n: number) => React.ReactNode;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}) {
  // Keys stay with their rows when one in the middle is removed.
  const [keys, setKeys] = useState(() => rows.map((_, i) => i));
  const [next, setNext] = useState(rows.length);
  const keyOf = (i: number) => keys[i] ?? -1 - i;
  const update = (list: T[]) => onChange(list as FormValue);
  return (
    <div id={id} className="grid gap-2" {...aria}>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">None.</p> : null}
      {rows.map((row, i) => (
        <div key={keyOf(i)} className="flex items-start gap-2">
          {render(row, (r) => update(rows.map((x, j) => (j === i ? r : x))), i + 1)}
          {disabled ? null : (
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
              onClick={() => {
                setKeys(keys.filter((_, j) => j !== i));
                update(rows.filter((_, j) => j !== i));
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      ))}
      {disabled ? null : (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setKeys([...keys.slice(0, rows.length), next]);
            setNext(next + 1);
            update([...rows, empty]);
          }}
        >
          <Plus aria-hidden="true" />
          Add {label.toLowerCase()}
        </Button>
      )}
    </div>
  );
}
