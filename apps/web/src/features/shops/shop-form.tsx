import {
  CONDITION_LABELS,
  CONDITIONS,
  ZShopFormSchema,
  type TShopForm,
  type TShopFormInput,
} from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { FormActions, FormSkeleton } from '@/components/form-fields/form-actions';
import { SelectField } from '@/components/form-fields/select-field';
import { TextField } from '@/components/form-fields/text-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { TimezoneField } from '@/features/reference/timezone-field';
import { useCurrencies, useTimezones } from '@/features/reference/use-reference-lists';
import type { Shop } from './use-shops';

/** What the inputs start with: the shop's values, or empty for a new one (its default condition: new). */
export function shopFormValues(shop?: Shop | null): TShopFormInput {
  return {
    shop_name: shop?.shop_name ?? '',
    shop_url: shop?.shop_url ?? '',
    shop_currency: shop?.shop_currency ?? '',
    shop_timezone: shop?.shop_timezone ?? '',
    utc_offset: shop?.utc_offset ?? '',
    is_testing: shop?.is_testing ?? false,
    default_condition: shop?.default_condition ?? 'new',
  };
}

const CONDITION_OPTIONS = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));

/** The browser's zone, offered first on a new store. */
const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return '';
  }
};

export type ShopFormHandle = UseFormReturn<TShopFormInput, unknown, TShopForm>;

/**
 * The store form: name, URL (absolute), currency from the currencies list, timezone (which sets
 * the UTC offset too), the default condition of its products, testing flag.
 */
export function ShopForm({
  shop,
  isSaving,
  onSubmit,
  onCancel,
  formRef,
}: {
  shop?: Shop | null;
  isSaving: boolean;
  /** The values as the schema gives them back (trimmed, defaults applied). */
  onSubmit: (values: TShopForm) => void;
  onCancel: () => void;
  /** Receives the form, for the server's field errors (lib/use-server-errors.ts). */
  formRef?: (form: ShopFormHandle) => void;
}) {
  const form: ShopFormHandle = useForm({
    resolver: zodResolver(ZShopFormSchema),
    defaultValues: shopFormValues(shop),
    mode: 'onTouched',
  });
  useEffect(() => formRef?.(form), [form, formRef]);
  const currencies = useCurrencies();
  const currencyOptions = useMemo(
    () => (currencies.data ?? []).map((c) => ({ value: c.code, label: `${c.code} – ${c.name}` })),
    [currencies.data],
  );
  const timezones = useTimezones();
  const testingHintId = useId();

  // A new store starts in the browser's timezone when the list knows it.
  useEffect(() => {
    if (shop || form.getValues('shop_timezone') || !timezones.data) return;
    const zone = timezones.data.find((z) => z.name === browserZone());
    if (zone) {
      form.setValue('shop_timezone', zone.name);
      form.setValue('utc_offset', zone.utc_offset);
    }
  }, [form, shop, timezones.data]);

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
        <TextField control={form.control} name="shop_name" label="Store Name" autoComplete="off" />
        <TextField
          control={form.control}
          name="shop_url"
          label="Store URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.example.com"
          description="The address of your online shop, starting with https://"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="shop_currency"
            label="Currency"
            placeholder={currencies.isPending ? 'Loading currencies…' : 'Select a currency'}
            options={currencyOptions}
            keepsUnknownValue
            disabled={currencies.isPending}
          />
          <TimezoneField
            control={form.control}
            name="shop_timezone"
            offsetName="utc_offset"
            timezones={timezones.data}
            isPending={timezones.isPending}
          />
        </div>
        <SelectField
          control={form.control}
          name="default_condition"
          label="Default condition"
          placeholder="Select a condition"
          options={CONDITION_OPTIONS}
        >
          <FormDescription>
            Fills the condition of products whose source gives none. A product can still have its own, set on
            its page.
          </FormDescription>
        </SelectField>
        <FormField
          control={form.control}
          name="is_testing"
          render={({ field }) => (
            <FormItem className="flex items-start gap-3">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby={testingHintId}
                />
              </FormControl>
              <div className="grid gap-1">
                <FormLabel className="leading-4">Testing store</FormLabel>
                <p id={testingHintId} className="text-xs text-muted-foreground">
                  Mark a store you use to try things out, so it is easy to tell apart from your live stores.
                </p>
              </div>
            </FormItem>
          )}
        />
        <FormActions submitLabel="Save Store" onCancel={onCancel} isSaving={isSaving} />
      </form>
    </Form>
  );
}

export function ShopFormSkeleton() {
  return <FormSkeleton fields={4} labelClassName="w-28" testId="store-form-skeleton" />;
}
