import { EXPORT_FIELDS, ZExportCsvSchema, type TExportField } from '@feedloom/validation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useSnackbar } from '@/components/ui/snackbar';
import { useDownload } from './use-data-sources';

/** CSV customisation types. */
export const EXPORT_TYPES = [
  { value: 1, label: 'Title, description and product type' },
  { value: 2, label: 'Product highlights and detail attributes' },
] as const;

export const EXPORT_FIELD_LABELS: Record<TExportField, string> = {
  title: 'Title',
  description: 'Description',
  product_type: 'Product type',
};

/**
 * The customisation CSV's type as radios in a fieldset named by `legend`: what Export CSV writes, and what a
 * file brought back through Import update CSV holds. `id` names the radio group (the popup's useId).
 */
export function ReportTypeRadios({
  id,
  legend,
  value,
  onChange,
  disabled,
}: {
  id: string;
  legend: string;
  value: 1 | 2;
  onChange: (value: 1 | 2) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {EXPORT_TYPES.map((type) => (
        <label key={type.value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-report-type`}
            value={type.value}
            checked={value === type.value}
            onChange={() => onChange(type.value)}
            className="size-4 accent-primary"
          />
          {type.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A CSV popup's error under its field, as `${id}-error` for the field's aria-describedby. */
export function CsvPopupError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

/**
 * The export field customise popup: the store's products as a customisation
 * CSV of type 1 (with the columns chosen here) or type 2, to edit and bring back through Import update CSV.
 * The file streams from the api through the gateway (lib/download.ts).
 */
export function ExportCsvDialog({
  shopId,
  open,
  onOpenChange,
}: {
  shopId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const snackbar = useSnackbar();
  const [reportType, setReportType] = useState<1 | 2>(1);
  const [fields, setFields] = useState<readonly TExportField[]>(EXPORT_FIELDS);
  const [error, setError] = useState<string | null>(null);
  const download = useDownload();

  const toggle = (field: TExportField, checked: boolean) => {
    setError(null);
    setFields((now) => EXPORT_FIELDS.filter((f) => (f === field ? checked : now.includes(f))));
  };

  const onExport = () => {
    const body = { shop_id: shopId, report_type: reportType, ...(reportType === 1 ? { fields } : {}) };
    const checked = ZExportCsvSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    download.mutate(
      { name: 'export-csv', body, fallbackName: `products-customisation-${reportType}.csv` },
      {
        onSuccess: (fileName) => {
          snackbar.show(`${fileName} downloaded.`, 'success');
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      busy={download.isPending}
      title="Export CSV"
      description="Download this store’s products to edit in a spreadsheet, then bring the file back with Import update CSV. Values you leave as they are stay unchanged."
      className="sm:max-w-lg"
    >
      <div className="grid gap-5">
        <ReportTypeRadios
          id={id}
          legend="What to export"
          value={reportType}
          onChange={(type) => {
            setReportType(type);
            setError(null);
          }}
        />
        {reportType === 1 ? (
          <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-2 text-sm font-medium">Fields</legend>
            {EXPORT_FIELDS.map((field) => (
              <div key={field} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${field}`}
                  checked={fields.includes(field)}
                  aria-invalid={error ? true : undefined}
                  onCheckedChange={(checked) => toggle(field, checked === true)}
                />
                <Label htmlFor={`${id}-${field}`} className="font-normal">
                  {EXPORT_FIELD_LABELS[field]}
                </Label>
              </div>
            ))}
            <p className="text-xs text-muted-foreground">
              Every row also has the product id and, for a variant with its own values, the variant id.
            </p>
            <CsvPopupError id={id} error={error} />
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground">
            One column per highlight and three per detail attribute (section, name, value), as many as your
            products need and at least 10 of each.
          </p>
        )}
      </div>
      <DialogFooter>
        <Button
          type="button"
          variant="outline"
          disabled={download.isPending}
          onClick={() => onOpenChange(false)}
        >
          Cancel
        </Button>
        <Button type="button" isLoading={download.isPending} onClick={onExport}>
          Export
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
