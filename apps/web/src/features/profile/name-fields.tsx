import type { TProfileInput } from '@feedloom/validation';
import type { Control } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

type TNames = Pick<TProfileInput, 'first_name' | 'last_name'>;

/** First Name and Last Name side by side (the last name is optional). */
export function NameFields<TFieldValues extends TNames, TContext, TTransformedValues>({
  control,
}: {
  control: Control<TFieldValues, TContext, TTransformedValues>;
}) {
  // Every form here has both name fields; these fields touch no others.
  const namesControl = control as unknown as Control<TNames>;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        control={namesControl}
        name="first_name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>First Name</FormLabel>
            <FormControl>
              <Input autoComplete="given-name" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={namesControl}
        name="last_name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Last Name</FormLabel>
            <FormControl>
              <Input autoComplete="family-name" {...field} value={field.value ?? ''} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
