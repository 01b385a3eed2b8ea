import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';

const noOrg = makeSession({
  is_part_of_any_org: false,
  organizations_count: 0,
  business_name: null,
  active_org_id: null,
  permissions: [],
  pending_invitation_count: 1,
});
const invitation = {
  email: 'merchant@example.com',
  business_name: 'Northwind Traders',
  encrypted_organization_object_id: 'enc-org',
  encrypted_staff_id: 'enc-staff',
  organization_object_id: 'o9',
  role_name: 'Store Manager',
  invited_at: '2025-03-01T10:00:00.000Z',
};

describe('/process-org', () => {
  it('offers to create or join an organisation and lists the pending invitations', async () => {
    renderApp('/process-org', {
      'auth.session': () => noOrg,
      'organizations.pendingInvitations': () => [invitation],
    });
    expect(await screen.findByRole('heading', { name: 'How Would You Like to Proceed?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a New Organisation' }).getAttribute('href')).toBe(
      '/create-org',
    );
    expect(screen.getByRole('button', { name: 'Join an Existing Organisation' })).toBeTruthy();
    const item = (await screen.findByText('Northwind Traders')).closest('li')!;
    expect(within(item).getByText('Invited as Store Manager')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Accept Invite' })).toBeTruthy();
  });

  it('says how to get an invitation when there is none', async () => {
    renderApp('/process-org', { 'auth.session': () => noOrg, 'organizations.pendingInvitations': () => [] });
    const help = await screen.findByText(/There are no pending invitations for/);
    expect(help.textContent).toContain('merchant@example.com');
    expect(help.textContent).toContain('ask its admin to invite you');
    expect(help.textContent).toContain('check your inbox or spam folder');
    expect(help.textContent).toContain('sign in with another email address');
    expect(screen.getByRole('button', { name: 'Sign in with another email' })).toBeTruthy();
  });

  it("says 'Failed to fetch pending invitations' when the list cannot be fetched", async () => {
    renderApp('/process-org', {
      'auth.session': () => noOrg,
      'organizations.pendingInvitations': () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'boom', 500);
      },
    });
    // A server error is retried once before it counts.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'Failed to fetch pending invitations',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('accepts an invitation: switches to that organisation, goes to /store-list and shows the server message', async () => {
    const user = userEvent.setup();
    const joined = makeSession({
      business_name: 'Northwind Traders',
      active_org_id: 'o9',
      permissions: ['store_management'],
    });
    let accepted = false;
    const { calls, router } = renderApp('/process-org', {
      'auth.session': () => (accepted ? joined : noOrg),
      'organizations.pendingInvitations': () => [invitation],
      'organizations.acceptInvitation': () => {
        accepted = true;
        return { message: 'Invitation accepted successfully.', session: joined };
      },
      'organizations.find': () => [],
      'shops.selectList': () => [],
      'shops.find': () => ({ data: [], total_records: 0 }),
      'shops.statistics': () => ({
        total_shops: 0,
        active_shops: 0,
        deleted_shops: 0,
        testing_shops: 0,
        total_products: 0,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(inputOf(calls, 'organizations.acceptInvitation')).toEqual({
      orgId: 'enc-org',
      staffId: 'enc-staff',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Invitation accepted successfully.');
    expect(await screen.findByRole('button', { name: /^Organisation: Northwind Traders/ })).toBeTruthy();
  });

  it("says 'Something went wrong. Please try again.' when accepting fails", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/process-org', {
      'auth.session': () => noOrg,
      'organizations.pendingInvitations': () => [invitation],
      'organizations.acceptInvitation': () => {
        throw new TrpcTestError('CONFLICT', 'This invitation has already been accepted.', 409);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong. Please try again.',
    );
    expect(router.state.location.pathname).toBe('/process-org');
  });
});
