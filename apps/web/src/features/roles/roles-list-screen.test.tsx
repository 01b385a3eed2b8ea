import { makeRole } from '@feedloom/contracts/testing';
import { PREDEFINED_ROLES } from '@feedloom/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, type TrpcHandlers } from '@/test/render';

const predefined = PREDEFINED_ROLES.map((r) => ({
  id: r.role_id,
  role_name: r.role_name,
  permissions: [...r.permissions],
  is_predefined: true,
  used_by: [],
  updated_at: null,
}));
const editors = makeRole({
  id: 'r1',
  role_name: 'Feed editors',
  used_by: ['ann@example.com', 'bo@example.com'],
});
const spare = makeRole({ id: 'r2', role_name: 'Spare', permissions: ['store_management'] });
const roles = [...predefined, editors, spare];

function handlers(session = makeSession(), overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    ...orgShopHandlers(session),
    'roles.find': () => ({ data: roles, total_records: roles.length }),
    ...overrides,
  };
}

const rowOf = async (name: string) =>
  (
    await within(await screen.findByRole('table', { name: 'Roles' })).findByRole('rowheader', { name })
  ).closest('tr')!;

describe('/roles-list', () => {
  it('shows predefined roles read-only with their permissions, custom roles with their actions', async () => {
    renderApp('/roles-list', handlers());
    const viewer = await rowOf('Viewer');
    expect(within(viewer).getByText('Predefined')).toBeTruthy();
    expect(within(viewer).getByText(/Stores: read/)).toBeTruthy();
    expect(within(viewer).queryByRole('button')).toBeNull();
    const custom = await rowOf('Feed editors');
    expect(within(custom).getByText('Products and promotions: manage')).toBeTruthy();
    expect(within(custom).getByText('ann@example.com, bo@example.com')).toBeTruthy();
    expect(within(custom).getByRole('button', { name: 'Edit Feed editors' })).toBeTruthy();
  });

  it('a role in use is not deleted: the dialog says who holds it', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/roles-list', handlers());
    await user.click(
      within(await rowOf('Feed editors')).getByRole('button', { name: 'Delete Feed editors' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Feed editors is in use' });
    expect(dialog.textContent).toContain('It is held by ann@example.com, bo@example.com.');
    expect(within(dialog).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === 'roles.delete')).toBe(false);
  });

  it('deletes an unused role after asking', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/roles-list',
      handlers(makeSession(), {
        'roles.delete': () => ({ message: 'Role deleted successfully.', role: spare }),
      }),
    );
    await user.click(within(await rowOf('Spare')).getByRole('button', { name: 'Delete Spare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Spare?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Role' }));
    expect(await screen.findByText('Role deleted successfully.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'roles.delete')?.input).toEqual({ id: 'r2' });
  });

  it('creates a custom role from the matrix, with the messages', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/roles-list',
      handlers(makeSession(), {
        'roles.create': () => ({ message: 'Role created successfully.', role: spare }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'New custom role' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    expect(await within(dialog).findByText('Role name is required.')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one permission.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Role name/), 'Data team');
    await user.click(within(dialog).getByRole('radio', { name: 'Data sources: Manage' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Stores: Read' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'roles.create')?.input).toEqual({
        role_name: 'Data team',
        permissions: ['data_source_management', 'data_source_management_manage', 'store_management'],
      }),
    );
    expect(await screen.findByText('Role created successfully.')).toBeTruthy();
  });

  it('a reader sees the roles without New, Edit or Delete', async () => {
    renderApp('/roles-list', handlers(makeSession({ permissions: ['user_management'] })));
    await rowOf('Feed editors');
    expect(screen.queryByRole('button', { name: 'New Role' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});
