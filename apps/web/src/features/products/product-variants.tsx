import { countText } from '@feedloom/validation';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/lib/trpc';
import { STATUS_LABELS } from './use-products';

/** The variants of one product, shown when its row is expanded. */
export function ProductVariants({
  shopId,
  productId,
  activeChannel,
}: {
  shopId: string;
  productId: number;
  activeChannel: string;
}) {
  const variants = trpc.products.variants.useQuery({
    shop_id: shopId,
    id: productId,
    limit: 100,
    active_channel: activeChannel as never,
  });
  if (variants.isPending) return <Spinner aria-label="Loading variants" />;
  if (variants.isError) return <p className="text-sm text-destructive">The variants could not be loaded.</p>;
  return (
    <table className="mt-2 w-full text-xs" aria-label="Variants">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 pr-2 font-medium">Offer id</th>
          <th className="py-1 pr-2 font-medium">Size / colour</th>
          <th className="py-1 pr-2 font-medium">SKU</th>
          <th className="py-1 pr-2 font-medium">Price</th>
          <th className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {variants.data.data.map((v) => (
          <tr key={v.id} className="border-t border-border">
            <td className="py-1 pr-2 font-mono">{v.offer_id}</td>
            <td className="py-1 pr-2">{[v.size, v.color].filter(Boolean).join(' / ') || '—'}</td>
            <td className="py-1 pr-2">{v.sku ?? '—'}</td>
            <td className="py-1 pr-2">{v.price ?? '—'}</td>
            <td className="py-1">
              {v.status ? STATUS_LABELS[v.status] : '—'}
              {v.issues.length ? ` (${countText(v.issues.length, 'issue')})` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
