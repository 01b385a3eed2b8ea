import type { TPasswordPair } from '@feedloom/validation';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { PasswordField } from '@/components/form-fields/password-field';
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
      <PasswordField
        control={pairControl}
        name="password"
        label={passwordLabel}
        description={description}
        autoComplete="new-password"
      />
      <PasswordField
        control={pairControl}
        name="confirm"
        label="Confirm Password"
        autoComplete="new-password"
      />
    </>
  );
}
