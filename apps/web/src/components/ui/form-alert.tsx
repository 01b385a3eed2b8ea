import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A failure of the whole form (not of one field), announced to assistive technology. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive',
        className,
      )}
    >
      {children}
    </div>
  );
}
