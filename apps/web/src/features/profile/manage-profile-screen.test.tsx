import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProfile, profileHandlers } from '@/test/profile-fixtures';
import { inputOf, makeSession, renderApp, type TrpcHandlers, TrpcTestError } from '@/test/render';
import { passwordStatusText } from './security-settings';

const goToExternalUrl = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalUrl }));

const DISCONNECT_TOOLTIP = 'Please set your password to disconnect login service';

const PROFILE = makeProfile({
  first_name: 'Mira',
  last_name: 'Shah',
  phone_code: '+1',
  country_code: '+1',
  phone_number: '4165550123',
  timezone: 'America/New_York',
  utc_offset: '-05:00',
  preferred_language: 'Hindi',
  preferred_language_id: 'hi',
  business_type: 'Retailer',
  profile_created: true,
  profile_picture_path: '/media/profile-picture/u1?v=1',
});

const render = (profile = PROFILE, extra: TrpcHandlers = {}) =>
  renderApp('/manage-profile', {
    'auth.session': () => makeSession(),
    ...profileHandlers(profile),
    ...extra,
  });

describe('/manage-profile', () => {
  it('shows the saved profile in Basic Details with a read-only email', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Manage Profile' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Basic Details', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Security Settings' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('First Name')).value).toBe('Mira');
    const email = screen.getByLabelText<HTMLInputElement>('Email Address');
    expect(email.value).toBe('merchant@example.com');
    expect(email.readOnly).toBe(true);
    // A Toronto number under +1 shows Canada.
    expect(screen.getByLabelText<HTMLSelectElement>('Phone code').value).toBe('CA');
    expect(screen.getByLabelText<HTMLSelectElement>('Timezone').value).toBe('America/New_York');
    expect(screen.getByLabelText<HTMLSelectElement>('Preferred Language').value).toBe('hi');
    expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toBe(
      '/media/profile-picture/u1?v=1',
    );
  });

  it('saves and stays, with the server message', async () => {
    const user = userEvent.setup();
    const { router, calls } = render(PROFILE, {
      'upload.profile': () => ({
        profile: { ...PROFILE, first_name: 'Mina' },
        session: makeSession({ first_name: 'Mina' }),
        message: 'Profile updated successfully',
      }),
    });
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Mina');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findByText('Profile updated successfully')).closest('[role="status"]')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage-profile');
    expect(inputOf(calls, 'upload.profile')).toMatchObject({
      first_name: 'Mina',
      phone_code: '+1',
      phone_number: '4165550123',
    });
    expect(inputOf(calls, 'upload.profile')).not.toHaveProperty('profile_picture');
  });

  describe('Login Services', () => {
    it('offers Connect for services not connected and goes to the provider', async () => {
      const user = userEvent.setup();
      render(PROFILE, { 'auth.connectSocialUrl': () => ({ auth_url: 'https://accounts.test/authorize' }) });
      const card = (await screen.findByText('Login Services')).closest('div.rounded-lg') as HTMLElement;
      await user.click(within(card).getByRole('button', { name: 'Connect Google' }));
      await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith('https://accounts.test/authorize'));
      expect(within(card).getByRole('button', { name: 'Connect Microsoft' })).toBeTruthy();
    });

    it('keeps Disconnect disabled, with the tooltip, until a password is set', async () => {
      const user = userEvent.setup();
      render({
        ...PROFILE,
        has_password: false,
        changed_password_at: null,
        is_google_connected: true,
        google_email: 'mira@gmail.test',
      });
      const disconnect = await screen.findByRole('button', { name: 'Disconnect Google' });
      expect(disconnect.hasAttribute('disabled')).toBe(true);
      expect(screen.getByText('mira@gmail.test')).toBeTruthy();
      await user.hover(disconnect.parentElement!);
      expect((await screen.findByRole('tooltip')).textContent).toContain(DISCONNECT_TOOLTIP);
    });

    it('disconnects once a password exists and shows the server message', async () => {
      const user = userEvent.setup();
      const { calls } = render(
        { ...PROFILE, is_microsoft_connected: true, microsoft_email: 'mira@outlook.test' },
        { 'auth.disconnectSocial': () => ({ message: 'Microsoft login service disconnected.' }) },
      );
      const disconnect = await screen.findByRole('button', { name: 'Disconnect Microsoft' });
      expect(disconnect.hasAttribute('disabled')).toBe(false);
      await user.click(disconnect);
      expect(await screen.findByText('Microsoft login service disconnected.')).toBeTruthy();
      expect(inputOf(calls, 'auth.disconnectSocial')).toEqual({ provider: 'microsoft' });
    });
  });

  describe('Security Settings', () => {
    it('reads when the password last changed, and changes it with the current one', async () => {
      const user = userEvent.setup();
      const { calls } = render(PROFILE, {
        'auth.changePassword': (input) => {
          if ((input as { current_password: string }).current_password !== 'Secret#123') {
            throw new TrpcTestError('BAD_REQUEST', 'Current password is incorrect.');
          }
          return {
            has_password: true,
            changed_password_at: '2026-05-06T00:00:00.000Z',
            message: 'Your password has been changed.',
          };
        },
      });
      await user.click(await screen.findByRole('tab', { name: 'Security Settings' }));
      expect(await screen.findByText(passwordStatusText(PROFILE))).toBeTruthy();
      expect(passwordStatusText(PROFILE)).toMatch(/^You last changed your password Mar 4, 2026$/);
      await user.click(screen.getByRole('button', { name: 'Change your password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
      expect(within(dialog).getByText(/8 to 20 characters with an uppercase/)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect(await within(dialog).findByText('Current password is required.')).toBeTruthy();
      expect(within(dialog).getByText('Password is required.')).toBeTruthy();

      await user.type(within(dialog).getByLabelText('Current Password'), 'Wrong#123');
      await user.type(within(dialog).getByLabelText('New Password'), 'Fresh#2024');
      await user.type(within(dialog).getByLabelText('Confirm Password'), 'Fresh#2024');
      await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Current password is incorrect.');

      await user.clear(within(dialog).getByLabelText('Current Password'));
      await user.type(within(dialog).getByLabelText('Current Password'), 'Secret#123');
      await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.filter((c) => c.path === 'auth.changePassword')).toHaveLength(2);
    });

    it('invites a user without a password to create one, without asking for a current password', async () => {
      const user = userEvent.setup();
      const noPassword = { ...PROFILE, has_password: false, changed_password_at: null };
      const { calls } = render(noPassword, {
        'auth.setPassword': () => ({
          has_password: true,
          changed_password_at: '2026-05-06T00:00:00.000Z',
          message: 'Your password has been created.',
        }),
      });
      await user.click(await screen.findByRole('tab', { name: 'Security Settings' }));
      expect(await screen.findByText('You can create your password from here')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Create your password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create your password' });
      expect(within(dialog).queryByLabelText('Current Password')).toBeNull();
      await user.type(within(dialog).getByLabelText('New Password'), 'Fresh#2024');
      await user.type(within(dialog).getByLabelText('Confirm Password'), 'Fresh#2025');
      await user.click(within(dialog).getByRole('button', { name: 'Create Password' }));
      expect(
        await within(dialog).findByText('New password and confirm password must be the same'),
      ).toBeTruthy();
      await user.clear(within(dialog).getByLabelText('Confirm Password'));
      await user.type(within(dialog).getByLabelText('Confirm Password'), 'Fresh#2024');
      await user.click(within(dialog).getByRole('button', { name: 'Create Password' }));
      expect(await screen.findByText('Your password has been created.')).toBeTruthy();
      expect(inputOf(calls, 'auth.setPassword')).toEqual({
        password: 'Fresh#2024',
        confirm: 'Fresh#2024',
      });
    });
  });
});
