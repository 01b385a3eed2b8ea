import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

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
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      <DialogContent>
        {subject !== null ? (
          <>
            <DialogHeader>
              <DialogTitle>{title(subject)}</DialogTitle>
              <DialogDescription>{description(subject)}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button variant={variant} isLoading={isPending} onClick={() => onConfirm(subject)}>
                {confirmLabel}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
