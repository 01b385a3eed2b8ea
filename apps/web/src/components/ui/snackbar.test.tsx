import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar, type SnackbarSeverity } from './snackbar';

function Trigger({ message, severity }: { message: string; severity?: SnackbarSeverity }) {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show(message, severity)}>
      Notify {message}
    </button>
  );
}

describe('Snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success message by default and hides it after 6000 ms', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Profile updated successfully" />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: /Notify/ }).click());
    const snackbar = screen.getByTestId('snackbar');
    expect(snackbar.textContent).toContain('Profile updated successfully');
    expect(snackbar.getAttribute('data-severity')).toBe('success');
    expect(snackbar.getAttribute('role')).toBe('status');

    act(() => vi.advanceTimersByTime(5999));
    expect(screen.queryByTestId('snackbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it.each(['error', 'warning', 'info', 'success'] as const)('shows the %s severity', (severity) => {
    render(
      <SnackbarProvider>
        <Trigger message="Something happened" severity={severity} />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: /Notify/ }).click());
    expect(screen.getByTestId('snackbar').getAttribute('data-severity')).toBe(severity);
  });

  it('announces errors as alerts', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Internal Server Error!" severity="error" />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: /Notify/ }).click());
    expect(screen.getByRole('alert').textContent).toContain('Internal Server Error!');
  });

  it('restarts the 6000 ms when a new message replaces the current one', () => {
    render(
      <SnackbarProvider>
        <Trigger message="first" />
        <Trigger message="second" />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Notify first' }).click());
    act(() => vi.advanceTimersByTime(4000));
    act(() => screen.getByRole('button', { name: 'Notify second' }).click());
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('snackbar').textContent).toContain('second');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('can be closed early', () => {
    render(
      <SnackbarProvider>
        <Trigger message="Saved" />
      </SnackbarProvider>,
    );
    act(() => screen.getByRole('button', { name: /Notify/ }).click());
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });
});
