import { ZSignupSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { trpc } from '@/lib/trpc';
import { EmailField } from './email-field';
import { recordOtpSent } from './otp-timer';
import { SocialSignInButtons } from './social-sign-in';

export function confirmOtpPath(email: string, userId: string): string {
  return paths.confirmOtp(email, userId);
}

export function SignupScreen() {
  const navigate = useNavigate();
  // isAgree starts unset: the schema accepts only `true` and says 'You must agree to the terms and conditions.'
  const form = useForm({ resolver: zodResolver(ZSignupSchema), defaultValues: { email: '' } });
  const signup = trpc.auth.signup.useMutation({
    onSuccess: ({ user_id, email }) => {
      recordOtpSent(user_id);
      void navigate(confirmOtpPath(email, user_id));
    },
  });

  return (
    <AuthCard title="Create your account" description="Start managing your product feeds in minutes.">
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) => signup.mutate(values))}
        >
          <EmailField control={form.control} />
          <FormField
            control={form.control}
            name="isAgree"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center gap-2">
                  <FormControl>
                    <Checkbox
                      name={field.name}
                      ref={field.ref}
                      checked={field.value === true}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      onBlur={field.onBlur}
                    />
                  </FormControl>
                  <FormLabel className="font-normal">I agree to the terms and conditions</FormLabel>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" isLoading={signup.isPending}>
            Sign Up
          </Button>
        </form>
      </Form>
      <div className="mt-5">
        <SocialSignInButtons />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
