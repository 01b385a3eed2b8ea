import { ZInvitationSignupSchema } from '@feedloom/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useDefaultLanding, type LandingOf } from '@/app/landing';
import { paths } from '@/app/paths';
import { ReadOnlyField } from '@/components/form-fields/read-only-field';
import { AuthCard } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useSnackbar } from '@/components/ui/snackbar';
import { Spinner } from '@/components/ui/spinner';
import { NameFields } from '@/features/profile/name-fields';
import { errorCodeOf, messageOf } from '@/lib/api-errors';
import { hasPermission } from '@/lib/permissions';
import { useServerErrors } from '@/lib/use-server-errors';
import { withReturnTo } from '@/lib/return-to';
import { trpc, type SessionInfo } from '@/lib/trpc';
import { NewPasswordFields } from './new-password-fields';
import { SocialSignInButtons } from './social-sign-in';
import { useSessionActions } from './use-session';

/** The invitation page (/invitation/{orgId}/{staffId}), where a signed-in invitee accepts. */
export function invitationPath(orgId: string, staffId: string): string {
  return paths.invitation(orgId, staffId);
}

/**
 * "Accepting an invitation" goes to /store-list; a role without the store list lands where it
 * may. Without a profile the guard takes either on to /complete-profile.
 */
function landingAfterJoining(session: SessionInfo, defaultLanding: LandingOf): string {
  return hasPermission(session.permissions, 'store_management') ? paths.storeList : defaultLanding(session);
}

/** A short message in the card with one way on. */
function Notice({ children, action }: { children: ReactNode; action: ReactNode }) {
  return (
    <div className="grid gap-4 text-center">
      <p className="text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}

/**
 * /invitation-signup/{orgId}/{staffId}: an invitee without an account creates one
 * from the mailed link. The e-mail is the invitation's (shown read-only); success joins the organisation
 * and fills the session, then goes on as accepting an invitation does.
 */
export function InvitationSignupScreen() {
  const defaultLanding = useDefaultLanding();
  const { orgId = '', staffId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { signIn } = useSessionActions();
  const status = trpc.organizations.invitationStatus.useQuery(
    { orgId, staffId },
    { meta: { silentError: true }, retry: false, enabled: Boolean(orgId && staffId) },
  );
  const form = useForm({
    resolver: zodResolver(ZInvitationSignupSchema),
    defaultValues: { first_name: '', last_name: '', password: '', confirm: '' },
  });
  const serverErrors = useServerErrors(form);
  const signup = trpc.auth.invitationSignup.useMutation({
    meta: serverErrors.meta,
    onSuccess: ({ message, session }) => {
      signIn(session);
      void navigate(landingAfterJoining(session, defaultLanding), { replace: true });
      snackbar.show(message, 'success');
    },
    onError: (error) => {
      serverErrors.onError(error);
      // The address got an account or the invitation was used meanwhile: show what the link is now.
      if (errorCodeOf(error) === 'CONFLICT') void status.refetch();
    },
  });
  const invitation = status.data;
  const acceptPath = invitationPath(orgId, staffId);

  if (status.isPending) {
    return (
      <AuthCard title="Join your team">
        <div className="flex justify-center py-6">
          <Spinner label="Loading the invitation" />
        </div>
      </AuthCard>
    );
  }

  if (status.isError || !invitation) {
    return (
      <AuthCard title="Invitation">
        <Notice
          action={
            <Button asChild>
              <Link to={paths.login}>Go to Sign In</Link>
            </Button>
          }
        >
          {messageOf(status.error)}
        </Notice>
      </AuthCard>
    );
  }

  const title = `Join ${invitation.business_name}`;
  if (invitation.status === 'accepted') {
    return (
      <AuthCard title={title}>
        <Notice
          action={
            <Button asChild>
              <Link to={paths.login}>Go to Sign In</Link>
            </Button>
          }
        >
          This invitation to join <strong>{invitation.business_name}</strong> has already been accepted.
        </Notice>
      </AuthCard>
    );
  }

  if (invitation.is_existing_user) {
    return (
      <AuthCard title={title}>
        <Notice
          action={
            <Button asChild>
              <Link to={withReturnTo(paths.login, acceptPath)}>Sign in to accept</Link>
            </Button>
          }
        >
          <strong>{invitation.email}</strong> already has a Feedloom account. Sign in with it to accept the
          invitation.
        </Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      description={
        <span className="inline-flex items-center gap-1.5">
          <MailCheck aria-hidden="true" className="size-4" />
          You are invited as {invitation.role_name}. Create your account to accept.
        </span>
      }
    >
      <Form {...form}>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={form.handleSubmit((values) =>
            signup.mutate({ organization_id: orgId, staff_id: staffId, ...values }),
          )}
        >
          <ReadOnlyField label="Email Address" value={invitation.email} />
          <NameFields control={form.control} />
          <NewPasswordFields control={form.control} />
          {/* Load flag "invite signup": the button shows it while the account is created. */}
          <Button type="submit" className="w-full" isLoading={signup.isPending}>
            Accept &amp; Create Account
          </Button>
        </form>
      </Form>
      <div className="mt-5">
        <SocialSignInButtons organizationId={orgId} staffId={staffId} />
      </div>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={withReturnTo(paths.login, acceptPath)} className="font-medium text-primary hover:underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
