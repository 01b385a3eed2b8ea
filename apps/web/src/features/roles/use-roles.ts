import { useCallback } from 'react';
import { useRequiredSession } from '@/features/auth/use-session';
import { hasPermission } from '@/lib/permissions';
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type Role = RouterOutputs['roles']['find']['data'][number];

/** The roles fetch: up to 100 roles, predefined first. */
export const ROLES_FETCH_LIMIT = 100;

/** Whether the user's role may invite, edit and remove staff and write roles. */
export function useCanManageUsers(): boolean {
  return hasPermission(useRequiredSession().permissions, 'user_management_manage');
}

/** Every role the invitation form offers (predefined and custom, up to the fetch limit). */
export function useAllRoles() {
  return trpc.roles.find.useQuery({ page: 1, limit: ROLES_FETCH_LIMIT });
}

/** After a role changed: the roles lists, and the staff (who hold its name and permissions). */
export function useRefreshRoles() {
  const utils = trpc.useUtils();
  return useCallback(() => {
    void utils.roles.find.invalidate();
    void utils.staff.invalidate();
  }, [utils]);
}
