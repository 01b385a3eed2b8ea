import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/50', className)} {...props} />;
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showCloseButton?: boolean }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-background p-6 shadow-lg outline-none sm:max-w-lg',
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-sm text-muted-foreground opacity-80 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-center sm:text-left', className)} {...props} />;
}

/**
 * The part of a tall popup that scrolls, so the footer after it (its buttons) stays in view on a short
 * window. The popup gets `flex max-h-[90vh] flex-col` (DialogShell's `scrollBody`); a form inside it is
 * `flex min-h-0 flex-col` around this body and its DialogFooter.
 */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-dialog-body=""
      // The side padding keeps focus rings of the inputs inside the scrolling area visible.
      className={cn('-mx-6 -my-1 min-h-0 flex-1 overflow-y-auto px-6 py-1', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-none font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/**
 * The frame every popup uses: a title, an optional description, then its body (forms put their own
 * `DialogFooter` inside). While `busy` (a save or download under way) Escape and the close button are
 * ignored, so the work is not abandoned half done.
 */
export function DialogShell({
  open,
  onOpenChange,
  busy = false,
  title,
  description,
  className,
  scrollBody = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy?: boolean;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** A tall popup: at most 90 % of the window high, its DialogBody scrolls and its footer stays in view. */
  scrollBody?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? null : onOpenChange(next))}>
      <DialogContent
        className={cn(scrollBody && 'flex max-h-[90vh] flex-col', className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
