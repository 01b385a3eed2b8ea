import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatCount, type DataSource } from './use-data-sources';

/**
 * Asks before a data source is deleted. The api removes the source, its schedule, its history and the
 * products it brought in, so the dialog says how many go.
 */
export function DeleteDataSourceDialog({
  source,
  isDeleting,
  onConfirm,
  onCancel,
}: {
  /** The source to delete; null closes the dialog. */
  source: DataSource | null;
  isDeleting: boolean;
  onConfirm: (source: DataSource) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      subject={source}
      title={(s) => `Delete ${s.data_source_name}?`}
      description={(s) => {
        const products = s.total_products ?? 0;
        return products > 0
          ? `The ${formatCount(products)} ${products === 1 ? 'product' : 'products'} it imported are removed from the store too, with its schedule and import history. This cannot be undone.`
          : 'Its schedule and import history are removed. This cannot be undone.';
      }}
      confirmLabel="Delete data source"
      isPending={isDeleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
