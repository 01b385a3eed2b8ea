import { OTP_LENGTH, ZOtpSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { OTP_RESEND_SECONDS, useResendCountdown } from './otp-timer';

export function createPasswordPath(email: string, userId: string, token: string): string {
  return `/create-password/${[email, userId, token].map(encodeURIComponent).join('/')}`;
}

/** /confirm-otp/{email}/{user_id}: the 6-digit code from the signup mail, with the resend timer. */
export function ConfirmOtpScreen() {
  const { email = '', user_id: userId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { secondsLeft, restart } = useResendCountdown(userId);
  const form = useForm({ resolver: zodResolver(ZOtpSchema), defaultValues: { otp: '' } });

  const verify = trpc.auth.verifyAccount.useMutation({
    onSuccess: (reply) => void navigate(createPasswordPath(reply.email || email, reply.user_id || userId, reply.token)),
  });
  const resend = trpc.auth.resendOtp.useMutation({
    onSuccess: ({ resend_after_seconds }) => {
      restart(resend_after_seconds > 0 ? resend_after_seconds : OTP_RESEND_SECONDS);
      snackbar.show(`We sent a new code to ${email}.`);
    },
  });
  const isCountingDown = secondsLeft > 0;

  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          We sent a {OTP_LENGTH}-digit verification code to <strong className="text-foreground">{email}</strong>.
          Enter it below to continue.
        </>
      }
    >
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit(({ otp }) => verify.mutate({ user_id: userId, otp }))}
        >
          <FormField
            control={form.control}
            name="otp"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Verification code</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    // Digits only: anything else typed or pasted is dropped.
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="one-time-code"
                    maxLength={OTP_LENGTH}
                    className="text-center font-mono text-lg tracking-[0.5em]"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" isLoading={verify.isPending}>
            Verify
          </Button>
        </form>
      </Form>
      <div className="mt-6 flex flex-col items-center gap-1 text-sm text-muted-foreground">
        <span>Didn’t get the code?</span>
        <Button
          variant="link"
          className="h-auto p-0"
          disabled={isCountingDown || resend.isPending}
          onClick={() => resend.mutate({ user_id: userId, email })}
        >
          Resend code
        </Button>
        <p aria-live="polite" className="min-h-5 tabular-nums">
          {isCountingDown ? `Resend code in ${secondsLeft}s` : null}
        </p>
        <Link to="/signup" className="mt-2 text-primary hover:underline">
          Use a different email
        </Link>
      </div>
    </AuthCard>
  );
}
