import {
  DATA_SOURCE_NAME_MAX,
  FETCH_FREQUENCIES,
  INVENTORY_QUANTITY_MAX,
  INVENTORY_QUANTITY_MIN,
  PRODUCT_ID_FORMATS,
} from '@feedloom/validation';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { SelectField } from '@/components/form-fields/select-field';
import { TextField } from '@/components/form-fields/text-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ImportCsvForm, ImportCsvFormInput } from './import-csv-schema';
import { daysOfMonth, FETCH_TIMES, fetchTimeLabel, WEEKDAYS } from './schedule';
import type { DataSource } from './use-data-sources';

// The Import CSV popup's field groups: where the file comes from (upload or URL with its schedule) and the
// product settings.

export type FormApi = UseFormReturn<ImportCsvFormInput, unknown, ImportCsvForm>;

/** What a data source's file may be, in the merchant's words. */
const FEED_FORMATS = 'A CSV file or a Google XML feed (RSS 2.0 / Atom)';
const FEED_FILE_ACCEPT =
  '.csv,.xml,text/csv,text/xml,application/xml,application/rss+xml,application/atom+xml';

/** What the name decides: a store's data source names are unique, so a new name is a new source. */
export const NEW_NAME_HELP =
  'A new name creates a new data source. To replace the file of an existing data source, choose Edit on it in the list instead.';
export const EDIT_NAME_HELP = 'A file chosen below replaces this data source’s file.';

const ID_FORMAT_LABELS: Record<(typeof PRODUCT_ID_FORMATS)[number], string> = {
  id: 'The file’s id column',
  sku: 'SKU (the id when a row has none)',
};

const FREQUENCY_LABELS: Record<(typeof FETCH_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

export function SourceFields({ form, source }: { form: FormApi; source: DataSource | null }) {
  const id = useId();
  const sourceType = useWatch({ control: form.control, name: 'source_type' });
  const frequency = useWatch({ control: form.control, name: 'frequency' });
  const isEditing = source !== null;
  return (
    <>
      <TextField
        control={form.control}
        name="data_source_name"
        label="Data source name"
        autoFocus
        maxLength={DATA_SOURCE_NAME_MAX}
        description={!isEditing ? NEW_NAME_HELP : source.source_type === 'file' ? EDIT_NAME_HELP : undefined}
      />
      <TextField
        control={form.control}
        name="notification_email"
        label="Notification email"
        type="email"
        autoComplete="email"
        description="Told when an import finishes or fails. Optional."
      />
      <fieldset className="grid gap-2" disabled={isEditing}>
        <legend className="mb-2 text-sm font-medium">Source</legend>
        {(
          [
            ['file', 'Upload a CSV file'],
            ['url', 'CSV file URL'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={value}
              checked={sourceType === value}
              onChange={() => form.setValue('source_type', value)}
              name={`${id}-source-type`}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {sourceType === 'file' ? (
        <FormField
          control={form.control}
          name="file"
          render={({ field }) => (
            <FormItem>
              <FormLabel>CSV file</FormLabel>
              <FormControl>
                <Input
                  type="file"
                  accept={FEED_FILE_ACCEPT}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.files?.[0] ?? null);
                    // The type and size are checked as soon as a file is chosen, before any upload.
                    void form.trigger('file');
                  }}
                />
              </FormControl>
              <FormDescription>
                {source?.file_name
                  ? `Now: ${source.file_name}. Choose a file to import a new one.`
                  : `${FEED_FORMATS}, of at most 20 MB.`}
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      ) : (
        <>
          <FormField
            control={form.control}
            name="url"
            render={({ field }) => (
              <FormItem>
                <FormLabel>CSV file URL</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    value={field.value ?? ''}
                    type="url"
                    placeholder="https://example.com/products.csv"
                  />
                </FormControl>
                <FormDescription>{FEED_FORMATS}: it is fetched on the schedule below.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Frequency</FormLabel>
                  <FormControl>
                    <NativeSelect
                      {...field}
                      value={field.value ?? ''}
                      onChange={(event) => {
                        field.onChange(event.target.value);
                        form.setValue('day', '');
                      }}
                    >
                      <option value="">Select</option>
                      {FETCH_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {FREQUENCY_LABELS[f]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <SelectField
              control={form.control}
              name="fetch_time"
              label="Fetch time"
              placeholder="Select"
              options={FETCH_TIMES.map((t) => ({ value: t, label: fetchTimeLabel(t) }))}
            />
            {frequency === 'weekly' || frequency === 'monthly' ? (
              <FormField
                control={form.control}
                name="day"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Day</FormLabel>
                    <FormControl>
                      <NativeSelect {...field} value={field.value ?? ''}>
                        <option value="">Select</option>
                        {frequency === 'weekly'
                          ? WEEKDAYS.map((day, i) => (
                              <option key={day} value={i + 1}>
                                {day}
                              </option>
                            ))
                          : daysOfMonth().map((day) => (
                              <option key={day} value={day}>
                                {day}
                              </option>
                            ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">Times are in the store’s timezone.</p>
        </>
      )}
    </>
  );
}

export function ProductSettingsFields({ form }: { form: FormApi }) {
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Product settings</legend>
      <SelectField
        control={form.control}
        name="product_id_format"
        label="Product id format"
        placeholder="Select"
        options={PRODUCT_ID_FORMATS.map((f) => ({ value: f, label: ID_FORMAT_LABELS[f] }))}
      />
      <FormField
        control={form.control}
        name="inventory_quantity"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Inventory quantity</FormLabel>
            <FormControl>
              <Input
                {...field}
                value={(field.value as string | number | undefined) ?? ''}
                type="number"
                inputMode="numeric"
                min={INVENTORY_QUANTITY_MIN}
                max={INVENTORY_QUANTITY_MAX}
                step={1}
              />
            </FormControl>
            <FormDescription>Given to products whose row has no quantity. Optional.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </fieldset>
  );
}
