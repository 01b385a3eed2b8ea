import { DEFAULT_PHONE_CODE, phoneCountryOf } from '@feedloom/validation';
import { useState } from 'react';
import { useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { useCountryCodes } from './use-reference-lists';

/** +91 is the default code; India is the country it stands for. */
const DEFAULT_PHONE_COUNTRY = 'IN';

/**
 * The phone code select: one option per country (flag, name, dialling code), storing the dialling
 * code. Countries that share a code (+1: Canada, United States, …) stay apart: the country shown is the one the
 * saved number belongs to. Changing it re-checks the number, which is judged against the code.
 */
export function PhoneCodeField<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  control,
}: {
  /** A form with `phone_code` (the dialling code) and `phone_number`. */
  control: Control<TFieldValues, TContext, TTransformedValues>;
}) {
  const codes = useCountryCodes();
  // Untyped context: the two field names are fixed by this component's contract above.
  const { getValues, trigger } = useFormContext();
  const [country, setCountry] = useState(
    () =>
      phoneCountryOf(
        (getValues('phone_code') as string | undefined) || DEFAULT_PHONE_CODE,
        getValues('phone_number') as string | undefined,
      ) ?? DEFAULT_PHONE_COUNTRY,
  );
  return (
    <FormField
      control={control}
      name={'phone_code' as FieldPath<TFieldValues>}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Phone code</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={country}
              onChange={(event) => {
                const entry = codes.data?.find((c) => c.iso2 === event.target.value);
                if (!entry) return;
                setCountry(entry.iso2);
                field.onChange(entry.dialing_code);
                if (getValues('phone_number')) void trigger('phone_number');
              }}
            >
              {(codes.data ?? []).map((c) => (
                <option key={c.iso2} value={c.iso2}>
                  {`${c.country_flag} ${c.country_name} (${c.dialing_code})`}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
