import { MAPPING_CUSTOM_PREFIX, MAPPING_SKIP } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, type SelectOption } from '@/components/form-fields/select-field';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { fieldErrorsOf } from '@/lib/api-errors';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { useApiErrorReporter } from '@/lib/use-server-errors';
import type { DataSource } from './use-data-sources';

type TDataSourceMapping = RouterOutputs['dataSources']['mapping'];

export const MAPPING_CHOICE_REQUIRED = 'Choose where this column goes.';

const mappingFormSchema = z.object({
  columns: z.array(z.object({ header: z.string(), target: z.string().min(1, MAPPING_CHOICE_REQUIRED) })),
});
type MappingForm = z.infer<typeof mappingFormSchema>;

const FORMAT_LABELS: Record<string, string> = {
  google: 'Google product feed',
  shopify: 'Shopify product export',
  woocommerce: 'WooCommerce export',
  generic: 'CSV',
};

/** How a target reads: a field's label, "Custom attribute" or "Ignored". */
export function targetText(target: string, labels: ReadonlyMap<string, string>): string {
  if (target === MAPPING_SKIP) return 'Ignored';
  if (target.startsWith(MAPPING_CUSTOM_PREFIX)) return 'Custom attribute';
  return labels.get(target) ?? target;
}

/** The choices of one column: every product field, then keep it as a custom attribute, or ignore it. */
function optionsFor(header: string, mapping: TDataSourceMapping): SelectOption[] {
  return [
    ...mapping.targets.map((t) => ({ value: t.target, label: t.label })),
    { value: `${MAPPING_CUSTOM_PREFIX}${header}`, label: 'Keep as a custom attribute' },
    { value: MAPPING_SKIP, label: 'Ignore this column' },
  ];
}

/**
 * The mapping review: each header of the source's last import, the product field it went to, and
 * where it goes from the next import. Someone who may manage data sources changes it here; two columns
 * cannot feed one field (the api says which). Readers see it without a Save button.
 */
export function MappingReviewDialog({
  source,
  canManage,
  open,
  onOpenChange,
}: {
  source: DataSource;
  canManage: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const snackbar = useSnackbar();
  const report = useApiErrorReporter();
  const utils = trpc.useUtils();
  const ref = { shop_id: source.shop_id, id: source.id };
  const mapping = trpc.dataSources.mapping.useQuery(ref, { enabled: open });
  const form = useForm<MappingForm>({
    resolver: zodResolver(mappingFormSchema),
    defaultValues: { columns: [] },
  });

  const data = mapping.data;
  useEffect(() => {
    if (data && open) {
      form.reset({ columns: data.columns.map((c) => ({ header: c.header, target: c.next })) });
    }
  }, [data, open, form]);
  const labels = useMemo(() => new Map(data?.targets.map((t) => [t.target, t.label])), [data]);

  const save = trpc.dataSources.saveMapping.useMutation({
    meta: { silentError: true },
    onSuccess: (result) => {
      utils.dataSources.mapping.setData(ref, result.data);
      void utils.dataSources.get.invalidate({ id: source.id });
      snackbar.show(result.message, 'success');
      onOpenChange(false);
    },
    onError: (error) => {
      // The api names the column as `mapping.<header>`: its message goes under that column's select.
      const headers = form.getValues('columns').map((c) => c.header);
      const entries = Object.entries(fieldErrorsOf(error)).flatMap(([field, message]) => {
        const index = field.startsWith('mapping.') ? headers.indexOf(field.slice('mapping.'.length)) : -1;
        return index < 0 ? [] : [[index, message] as const];
      });
      if (entries.length === 0) return report(error);
      for (const [index, message] of entries) {
        form.setError(`columns.${index}.target` as FieldPath<MappingForm>, { type: 'server', message });
      }
      setFocusAfterSave(`columns.${entries[0]![0]}.target`);
    },
  });

  // The first column refused takes the focus (and scrolls into view: the dialog may be long), once the
  // fieldset is enabled again after the save.
  const [focusAfterSave, setFocusAfterSave] = useState<FieldPath<MappingForm> | null>(null);
  useEffect(() => {
    if (save.isPending || !focusAfterSave) return;
    form.setFocus(focusAfterSave);
    setFocusAfterSave(null);
  }, [save.isPending, focusAfterSave, form]);

  const onSubmit = (values: MappingForm) =>
    save.mutate({
      ...ref,
      mapping: Object.fromEntries(values.columns.map((c) => [c.header, c.target])),
    });

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      busy={save.isPending}
      title={`Column mapping of ${source.data_source_name}`}
      description="Each column of the last import and the product field it goes to. Changes apply from the next import."
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      {mapping.isError ? (
        <p role="alert">The column mapping could not be loaded.</p>
      ) : !data ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the column mapping">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : data.columns.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No import has finished yet. The columns show here after the first one.
        </p>
      ) : (
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
            <p className="text-sm text-muted-foreground">
              Recognised as: {FORMAT_LABELS[data.format] ?? data.format}
            </p>
            <fieldset
              className="grid items-start gap-4 sm:grid-cols-2"
              disabled={!canManage || save.isPending}
            >
              <legend className="sr-only">Where each column goes</legend>
              {data.columns.map((column, index) => (
                <SelectField
                  key={column.header}
                  control={form.control}
                  name={`columns.${index}.target`}
                  label={column.header}
                  placeholder="Choose where it goes"
                  options={optionsFor(column.header, data)}
                  keepsUnknownValue
                >
                  <p className="text-xs text-muted-foreground">
                    Last import: {targetText(column.target, labels)}
                    {column.suggested !== column.target
                      ? ` (suggested: ${targetText(column.suggested, labels)})`
                      : ''}
                  </p>
                </SelectField>
              ))}
            </fieldset>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => onOpenChange(false)}
              >
                {canManage ? 'Cancel' : 'Done'}
              </Button>
              {canManage ? (
                <Button type="submit" isLoading={save.isPending}>
                  Save mapping
                </Button>
              ) : null}
            </DialogFooter>
          </form>
        </Form>
      )}
    </DialogShell>
  );
}
