import { MailCheck } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useDefaultLanding } from '@/app/landing';
import { paths } from '@/app/paths';
import { AuthCard, AuthFrame } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLogout } from '@/features/auth/use-logout';
import { useSession } from '@/features/auth/use-session';
import { messageOf } from '@/lib/api-errors';
import { withReturnTo } from '@/lib/return-to';
import { trpc } from '@/lib/trpc';
import { useAcceptInvitation } from './use-accept-invitation';

/**
 * /invitation/{orgId}/{staffId}: what the invitation is for, and Accept
 * Invite. Signed out, the invitee signs in (or signs up) first and comes back here.
 */
export function InvitationScreen() {
  const defaultLanding = useDefaultLanding();
  const { orgId = '', staffId = '' } = useParams();
  const { pathname } = useLocation();
  const session = useSession();
  const { logout } = useLogout({ to: withReturnTo(paths.login, pathname) });
  const status = trpc.organizations.invitationStatus.useQuery(
    { orgId, staffId },
    { meta: { silentError: true }, retry: false, enabled: Boolean(orgId && staffId) },
  );
  const { accept, isPending } = useAcceptInvitation();
  const invitation = status.data;

  let body;
  if (status.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Loading the invitation" />
      </div>
    );
  } else if (status.isError || !invitation) {
    body = (
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">{messageOf(status.error)}</p>
        <Button asChild>
          <Link to={defaultLanding(session)}>Go to Feedloom</Link>
        </Button>
      </div>
    );
  } else if (
    invitation.status === 'accepted' &&
    session?.email.toLowerCase() === invitation.email.toLowerCase()
  ) {
    // Accepted by this user: from here, or by a social sign-in started from the invitation link.
    body = (
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">
          You are a member of <strong>{invitation.business_name}</strong>.
        </p>
        <Button asChild>
          <Link to={defaultLanding(session)}>Continue</Link>
        </Button>
      </div>
    );
  } else if (invitation.status === 'accepted') {
    body = (
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">
          This invitation to join <strong>{invitation.business_name}</strong> has already been accepted.
        </p>
        <Button asChild>
          <Link to={session ? defaultLanding(session) : withReturnTo(paths.login, pathname)}>
            {session ? 'Continue' : 'Sign In'}
          </Link>
        </Button>
      </div>
    );
  } else if (!session) {
    const signIn = withReturnTo(paths.login, pathname);
    const signUp = `/invitation-signup/${encodeURIComponent(orgId)}/${encodeURIComponent(staffId)}`;
    body = (
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">
          Sign {invitation.is_existing_user ? 'in' : 'up'} with <strong>{invitation.email}</strong> to accept
          it.
        </p>
        <Button asChild>
          <Link to={invitation.is_existing_user ? signIn : signUp}>
            {invitation.is_existing_user ? 'Sign In to Accept' : 'Sign Up to Accept'}
          </Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          {invitation.is_existing_user ? 'New to Feedloom? ' : 'Already have an account? '}
          <Link
            to={invitation.is_existing_user ? signUp : signIn}
            className="font-medium text-primary hover:underline"
          >
            {invitation.is_existing_user ? 'Sign Up' : 'Sign In'}
          </Link>
        </p>
      </div>
    );
  } else if (session.email.toLowerCase() !== invitation.email.toLowerCase()) {
    body = (
      <div className="grid gap-4 text-center">
        <p className="text-sm text-muted-foreground">
          This invitation was sent to <strong>{invitation.email}</strong>, but you are signed in as{' '}
          <strong>{session.email}</strong>.
        </p>
        <Button onClick={logout}>Sign in with another email</Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4 text-center">
        <Button isLoading={isPending} onClick={() => accept(orgId, staffId)}>
          Accept Invite
        </Button>
        <Button asChild variant="ghost">
          <Link to={defaultLanding(session)}>Not now</Link>
        </Button>
      </div>
    );
  }

  return (
    <AuthFrame>
      <AuthCard
        title={invitation ? `Join ${invitation.business_name}` : 'Invitation'}
        description={
          invitation && invitation.status === 'pending' ? (
            <span className="inline-flex items-center gap-1.5">
              <MailCheck aria-hidden="true" className="size-4" />
              You are invited as {invitation.role_name}.
            </span>
          ) : undefined
        }
      >
        {body}
      </AuthCard>
    </AuthFrame>
  );
}
