import { ZForgotPasswordSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { trpc } from '@/lib/trpc';
import { EmailField } from './email-field';

/** /forgot-password: mails a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordScreen() {
  const form = useForm({ resolver: zodResolver(ZForgotPasswordSchema), defaultValues: { email: '' } });
  const forgot = trpc.auth.forgotPassword.useMutation();

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      {forgot.data ? (
        <div
          role="status"
          className="flex gap-3 rounded-md border border-border bg-primary-muted p-4 text-sm"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{forgot.data.message}</p>
        </div>
      ) : (
        <Form {...form}>
          <form
            noValidate
            className="grid gap-5"
            onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
          >
            <EmailField control={form.control} />
            <Button type="submit" className="w-full" isLoading={forgot.isPending}>
              Send reset link
            </Button>
          </form>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
