import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { recordOtpSent } from './otp-timer';

const signedOut = { 'auth.session': () => null };
const PATH = '/confirm-otp/new%40example.com/u-42';

describe('/confirm-otp/:email/:user_id', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the code sent to the email', async () => {
    renderApp(PATH, signedOut);
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
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
    expect(calls.find((c) => c.path === 'auth.verifyAccount')?.input).toEqual({ user_id: 'u-42', otp: '123456' });
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
    const { calls } = renderApp(PATH, { ...signedOut, 'auth.resendOtp': () => ({ resend_after_seconds: 60 }) });
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
    await user.click(resend);
    expect(await screen.findByText('Resend code in 60s')).toBeTruthy();
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path === 'auth.resendOtp')?.input).toEqual({ user_id: 'u-42', email: 'new@example.com' });
    expect(screen.getByRole('status').textContent).toContain('We sent a new code to new@example.com.');
  });
});
