import type { Control } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** The Email Address field of the signed-out forms (sign in, sign up, forgot password). */
export function EmailField<TFieldValues extends { email: string }, TContext, TTransformedValues>({
  control,
}: {
  control: Control<TFieldValues, TContext, TTransformedValues>;
}) {
  return (
    <FormField
      // Every form here has an `email` field; this field touches no other.
      control={control as unknown as Control<{ email: string }>}
      name="email"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Email Address</FormLabel>
          <FormControl>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
