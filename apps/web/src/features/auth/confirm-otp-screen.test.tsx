import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputOf, makeSession, renderApp, type TrpcHandlers, TrpcTestError } from '@/test/render';
import { recordOtpSent } from './otp-timer';

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;
const PATH = '/confirm-otp/new%40example.com/u-42';

describe('/confirm-otp/:email/:user_id', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the code sent to the email', async () => {
    renderApp(PATH, signedOut);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    // Sign-up answers a registered address like a new one; its owner gets a sign-in mail instead of a code.
    expect(
      screen.getByText(/If the address already has an account, the email tells you how to sign in/),
    ).toBeTruthy();
    const input = screen.getByLabelText('Verification code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('6');
  });

  it('keeps only digits and asks for all six', async () => {
    const user = userEvent.setup();
    renderApp(PATH, signedOut);
    const input = await screen.findByLabelText('Verification code');
    await user.type(input, '12a3');
    expect((input as HTMLInputElement).value).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code.')).toBeTruthy();
  });

  it('verifies the code and goes on to create the password', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp(PATH, {
      ...signedOut,
      'auth.verifyAccount': () => ({ user_id: 'u-42', email: 'new@example.com', token: 'tok-1' }),
    });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/create-password/new%40example.com/u-42/tok-1'),
    );
    expect(inputOf(calls, 'auth.verifyAccount')).toEqual({
      user_id: 'u-42',
      otp: '123456',
    });
  });

  it('disables Resend code while the 60 s countdown from signup runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    recordOtpSent('u-42', 60, Date.now() - 15_000);
    renderApp(PATH, signedOut);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Resend code in 45s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(45_000));
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/Resend code in/)).toBeNull();
  });

  it('resends the code and restarts the countdown', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(PATH, {
      ...signedOut,
      'auth.resendOtp': () => ({ resend_after_seconds: 60 }),
    });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    await user.click(resend);
    expect(await screen.findByText('Resend code in 60s')).toBeTruthy();
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(inputOf(calls, 'auth.resendOtp')).toEqual({
      user_id: 'u-42',
      email: 'new@example.com',
    });
    expect(screen.getByRole('status').textContent).toContain('We sent a new code to new@example.com.');
  });

  describe('a social sign-up (?provider=microsoft)', () => {
    const SOCIAL_PATH = '/confirm-otp/robin%40contoso.test/su-1?provider=microsoft';

    it('finishes the social sign-up: signs in and goes on like a social login', async () => {
      const user = userEvent.setup();
      const { calls, router } = renderApp(SOCIAL_PATH, {
        ...signedOut,
        'auth.verifySocialSignup': () => ({
          provider: 'microsoft',
          session: makeSession({ shops_count: 2 }),
          invitation: null,
          message: 'Your email address has been verified.',
        }),
        'auth.resendSocialSignupOtp': () => ({ resend_after_seconds: 30 }),
      });
      expect(await screen.findByText(/Microsoft did not confirm this address/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in another way' }).getAttribute('href')).toBe('/login');

      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      expect(await screen.findByText('Resend code in 30s')).toBeTruthy();
      expect(inputOf(calls, 'auth.resendSocialSignupOtp')).toEqual({
        signup_id: 'su-1',
      });

      await user.type(screen.getByLabelText('Verification code'), '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
      expect(inputOf(calls, 'auth.verifySocialSignup')).toEqual({
        signup_id: 'su-1',
        otp: '654321',
      });
      expect(calls.some((c) => c.path === 'auth.verifyAccount' || c.path === 'auth.resendOtp')).toBe(false);
    });

    it('keeps the screen on a wrong code, and sends an address that has an account to /login with the message', async () => {
      const user = userEvent.setup();
      let answer = 'wrong';
      const exists =
        'An account with this email already exists. Please sign in with your password, then connect Microsoft under Login Services on your profile.';
      const { router } = renderApp(SOCIAL_PATH, {
        ...signedOut,
        'auth.verifySocialSignup': () => {
          if (answer === 'wrong') throw new TrpcTestError('BAD_REQUEST', 'Invalid OTP.');
          throw new TrpcTestError('CONFLICT', exists, 409);
        },
      });
      await user.type(await screen.findByLabelText('Verification code'), '111111');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Invalid OTP.');
      expect(router.state.location.pathname).toBe('/confirm-otp/robin%40contoso.test/su-1');

      answer = 'exists';
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByText(exists)).toBeTruthy();
    });
  });
});
