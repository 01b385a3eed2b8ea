import { countText } from '@feedloom/validation';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { formatCount, useRefreshDataSources, type ImportRun } from './use-data-sources';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * A held import: it would remove more than the allowed share of the store's products, so it waits.
 * The explanation, what would go, and the merchant's choice: remove them, or keep them (the rows it imported
 * and updated stay either way). Each choice is confirmed first.
 */
export function HeldImport({ run, canManage }: { run: ImportRun; canManage: boolean }) {
  const snackbar = useSnackbar();
  const refresh = useRefreshDataSources();
  const utils = trpc.useUtils();
  const [choice, setChoice] = useState<'confirm' | 'discard' | null>(null);
  const onDone = ({ message, data }: { message: string; data: ImportRun }) => {
    setChoice(null);
    snackbar.show(message, 'success');
    utils.dataSources.run.setData({ shop_id: data.shop_id, run_id: data.id }, data);
    refresh(data.data_source_id);
  };
  const confirm = trpc.dataSources.confirm.useMutation({ onSuccess: onDone });
  const discard = trpc.dataSources.discard.useMutation({ onSuccess: onDone });
  const held = run.held;
  if (!held) return null;
  const share = held.shop_products > 0 ? held.would_remove / held.shop_products : 1;
  const ref = { shop_id: run.shop_id, run_id: run.id };
  const count = formatCount(held.would_remove);

  return (
    <section
      aria-labelledby={`held-${run.id}`}
      className="grid gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4"
    >
      <h3 id={`held-${run.id}`} className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden="true" className="size-4 text-warning" />
        This import is waiting for you
      </h3>
      <p className="text-sm">
        {run.message ??
          `The file no longer lists ${count} of the store’s ${countText(held.shop_products, 'product')} (${percent(share)}).`}{' '}
        Removing more than {percent(held.threshold)} of a store’s products needs your confirmation, in case
        the file is incomplete. The rows it imported are already in your catalogue.
      </p>
      {held.sample.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-primary">
            Products that would be removed
            {held.sample.length < held.would_remove ? ` (first ${held.sample.length})` : ''}
          </summary>
          <ul className="mt-2 max-h-40 list-disc overflow-auto pl-6 font-mono text-xs">
            {held.sample.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {canManage ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" size="sm" onClick={() => setChoice('confirm')}>
            Confirm removal
          </Button>
          <Button variant="outline" size="sm" onClick={() => setChoice('discard')}>
            Discard
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        subject={choice}
        title={(c) => {
          const products = countText(held.would_remove, 'product');
          return c === 'confirm' ? `Remove ${products}?` : `Keep the ${products}?`;
        }}
        description={(c) =>
          c === 'confirm'
            ? 'The products missing from the file are removed from the store and its channel feeds. This cannot be undone, but importing a file that lists them brings them back.'
            : 'Nothing is removed. The rows this import added or updated stay in your catalogue.'
        }
        confirmLabel={choice === 'confirm' ? 'Remove products' : 'Keep products'}
        variant={choice === 'confirm' ? 'destructive' : 'default'}
        isPending={confirm.isPending || discard.isPending}
        onConfirm={(c) => (c === 'confirm' ? confirm.mutate(ref) : discard.mutate(ref))}
        onCancel={() => setChoice(null)}
      />
    </section>
  );
}
