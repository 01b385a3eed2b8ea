import { ZPasswordPairSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { defaultLanding } from '@/app/route-access';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { trpc } from '@/lib/trpc';
import { clearOtpStamp } from './otp-timer';
import { useSessionActions } from './use-session';

/** /create-password/{email}/{user_id}/{token}: the last signup step; success signs the user in. */
export function CreatePasswordScreen() {
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
          onSubmit={form.handleSubmit((values) => createPassword.mutate({ user_id: userId, token, ...values }))}
        >
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Password</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" toggleLabel="password" {...field} />
                </FormControl>
                <FormDescription>
                  8 to 20 characters with an uppercase and a lowercase letter, a number and one of !@#$%&amp;*()_.
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
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
          <Button type="submit" className="w-full" isLoading={createPassword.isPending}>
            Create Password
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
