import {
  DEFAULT_PHONE_CODE,
  ZOrganizationSchema,
  ZOwnerOrganizationSchema,
  type TOrganization,
  type TOrganizationInput,
} from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/form-fields/select-field';
import { FormActions, FormSkeleton } from '@/components/form-fields/form-actions';
import { TextField } from '@/components/form-fields/text-field';
import { Form } from '@/components/ui/form';
import { PhoneNumberField } from '@/features/profile/phone-input';
import { PhoneCodeField } from '@/features/reference/phone-code-select';
import { useCountries, useStates } from '@/features/reference/use-reference-lists';
import type { RouterOutputs } from '@/lib/trpc';

export type OrganizationEntity = RouterOutputs['organizations']['get'];

/** The form as react-hook-form holds it: the schema's input, and what its resolver hands to `onSubmit`. */
export type OrganizationFormHandle = UseFormReturn<TOrganizationInput, unknown, TOrganization>;

/** What the inputs start with: every field a string ('' when empty). */
export function organizationFormValues(
  organization: OrganizationEntity | null | undefined,
  defaultEmail: string,
): TOrganizationInput {
  return {
    business_name: organization?.business_name ?? '',
    // The business email defaults to the user's email.
    business_email: organization?.business_email ?? defaultEmail,
    business_url: organization?.business_url ?? '',
    phone_code: organization?.phone_code ?? DEFAULT_PHONE_CODE,
    phone_number: organization?.phone_number ?? '',
    country: organization?.country ?? '',
    state: organization?.state ?? '',
    city: organization?.city ?? '',
    address_1: organization?.address_1 ?? '',
    address_2: organization?.address_2 ?? '',
    zipcode: organization?.zipcode ?? '',
    developer_email: organization?.developer_email ?? '',
  };
}

/** The spec's hint under Website URL: 'Example: {host}'. */
/** The website field's example: a neutral address, never this app's own host (which is no merchant's site). */
export const WEBSITE_HINT = 'Example: https://www.example.com';

interface OrganizationFormProps {
  /** The owner edits their organisation (address required); anyone else creates a new one. */
  isOwner: boolean;
  organization?: OrganizationEntity | null;
  defaultEmail: string;
  isSaving: boolean;
  onSubmit: (values: TOrganization) => void;
  onCancel: () => void;
  /** Lets the screen put server field errors on the form. */
  formRef?: (form: OrganizationFormHandle) => void;
}

/**
 * The organisation form: validated on mount, Save Settings disabled while invalid, country →
 * state list (cleared on country change, empty without a country), content at most 746px wide.
 */
export function OrganizationForm({
  isOwner,
  organization,
  defaultEmail,
  isSaving,
  onSubmit,
  onCancel,
  formRef,
}: OrganizationFormProps) {
  const form: OrganizationFormHandle = useForm({
    // Both schemas read and produce the same fields; the owner's adds the address rules.
    resolver: zodResolver(isOwner ? ZOwnerOrganizationSchema : ZOrganizationSchema),
    defaultValues: organizationFormValues(organization, defaultEmail),
    mode: 'onChange',
  });
  useEffect(() => formRef?.(form), [form, formRef]);

  // Validated on mount: a loaded organisation shows what it still lacks straight away.
  useEffect(() => {
    if (organization) void form.trigger();
  }, [form, organization]);

  const countries = useCountries();
  const country = useWatch({ control: form.control, name: 'country' });
  const countryId = useMemo(
    () => countries.data?.find((c) => c.name === country)?.id,
    [countries.data, country],
  );
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.name, label: c.name })),
    [countries.data],
  );
  const states = useStates(countryId);
  const state = useWatch({ control: form.control, name: 'state' });
  const stateOptions = useMemo(() => {
    const names = (states.data ?? []).map((s) => s.name);
    // A saved state the list does not know still shows.
    return (state && !names.includes(state) && countryId ? [state, ...names] : names).map((name) => ({
      value: name,
      label: name,
    }));
  }, [states.data, state, countryId]);

  const required = isOwner ? (
    <span aria-hidden="true" className="text-destructive">
      {' '}
      *
    </span>
  ) : null;
  const textField = (
    name: keyof TOrganizationInput,
    label: string,
    opts: {
      required?: boolean;
      type?: string;
      autoComplete?: string;
      hint?: string;
      placeholder?: string;
    } = {},
  ) => (
    <TextField
      control={form.control}
      name={name}
      label={label}
      required={opts.required}
      type={opts.type ?? 'text'}
      autoComplete={opts.autoComplete}
      placeholder={opts.placeholder}
      description={opts.hint}
    />
  );

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
        {textField('business_name', 'Business Name', { required: true, autoComplete: 'organization' })}
        {textField('business_url', 'Website URL', { type: 'url', autoComplete: 'url', hint: WEBSITE_HINT })}
        {textField('business_email', 'Business Email', {
          required: true,
          type: 'email',
          autoComplete: 'email',
        })}
        {textField('address_1', 'Address 1', { required: isOwner, autoComplete: 'address-line1' })}
        {textField('address_2', 'Address 2', { autoComplete: 'address-line2' })}

        <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <PhoneCodeField control={form.control} />
          <PhoneNumberField control={form.control} />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            control={form.control}
            name="country"
            label="Business Location"
            placeholder="Select a country"
            options={countryOptions}
            keepsUnknownValue
            autoComplete="country-name"
            // Country change: the state is cleared and its list reloaded.
            onValueChange={() => form.setValue('state', '', { shouldValidate: true, shouldDirty: true })}
          />
          <SelectField
            control={form.control}
            name="state"
            label="State/Province"
            placeholder={countryId ? 'Select a state or province' : 'Select a country first'}
            options={stateOptions}
            disabled={!countryId}
            autoComplete="address-level1"
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          {textField('city', 'City', { required: isOwner, autoComplete: 'address-level2' })}
          {textField('zipcode', 'Zipcode', { required: isOwner, autoComplete: 'postal-code' })}
        </div>

        {textField('developer_email', 'Emergency Developer Email Address', { type: 'email' })}

        {required ? (
          <p className="text-xs text-muted-foreground">
            <span className="text-destructive">*</span> Required
          </p>
        ) : null}

        <FormActions
          submitLabel="Save Settings"
          onCancel={onCancel}
          isSaving={isSaving}
          disabled={!form.formState.isValid}
        />
      </form>
    </Form>
  );
}

/** Placeholder while the organisation loads. */
export function OrganizationFormSkeleton() {
  return <FormSkeleton fields={8} labelClassName="w-32" withActions testId="organization-form-skeleton" />;
}
