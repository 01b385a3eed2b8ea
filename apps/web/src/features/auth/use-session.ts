import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { procedurePathOf } from '@/lib/api-errors';
import { trpc, type SessionInfo } from '@/lib/trpc';

/**
 * The session lives in the query cache under `auth.session` (the gateway's cookie is the source of
 * truth). Everything reads it through these hooks; sign-in and sign-out write it through them.
 */
export function useSessionQuery() {
  return trpc.auth.session.useQuery(undefined, { staleTime: 5 * 60_000, retry: 1 });
}

/** The current session, or null when signed out or still loading. */
export function useSession(): SessionInfo | null {
  return useSessionQuery().data ?? null;
}

/** The current session inside the signed-in layout, where the guards guarantee one. */
export function useRequiredSession(): SessionInfo {
  const session = useSession();
  if (!session) throw new Error('useRequiredSession used outside the signed-in routes');
  return session;
}

function sessionQueryKey() {
  return getQueryKey(trpc.auth.session, undefined, 'query');
}

/** Drops everything cached for the previous user, keeping only the session entry. */
function resetCache(queryClient: QueryClient) {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => procedurePathOf(query.queryKey) !== 'auth.session' });
}

/** "Logout resets all state to initial": the cache is emptied and the session set to null. */
export function endSession(queryClient: QueryClient): void {
  resetCache(queryClient);
  queryClient.setQueryData(sessionQueryKey(), null);
}

/** "Session fill": a sign-in reply becomes the session. */
export function startSession(queryClient: QueryClient, session: SessionInfo): void {
  resetCache(queryClient);
  queryClient.setQueryData(sessionQueryKey(), session);
}

/** The same user's session with changed fields (profile saved, password created): other cached data stays. */
export function updateSession(queryClient: QueryClient, session: SessionInfo): void {
  queryClient.setQueryData(sessionQueryKey(), session);
}

export function useSessionActions() {
  const queryClient = useQueryClient();
  const signIn = useCallback((session: SessionInfo) => startSession(queryClient, session), [queryClient]);
  const signOut = useCallback(() => endSession(queryClient), [queryClient]);
  const update = useCallback((session: SessionInfo) => updateSession(queryClient, session), [queryClient]);
  return useMemo(() => ({ signIn, signOut, update }), [signIn, signOut, update]);
}

/**
 * The session's permissions and stores are the cookie's, filled at sign-in. An owner may have changed the
 * member's role or stores since (the api applies that to their next request), so the signed-in layout
 * re-reads them from the api once per page load: the screens follow without a new sign-in.
 */
export function useRefreshSessionOnLoad(): void {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useEffect(() => {
    let isCurrent = true;
    utils.auth.session
      .fetch({ refresh: true }, { staleTime: 0, meta: { silentError: true } })
      .then((fresh) => {
        if (isCurrent && fresh) updateSession(queryClient, fresh);
      })
      // Not fresher, but the cookie's session still stands; a failed call that ends the session is
      // handled where the next call fails.
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [utils, queryClient]);
}
