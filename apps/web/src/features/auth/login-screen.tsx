import { ZLoginSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDefaultLanding } from '@/app/landing';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { returnToPath } from '@/lib/return-to';
import { trpc } from '@/lib/trpc';
import { EmailField } from './email-field';
import { useSessionActions } from './use-session';
import { SocialSignInButtons } from './social-sign-in';

export function LoginScreen() {
  const defaultLanding = useDefaultLanding();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { signIn } = useSessionActions();
  const form = useForm({ resolver: zodResolver(ZLoginSchema), defaultValues: { email: '', password: '' } });
  // Failures (wrong password included) reach the snackbar through the global handler (lib/api-errors.ts).
  const login = trpc.auth.login.useMutation({
    onSuccess: (session) => {
      signIn(session);
      // Back to the page that sent the user here (an invitation link), else the default landing.
      void navigate(returnToPath(searchParams) ?? defaultLanding(session), { replace: true });
    },
  });

  return (
    <AuthCard title="Sign In" description="Welcome back. Sign in to manage your shops and feeds.">
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => login.mutate(values))}
        >
          <EmailField control={form.control} />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center justify-between">
                  <FormLabel>Password</FormLabel>
                  <Link
                    to="/forgot-password"
                    className="rounded-sm text-sm text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    Forgot password?
                  </Link>
                </div>
                <FormControl>
                  <Input type="password" autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" isLoading={login.isPending}>
            Sign In
          </Button>
        </form>
      </Form>
      <div className="mt-5">
        <SocialSignInButtons />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don’t have an account?{' '}
        <Link to="/signup" className="font-medium text-primary hover:underline">
          Sign Up
        </Link>
      </p>
    </AuthCard>
  );
}
