import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { useSession, useSessionActions } from '@/features/auth/use-session';
import { trpc, type RouterOutputs, type SessionInfo } from '@/lib/trpc';

export type OrganizationEntry = RouterOutputs['organizations']['find'][number];

/**
 * The user's organisations. "Organisation list result": an empty list clears the active
 * organisation and shop (the gateway updates the session cookie); the cached session is then re-read.
 */
export function useOrganizationList({
  enabled = true,
  silent = false,
}: { enabled?: boolean; silent?: boolean } = {}) {
  const session = useSession();
  const utils = trpc.useUtils();
  const query = trpc.organizations.find.useQuery(undefined, {
    enabled: enabled && session !== null,
    // The header's switcher falls back to the session's name instead of interrupting every page.
    meta: silent ? { silentError: true } : undefined,
  });
  const list = query.data;
  useEffect(() => {
    if (!list || !session) return;
    // The gateway cleared the session's organisation and shop: the guards must see it.
    if (list.length === 0 && (session.is_part_of_any_org || session.active_org_id !== null)) {
      void utils.auth.session.invalidate();
    }
  }, [list, session, utils]);
  return query;
}

/**
 * Switching organisation: new tokens (kept by the gateway), the last active shop, then
 * /store-list unless the caller goes elsewhere. Everything cached for the previous organisation is dropped.
 */
export function useSwitchOrganization() {
  const navigate = useNavigate();
  const { signIn } = useSessionActions();
  const mutation = trpc.organizations.switchOrganization.useMutation();
  /** Resolves to the new session, or null when the switch failed (the snackbar has said why). */
  const switchTo = async (
    orgId: string,
    { goTo = paths.storeList }: { goTo?: string | null } = {},
  ): Promise<SessionInfo | null> => {
    let session: SessionInfo;
    try {
      session = await mutation.mutateAsync({ id: orgId });
    } catch {
      return null;
    }
    signIn(session);
    // Rendered together with the new session, so the guards never judge the old page by the new session.
    if (goTo) void navigate(goTo, { flushSync: true });
    return session;
  };
  return { switchTo, isPending: mutation.isPending };
}
