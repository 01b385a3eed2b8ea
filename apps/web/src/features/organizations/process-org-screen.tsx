import { Building2, MailOpen, RefreshCw, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useLogout } from '@/features/auth/use-logout';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useAcceptInvitation } from './use-accept-invitation';

export const PENDING_INVITATIONS_FAILED_MESSAGE = 'Failed to fetch pending invitations';

/** Process-org: create an organisation, or accept one of the pending invitations. */
export function ProcessOrgScreen() {
  const session = useRequiredSession();
  const snackbar = useSnackbar();
  const { logout } = useLogout();
  const invitations = trpc.organizations.pendingInvitations.useQuery(undefined, {
    meta: { silentError: true },
  });
  const { accept, isPending, pendingFor } = useAcceptInvitation();

  // A failed fetch says so in the snackbar, with its own words.
  useEffect(() => {
    if (invitations.isError) snackbar.show(PENDING_INVITATIONS_FAILED_MESSAGE, 'error');
  }, [invitations.isError, snackbar]);

  const showInvitations = () => document.getElementById('pending-invitations')?.focus();

  return (
    <section className="mx-auto flex w-full max-w-content flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">How Would You Like to Proceed?</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Set up your own organisation, or join the organisation your team already uses.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col">
          <CardHeader>
            <Building2 aria-hidden="true" className="size-6 text-primary" />
            <CardTitle className="text-lg">Create a New Organisation</CardTitle>
            <CardDescription>Add your business details, then connect your first store.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button asChild className="w-full">
              <Link to="/create-org">Create a New Organisation</Link>
            </Button>
          </CardContent>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <Users aria-hidden="true" className="size-6 text-primary" />
            <CardTitle className="text-lg">Join an Existing Organisation</CardTitle>
            <CardDescription>Accept an invitation from your organisation’s admin.</CardDescription>
          </CardHeader>
          <CardContent className="mt-auto">
            <Button variant="outline" className="w-full" onClick={showInvitations}>
              Join an Existing Organisation
            </Button>
          </CardContent>
        </Card>
      </div>

      <section
        id="pending-invitations"
        tabIndex={-1}
        aria-labelledby="pending-invitations-heading"
        className="rounded-lg border border-border bg-card p-6 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <h2 id="pending-invitations-heading" className="text-lg font-semibold">
          Pending invitations
        </h2>
        {invitations.isPending ? (
          <div className="mt-4 grid gap-3" data-testid="invitations-loading">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : invitations.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
            <p className="text-destructive">{PENDING_INVITATIONS_FAILED_MESSAGE}</p>
            <Button variant="outline" size="sm" onClick={() => void invitations.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : invitations.data.length === 0 ? (
          <div className="mt-4 flex gap-3 text-sm text-muted-foreground">
            <MailOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="grid gap-2">
              <p>
                There are no pending invitations for{' '}
                <span className="font-medium text-foreground">{session.email}</span>. To join an existing
                organisation, ask its admin to invite you, check your inbox or spam folder for the invitation
                email, or sign in with another email address.
              </p>
              <div>
                <Button variant="link" className="h-auto p-0" onClick={logout}>
                  Sign in with another email
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <ul className="mt-4 grid gap-3">
            {invitations.data.map((invitation) => {
              const nameId = `invitation-${invitation.encrypted_staff_id.slice(-12)}`;
              const isAccepting =
                pendingFor?.orgId === invitation.encrypted_organization_object_id &&
                pendingFor.staffId === invitation.encrypted_staff_id;
              return (
                <li
                  key={invitation.encrypted_staff_id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-4"
                >
                  <div className="min-w-0">
                    <p id={nameId} className="font-medium">
                      {invitation.business_name}
                    </p>
                    <p className="text-sm text-muted-foreground">Invited as {invitation.role_name}</p>
                  </div>
                  <Button
                    aria-describedby={nameId}
                    isLoading={isAccepting}
                    disabled={isPending}
                    onClick={() =>
                      accept(invitation.encrypted_organization_object_id, invitation.encrypted_staff_id)
                    }
                  >
                    Accept Invite
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
