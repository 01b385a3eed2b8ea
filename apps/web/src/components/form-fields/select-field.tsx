import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps<TFieldValues extends FieldValues, TContext, TTransformedValues> = Omit<
  ComponentProps<typeof NativeSelect>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'placeholder'
> & {
  control: Control<TFieldValues, TContext, TTransformedValues>;
  name: FieldPathByValue<TFieldValues, string | undefined>;
  label: string;
  /** The empty first option, e.g. 'Select a timezone'. */
  placeholder: string;
  options: readonly SelectOption[];
  /** Also offer a value the list does not know (a saved one, or one while the list loads), so it still shows. */
  keepsUnknownValue?: boolean;
  /** Runs after the field takes the chosen value: for the fields that follow from it. */
  onValueChange?: (value: string) => void;
  /** Shown under the field's message. */
  children?: ReactNode;
};

/** A labelled select bound to one string field of the form, with a placeholder option and its error. */
export function SelectField<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  control,
  name,
  label,
  placeholder,
  options,
  keepsUnknownValue = false,
  onValueChange,
  children,
  ...selectProps
}: SelectFieldProps<TFieldValues, TContext, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        // `name` only accepts string fields; TypeScript cannot follow that into the generic value.
        const value = (field.value as string | undefined) ?? '';
        const isUnknown = keepsUnknownValue && value !== '' && !options.some((o) => o.value === value);
        return (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <FormControl>
              <NativeSelect
                {...selectProps}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  onValueChange?.(event.target.value);
                }}
              >
                <option value="">{placeholder}</option>
                {isUnknown ? <option value={value}>{value}</option> : null}
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
            {children}
          </FormItem>
        );
      }}
    />
  );
}
