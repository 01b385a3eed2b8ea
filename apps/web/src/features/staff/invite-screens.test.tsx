import { makeRole, makeStaff } from '@feedloom/contracts/testing';
import { PREDEFINED_ROLES } from '@feedloom/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeShop, orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, TrpcTestError, type TrpcHandlers } from '@/test/render';

const session = makeSession();
const shops = [makeShop({ id: 's1', shop_name: 'Acme Store' }), makeShop({ id: 's2', shop_name: 'Outlet' })];
const roles = [
  ...PREDEFINED_ROLES.map((r) => ({
    id: r.role_id,
    role_name: r.role_name,
    permissions: [...r.permissions],
    is_predefined: true,
    used_by: [],
    updated_at: null,
  })),
  makeRole({ id: 'r1', role_name: 'Feed editors' }),
];

function handlers(overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    ...orgShopHandlers(session, { shops }),
    'roles.find': () => ({ data: roles, total_records: roles.length }),
    'staff.find': () => ({ data: [], total_records: 0, total_staffs: 0, owner: null }),
    ...overrides,
  };
}

describe('/users-list/invite', () => {
  it('asks for a role and the scope with the messages', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/users-list/invite', handlers());
    await user.type(await screen.findByLabelText(/^Email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Role is required.')).toBeTruthy();
    expect(
      screen.getByText('Choose whether the invitation is for the entire organisation or selected stores.'),
    ).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Role'), 'New custom role…');
    await user.click(screen.getByLabelText('Selected stores'));
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Role name is required.')).toBeTruthy();
    expect(screen.getByText('Select at least one permission.')).toBeTruthy();
    expect(screen.getByText('Select at least one store.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'staff.invite')).toBe(false);
  });

  it('invites with a new read-only custom role for one store', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(
      '/users-list/invite',
      handlers({
        'staff.invite': () => ({ message: 'Invitation sent successfully.', staff: makeStaff() }),
      }),
    );
    await user.type(await screen.findByLabelText(/^Email/), 'new@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'New custom role…');
    await user.type(screen.getByLabelText(/^Role name/), 'Store readers');
    await user.click(screen.getByRole('radio', { name: 'Stores: Read' }));
    await user.click(screen.getByLabelText('Selected stores'));
    await user.click(screen.getByLabelText('Outlet'));
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users-list'));
    expect(calls.find((c) => c.path === 'staff.invite')?.input).toEqual({
      email: 'new@example.com',
      role_id: 'custom_role',
      role_name: 'Store readers',
      permissions: ['store_management'],
      is_for_entire_organization: false,
      shop_id_list: ['s2'],
    });
    expect(await screen.findByText('Invitation sent successfully.')).toBeTruthy();
  });

  it('shows an existing role’s permissions read-only and a taken e-mail under its input', async () => {
    const user = userEvent.setup();
    renderApp(
      '/users-list/invite',
      handlers({
        'staff.invite': () => {
          throw new TrpcTestError(
            'CONFLICT',
            'An invitation has already been sent to this email address.',
            409,
            {
              field: 'email',
            },
          );
        },
      }),
    );
    await user.type(await screen.findByLabelText(/^Email/), 'taken@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Feed editors');
    expect(screen.getByLabelText('Products and promotions: Manage').textContent).toBe('●');
    expect(screen.queryByRole('radio', { name: /Stores:/ })).toBeNull();
    await user.click(screen.getByLabelText('Entire organisation'));
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText('An invitation has already been sent to this email address.'),
    ).toBeTruthy();
  });
});

describe('/users-list/edit-invite/{staffId}', () => {
  it('loads the person, keeps the e-mail, and saves a new role and stores', async () => {
    const user = userEvent.setup();
    const member = makeStaff({
      id: 'b',
      email: 'member@example.com',
      status: 'accepted',
      role_id: 'r1',
      role_name: 'Feed editors',
      permissions: makeRole().permissions,
      is_for_entire_organization: false,
      shop_id_list: ['s1'],
    });
    const { calls, router } = renderApp(
      '/users-list/edit-invite/b',
      handlers({
        'staff.get': () => member,
        'staff.update': () => ({ message: 'User updated successfully.', staff: member }),
      }),
    );
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('member@example.com');
    expect((screen.getByLabelText('Acme Store') as HTMLElement).getAttribute('data-state')).toBe('checked');
    await user.selectOptions(screen.getByLabelText('Role'), 'Store Manager');
    await user.click(screen.getByLabelText('Outlet'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users-list'));
    expect(calls.find((c) => c.path === 'staff.update')?.input).toMatchObject({
      id: 'b',
      data: { role_id: 'store_manager', is_for_entire_organization: false, shop_id_list: ['s1', 's2'] },
    });
  });
});
