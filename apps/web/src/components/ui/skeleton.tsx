import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** The placeholder of one labelled form field (label over control) while its form loads. */
export function FieldSkeleton({ labelClassName }: { labelClassName?: string }) {
  return (
    <div className="grid gap-2">
      <Skeleton className={cn('h-4', labelClassName)} />
      <Skeleton className="h-10" />
    </div>
  );
}
