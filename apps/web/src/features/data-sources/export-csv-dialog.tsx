import { EXPORT_FIELDS, ZExportCsvSchema, type TExportField } from '@feedloom/validation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { useSnackbar } from '@/components/ui/snackbar';
import { useDownload } from './use-data-sources';

/** Spec §9 CSV customisation types. */
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
 * The export field customise popup (spec §2, §7 POST /export-csv): the store's products as a customisation
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
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">What to export</legend>
          {EXPORT_TYPES.map((type) => (
            <label key={type.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-report-type`}
                value={type.value}
                checked={reportType === type.value}
                onChange={() => {
                  setReportType(type.value);
                  setError(null);
                }}
                className="size-4 accent-primary"
              />
              {type.label}
            </label>
          ))}
        </fieldset>
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
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
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
