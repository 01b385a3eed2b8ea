import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogBody, DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { useSnackbar } from '@/components/ui/snackbar';
import { fieldErrorsOf } from '@/lib/api-errors';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { importCsvFormSchema, type ImportCsvForm, type ImportCsvFormInput } from './import-csv-schema';
import { uploadCsv } from './upload-csv';
import { ProductSettingsFields, SourceFields, type FormApi } from './import-csv-fields';
import { useDownload, type DataSource } from './use-data-sources';

/** A source created or given a new file, with the run it queued. */
type DataSourceImport = RouterOutputs['dataSources']['create']['data'];

/** What the inputs start with: the source's values, or empty for a new one. */
export function importCsvFormValues(source?: DataSource | null): ImportCsvFormInput {
  return {
    data_source_name: source?.data_source_name ?? '',
    notification_email: source?.notification_email ?? '',
    source_type: source?.source_type ?? 'file',
    file: null,
    url: source?.url ?? '',
    frequency: source?.frequency ?? '',
    fetch_time: source?.fetch_time ?? '',
    day: source?.day ? String(source.day) : '',
    product_id_format: source?.product_id_format ?? 'id',
    inventory_quantity: source?.inventory_quantity ?? '',
  };
}

/**
 * The import CSV popup: a new source from an
 * uploaded CSV file or a CSV URL fetched on a schedule, or an existing source's settings (and a new file).
 * Escape, the close button and Cancel close it; focus starts on the first field and returns to the opener.
 */
export function ImportCsvDialog({
  shopId,
  source,
  open,
  onOpenChange,
  onImported,
}: {
  shopId: string;
  /** The source to edit; absent for a new one. */
  source?: DataSource | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A run was queued (new source, new file or the first URL fetch), or a source's settings were saved. */
  onImported: (result: { data_source: DataSource; run: DataSourceImport['run'] | null }) => void;
}) {
  const isEditing = Boolean(source);
  const snackbar = useSnackbar();
  const schema = useMemo(() => importCsvFormSchema({ isEditing }), [isEditing]);
  const form: FormApi = useForm<ImportCsvFormInput, unknown, ImportCsvForm>({
    resolver: zodResolver(schema),
    defaultValues: importCsvFormValues(source),
  });
  const [isUploading, setIsUploading] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (open) reset(importCsvFormValues(source));
  }, [open, source, reset]);

  const showFieldErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
      form.setError(field.replace(/^data\./, '') as keyof ImportCsvFormInput, { message });
    }
  };
  const create = trpc.dataSources.create.useMutation({ onError: showFieldErrors });
  const update = trpc.dataSources.update.useMutation({ onError: showFieldErrors });
  const isSaving = isUploading || create.isPending || update.isPending;

  /** The file goes as multipart through the gateway's upload route; its fields first, the file last. */
  const upload = async (values: ImportCsvForm, file: File, dataSourceId?: string) => {
    const body = new FormData();
    body.set('shop_id', shopId);
    if (dataSourceId) body.set('data_source_id', dataSourceId);
    if (values.data_source_name) body.set('data_source_name', values.data_source_name);
    if (values.notification_email) body.set('notification_email', values.notification_email);
    body.set('product_id_format', values.product_id_format);
    if (values.inventory_quantity !== undefined)
      body.set('inventory_quantity', String(values.inventory_quantity));
    body.set('file', file, file.name);
    setIsUploading(true);
    try {
      const reply = await uploadCsv<DataSourceImport>(body);
      if (reply.code !== 200) {
        // A refusal about one of the popup's inputs (a name the store already has) is shown under it.
        if (reply.field && reply.field in form.getValues()) {
          form.setError(reply.field as keyof ImportCsvFormInput, { message: reply.message }, { shouldFocus: true });
        } else {
          snackbar.show(reply.message, 'error');
        }
        return null;
      }
      return { message: reply.message, data: reply.data };
    } catch {
      snackbar.show('The file could not be uploaded. Check your connection and try again.', 'error');
      return null;
    } finally {
      setIsUploading(false);
    }
  };

  const onSubmit = async (values: ImportCsvForm) => {
    const settings = {
      notification_email: values.notification_email,
      product_id_format: values.product_id_format,
      inventory_quantity: values.inventory_quantity,
    };
    const schedule = {
      url: values.url,
      frequency: values.frequency,
      fetch_time: values.fetch_time,
      day: values.day,
    };
    if (source) {
      const saved = await update
        .mutateAsync({
          id: source.id,
          data: {
            ...settings,
            data_source_name: values.data_source_name,
            ...(source.source_type === 'url' ? schedule : {}),
          },
        })
        .catch(() => null);
      if (!saved) return;
      if (values.file) {
        const uploaded = await upload(values, values.file, source.id);
        if (!uploaded) return;
        snackbar.show(uploaded.message, 'success');
        onImported(uploaded.data);
      } else {
        snackbar.show(saved.message, 'success');
        onImported({ data_source: saved.data, run: null });
      }
      onOpenChange(false);
      return;
    }
    const result =
      values.source_type === 'file' && values.file
        ? await upload(values, values.file)
        : await create
            .mutateAsync({
              shop_id: shopId,
              data_source_name: values.data_source_name ?? '',
              ...settings,
              ...schedule,
            })
            .catch(() => null);
    if (!result) return;
    snackbar.show(result.message, 'success');
    onImported(result.data);
    onOpenChange(false);
  };

  const sample = useDownload();

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      busy={isSaving}
      title={source ? `Edit ${source.data_source_name}` : 'Import CSV'}
      description="Bring products in from a CSV file or a Google XML feed (RSS 2.0 / Atom), uploaded or fetched from a URL on a schedule. Google product feeds, Shopify and WooCommerce exports are recognised as they are."
      scrollBody
      className="sm:max-w-xl"
    >
      <Form {...form}>
        <form noValidate className="flex min-h-0 flex-col gap-5" onSubmit={form.handleSubmit(onSubmit)}>
          <DialogBody className="grid content-start gap-5">
            <SourceFields form={form} source={source ?? null} />
            <ProductSettingsFields form={form} />
            <Button
              type="button"
              variant="link"
              className="h-auto justify-start justify-self-start p-0"
              isLoading={sample.isPending}
              onClick={() => sample.mutate({ name: 'sample-csv', fallbackName: 'feedloom-sample.csv' })}
            >
              <Download aria-hidden="true" />
              Download sample CSV
            </Button>
          </DialogBody>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSaving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" isLoading={isSaving}>
              {source ? 'Save' : 'Import'}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </DialogShell>
  );
}
