import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type ReactNode, type Ref } from 'react';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';
import type { ListSorting } from '@/lib/use-list-params';
import { cn } from '@/lib/utils';
import { alignClass, columnWidth, DataTableHead, selectionColumn } from './data-table-parts';
import { DataTableEmpty, DataTableError, FullWidthRow, SkeletonRows } from './data-table-states';

/**
 * Column definitions of TanStack Table. Each accessor column has its own value type, which a
 * single array can only hold as `any` (TanStack's own advice for column arrays).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumns<TData> = ReadonlyArray<ColumnDef<TData, any>>;

export interface DataTableSelection<TData> {
  /** Selected row ids (`getRowId`) → true. */
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** Names a row in its checkbox label: "Select <name>". */
  rowLabel: (row: TData) => string;
}

export interface DataTableProps<TData> {
  /** The table's name for screen readers (a visually hidden caption). */
  caption: string;
  columns: DataTableColumns<TData>;
  /** The current page's rows; undefined while there is none. */
  data: readonly TData[] | undefined;
  getRowId: (row: TData) => string;
  /** The query behind the rows (a React Query result fits): pending → skeleton, error → retry. */
  status: { isPending: boolean; isError: boolean; isFetching?: boolean; refetch?: () => unknown };
  /** Server-side sort (from `useListParams`): header clicks ask for the next order, rows are not sorted here. */
  sorting?: ListSorting;
  /** Row selection with a checkbox column and a select-all checkbox for the page. */
  selection?: DataTableSelection<TData>;
  /** Shown when the list has no rows; `DataTableEmpty` draws the usual layout. */
  empty?: ReactNode;
  errorMessage?: ReactNode;
  loadingRows?: number;
  /** Pages longer than this render only the rows in view. */
  virtualizeAbove?: number;
  /** Height of the scrolling area; the header stays at its top. `null` lets the table grow. */
  maxHeight?: string | null;
  /** `data-testid` of skeleton rows (`<rowTestId>-loading`) and rows. */
  rowTestId?: string;
  className?: string;
}

const NO_ROWS: never[] = [];
const ROW_HEIGHT_ESTIMATE = 53;
const DEFAULT_MAX_HEIGHT = '70vh';

const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;

/**
 * The table of every list screen: columns as TanStack definitions (width via `size`, sortable via
 * `enableSorting: true` on a column whose id is the server's sort_col, `meta.isRowHeader` for the
 * naming column), server-side sort, optional row selection, sticky header, loading/empty/error
 * states, and virtualised rows for long pages.
 */
export function DataTable<TData>({
  caption,
  columns,
  data,
  getRowId,
  status,
  sorting,
  selection,
  empty,
  errorMessage = 'The list could not be loaded.',
  loadingRows = 3,
  virtualizeAbove = 100,
  maxHeight = DEFAULT_MAX_HEIGHT,
  rowTestId,
  className,
}: DataTableProps<TData>) {
  // The checkbox column reads the label through a ref, so an inline `rowLabel` does not rebuild columns.
  const rowLabel = useRef(selection?.rowLabel);
  rowLabel.current = selection?.rowLabel;
  const hasSelection = selection !== undefined;
  const allColumns = useMemo(
    () =>
      hasSelection
        ? [selectionColumn<TData>((row) => rowLabel.current?.(row) ?? ''), ...columns]
        : [...columns],
    [hasSelection, columns],
  );

  const sortingState: SortingState = sorting?.column
    ? [{ id: sorting.column, desc: sorting.order === -1 }]
    : [];
  const rowSelection = selection?.selected ?? {};

  const table = useReactTable<TData>({
    data: (data ?? NO_ROWS) as TData[],
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    state: { sorting: sortingState, rowSelection },
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    manualPagination: true,
    enableSorting: sorting !== undefined,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const [next] = apply(updater, sortingState);
      if (next) sorting?.onChange(next.id, next.desc ? -1 : 1);
    },
    enableRowSelection: hasSelection,
    onRowSelectionChange: (updater) => selection?.onChange(apply(updater, rowSelection)),
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const isVirtual = rows.length > virtualizeAbove;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: isVirtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: 10,
  });

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <SkeletonRows
        rows={loadingRows}
        columns={columnCount}
        testId={rowTestId ? `${rowTestId}-loading` : undefined}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <FullWidthRow colSpan={columnCount}>
        {status.isError ? (
          <DataTableError
            message={errorMessage}
            onRetry={status.refetch ? () => void status.refetch?.() : undefined}
          />
        ) : (
          (empty ?? <DataTableEmpty title="Nothing here yet" />)
        )}
      </FullWidthRow>
    );
  } else if (isVirtual) {
    const items = virtualizer.getVirtualItems();
    const before = items[0]?.start ?? 0;
    const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    body = (
      <>
        {before > 0 ? <SpacerRow height={before} colSpan={columnCount} /> : null}
        {items.map((item) => (
          <DataTableRow
            key={item.key}
            row={rows[item.index]!}
            virtualIndex={item.index}
            measureRef={virtualizer.measureElement}
            testId={rowTestId}
          />
        ))}
        {after > 0 ? <SpacerRow height={after} colSpan={columnCount} /> : null}
      </>
    );
  } else {
    body = rows.map((row) => <DataTableRow key={row.id} row={row} testId={rowTestId} />);
  }

  return (
    <div
      ref={scrollRef}
      className={cn('relative overflow-auto', className)}
      style={maxHeight ? { maxHeight } : undefined}
    >
      <Table
        aria-busy={status.isFetching || undefined}
        aria-rowcount={isVirtual ? rows.length + 1 : undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <TableHeader className="sticky top-0 z-10 shadow-[inset_0_-1px_0_var(--color-border)]">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={isVirtual ? 1 : undefined}>
              {group.headers.map((header) => (
                <DataTableHead key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
    </div>
  );
}

function DataTableRow<TData>({
  row,
  virtualIndex,
  measureRef,
  testId,
}: {
  row: Row<TData>;
  /** Position in the page when only some rows are rendered: the virtualiser measures by it. */
  virtualIndex?: number;
  measureRef?: Ref<HTMLTableRowElement>;
  testId?: string;
}) {
  return (
    <TableRow
      ref={measureRef}
      data-index={virtualIndex}
      // Row 1 is the header row.
      aria-rowindex={virtualIndex === undefined ? undefined : virtualIndex + 2}
      aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      data-testid={testId}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        const Cell = meta?.isRowHeader ? 'th' : 'td';
        return (
          <Cell
            key={cell.id}
            scope={meta?.isRowHeader ? 'row' : undefined}
            className={cn(
              'px-4 py-3 align-middle',
              meta?.isRowHeader && 'text-left font-medium',
              alignClass(meta?.align),
              meta?.className,
            )}
            style={columnWidth(cell.column.columnDef)}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </Cell>
        );
      })}
    </TableRow>
  );
}

/** Stands in for the rows scrolled out of view, so the scrollbar keeps the page's full length. */
function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} className="p-0" />
    </tr>
  );
}
