import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp } from '@/test/render';

const session = makeSession();
const shops = [
  makeShop({ id: 's1', shop_name: 'Acme Store' }),
  makeShop({ id: 's2', shop_name: 'Outlet', shop_currency: 'EUR', is_testing: true }),
  makeShop({ id: 's3', shop_name: 'Old Shop', status: 'deleted' }),
];

describe('/store-list', () => {
  it('lists the stores with their status, statistics and the actions a manager may take', async () => {
    renderApp('/store-list', orgShopHandlers(session, { shops }));
    const table = await screen.findByRole('table', { name: 'Stores' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(await within(table).findByRole('rowheader', { name: 'Acme Store' })).toBeTruthy();
    expect(within(row('Outlet')).getByText('Testing')).toBeTruthy();
    expect(within(row('Old Shop')).getByText('Deleted')).toBeTruthy();
    expect(
      within(row('Acme Store')).getByRole('link', { name: 'Edit Acme Store' }).getAttribute('href'),
    ).toBe('/store-list/edit/s1');
    expect(
      within(row('Acme Store')).getByRole('link', { name: 'View Acme Store' }).getAttribute('href'),
    ).toBe('/store-list/s1');
    expect(within(row('Acme Store')).getByRole('button', { name: 'Delete Acme Store' })).toBeTruthy();
    expect(within(row('Old Shop')).getByRole('button', { name: 'Reactivate Old Shop' })).toBeTruthy();
    expect(within(row('Old Shop')).queryByRole('link', { name: 'Edit Old Shop' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Store' }).getAttribute('href')).toBe('/add-store');
    const stats = screen.getByLabelText('Store statistics');
    expect(within(stats).getByText('Active stores').nextSibling?.textContent).toBe('2');
  });

  it('a reader sees the list without Add, Edit, Delete or Reactivate', async () => {
    renderApp('/store-list', orgShopHandlers(makeSession({ permissions: ['store_management'] }), { shops }));
    await screen.findByRole('rowheader', { name: 'Acme Store' });
    expect(screen.queryByRole('link', { name: 'Add Store' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reactivate / })).toBeNull();
  });

  it('searches, sorts and pages through the server', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp('/store-list', {
      ...orgShopHandlers(session),
      'shops.find': (input) => ({
        data: (input as { search?: string }).search === 'out' ? shops.slice(1, 2) : shops,
        total_records: (input as { search?: string }).search === 'out' ? 1 : 12,
      }),
    });
    await screen.findByRole('rowheader', { name: 'Acme Store' });
    const finds = () => calls.filter((c) => c.path === 'shops.find').map((c) => c.input);
    expect(finds()[0]).toEqual({ page: 1, limit: 25, sort_col: 'created_at', order: 1 });

    await user.type(screen.getByLabelText('Search stores'), 'out');
    await waitFor(() => expect(finds().at(-1)).toMatchObject({ search: 'out', page: 1 }));
    expect(await screen.findByRole('rowheader', { name: 'Outlet' })).toBeTruthy();
    expect(router.state.location.search).toContain('search=out');
    await user.clear(screen.getByLabelText('Search stores'));
    await waitFor(() => expect(router.state.location.search).not.toContain('search'));
    expect(await screen.findByRole('rowheader', { name: 'Acme Store' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Store Name' }));
    await waitFor(() => expect(finds().at(-1)).toMatchObject({ sort_col: 'shop_name', order: 1 }));
    expect(screen.getByRole('columnheader', { name: 'Store Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Store Name' }));
    await waitFor(() => expect(finds().at(-1)).toMatchObject({ sort_col: 'shop_name', order: -1 }));

    await user.selectOptions(screen.getByLabelText('Rows per page'), '5');
    await waitFor(() => expect(finds().at(-1)).toMatchObject({ limit: 5, page: 1 }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(finds().at(-1)).toMatchObject({ limit: 5, page: 2 }));
    expect(await screen.findByText('6–10 of 12')).toBeTruthy();
    expect(
      [...screen.getByLabelText('Rows per page').querySelectorAll('option')].map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50', '100']);
  });

  it('an address with a search the list cannot use (control characters, too long) lists without it', async () => {
    for (const search of ['out%00let', 'x'.repeat(201)]) {
      const { calls, unmount } = renderApp(
        `/store-list?search=${search}`,
        orgShopHandlers(session, { shops }),
      );
      expect(await screen.findByRole('rowheader', { name: 'Acme Store' })).toBeTruthy();
      const find = calls.find((c) => c.path === 'shops.find');
      expect(find?.input).toEqual({ page: 1, limit: 25, sort_col: 'created_at', order: 1 });
      unmount();
    }
  });

  it('shows the loading and the empty states', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp('/store-list', {
      ...orgShopHandlers(session),
      'shops.find': async () => {
        await gate;
        return { data: [], total_records: 0 };
      },
    });
    expect((await screen.findAllByTestId('store-row-loading')).length).toBeGreaterThan(0);
    release();
    expect(await screen.findByText('No stores yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add Store' })).toHaveLength(2);
  });

  it('deletes after confirmation and offers to reactivate; the row is replaced in place', async () => {
    const user = userEvent.setup();
    let current = [...shops];
    const setStatus = (id: string, status: 'active' | 'deleted') => {
      current = current.map((s) => (s.id === id ? { ...s, status } : s));
      const shop = current.find((s) => s.id === id);
      if (!shop) throw new Error(`no shop ${id}`);
      return shop;
    };
    const { calls } = renderApp('/store-list', {
      ...orgShopHandlers(session, { shops }),
      'shops.find': () => ({ data: current, total_records: current.length }),
      'shops.delete': (input) => ({
        message: 'Store deleted successfully.',
        shop: setStatus((input as { id: string }).id, 'deleted'),
        session,
      }),
      'shops.reactivate': (input) => ({
        message: 'Store reactivated successfully.',
        shop: setStatus((input as { id: string }).id, 'active'),
        session,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme Store?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'shops.delete')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Acme Store' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Store' }));
    expect((await screen.findByRole('status')).textContent).toContain('Store deleted successfully.');
    expect(inputOf(calls, 'shops.delete')).toEqual({ id: 's1' });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Acme Store' }));
    expect((await screen.findByRole('status')).textContent).toContain('Store reactivated successfully.');
    expect(await screen.findByRole('button', { name: 'Delete Acme Store' })).toBeTruthy();
  });
});
