import {
  AGE_GROUP_LABELS,
  AVAILABILITIES,
  CONDITIONS,
  GENDERS,
  PAUSE_LABELS,
  PAUSE_VALUES,
  SIZE_SYSTEMS,
} from '@feedloom/validation';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { LAYER_LABELS, type ProductDetail } from './use-products';

export interface FieldSpec {
  /** The model field (title, brand, gtin …). */
  field: string;
  /** The edit payload's key (custom_title for title). */
  formKey: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'money' | 'select';
  options?: readonly { value: string; label: string }[];
}

const text = (field: string, label: string, formKey = field): FieldSpec => ({
  field,
  formKey,
  label,
  kind: 'text',
});
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

/** Spec §3 product fields, grouped as the detail page shows them. */
export const FIELD_GROUPS: readonly { title: string; fields: readonly FieldSpec[] }[] = [
  {
    title: 'Content',
    fields: [
      text('title', 'Title', 'custom_title'),
      { field: 'description', formKey: 'custom_description', label: 'Description', kind: 'textarea' },
    ],
  },
  { title: 'Identifiers', fields: [text('brand', 'Brand'), text('gtin', 'GTIN'), text('sku', 'SKU')] },
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
      select('condition', 'Condition', CONDITIONS),
      select('size_system', 'Size system', SIZE_SYSTEMS),
    ],
  },
  {
    title: 'Price and stock',
    fields: [
      { field: 'price', formKey: 'price', label: 'Price', kind: 'money' },
      { field: 'sale_price', formKey: 'sale_price', label: 'Sale price', kind: 'money' },
      { field: 'inventory_qty', formKey: 'inventory_qty', label: 'Inventory quantity', kind: 'number' },
      select('availability', 'Availability', AVAILABILITIES),
    ],
  },
  { title: 'Submission', fields: [select('pause', 'Pause', PAUSE_VALUES, PAUSE_LABELS)] },
  {
    title: 'Labels',
    fields: [0, 1, 2, 3, 4].map((i) => text(`custom_label${i}`, `Custom label ${i}`)),
  },
];
export const ALL_FIELDS = FIELD_GROUPS.flatMap((g) => g.fields);

/** The value an input shows for a stored value (prices as their amount). */
export function inputValueOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && value !== null && 'value' in value) return String(value.value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

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
  value: string;
  error: string | undefined;
  canEdit: boolean;
  onChange: (value: string) => void;
  onReset: () => void;
}) {
  const id = useId();
  const layer = stored?.layer ?? 'source';
  const common = {
    id,
    value,
    disabled: !canEdit,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {spec.label}
        </label>
        <div className="flex items-center gap-1">
          {stored ? (
            <Badge
              variant={layer === 'override' ? 'default' : 'muted'}
              title={`Value from the ${layer} layer`}
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
      {spec.kind === 'textarea' ? (
        <textarea
          {...common}
          rows={5}
          className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          onChange={(e) => onChange(e.target.value)}
        />
      ) : spec.kind === 'select' ? (
        <NativeSelect {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">Not set</option>
          {spec.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input
          {...common}
          inputMode={spec.kind === 'text' ? undefined : 'decimal'}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {stored && layer === 'override' ? (
        <p className="text-xs text-muted-foreground">
          Source: {inputValueOf(stored.source_value) || 'empty'}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
