import { useMemo } from 'react';
import {
  useFormContext,
  useFormState,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { SelectField } from '@/components/form-fields/select-field';
import type { RouterOutputs } from '@/lib/trpc';

type Timezone = RouterOutputs['reference']['timezones'][number];
type StringFieldPath<TFieldValues extends FieldValues> = FieldPathByValue<TFieldValues, string | undefined>;

/**
 * The Timezone select: it sets the timezone and its UTC offset. The offset has no field of its
 * own, so its error (if any) shows here.
 */
export function TimezoneField<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  control,
  name,
  offsetName,
  timezones,
  isPending = false,
}: {
  control: Control<TFieldValues, TContext, TTransformedValues>;
  name: StringFieldPath<TFieldValues>;
  offsetName: StringFieldPath<TFieldValues>;
  timezones: readonly Timezone[] | undefined;
  /** While the list loads the select is disabled and says so. */
  isPending?: boolean;
}) {
  // The offset's value is a string by `offsetName`'s type; the untyped context takes it as a plain name.
  const { setValue, getFieldState } = useFormContext();
  const formState = useFormState({ control, name: [name, offsetName] });
  const zoneError = getFieldState(name, formState).error;
  const offsetError = getFieldState(offsetName, formState).error;
  const options = useMemo(
    () => (timezones ?? []).map((z) => ({ value: z.name, label: z.label })),
    [timezones],
  );

  return (
    <SelectField
      control={control}
      name={name}
      label="Timezone"
      placeholder={isPending ? 'Loading timezones…' : 'Select a timezone'}
      options={options}
      keepsUnknownValue
      disabled={isPending}
      onValueChange={(value) => {
        const zone = timezones?.find((z) => z.name === value);
        setValue<string>(offsetName, zone?.utc_offset ?? '', { shouldValidate: true });
      }}
    >
      {offsetError && !zoneError ? <p className="text-sm text-destructive">{offsetError.message}</p> : null}
    </SelectField>
  );
}
