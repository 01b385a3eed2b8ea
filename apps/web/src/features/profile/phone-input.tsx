import { digitsOnly } from '@feedloom/validation';
import type { ClipboardEvent, ComponentProps, KeyboardEvent } from 'react';
import type { Control } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** Keys a number field would otherwise accept that are not digits (+ - e and . are blocked). */
const BLOCKED_KEYS = new Set(['+', '-', 'e', 'E', '.']);

/**
 * The national phone number: digits only. Blocks + - e and . as typed, strips everything but digits on
 * paste, and strips what other input methods (autofill, drag) bring.
 */
export function PhoneNumberInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = digitsOnly(event.clipboardData.getData('text'));
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    onChange(digitsOnly(input.value.slice(0, start) + pasted + input.value.slice(end)));
  };
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      value={value ?? ''}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onChange={(event) => onChange(digitsOnly(event.target.value))}
      {...props}
    />
  );
}

/** The Phone Number field of the profile and organisation forms (the code beside it differs between them). */
export function PhoneNumberField<
  TFieldValues extends { phone_number?: string | undefined },
  TContext,
  TTransformedValues,
>({ control }: { control: Control<TFieldValues, TContext, TTransformedValues> }) {
  return (
    <FormField
      // Every form here has a `phone_number` field; this field touches no other.
      control={control as unknown as Control<{ phone_number?: string | undefined }>}
      name="phone_number"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Phone Number</FormLabel>
          <FormControl>
            <PhoneNumberInput {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
