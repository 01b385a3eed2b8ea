import { ZPasswordPairSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDefaultLanding } from '@/app/landing';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormAlert } from '@/components/ui/form-alert';
import { messageOf } from '@/lib/api-errors';
import { trpc } from '@/lib/trpc';
import { NewPasswordFields } from './new-password-fields';
import { useSessionActions } from './use-session';

/** /reset-password/{token}: the mailed link. A new password signs the user in; the link then stops working. */
export function ResetPasswordScreen() {
  const defaultLanding = useDefaultLanding();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { signIn } = useSessionActions();
  const form = useForm({
    resolver: zodResolver(ZPasswordPairSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: (session) => {
      signIn(session);
      void navigate(defaultLanding(session), { replace: true });
    },
  });

  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account.">
      {reset.error ? (
        <FormAlert className="mb-5">
          <p>{messageOf(reset.error)}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
            Request a new link
          </Link>
        </FormAlert>
      ) : null}
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => reset.mutate({ token, ...values }))}
        >
          <NewPasswordFields control={form.control} />
          <Button type="submit" className="w-full" isLoading={reset.isPending}>
            Reset Password
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
