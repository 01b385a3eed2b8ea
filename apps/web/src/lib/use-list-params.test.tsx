import { ZListQuerySchema, ZShopListQuerySchema } from '@feedloom/validation';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SEARCH_DEBOUNCE_MS, useListParams } from './use-list-params';

function setup<TSchema extends Parameters<typeof useListParams>[0]>(schema: TSchema, url = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ list: useListParams(schema), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('useListParams', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the spec defaults from an empty address', () => {
    const { result } = setup(ZShopListQuerySchema);
    expect(result.current.list.query).toEqual({ page: 1, limit: 25, sort_col: 'created_at', order: 1 });
    expect(result.current.location.search).toBe('');
  });

  it('falls back to the defaults for bad values and rewrites the address; unknown keys stay', () => {
    const { result } = setup(
      ZShopListQuerySchema,
      '/list?page=abc&limit=7&order=2&sort_col=password_hash&search=%20out%20&tab=x',
    );
    expect(result.current.list.query).toEqual({
      page: 1,
      limit: 25,
      order: 1,
      sort_col: 'created_at',
      search: 'out',
    });
    expect(params(result.current.location.search)).toEqual({ search: 'out', tab: 'x' });
    expect(result.current.list.searchText).toBe('out');
  });

  it('keeps valid values, and leaves defaults out of the address', () => {
    const { result } = setup(ZShopListQuerySchema, '/list?page=3&limit=10&sort_col=shop_name&order=-1');
    expect(result.current.list.query).toMatchObject({ page: 3, limit: 10, sort_col: 'shop_name', order: -1 });
    act(() => result.current.list.setSort('created_at', 1));
    expect(params(result.current.location.search)).toEqual({ limit: '10' });
  });

  it('goes back to page 1 when the page size, sort or a filter changes, not when the page does', () => {
    const schema = ZListQuerySchema.extend({ tab: z.enum(['all', 'errors']).catch('all').default('all') });
    const { result } = setup(schema, '/list?page=4');
    act(() => result.current.list.setLimit(10));
    expect(result.current.list.query).toMatchObject({ page: 1, limit: 10 });
    act(() => result.current.list.setPage(3));
    expect(result.current.list.query.page).toBe(3);
    act(() => result.current.list.setSort('name', -1));
    expect(result.current.list.query).toMatchObject({ page: 1, sort_col: 'name', order: -1 });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setParams({ tab: 'errors' }));
    expect(result.current.list.query).toMatchObject({ page: 1, tab: 'errors' });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setParams({ tab: 'errors' }));
    expect(result.current.list.query.page).toBe(2);
  });

  it('debounces the search into the address and starts it at page 1', () => {
    vi.useFakeTimers();
    const { result } = setup(ZShopListQuerySchema, '/list?page=3');
    act(() => result.current.list.setSearchText('out'));
    expect(result.current.list.searchText).toBe('out');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.list.query.search).toBeUndefined();
    act(() => result.current.list.setSearchText('outl'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.list.query.search).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.list.query).toMatchObject({ search: 'outl', page: 1 });
    expect(params(result.current.location.search)).toEqual({ search: 'outl' });

    act(() => result.current.list.clearSearch());
    expect(result.current.list.searchText).toBe('');
    expect(result.current.location.search).toBe('');
  });

  it('follows a search changed elsewhere (back, a link) in the search box', () => {
    const { result } = setup(ZShopListQuerySchema, '/list?search=acme');
    act(() => void result.current.navigate('/list?search=outlet'));
    expect(result.current.list.searchText).toBe('outlet');
  });

  it('keeps its setters across renders and address changes', () => {
    const { result } = setup(ZShopListQuerySchema);
    const first = result.current.list;
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setSort('shop_name', 1));
    const { setParams, setPage, setLimit, setSort, clearSearch } = result.current.list;
    expect({ setParams, setPage, setLimit, setSort, clearSearch }).toEqual({
      setParams: first.setParams,
      setPage: first.setPage,
      setLimit: first.setLimit,
      setSort: first.setSort,
      clearSearch: first.clearSearch,
    });
    expect(result.current.list.sorting.onChange).toBe(first.setSort);
    expect(result.current.list.paging.onPageChange).toBe(first.setPage);
  });

  it('builds on the previous call when two setters run in one handler', () => {
    const { result } = setup(ZShopListQuerySchema);
    act(() => {
      result.current.list.setSort('shop_name', -1);
      result.current.list.setPage(2);
    });
    expect(result.current.list.query).toMatchObject({ sort_col: 'shop_name', order: -1, page: 2 });
  });
});
