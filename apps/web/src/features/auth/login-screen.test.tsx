import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession, renderApp, TrpcTestError, type TrpcHandlers } from '@/test/render';

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;

describe('/login', () => {
  it('shows the sign-in form', async () => {
    renderApp('/login', signedOut);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
  });

  it('says what is missing, with the spec messages', async () => {
    const user = userEvent.setup();
    renderApp('/login', signedOut);
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email Address is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    // The message is tied to its field for assistive technology.
    const email = screen.getByLabelText('Email Address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(
      screen.getByText('Email Address is required.').id,
    );
  });

  it('rejects a malformed email with the spec message', async () => {
    const user = userEvent.setup();
    renderApp('/login', signedOut);
    await user.type(await screen.findByLabelText('Email Address'), 'first..last@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
  });

  it('signs in, sends the CSRF header, and lands on the default landing', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp('/login', {
      ...signedOut,
      'auth.login': () => makeSession({ active_shop_id: 'shop-9' }),
    });
    await user.type(await screen.findByLabelText('Email Address'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sync-shop/shop-9'));
    const login = calls.find((c) => c.path === 'auth.login');
    expect(login?.input).toEqual({ email: 'merchant@example.com', password: 'Secret#123' });
    expect(login?.headers.get('x-feedloom-csrf')).toBe('1');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('shows the server message when sign-in fails', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      ...signedOut,
      'auth.login': () => {
        throw new TrpcTestError('UNAUTHORIZED', 'Invalid email or password', 401);
      },
    });
    await user.type(await screen.findByLabelText('Email Address'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });
});
