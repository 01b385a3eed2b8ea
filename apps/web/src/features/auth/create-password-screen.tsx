import { ZPasswordPairSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useDefaultLanding } from '@/app/landing';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { trpc } from '@/lib/trpc';
import { NewPasswordFields } from './new-password-fields';
import { clearOtpStamp } from './otp-timer';
import { useSessionActions } from './use-session';

/** /create-password/{email}/{user_id}/{token}: the last signup step; success signs the user in. */
export function CreatePasswordScreen() {
  const defaultLanding = useDefaultLanding();
  const { email = '', user_id: userId = '', token = '' } = useParams();
  const navigate = useNavigate();
  const { signIn } = useSessionActions();
  const form = useForm({
    resolver: zodResolver(ZPasswordPairSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const createPassword = trpc.auth.createPassword.useMutation({
    onSuccess: (session) => {
      clearOtpStamp();
      signIn(session);
      // A new user has no profile: the profile guard takes the landing on to /complete-profile.
      void navigate(defaultLanding(session), { replace: true });
    },
  });

  return (
    <AuthCard
      title="Create your password"
      description={
        <>
          Choose a password for <strong className="text-foreground">{email}</strong>.
        </>
      }
    >
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) =>
            createPassword.mutate({ user_id: userId, token, ...values }),
          )}
        >
          <NewPasswordFields control={form.control} />
          <Button type="submit" className="w-full" isLoading={createPassword.isPending}>
            Create Password
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
