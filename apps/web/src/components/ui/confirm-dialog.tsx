import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';

/**
 * Asks before something that loses data or cannot be undone: a title naming the thing, what happens, Cancel
 * and the action. `subject` null closes it; Escape and Cancel call `onCancel`.
 */
export function ConfirmDialog<T>({
  subject,
  title,
  description,
  confirmLabel,
  isPending = false,
  variant = 'destructive',
  onConfirm,
  onCancel,
}: {
  subject: T | null;
  title: (subject: T) => ReactNode;
  description: (subject: T) => ReactNode;
  confirmLabel: string;
  isPending?: boolean;
  variant?: 'destructive' | 'default';
  onConfirm: (subject: T) => void;
  onCancel: () => void;
}) {
  return (
    <DialogShell
      open={subject !== null}
      onOpenChange={(open) => (open ? null : onCancel())}
      title={subject !== null ? title(subject) : null}
      description={subject !== null ? description(subject) : null}
    >
      {subject !== null ? (
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={variant} isLoading={isPending} onClick={() => onConfirm(subject)}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      ) : null}
    </DialogShell>
  );
}
