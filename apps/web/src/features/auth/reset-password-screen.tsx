import { ZPasswordPairSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
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
import { messageOf } from '@/lib/api-errors';
import { trpc } from '@/lib/trpc';
import { PASSWORD_RULES_TEXT } from './password-rules';
import { useSessionActions } from './use-session';

/** /reset-password/{token}: the mailed link. A new password signs the user in; the link then stops working. */
export function ResetPasswordScreen() {
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
        <div
          role="alert"
          className="mb-5 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <p>{messageOf(reset.error)}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium underline">
            Request a new link
          </Link>
        </div>
      ) : null}
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => reset.mutate({ token, ...values }))}
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
                <FormDescription>{PASSWORD_RULES_TEXT}</FormDescription>
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
          <Button type="submit" className="w-full" isLoading={reset.isPending}>
            Reset Password
          </Button>
        </form>
      </Form>
    </AuthCard>
  );
}
