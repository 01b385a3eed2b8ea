import type { CellContext, ColumnDef, Header, HeaderContext, RowData } from '@tanstack/react-table';
import { flexRender } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { TableHead } from '@/components/ui/table';
import { cn } from '@/lib/utils';

declare module '@tanstack/react-table' {
  // Declaration merging must repeat the library's type parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** This column's cells name their row for screen readers (`<th scope="row">`). */
    isRowHeader?: boolean;
    align?: 'left' | 'center' | 'right';
    /** Classes for this column's body cells. */
    className?: string;
    /** Classes for this column's header cell. */
    headerClassName?: string;
  }
}

const ALIGN = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

export const alignClass = (align: 'left' | 'center' | 'right' | undefined) => (align ? ALIGN[align] : '');

/** The width a column definition asks for (`size`, `minSize`, `maxSize` in px); none means auto. */
export function columnWidth<TData>(column: ColumnDef<TData, unknown>): CSSProperties | undefined {
  const { size, minSize, maxSize } = column;
  if (size === undefined && minSize === undefined && maxSize === undefined) return undefined;
  return { width: size, minWidth: minSize, maxWidth: maxSize };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A header cell; sortable columns get a button and `aria-sort`. */
export function DataTableHead<TData>({ header }: { header: Header<TData, unknown> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const className = cn(alignClass(meta?.align), meta?.headerClassName);
  const style = columnWidth(column.columnDef);
  if (!column.getCanSort()) {
    return (
      <TableHead scope="col" className={className} style={style}>
        {content}
      </TableHead>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      scope="col"
      aria-sort={sorted ? ARIA_SORT[sorted] : 'none'}
      className={className}
      style={style}
    >
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {content}
        <Icon aria-hidden="true" className={sorted ? 'size-3.5' : 'size-3.5 opacity-40'} />
      </button>
    </TableHead>
  );
}

export const SELECT_COLUMN_ID = 'select';

/** The checkbox column of a table with row selection; `rowLabel` names a row ("Select Acme Store"). */
export function selectionColumn<TData>(rowLabel: (row: TData) => string): ColumnDef<TData, unknown> {
  return {
    id: SELECT_COLUMN_ID,
    size: 48,
    enableSorting: false,
    header: ({ table }: HeaderContext<TData, unknown>) => (
      <Checkbox
        aria-label="Select all rows"
        checked={
          table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? 'indeterminate' : false
        }
        disabled={table.getRowModel().rows.length === 0}
        onCheckedChange={(checked) => table.toggleAllRowsSelected(checked === true)}
        className="align-middle"
      />
    ),
    cell: ({ row }: CellContext<TData, unknown>) => (
      <Checkbox
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onCheckedChange={(checked) => row.toggleSelected(checked === true)}
        className="align-middle"
      />
    ),
  };
}
