import { SNACKBAR_MS } from '@feedloom/validation';
import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Sonner's toaster placed and timed as the snackbar: bottom center, 6000 ms. The toasts
 * themselves are drawn by `snackbar.tsx`; this only positions, stacks and times them.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-center"
      duration={SNACKBAR_MS}
      theme="light"
      // Server messages can be long: wider than sonner's 356 px, still inside a phone's width.
      style={{ '--width': 'min(36rem, calc(100vw - 2rem))' } as CSSProperties}
      {...props}
    />
  );
}
