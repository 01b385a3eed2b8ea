import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';

/** What an empty list says: a title, why, and what to do about it. */
export function DataTableEmpty({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3">
      {Icon ? <Icon aria-hidden="true" className="size-10 text-primary" /> : null}
      <p className="font-medium">{title}</p>
      {description ? <p className="max-w-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}

/** A list that could not be loaded, with a way to ask again. */
export function DataTableError({ message, onRetry }: { message: ReactNode; onRetry?: () => void }) {
  return (
    <div className="grid justify-items-center gap-3">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** One row across the whole table: the empty and error states. */
export function FullWidthRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-12 text-center">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** Placeholder rows while the page loads (the previous page is not shown as if current). */
export function SkeletonRows({ rows, columns, testId }: { rows: number; columns: number; testId?: string }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} data-testid={testId}>
      {Array.from({ length: columns }, (__, j) => (
        <TableCell key={j}>
          <Skeleton className="h-4" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
