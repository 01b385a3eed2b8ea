import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputOf, makeSession, renderApp, type TrpcHandlers } from '@/test/render';

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;
const PATH = '/create-password/new%40example.com/u-42/tok-1';

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Create Password' });
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(submit);
  return user;
}

describe('/create-password/:email/:user_id/:token', () => {
  it('shows the form with show/hide toggles', async () => {
    const user = userEvent.setup();
    renderApp(PATH, signedOut);
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();
  });

  it('requires both fields', async () => {
    renderApp(PATH, signedOut);
    await fill('', '');
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(screen.getByText('Confirm password is required.')).toBeTruthy();
  });

  it.each([
    ['Ab1#', 'Password must be 8 to 20 characters long.'],
    ['Abcdefgh1#Abcdefgh1#x', 'Password must be 8 to 20 characters long.'],
    ['#Abcdefg1', 'Password must not start with a space or special character.'],
    [
      'abcdefg1#',
      'Password must contain an uppercase letter, a lowercase letter, a number and a special character (!@#$%&*()_).',
    ],
    ['Abcdefg1😀', 'Password must not contain emojis.'],
  ])('applies the password rule to %s', async (password, message) => {
    renderApp(PATH, signedOut);
    await fill(password, password);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says when the confirmation does not match', async () => {
    renderApp(PATH, signedOut);
    await fill('Secret#123', 'Secret#124');
    expect(await screen.findByText('New password and confirm password must be the same')).toBeTruthy();
  });

  it('signs the new user in and lands on /complete-profile', async () => {
    const { calls, router } = renderApp(PATH, {
      ...signedOut,
      'auth.createPassword': () =>
        makeSession({ user_id: 'u-42', profile_created: false, is_part_of_any_org: false, permissions: [] }),
    });
    await fill('Secret#123', 'Secret#123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    expect(inputOf(calls, 'auth.createPassword')).toEqual({
      user_id: 'u-42',
      token: 'tok-1',
      password: 'Secret#123',
      confirm: 'Secret#123',
    });
  });
});
