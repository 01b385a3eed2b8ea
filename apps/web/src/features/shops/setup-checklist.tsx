import { countText } from '@feedloom/validation';
import { Check, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';

/** Where the list of products with errors opens. */
export const issuesPath = `${paths.manageProducts}?tab=error`;

/** What a store's set-up has done: products imported, a channel connected, errors left on its products. */
export function useStoreSetup(shopId: string) {
  const info = trpc.shops.info.useQuery({ id: shopId });
  const status = trpc.channelWizard.status.useQuery({ shop_id: shopId });
  const counts = trpc.products.counts.useQuery({ shop_id: shopId });
  const products = info.data?.total_products ?? 0;
  const errors = counts.data?.error ?? 0;
  const steps = [
    {
      id: 'import',
      label: 'Import your products',
      done: products > 0,
      to: paths.dataSource(shopId),
    },
    {
      id: 'connect',
      label: 'Connect a channel',
      done: (status.data ?? []).some((s) => s.connected),
      to: paths.syncShop(shopId),
    },
    {
      id: 'issues',
      label: errors > 0 ? `Fix the top issues (${countText(errors, 'product')} with errors)` : 'Fix the top issues',
      done: products > 0 && errors === 0,
      to: issuesPath,
    },
  ];
  return {
    isLoading: info.isPending || status.isPending || counts.isPending,
    info,
    status,
    counts,
    steps,
    done: steps.every((s) => s.done),
  };
}

/** A short set-up checklist of a store, shown until every item is done (overview and dashboard). */
export function SetupChecklist({ shopId }: { shopId: string }) {
  const setup = useStoreSetup(shopId);
  if (setup.isLoading || setup.done) return null;
  return (
    <Card data-testid="setup-checklist">
      <CardHeader>
        <CardTitle className="text-lg">Get this store ready</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 text-sm" aria-label="Set-up checklist">
          {setup.steps.map((step) => (
            <li key={step.id} className="flex items-center gap-2">
              {step.done ? (
                <Check className="size-4 text-success" aria-hidden="true" />
              ) : (
                <Circle className="size-4 text-muted-foreground" aria-hidden="true" />
              )}
              {step.done ? (
                <span className="text-muted-foreground line-through">{step.label}</span>
              ) : (
                <Link to={step.to} className={cn('text-primary hover:underline')}>
                  {step.label}
                </Link>
              )}
              <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
