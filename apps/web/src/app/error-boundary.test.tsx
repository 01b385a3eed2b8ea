import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '@/lib/chunk-reload';
import { AppErrorBoundary } from './error-boundary';

function Throws({ message }: { message: string }): never {
  throw new Error(message);
}

describe('AppErrorBoundary', () => {
  it('shows a loader and reloads once when a code chunk failed to load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const first = render(
      <AppErrorBoundary reload={reload}>
        <Throws message="Failed to fetch dynamically imported module: https://app/assets/store-list.js" />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('status', { name: 'Loading the latest version' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    first.unmount();

    // The same failure after the reload: still a loader, but no reload loop.
    render(
      <AppErrorBoundary reload={reload}>
        <Throws message="Refused to execute script: strict MIME type checking is enabled" />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('status', { name: 'Loading the latest version' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders nothing for any other error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const { container } = render(
      <AppErrorBoundary reload={reload}>
        <Throws message="Cannot read properties of undefined (reading 'map')" />
      </AppErrorBoundary>,
    );
    expect(container.innerHTML).toBe('');
    expect(reload).not.toHaveBeenCalled();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>All good</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
