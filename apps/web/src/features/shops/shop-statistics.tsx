import { trpc } from '@/lib/trpc';

/** The organisation's store counts above the store list. */
export function ShopStatistics() {
  const statistics = trpc.shops.statistics.useQuery();
  if (!statistics.data) return null;
  const items = [
    ['Active stores', statistics.data.active_shops],
    ['Testing stores', statistics.data.testing_shops],
    ['Deleted stores', statistics.data.deleted_shops],
    ['Products', statistics.data.total_products],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Store statistics">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border bg-card px-4 py-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
