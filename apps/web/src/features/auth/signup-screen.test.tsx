import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputOf, renderApp, type TrpcHandlers } from '@/test/render';
import { readOtpStamp } from './otp-timer';

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;

describe('/signup', () => {
  it('shows the sign-up form', async () => {
    renderApp('/signup', signedOut);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it('requires an email and the terms, with the spec messages', async () => {
    const user = userEvent.setup();
    renderApp('/signup', signedOut);
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email Address is required.')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions.')).toBeTruthy();
  });

  it('rejects a malformed email and clears the terms message once agreed', async () => {
    const user = userEvent.setup();
    renderApp('/signup', signedOut);
    await user.type(await screen.findByLabelText('Email Address'), 'merchant@example.c');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Invalid email address.')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions.')).toBeTruthy();
    // The label toggles the checkbox, like a native one.
    await user.click(screen.getByText('I agree to the terms and conditions'));
    await waitFor(() => expect(screen.queryByText('You must agree to the terms and conditions.')).toBeNull());
  });

  it('signs up, stores the OTP timestamp and goes to /confirm-otp/{email}/{user_id}', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp('/signup', {
      ...signedOut,
      'auth.signup': () => ({ user_id: 'u-42', email: 'new@example.com' }),
    });
    await user.type(await screen.findByLabelText('Email Address'), 'new@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm-otp/new%40example.com/u-42'));
    expect(inputOf(calls, 'auth.signup')).toEqual({
      email: 'new@example.com',
      isAgree: true,
    });
    // The wait the api enforces before another code (OTP_RESEND_SECONDS).
    expect(readOtpStamp('u-42')?.wait_seconds).toBe(30);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
  });
});
