import type { TProfileInput } from '@feedloom/validation';
import type { Control } from 'react-hook-form';
import { TextField } from '@/components/form-fields/text-field';

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
      <TextField control={namesControl} name="first_name" label="First Name" autoComplete="given-name" />
      <TextField control={namesControl} name="last_name" label="Last Name" autoComplete="family-name" />
    </div>
  );
}
