import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputOf, makeSession, renderApp, type TrpcHandlers, TrpcTestError } from '@/test/render';

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;
const NEUTRAL = 'If an account exists for this email, we have sent a password reset link.';

describe('/forgot-password', () => {
  it('is linked from the login page and asks for the email address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/login', signedOut);
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/login');
  });

  it.each([
    ['', 'Email Address is required.'],
    ['first..last@example.com', 'Invalid email address.'],
  ])('validates %j with the spec message', async (email, message) => {
    const user = userEvent.setup();
    const { calls } = renderApp('/forgot-password', signedOut);
    if (email) await user.type(await screen.findByLabelText('Email Address'), email);
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.path === 'auth.forgotPassword')).toBe(false);
  });

  it('shows the neutral message the server answers', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/forgot-password', {
      ...signedOut,
      'auth.forgotPassword': () => ({ message: NEUTRAL }),
    });
    await user.type(await screen.findByLabelText('Email Address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByText(NEUTRAL)).closest('[role="status"]')).toBeTruthy();
    expect(inputOf(calls, 'auth.forgotPassword')).toEqual({
      email: 'someone@example.com',
    });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).toBeNull();
  });
});

describe('/reset-password/:token', () => {
  const fill = async (password: string, confirm: string) => {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  };

  it('shows the form with the password rules', async () => {
    renderApp('/reset-password/tok-9', signedOut);
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByText(/8 to 20 characters with an uppercase and a lowercase letter/)).toBeTruthy();
  });

  it.each([
    ['Ab1#', 'Ab1#', 'Password must be 8 to 20 characters long.'],
    [
      'abcdefg1#',
      'abcdefg1#',
      'Password must contain an uppercase letter, a lowercase letter, a number and a special character (!@#$%&*()_).',
    ],
    ['Secret#123', 'Secret#124', 'New password and confirm password must be the same'],
  ])('applies the rules to %s / %s', async (password, confirm, message) => {
    renderApp('/reset-password/tok-9', signedOut);
    await fill(password, confirm);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('sets the password with the token, signs in and lands on the default landing', async () => {
    const { calls, router } = renderApp('/reset-password/tok-9', {
      ...signedOut,
      'auth.resetPassword': () => makeSession({ active_shop_id: 'shop-3' }),
    });
    await fill('Fresh#2024', 'Fresh#2024');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sync-shop/shop-3'));
    expect(inputOf(calls, 'auth.resetPassword')).toEqual({
      token: 'tok-9',
      password: 'Fresh#2024',
      confirm: 'Fresh#2024',
    });
  });

  it('says clearly when the link was used or expired, and offers a new one', async () => {
    renderApp('/reset-password/used', {
      ...signedOut,
      'auth.resetPassword': () => {
        throw new TrpcTestError('BAD_REQUEST', 'This link is invalid or has expired.');
      },
    });
    await fill('Fresh#2024', 'Fresh#2024');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('This link is invalid or has expired.'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
