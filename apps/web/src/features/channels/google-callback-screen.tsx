import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useSnackbar } from '@/components/ui/snackbar';
import { PageSpinner } from '@/components/ui/spinner';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useRefreshConnection } from './use-channels';

export const GOOGLE_CANCELLED_MESSAGE = 'Connecting Google was cancelled.';
export const GOOGLE_INCOMPLETE_MESSAGE = 'Connecting Google did not complete. Please try again.';

/**
 * /google-callback: Google sent the browser back with a code and state (or an error). The gateway checks the
 * consent was started in this browser; on success the merchant chooses the Merchant Center account next.
 */
export function GoogleCallbackScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const session = useRequiredSession();
  const refresh = useRefreshConnection();
  // The code works once: React's development double effects must not send it twice.
  const started = useRef(false);
  const fallback = session.active_shop_id ? paths.syncShop(session.active_shop_id) : paths.storeList;

  // Failures reach the snackbar through the global handler; here they only navigate.
  const finish = trpc.channels.googleCallback.useMutation({
    onSuccess: ({ message, connection }) => {
      snackbar.show(message, 'success');
      refresh(connection.shop_id);
      void navigate(paths.linkAccount('google', connection.shop_id), { replace: true });
    },
    onError: () => void navigate(fallback, { replace: true }),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (code && state) {
      finish.mutate({ code, state });
      return;
    }
    const error = search.get('error');
    snackbar.show(error === 'access_denied' ? GOOGLE_CANCELLED_MESSAGE : GOOGLE_INCOMPLETE_MESSAGE, 'error');
    void navigate(fallback, { replace: true });
  }, [search, finish, snackbar, navigate, fallback]);

  return <PageSpinner fullScreen label="Connecting Google" />;
}
