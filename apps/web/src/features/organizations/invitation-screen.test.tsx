import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brokenInvitationHandlers, makeInvitationStatus, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp } from '@/test/render';

const status = makeInvitationStatus({
  email: 'merchant@example.com',
  role_name: 'Viewer',
  is_existing_user: true,
});

describe('/invitation/{orgId}/{staffId}', () => {
  it('signed out: shows the invitation and signs in first, coming back here', async () => {
    renderApp('/invitation/enc-org/enc-staff', {
      'auth.session': () => null,
      'organizations.invitationStatus': () => status,
    });
    expect(await screen.findByRole('heading', { name: 'Join Northwind' })).toBeTruthy();
    expect(screen.getByText('You are invited as Viewer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In to Accept' }).getAttribute('href')).toBe(
      '/login?redirect=%2Finvitation%2Fenc-org%2Fenc-staff',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/invitation-signup/enc-org/enc-staff',
    );
  });

  it('signed out without an account: signs up first', async () => {
    renderApp('/invitation/enc-org/enc-staff', {
      'auth.session': () => null,
      'organizations.invitationStatus': () => ({ ...status, is_existing_user: false }),
    });
    expect((await screen.findByRole('link', { name: 'Sign Up to Accept' })).getAttribute('href')).toBe(
      '/invitation-signup/enc-org/enc-staff',
    );
  });

  it('after signing in from the invitation, the login comes back to it', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { router } = renderApp('/login?redirect=%2Finvitation%2Fenc-org%2Fenc-staff', {
      'auth.session': () => (signedIn ? makeSession() : null),
      'auth.login': () => {
        signedIn = true;
        return makeSession();
      },
      'organizations.invitationStatus': () => status,
    });
    await user.type(await screen.findByLabelText('Email Address'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation/enc-org/enc-staff'));
    expect(await screen.findByRole('button', { name: 'Accept Invite' })).toBeTruthy();
  });

  it('signed in as the invitee: Accept Invite joins and goes to /store-list', async () => {
    const user = userEvent.setup();
    const joined = makeSession({ business_name: 'Northwind', active_org_id: 'o2' });
    const { router, calls } = renderApp('/invitation/enc-org/enc-staff', {
      ...orgShopHandlers(joined),
      'auth.session': () => makeSession(),
      'organizations.invitationStatus': () => status,
      'organizations.acceptInvitation': () => ({
        message: 'Invitation accepted successfully.',
        session: joined,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(inputOf(calls, 'organizations.acceptInvitation')).toEqual({
      orgId: 'enc-org',
      staffId: 'enc-staff',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Invitation accepted successfully.');
  });

  it('signed in with another email: says whom it was sent to', async () => {
    renderApp('/invitation/enc-org/enc-staff', {
      'auth.session': () => makeSession({ email: 'someone@else.com' }),
      'organizations.invitationStatus': () => status,
    });
    expect(await screen.findByText(/This invitation was sent to/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with another email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Invite' })).toBeNull();
  });

  it('accepted by the signed-in invitee (a social sign-in from the link): says they are a member', async () => {
    renderApp('/invitation/enc-org/enc-staff', {
      'auth.session': () => makeSession({ business_name: 'Northwind', active_shop_id: null }),
      'organizations.invitationStatus': () => ({ ...status, status: 'accepted' }),
    });
    expect(await screen.findByText(/You are a member of/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/store-list');
    expect(screen.queryByRole('button', { name: 'Accept Invite' })).toBeNull();
  });

  it('accepted, seen by someone else: already accepted', async () => {
    renderApp('/invitation/enc-org/enc-staff', {
      'auth.session': () => null,
      'organizations.invitationStatus': () => ({ ...status, status: 'accepted' }),
    });
    expect(await screen.findByText(/has already been accepted/)).toBeTruthy();
  });

  it('a broken link says so', async () => {
    renderApp('/invitation/x/y', brokenInvitationHandlers());
    expect(await screen.findByText('This invitation link is invalid or no longer exists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Feedloom' }).getAttribute('href')).toBe('/login');
  });
});
