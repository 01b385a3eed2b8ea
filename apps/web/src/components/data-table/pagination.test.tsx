import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageItems, Pagination, type PaginationProps } from './pagination';

function renderPagination(props: Partial<PaginationProps> = {}) {
  const onPageChange = vi.fn();
  const onLimitChange = vi.fn();
  render(
    <Pagination
      page={1}
      limit={25}
      total={0}
      onPageChange={onPageChange}
      onLimitChange={onLimitChange}
      {...props}
    />,
  );
  return { onPageChange, onLimitChange };
}

describe('Pagination', () => {
  it('offers the spec page sizes and changes the page size', async () => {
    const user = userEvent.setup();
    const { onLimitChange } = renderPagination({ total: 12 });
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['5', '10', '25', '50', '100']);
    expect(select.value).toBe('25');
    await user.selectOptions(select, '10');
    expect(onLimitChange).toHaveBeenCalledWith(10);
  });

  it('says which rows are shown of how many', () => {
    renderPagination({ page: 2, limit: 5, total: 12 });
    expect(screen.getByText('6–10 of 12')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('shows 0–0 of 0 and page 1 of 1 for an empty list, with nowhere to go', () => {
    renderPagination();
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes to the previous, next and a numbered page, from the keyboard too', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination({ page: 2, limit: 10, total: 45 });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    within(nav).getByRole('button', { name: 'Page 5' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(5);
  });

  it('shows a page past the end (after a delete) as the last page', () => {
    renderPagination({ page: 4, limit: 5, total: 12 });
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('pageItems', () => {
  it('lists every page when there are a few', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });
});
