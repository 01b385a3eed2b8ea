import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumns, type DataTableProps } from './data-table';
import { DataTableEmpty } from './data-table-states';

interface Product {
  id: string;
  name: string;
  brand: string;
}

const PRODUCTS: Product[] = [
  { id: 'p1', name: 'Alpine Jacket', brand: 'Northwind' },
  { id: 'p2', name: 'Trail Boot', brand: 'Contoso' },
];

const COLUMNS: DataTableColumns<Product> = [
  { accessorKey: 'name', header: 'Title', enableSorting: true, size: 400, meta: { isRowHeader: true } },
  { accessorKey: 'brand', header: 'Brand', enableSorting: true, size: 100 },
  { id: 'actions', header: () => <span className="sr-only">Actions</span>, meta: { align: 'right' } },
];

const READY = { isPending: false, isError: false };

function renderTable(props: Partial<DataTableProps<Product>> = {}) {
  return render(
    <DataTable
      caption="Products"
      columns={COLUMNS}
      data={PRODUCTS}
      getRowId={(p) => p.id}
      status={READY}
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('names the table, its rows by their row-header column, and sizes columns as defined', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Alpine Jacket', 'Trail Boot']);
    expect(screen.getByRole('columnheader', { name: 'Title' }).style.width).toBe('400px');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toContain('text-right');
  });

  it('asks the server for the next sort: a new column ascending, the sorted one flipped', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderTable({ sorting: { column: 'name', order: 1, onChange } });
    expect(screen.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Brand' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).hasAttribute('aria-sort')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(onChange).toHaveBeenLastCalledWith('name', -1);
    await user.click(screen.getByRole('button', { name: 'Brand' }));
    expect(onChange).toHaveBeenLastCalledWith('brand', 1);
    // The rows stay in the server's order.
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual([
      'Alpine Jacket',
      'Trail Boot',
    ]);
  });

  it('sorts from the keyboard and shows descending order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderTable({ sorting: { column: 'brand', order: -1, onChange } });
    expect(screen.getByRole('columnheader', { name: 'Brand' }).getAttribute('aria-sort')).toBe('descending');
    screen.getByRole('button', { name: 'Brand' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('brand', 1);
  });

  it('has no sort buttons without a sort', () => {
    renderTable();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows skeleton rows while loading and marks the table busy while fetching', () => {
    const { rerender } = renderTable({
      data: undefined,
      status: { isPending: true, isError: false, isFetching: true },
      rowTestId: 'product-row',
      loadingRows: 4,
    });
    expect(screen.getAllByTestId('product-row-loading')).toHaveLength(4);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    rerender(
      <DataTable
        caption="Products"
        columns={COLUMNS}
        data={PRODUCTS}
        getRowId={(p) => p.id}
        status={READY}
        rowTestId="product-row"
      />,
    );
    expect(screen.queryByTestId('product-row-loading')).toBeNull();
    expect(screen.getAllByTestId('product-row')).toHaveLength(2);
    expect(screen.getByRole('table').hasAttribute('aria-busy')).toBe(false);
  });

  it('shows the empty state across the table', () => {
    renderTable({
      data: [],
      empty: <DataTableEmpty title="No products yet" description="Import a feed to start." />,
    });
    const cell = screen.getByText('No products yet').closest('td')!;
    expect(cell.getAttribute('colspan')).toBe('3');
    expect(screen.getByText('Import a feed to start.')).toBeTruthy();
  });

  it('says when the list could not be loaded and tries again', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    renderTable({
      data: undefined,
      status: { isPending: false, isError: true, refetch },
      errorMessage: 'Your products could not be loaded.',
      empty: <DataTableEmpty title="No products yet" />,
    });
    expect(screen.getByText('Your products could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No products yet')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('selects rows with labelled checkboxes, and the page with the header checkbox', async () => {
    const user = userEvent.setup();
    const changes: RowSelectionState[] = [];
    function Selectable() {
      const [selected, setSelected] = useState<RowSelectionState>({});
      return (
        <DataTable
          caption="Products"
          columns={COLUMNS}
          data={PRODUCTS}
          getRowId={(p) => p.id}
          status={READY}
          selection={{
            selected,
            onChange: (next) => {
              changes.push(next);
              setSelected(next);
            },
            rowLabel: (p) => p.name,
          }}
        />
      );
    }
    render(<Selectable />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Trail Boot' }));
    expect(changes.at(-1)).toEqual({ p2: true });
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    expect(
      screen.getByRole('rowheader', { name: 'Trail Boot' }).closest('tr')?.getAttribute('aria-selected'),
    ).toBe('true');
    await user.click(all);
    expect(changes.at(-1)).toEqual({ p1: true, p2: true });
    expect(all.getAttribute('aria-checked')).toBe('true');
    await user.click(all);
    expect(changes.at(-1)).toEqual({});
  });

  it('renders only the rows in view of a long page, and tells screen readers how many there are', () => {
    // jsdom lays nothing out: the scrolling area and the rows report the heights a browser would give them.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
    const many = Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, brand: 'B' }));
    renderTable({ data: many, virtualizeAbove: 100 });
    const rendered = screen.getAllByRole('rowheader');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]?.textContent).toBe('Product 0');
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('501');
    expect(rendered[0]?.closest('tr')?.getAttribute('aria-rowindex')).toBe('2');
  });

  it('renders every row of a page up to the threshold', () => {
    const some = Array.from({ length: 100 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, brand: 'B' }));
    renderTable({ data: some });
    expect(screen.getAllByRole('rowheader')).toHaveLength(100);
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
  });
});
