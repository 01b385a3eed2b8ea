import { countText } from '@feedloom/validation';
import { useCallback, useMemo } from 'react';
import { useRequiredSession } from '@/features/auth/use-session';
import { useOrganizationList } from '@/features/organizations/use-organizations';
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type Staff = RouterOutputs['staff']['get'];
export type StaffPage = RouterOutputs['staff']['find'];
export type StaffState = Staff['status'];

export const STATE_LABELS: Record<StaffState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Whether the user owns the active organisation: the activity log is theirs. */
export function useIsOwner(): boolean {
  const session = useRequiredSession();
  const orgs = useOrganizationList({ silent: true });
  return Boolean(orgs.data?.find((o) => o.organization_object_id === session.active_org_id)?.is_owner);
}

/** Shop id → name for the stores a user may see (the header's select list). */
export function useShopNames(): Map<string, string> {
  const shops = trpc.shops.selectList.useQuery();
  return useMemo(() => new Map((shops.data ?? []).map((s) => [s.id, s.shop_name])), [shops.data]);
}

/** "Entire organisation" or the stores by name (an id the user cannot see counts as "another store"). */
export function scopeText(
  staff: Pick<Staff, 'is_for_entire_organization' | 'shop_id_list'>,
  names: Map<string, string>,
) {
  if (staff.is_for_entire_organization) return 'Entire organisation';
  const known = staff.shop_id_list.flatMap((id) => names.get(id) ?? []);
  const others = staff.shop_id_list.length - known.length;
  return [...known, ...(others > 0 ? [countText(others, 'other store')] : [])].join(', ');
}

/** After a staff change: the staff lists and the entry, the roles (who uses them) and the activity log. */
export function useRefreshStaff() {
  const utils = trpc.useUtils();
  return useCallback(() => {
    void utils.staff.invalidate();
    void utils.roles.find.invalidate();
    void utils.audit.find.invalidate();
  }, [utils]);
}

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
