import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { errorCodeOf, messageOf } from '@/lib/api-errors';
import { trpc } from '@/lib/trpc';
import { raiseUnauthorized } from '@/lib/unauthorized';

export const ACCEPT_FAILED_MESSAGE = 'Something went wrong. Please try again.';

/**
 * "Accepting an invitation": join, switch to that organisation (the gateway does both, the
 * organisation list is refetched with the new session), go to /store-list and show the server message.
 * A failure says 'Something went wrong. Please try again.'; a 403 raises the unauthorized event.
 */
export function useAcceptInvitation() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { signIn } = useSessionActions();
  const mutation = trpc.organizations.acceptInvitation.useMutation({
    meta: { silentError: true },
    onSuccess: ({ message, session }) => {
      signIn(session);
      // Rendered together with the new session: /process-org would otherwise bounce to the landing first.
      void navigate(paths.storeList, { flushSync: true });
      snackbar.show(message, 'success');
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'FORBIDDEN') raiseUnauthorized(messageOf(error));
      else snackbar.show(ACCEPT_FAILED_MESSAGE, 'error');
    },
  });
  return {
    accept: (orgId: string, staffId: string) => mutation.mutate({ orgId, staffId }),
    isPending: mutation.isPending,
    /** The invitation being accepted, while it is. */
    pendingFor: mutation.isPending ? mutation.variables : undefined,
  };
}
