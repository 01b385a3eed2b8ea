import { Store } from 'lucide-react';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useSessionActions } from '@/features/auth/use-session';
import { trpc, type SessionInfo } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** Header shop switcher: the organisation's shops; choosing one makes it the active shop (remembered). */
export function ShopSwitcher({ session, className }: { session: SessionInfo; className?: string }) {
  const id = useId();
  const { update } = useSessionActions();
  const shops = trpc.shops.selectList.useQuery(undefined, {
    enabled: session.is_part_of_any_org,
    meta: { silentError: true },
  });
  const capture = trpc.shops.switchShop.useMutation({
    onSuccess: ({ session: next }) => update(next),
  });
  if (!session.is_part_of_any_org || !shops.data?.length) return null;

  const value = capture.isPending ? capture.variables.id : (session.active_shop_id ?? '');
  const known = shops.data.some((s) => s.id === value);
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <label htmlFor={id} className="sr-only">
        Active store
      </label>
      <NativeSelect
        id={id}
        value={known ? value : ''}
        disabled={capture.isPending}
        className="h-9 min-w-0 flex-1 truncate sm:max-w-56 sm:flex-none"
        onChange={(event) => {
          if (event.target.value) capture.mutate({ id: event.target.value });
        }}
      >
        {known ? null : <option value="">Select a store</option>}
        {shops.data.map((shop) => (
          <option key={shop.id} value={shop.id}>
            {shop.shop_name}
            {shop.is_testing ? ' (testing)' : ''}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
