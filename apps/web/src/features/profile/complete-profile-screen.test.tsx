import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, profileHandlers } from '@/test/profile-fixtures';
import type { SessionInfo } from '@/lib/trpc';
import { inputOf, makeNewUserSession, renderApp, type TrpcHandlers, TrpcTestError } from '@/test/render';

const newUser = makeNewUserSession({ first_name: null, last_name: null });

/** jsdom does not decode images: this one "loads" with the given size, or fails. */
function stubImage(result: { width: number; height: number } | 'error') {
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = result === 'error' ? 0 : result.width;
    naturalHeight = result === 'error' ? 0 : result.height;
    set src(_value: string) {
      setTimeout(() => (result === 'error' ? this.onerror?.() : this.onload?.()), 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = (overrides: Partial<SessionInfo> = {}) => ({
  profile: makeProfile({ first_name: 'Asha', profile_created: true }),
  session: { ...newUser, first_name: 'Asha', profile_created: true, ...overrides },
  message: 'Profile updated successfully',
});

const render = (extra: TrpcHandlers = {}) =>
  renderApp('/complete-profile', { 'auth.session': () => newUser, ...profileHandlers(), ...extra });

describe('/complete-profile', () => {
  it('shows a skeleton while the profile loads, then every field', async () => {
    renderApp('/complete-profile', {
      'auth.session': () => newUser,
      ...profileHandlers(),
      'profile.get': () => new Promise(() => undefined),
    });
    expect(await screen.findByRole('status', { name: 'Loading your profile' })).toBeTruthy();
  });

  it('has the labelled fields, +91 by default and the lists from the api', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    await screen.findByLabelText('First Name');
    for (const label of [
      'First Name',
      'Last Name',
      'Phone code',
      'Phone Number',
      'Timezone',
      'Preferred Language',
      'Business Type',
      'Profile picture',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    const code = screen.getByLabelText<HTMLSelectElement>('Phone code');
    expect(code.value).toBe('IN');
    expect(code.selectedOptions[0]?.textContent).toBe('🇮🇳 India (+91)');
    expect(screen.getByRole('option', { name: '(UTC+05:30) Asia/Kolkata' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Preferred Language').value).toBe('en');
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    expect(screen.queryByText('Login Services')).toBeNull();
  });

  it('keeps Save disabled while the form is invalid and says why', async () => {
    const user = userEvent.setup();
    render();
    const save = await screen.findByRole('button', { name: 'Save Profile' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    await user.type(screen.getByLabelText('First Name'), 'Asha1');
    expect(await screen.findByText('Only letters, hyphens and apostrophes are allowed.')).toBeTruthy();
    await user.clear(screen.getByLabelText('First Name'));
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('First Name'), 'Asha');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
  });

  it('checks the phone number for the selected country', async () => {
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('First Name'), 'Asha');
    // A Los Angeles number: valid under +1, not under India's +91.
    await user.type(screen.getByLabelText('Phone Number'), '3105550100');
    expect(await screen.findByText('Invalid phone number for the selected country.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Profile' }).hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Phone code'), 'US');
    await waitFor(() =>
      expect(screen.queryByText('Invalid phone number for the selected country.')).toBeNull(),
    );
  });

  it('blocks + - e and . in the phone number and strips non-digits on paste', async () => {
    const user = userEvent.setup();
    render();
    const phone = await screen.findByLabelText<HTMLInputElement>('Phone Number');
    await user.type(phone, '+98-76e5.4');
    expect(phone.value).toBe('987654');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('+91 (987) 654-3210');
    expect(phone.value).toBe('919876543210');
  });

  it('asks for Other Business Type only with Other', async () => {
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('First Name'), 'Asha');
    expect(screen.queryByLabelText('Other Business Type')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Business Type'), 'Other');
    expect(await screen.findByText('Please specify your business type.')).toBeTruthy();
    await user.type(screen.getByLabelText('Other Business Type'), 'Florist');
    await waitFor(() => expect(screen.queryByText('Please specify your business type.')).toBeNull());
  });

  it.each([
    [{ is_part_of_any_org: false }, '/process-org'],
    [{ is_part_of_any_org: true, shops_count: 0, active_org_id: 'o1', profile_created: true }, '/add-store'],
    [{ is_part_of_any_org: true, shops_count: 2, active_org_id: 'o1', profile_created: true }, '/store-list'],
  ])('saves, shows the server message and goes on (session %j → %s)', async (after, path) => {
    const user = userEvent.setup();
    const { calls, router } = render({ 'upload.profile': () => saved(after) });
    await user.type(await screen.findByLabelText('First Name'), 'Asha');
    await user.selectOptions(screen.getByLabelText('Timezone'), 'Asia/Kolkata');
    await user.selectOptions(screen.getByLabelText('Business Type'), 'Retailer');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(inputOf(calls, 'upload.profile')).toMatchObject({
      first_name: 'Asha',
      phone_code: '+91',
      timezone: 'Asia/Kolkata',
      utc_offset: '+05:30',
      preferred_language: 'English',
      preferred_language_id: 'en',
      business_type: 'Retailer',
    });
    expect((await screen.findByText('Profile updated successfully')).closest('[role="status"]')).toBeTruthy();
  });

  it.each([
    [
      new TrpcTestError('BAD_REQUEST', 'Please choose a timezone from the list.'),
      'Please choose a timezone from the list.',
    ],
    [new TrpcTestError('BAD_REQUEST', ' '), 'Failed to update profile'],
  ])('shows the server message, or the spec fallback, when saving fails', async (error, message) => {
    const user = userEvent.setup();
    const { router } = render({
      'upload.profile': () => {
        throw error;
      },
    });
    await user.type(await screen.findByLabelText('First Name'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  describe('profile picture', () => {
    const choose = async (file: File) => {
      const input = await screen.findByLabelText<HTMLInputElement>('Profile picture');
      // Not user.upload: it would drop files that do not match the input's accept list.
      fireEvent.change(input, { target: { files: [file] } });
    };
    const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

    it('refuses anything but JPG or PNG', async () => {
      render();
      await choose(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
      expect(await screen.findByText('Only JPG or PNG files are supported.')).toBeTruthy();
    });

    it('refuses 5 MB and more', async () => {
      render();
      await choose(png(5 * 1024 * 1024));
      expect(await screen.findByText('File size must be under 5MB.')).toBeTruthy();
    });

    it('says so when the image cannot be decoded for its dimensions', async () => {
      stubImage('error');
      render();
      await choose(png());
      expect(await screen.findByText('Failed to load image for dimension validation.')).toBeTruthy();
    });

    it("shows 'Uploading...' and disables Save while reading; then sends it with the profile", async () => {
      stubImage({ width: 640, height: 480 });
      const user = userEvent.setup();
      const { calls } = render({ 'upload.profile': () => saved() });
      await user.type(await screen.findByLabelText('First Name'), 'Asha');
      await choose(png());
      expect(screen.getByText('Uploading...')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Save Profile' }).hasAttribute('disabled')).toBe(true);
      expect(await screen.findByText(/This picture is 640 x 480 px; 500 x 500 px looks best./)).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Your profile picture' }).getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      );
      await user.click(screen.getByRole('button', { name: 'Save Profile' }));
      await waitFor(() =>
        expect(
          (inputOf(calls, 'upload.profile') as { profile_picture?: File }).profile_picture,
        ).toMatchObject({ type: 'image/png' }),
      );
    });
  });
});
