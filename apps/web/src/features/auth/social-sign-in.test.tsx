import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inputOf, renderApp, type TrpcHandlers } from '@/test/render';

const goToExternalUrl = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalUrl }));

const signedOut = { 'auth.session': () => null } satisfies TrpcHandlers;

describe('social sign-in buttons', () => {
  it.each([
    ['/login', 'Continue with Google', 'google', 'https://accounts.test/authorize?state=google.x'],
    ['/signup', 'Continue with Microsoft', 'microsoft', 'https://login.test/authorize?state=microsoft.x'],
  ])('on %s, %s goes to the provider sign-in page', async (path, label, provider, url) => {
    const user = userEvent.setup();
    const { calls } = renderApp(path, { ...signedOut, 'auth.socialLoginUrl': () => ({ auth_url: url }) });
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith(url));
    expect(inputOf(calls, 'auth.socialLoginUrl')).toEqual({ provider });
  });

  it('shows both providers on the login page', async () => {
    renderApp('/login', signedOut);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeTruthy();
  });
});
