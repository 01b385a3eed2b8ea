import { useCallback } from 'react';
import { hasPermission } from '@/lib/permissions';
import { useRequiredSession } from '@/features/auth/use-session';
import { trpc, type RouterOutputs } from '@/lib/trpc';

export type Shop = RouterOutputs['shops']['get'];
export type ShopPage = RouterOutputs['shops']['find'];

/** Whether the user's role may add, edit, delete and reactivate stores. */
export function useCanManageShops(): boolean {
  return hasPermission(useRequiredSession().permissions, 'store_management_manage');
}

/** After a shop changed: the lists, counts and the header's select list are stale; its own entries too. */
export function useRefreshShops() {
  const utils = trpc.useUtils();
  return useCallback(
    (shopId?: string) => {
      void utils.shops.find.invalidate();
      void utils.shops.statistics.invalidate();
      void utils.shops.selectList.invalidate();
      if (shopId) {
        void utils.shops.get.invalidate({ id: shopId });
        void utils.shops.info.invalidate({ id: shopId });
      }
    },
    [utils],
  );
}

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
