import { ZChangePasswordSchema, ZPasswordPairSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '@/components/form-fields/password-field';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { useSnackbar } from '@/components/ui/snackbar';
import { NewPasswordFields } from '@/features/auth/new-password-fields';
import { PASSWORD_RULES_TEXT } from '@/features/auth/password-rules';
import { useSession, useSessionActions } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useServerErrors } from '@/lib/use-server-errors';

interface PasswordDialogProps {
  /** 'change' asks for the current password; 'create' is for an account without one (social sign-up). */
  mode: 'change' | 'create';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const TITLES = { change: 'Change your password', create: 'Create your password' } as const;

/** Creating has no current password: the field exists (empty) so both modes share one form shape. */
const ZCreatePasswordDialogSchema = ZPasswordPairSchema.and(z.object({ current_password: z.string() }));

/** Popups: "create or update password", with the password rules. */
export function PasswordDialog({ mode, open, onOpenChange }: PasswordDialogProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={TITLES[mode]}
      description={PASSWORD_RULES_TEXT}
    >
      {/* Mounted only while open: every opening starts from empty fields. */}
      {open ? <PasswordForm mode={mode} onDone={() => onOpenChange(false)} /> : null}
    </DialogShell>
  );
}

function PasswordForm({ mode, onDone }: { mode: 'change' | 'create'; onDone: () => void }) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const session = useSession();
  const { update } = useSessionActions();
  const form = useForm({
    resolver:
      mode === 'change' ? zodResolver(ZChangePasswordSchema) : zodResolver(ZCreatePasswordDialogSchema),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const onSuccess = ({ message }: { message: string }) => {
    snackbar.show(message, 'success');
    if (session) update({ ...session, has_password: true });
    void utils.profile.get.invalidate();
    onDone();
  };
  // Errors show inside the dialog: a modal hides the rest of the page (the snackbar too) from screen readers.
  const [serverError, setServerError] = useState<string | null>(null);
  // A wrong current password goes under its input; other failures inside the dialog.
  const serverErrors = useServerErrors(form, { show: setServerError });
  const change = trpc.auth.changePassword.useMutation({ ...serverErrors, onSuccess });
  const create = trpc.auth.setPassword.useMutation({ ...serverErrors, onSuccess });
  const isPending = change.isPending || create.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    if (mode === 'change') change.mutate(values);
    else create.mutate({ password: values.password, confirm: values.confirm });
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={(event) => void onSubmit(event)}>
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        {mode === 'change' ? (
          <PasswordField
            control={form.control}
            name="current_password"
            label="Current Password"
            autoComplete="current-password"
          />
        ) : null}
        {/* The rules are the dialog's description: under the field a short reminder is enough. */}
        <NewPasswordFields
          control={form.control}
          passwordLabel="New Password"
          description="8 to 20 characters."
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isPending}>
            {mode === 'change' ? 'Change Password' : 'Create Password'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
