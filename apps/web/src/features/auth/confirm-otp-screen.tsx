import { OTP_LENGTH, OTP_RESEND_SECONDS, ZOtpSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useSnackbar } from '@/components/ui/snackbar';
import { errorCodeOf } from '@/lib/api-errors';
import { trpc } from '@/lib/trpc';
import { socialLandingPath, socialProviderOf, type SocialProvider } from './oauth-callback';
import { clearOtpStamp, useResendCountdown } from './otp-timer';
import { useSessionActions } from './use-session';

const PROVIDER_LABEL: Record<SocialProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

export function createPasswordPath(email: string, userId: string, token: string): string {
  return paths.createPassword(email, userId, token);
}

/**
 * /confirm-otp/{email}/{user_id}: the 6-digit code from the signup mail, with the resend timer. With
 * `?provider=google|microsoft` the id is a social sign-up's (the provider did not vouch for the address):
 * the right code makes the account and signs in, as the social callback would have.
 */
export function ConfirmOtpScreen() {
  const { email = '', user_id: userId = '' } = useParams();
  const [search] = useSearchParams();
  const provider = socialProviderOf(search);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { signIn } = useSessionActions();
  const { secondsLeft, restart } = useResendCountdown(userId);
  const form = useForm({ resolver: zodResolver(ZOtpSchema), defaultValues: { otp: '' } });

  const verify = trpc.auth.verifyAccount.useMutation({
    onSuccess: (reply) =>
      void navigate(createPasswordPath(reply.email || email, reply.user_id || userId, reply.token)),
  });
  const verifySocial = trpc.auth.verifySocialSignup.useMutation({
    onSuccess: ({ session, invitation }) => {
      clearOtpStamp();
      signIn(session);
      void navigate(socialLandingPath({ mode: 'login', session, invitation }), { replace: true });
    },
    // The address belongs to an account now: its owner signs in there (the message says how).
    onError: (error) => {
      if (errorCodeOf(error) === 'CONFLICT') void navigate(paths.login, { replace: true });
    },
  });
  const onResent = ({ resend_after_seconds }: { resend_after_seconds: number }) => {
    restart(resend_after_seconds > 0 ? resend_after_seconds : OTP_RESEND_SECONDS);
    snackbar.show(`We sent a new code to ${email}.`);
  };
  const resend = trpc.auth.resendOtp.useMutation({ onSuccess: onResent });
  const resendSocial = trpc.auth.resendSocialSignupOtp.useMutation({ onSuccess: onResent });
  const isCountingDown = secondsLeft > 0;
  const isVerifying = verify.isPending || verifySocial.isPending;
  const isResending = resend.isPending || resendSocial.isPending;

  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          {provider ? `${PROVIDER_LABEL[provider]} did not confirm this address, so we ` : 'We '}sent a{' '}
          {OTP_LENGTH}-digit verification code to <strong className="text-foreground">{email}</strong>. Enter
          it below to {provider ? 'finish signing in' : 'continue'}.
          {provider
            ? null
            : ' If the address already has an account, the email tells you how to sign in instead.'}
        </>
      }
    >
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit(({ otp }) =>
            provider
              ? verifySocial.mutate({ signup_id: userId, otp })
              : verify.mutate({ user_id: userId, otp }),
          )}
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
                    onChange={(event) =>
                      field.onChange(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
                    }
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
          <Button type="submit" className="w-full" isLoading={isVerifying}>
            Verify
          </Button>
        </form>
      </Form>
      <div className="mt-6 flex flex-col items-center gap-1 text-sm text-muted-foreground">
        <span>Didn’t get the code?</span>
        <Button
          variant="link"
          className="h-auto p-0"
          disabled={isCountingDown || isResending}
          onClick={() =>
            provider ? resendSocial.mutate({ signup_id: userId }) : resend.mutate({ user_id: userId, email })
          }
        >
          Resend code
        </Button>
        <p aria-live="polite" className="min-h-5 tabular-nums">
          {isCountingDown ? `Resend code in ${secondsLeft}s` : null}
        </p>
        {provider ? (
          <Link to={paths.login} className="mt-2 text-primary hover:underline">
            Sign in another way
          </Link>
        ) : (
          <Link to="/signup" className="mt-2 text-primary hover:underline">
            Use a different email
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
