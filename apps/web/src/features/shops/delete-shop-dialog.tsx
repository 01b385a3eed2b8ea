import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Shop } from './use-shops';

/** Asks before a store is deleted; deleting keeps it, reactivatable, in the list. */
export function DeleteShopDialog({
  shop,
  isDeleting,
  onConfirm,
  onCancel,
}: {
  /** The store to delete; null closes the dialog. */
  shop: Shop | null;
  isDeleting: boolean;
  onConfirm: (shop: Shop) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      subject={shop}
      title={(s) => `Delete ${s.shop_name}?`}
      description={() =>
        'The store leaves your active stores. Its settings are kept, and you can reactivate it from this list.'
      }
      confirmLabel="Delete Store"
      isPending={isDeleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
