import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@feedloom/validation';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import type { ListPaging } from '@/lib/use-list-params';
import { cn } from '@/lib/utils';

export interface PaginationProps extends ListPaging {
  /** Rows across all pages (the server's total_records). */
  total: number;
  /** Page sizes offered by default. */
  pageSizes?: readonly number[];
  className?: string;
}

type PageItem = number | 'gap-start' | 'gap-end';

/** Page numbers to offer: the first, the last, and the current one with a neighbour each side; gaps between. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let from = Math.max(2, Math.min(page - 1, pageCount - 4));
  let to = Math.min(pageCount - 1, Math.max(page + 1, 5));
  // A gap that would hide a single page shows that page instead.
  if (from === 3) from = 2;
  if (to === pageCount - 2) to = pageCount - 1;
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? (['gap-start'] as const) : []),
    ...middle,
    ...(to < pageCount - 1 ? (['gap-end'] as const) : []),
    pageCount,
  ];
}

/** Rows per page, "x–y of total", previous/next and page numbers. */
export function Pagination({
  page,
  limit,
  total,
  onPageChange,
  onLimitChange,
  pageSizes = PAGE_SIZES,
  className,
}: PaginationProps) {
  const id = useId();
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(page, pageCount);
  const first = total === 0 ? 0 : (current - 1) * limit + 1;
  const last = Math.min(total, current * limit);

  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 border-t border-border p-4 text-sm',
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-limit`} className="text-muted-foreground">
          Rows per page
        </label>
        <NativeSelect
          id={`${id}-limit`}
          className="h-9 w-20"
          value={pageSizes.includes(limit) ? limit : DEFAULT_PAGE_SIZE}
          onChange={(event) => onLimitChange(Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <nav aria-label="Pagination" className="flex flex-wrap items-center gap-3">
        <span className="text-muted-foreground" aria-live="polite">
          {first}–{last} of {total}
        </span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Previous page"
            disabled={current <= 1}
            onClick={() => onPageChange(current - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="px-2 sm:hidden">
            Page {current} of {pageCount}
          </span>
          <ol className="hidden items-center gap-1 sm:flex">
            {pageItems(current, pageCount).map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <Button
                    variant={item === current ? 'default' : 'ghost'}
                    size="icon-sm"
                    aria-label={`Page ${item}`}
                    aria-current={item === current ? 'page' : undefined}
                    onClick={() => (item === current ? undefined : onPageChange(item))}
                  >
                    {item}
                  </Button>
                </li>
              ) : (
                <li key={item} aria-hidden="true" className="px-1 text-muted-foreground">
                  …
                </li>
              ),
            )}
          </ol>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label="Next page"
            disabled={current >= pageCount}
            onClick={() => onPageChange(current + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </nav>
    </div>
  );
}
