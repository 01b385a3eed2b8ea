import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { trpc } from '@/lib/trpc';
import { useSessionActions } from './use-session';

/** Logout: the gateway clears the cookie; all cached state is reset either way; then /login (or `to`). */
export function useLogout({ to = paths.login }: { to?: string } = {}) {
  const navigate = useNavigate();
  const { signOut } = useSessionActions();
  const mutation = trpc.auth.logout.useMutation({
    // Signing out locally must not depend on the network; the gateway forgets the session anyway.
    meta: { silentError: true },
    onSettled: () => {
      signOut();
      void navigate(to, { replace: true });
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
