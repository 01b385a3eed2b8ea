import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * A labelled password input with a show/hide toggle named after its label ("Show new password"), its help
 * text and its error.
 */
export function PasswordField<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  control,
  name,
  label,
  description,
  autoComplete,
}: {
  control: Control<TFieldValues, TContext, TTransformedValues>;
  name: Path<TFieldValues>;
  label: string;
  description?: ReactNode;
  autoComplete: 'new-password' | 'current-password';
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <PasswordInput autoComplete={autoComplete} toggleLabel={label.toLowerCase()} {...field} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
