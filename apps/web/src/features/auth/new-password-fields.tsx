import type { TPasswordPair } from '@feedloom/validation';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { PASSWORD_RULES_TEXT } from './password-rules';

/**
 * A new password and its confirmation, each with a show/hide toggle named after its label
 * ("Show new password"), and the password rules under the first.
 */
export function NewPasswordFields<TFieldValues extends TPasswordPair, TContext, TTransformedValues>({
  control,
  passwordLabel = 'Password',
  description = PASSWORD_RULES_TEXT,
}: {
  control: Control<TFieldValues, TContext, TTransformedValues>;
  passwordLabel?: string;
  description?: ReactNode;
}) {
  // Every form here has the pair's two fields; these fields touch no others.
  const pairControl = control as unknown as Control<TPasswordPair>;
  return (
    <>
      <FormField
        control={pairControl}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{passwordLabel}</FormLabel>
            <FormControl>
              <PasswordInput
                autoComplete="new-password"
                toggleLabel={passwordLabel.toLowerCase()}
                {...field}
              />
            </FormControl>
            <FormDescription>{description}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={pairControl}
        name="confirm"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Confirm Password</FormLabel>
            <FormControl>
              <PasswordInput autoComplete="new-password" toggleLabel="confirm password" {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
