import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type TextFieldProps<TFieldValues extends FieldValues, TContext, TTransformedValues> = Omit<
  ComponentProps<typeof Input>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'children'
> & {
  control: Control<TFieldValues, TContext, TTransformedValues>;
  /** A field holding text (a form input type may be wider, e.g. `unknown` before a schema's preprocessing). */
  name: Path<TFieldValues>;
  label: string;
  /** Help under the input, above its error. */
  description?: ReactNode;
  /** Marks the label with an asterisk and the input as required for assistive technology. */
  required?: boolean;
};

/** A labelled text input bound to one string field of the form, with its help text and error. */
export function TextField<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  control,
  name,
  label,
  description,
  required = false,
  ...inputProps
}: TextFieldProps<TFieldValues, TContext, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label}
            {required ? (
              <span aria-hidden="true" className="text-destructive">
                {' '}
                *
              </span>
            ) : null}
          </FormLabel>
          <FormControl>
            <Input
              {...inputProps}
              aria-required={required || undefined}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              onChange={field.onChange}
              disabled={inputProps.disabled ?? field.disabled}
              // A text field's value, whatever the form's input type says (empty until set).
              value={field.value ?? ''}
            />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
