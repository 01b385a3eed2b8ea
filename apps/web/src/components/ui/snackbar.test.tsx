import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leftPage, snackbar, SnackbarProvider, useSnackbar, type SnackbarSeverity } from './snackbar';

function Trigger({ message, severity }: { message: string; severity?: SnackbarSeverity }) {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show(message, severity)}>
      Notify {message}
    </button>
  );
}

/** Sonner adds a toast on the next task and removes one 200 ms after it starts leaving. */
const settle = (ms = 0) => act(() => vi.advanceTimersByTime(ms));
/** A dismissed toast leaves over a few frames and sonner's exit animation, each after a render. */
const settleOut = () => [50, 50, 250].forEach((ms) => settle(ms));
const click = (name: string | RegExp) => {
  act(() => screen.getByRole('button', { name }).click());
  settle();
};

describe('Snackbar (sonner)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => snackbar.hide());
    settleOut();
    vi.useRealTimers();
  });

  it('shows a success message at the bottom center by default and hides it after 6000 ms', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Profile updated successfully" />
      </SnackbarProvider>,
    );
    click(/Notify/);
    const message = screen.getByTestId('snackbar');
    expect(message.textContent).toContain('Profile updated successfully');
    expect(message.getAttribute('data-severity')).toBe('success');
    expect(message.getAttribute('role')).toBe('status');
    const toaster = message.closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster?.getAttribute('data-x-position')).toBe('center');

    settle(5999);
    expect(screen.queryByTestId('snackbar')).not.toBeNull();
    settle(1);
    expect(screen.queryByRole('status')).toBeNull();
    settle(250);
    expect(screen.queryByText('Profile updated successfully')).toBeNull();
  });

  it.each(['error', 'warning', 'info', 'success'] as const)('shows the %s severity', (severity) => {
    render(
      <SnackbarProvider>
        <Trigger message="Something happened" severity={severity} />
      </SnackbarProvider>,
    );
    click(/Notify/);
    expect(screen.getByTestId('snackbar').getAttribute('data-severity')).toBe(severity);
  });

  it('announces errors as alerts', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Internal Server Error!" severity="error" />
      </SnackbarProvider>,
    );
    click(/Notify/);
    expect(screen.getByRole('alert').textContent).toContain('Internal Server Error!');
  });

  it('shows one message at a time: a new one replaces the current one with its own 6000 ms', () => {
    render(
      <SnackbarProvider>
        <Trigger message="first" />
        <Trigger message="second" />
      </SnackbarProvider>,
    );
    click('Notify first');
    settle(4000);
    click('Notify second');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['second']);
    settle(4000);
    expect(screen.getByTestId('snackbar').textContent).toContain('second');
    expect(screen.queryByText('first')).toBeNull();
    settle(2000);
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('can be closed early', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Saved" />
      </SnackbarProvider>,
    );
    click(/Notify/);
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.queryByTestId('snackbar')).toBeNull();
    settleOut();
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('can be called outside components, e.g. from an error handler', () => {
    render(<SnackbarProvider>page</SnackbarProvider>);
    act(() => snackbar.error('Token Expired!'));
    settle();
    expect(screen.getByRole('alert').textContent).toContain('Token Expired!');
  });

  describe('a form error belongs to its page', () => {
    const at = (path: string) => window.history.pushState(null, '', path);
    const shown = () => screen.queryByTestId('snackbar')?.textContent ?? null;

    it('is dismissed when the user leaves the page it was shown on, and not before', () => {
      render(<SnackbarProvider>{null}</SnackbarProvider>);
      at('/confirm-otp');
      act(() => snackbar.pageError('Invalid OTP.'));
      settle();
      act(() => leftPage('/confirm-otp'));
      expect(shown()).toContain('Invalid OTP.');
      at('/create-password');
      act(() => leftPage('/create-password'));
      settleOut();
      expect(shown()).toBeNull();
    });

    it('goes along with a navigation its own action makes at once, then stays on that page only', () => {
      render(<SnackbarProvider>{null}</SnackbarProvider>);
      at('/confirm-otp');
      act(() => snackbar.pageError('This address has an account: sign in.'));
      at('/login');
      act(() => leftPage('/login'));
      settle();
      expect(shown()).toContain('This address has an account');
      at('/dashboard');
      act(() => leftPage('/dashboard'));
      settleOut();
      expect(shown()).toBeNull();
    });

    it('leaves other messages alone', () => {
      render(<SnackbarProvider>{null}</SnackbarProvider>);
      at('/stores');
      act(() => snackbar.error('The server could not be reached.'));
      settle();
      at('/dashboard');
      act(() => leftPage('/dashboard'));
      settleOut();
      expect(shown()).toContain('The server could not be reached.');
    });
  });
});
