import { makeAuditEntry, makeStaff } from '@feedloom/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrganization, makeShop, orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, type TrpcHandlers } from '@/test/render';

const session = makeSession();
const shops = [makeShop({ id: 's1', shop_name: 'Acme Store' }), makeShop({ id: 's2', shop_name: 'Outlet' })];
const staff = [
  makeStaff({ id: 'a', email: 'pending@example.com' }),
  makeStaff({
    id: 'b',
    email: 'member@example.com',
    status: 'accepted',
    role_name: 'Ops',
    is_for_entire_organization: false,
    shop_id_list: ['s2'],
    user_id: 'u2',
  }),
  makeStaff({ id: 'c', email: 'late@example.com', status: 'expired' }),
  makeStaff({ id: 'd', email: 'gone@example.com', status: 'revoked' }),
];
const owner = { user_id: 'u1', email: 'merchant@example.com', name: 'Mira Shah' };

function handlers(overrides: TrpcHandlers = {}, isOwner = true): TrpcHandlers {
  return {
    ...orgShopHandlers(session, { shops, organizations: [makeOrganization({ is_owner: isOwner })] }),
    'staff.find': () => ({ data: staff, total_records: staff.length, total_staffs: staff.length, owner }),
    'audit.find': () => ({ data: [], total_records: 0, actors: [] }),
    ...overrides,
  };
}

const rowOf = async (email: string) => {
  const table = await screen.findByRole('table', { name: 'Users' });
  return (await within(table).findByRole('rowheader', { name: email })).closest('tr')!;
};

describe('/users-list', () => {
  it('lists the owner, then staff with role, access, state and the actions each state allows', async () => {
    renderApp('/users-list', handlers());
    const member = await rowOf('member@example.com');
    expect(within(member).getByText('Ops')).toBeTruthy();
    expect(within(member).getByText('Outlet')).toBeTruthy();
    expect(within(member).getByText('Accepted')).toBeTruthy();
    expect(within(member).queryByRole('button', { name: /^Resend/ })).toBeNull();
    expect(within(member).getByRole('link', { name: 'Edit member@example.com' }).getAttribute('href')).toBe(
      '/users-list/edit-invite/b',
    );

    const pending = await rowOf('pending@example.com');
    expect(within(pending).getByText('Entire organisation')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(await rowOf('late@example.com')).getByText('Expired')).toBeTruthy();
    const revoked = await rowOf('gone@example.com');
    expect(within(revoked).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(
      within(revoked).getByRole('button', { name: 'Resend invitation to gone@example.com' }),
    ).toBeTruthy();

    const ownerRow = screen.getByTestId('owner-row');
    expect(within(ownerRow).getByText('Mira Shah')).toBeTruthy();
    expect(within(ownerRow).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Invite User' }).getAttribute('href')).toBe('/users-list/invite');
  });

  it('a manager who is not the owner has no activity tab', async () => {
    renderApp('/users-list', handlers({}, false));
    await rowOf('pending@example.com');
    expect(screen.getByRole('link', { name: 'Invite User' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Activity' })).toBeNull();
  });

  it('hides the actions from a user who may only read users', async () => {
    const reader = makeSession({ permissions: ['user_management'] });
    renderApp('/users-list', {
      ...handlers(),
      ...orgShopHandlers(reader, { shops, organizations: [makeOrganization({ is_owner: false })] }),
    });
    await rowOf('pending@example.com');
    expect(screen.queryByRole('link', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Resend / })).toBeNull();
  });

  it('asks before removing a member, saying what they lose, then removes them', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/users-list',
      handlers({
        'staff.delete': () => ({
          message: 'User removed from the organisation.',
          staff: { ...staff[1]!, status: 'revoked' },
        }),
      }),
    );
    await user.click(
      within(await rowOf('member@example.com')).getByRole('button', { name: 'Delete member@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove member@example.com?' });
    expect(dialog.textContent).toContain('loses access to this organisation (Ops on Outlet)');
    await user.click(within(dialog).getByRole('button', { name: 'Remove User' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'staff.delete')).toBe(true));
    expect(calls.find((c) => c.path === 'staff.delete')?.input).toEqual({ id: 'b' });
    expect(await screen.findByText('User removed from the organisation.')).toBeTruthy();
  });

  it('resends an invitation', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/users-list',
      handlers({
        'staff.resendInvitation': () => ({
          message: 'Invitation sent again. The previous link no longer works.',
          staff: staff[2]!,
        }),
      }),
    );
    await user.click(
      within(await rowOf('late@example.com')).getByRole('button', {
        name: 'Resend invitation to late@example.com',
      }),
    );
    expect(await screen.findByText('Invitation sent again. The previous link no longer works.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'staff.resendInvitation')?.input).toEqual({ id: 'c' });
  });

  it('shows the owner the activity log, before → after, filterable by person', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/users-list',
      handlers({
        'audit.find': (input) => ({
          data:
            input.actor_id === 'u2'
              ? []
              : [
                  makeAuditEntry(),
                  makeAuditEntry({
                    id: 'x2',
                    entity: 'member',
                    action: 'deleted',
                    summary: 'member@example.com',
                    before: { role: 'Ops', stores: 'Outlet' },
                    after: null,
                  }),
                ],
          total_records: input.actor_id === 'u2' ? 0 : 2,
          actors: [
            { user_id: 'u1', email: 'merchant@example.com', name: 'Mira Shah' },
            { user_id: 'u2', email: 'member@example.com', name: '' },
          ],
        }),
      }),
    );
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const table = await screen.findByRole('table', { name: 'Activity' });
    const renamed = (
      await within(table).findByRole('rowheader', { name: 'Updated store Acme Store' })
    ).closest('tr')!;
    expect(renamed.textContent).toContain('Store name: Acme Shop → Acme Store');
    expect(renamed.textContent).toContain('merchant@example.com');
    expect(within(table).getByRole('rowheader', { name: 'Deleted member member@example.com' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Person'), 'member@example.com');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'audit.find').at(-1)?.input).toMatchObject({
        actor_id: 'u2',
        page: 1,
      }),
    );
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
    expect(renamed.textContent).toContain('from 203.0.113.7');

    await user.selectOptions(screen.getByLabelText('Area'), 'Products and bulk customisation');
    await user.type(screen.getByLabelText('From'), '2025-03-02');
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'audit.find').at(-1)?.input).toEqual({
        actor_id: 'u2',
        area: 'products',
        from: '2025-03-02',
        to: '2025-03-31',
        page: 1,
        limit: expect.any(Number),
      }),
    );
  });

  it('a member given user rights meanwhile gets the page on the next load, without signing in again', async () => {
    const before = makeSession({ permissions: ['store_management'] });
    const after = makeSession({ permissions: ['store_management', 'user_management'] });
    renderApp('/users-list', {
      ...handlers({}, false),
      'auth.session': (input) => (input?.refresh ? after : before),
    });
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });
});
