import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { trpc } from '@/lib/trpc';
import { onUnauthorized, raiseUnauthorized } from '@/lib/unauthorized';
import { profileHandlers } from '@/test/profile-fixtures';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, TrpcTestError } from '@/test/render';

describe('signed-in layout', () => {
  it('shows the sidebar, the active organisation, the user menu and the footer', async () => {
    renderApp('/store-list', orgShopHandlers(makeSession()));
    expect(await screen.findByRole('heading', { name: 'Stores' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Stores' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Data sources' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Organisation: Acme Outdoor/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Feedloom');
  });

  it('gates sidebar items by module permission', async () => {
    renderApp('/manage-products', {
      'auth.session': () => makeSession({ permissions: ['product_and_promotions_feed'] }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toBeTruthy();
    expect(within(nav).queryByText('Stores')).toBeNull();
    expect(within(nav).queryByText('Data sources')).toBeNull();
    expect(within(nav).queryByText('Users')).toBeNull();
  });

  it('shows the items disabled until the user is in an organisation', async () => {
    renderApp('/create-org', {
      'auth.session': () => makeSession({ is_part_of_any_org: false, business_name: null, permissions: [] }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).getByText('Notifications').closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('shows the notification banner area except on the screens', async () => {
    const { router } = renderApp('/dashboard', { 'auth.session': () => makeSession() });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByTestId('notification-banner-area')).toBeTruthy();
    await act(() => router.navigate('/notifications'));
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-banner-area')).toBeNull();
  });

  it('logs out from the account menu and goes to /login', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const { calls, router } = renderApp('/store-list', {
      'auth.session': () => (signedIn ? makeSession() : null),
      'auth.logout': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Manage Profile' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(calls.some((c) => c.path === 'auth.logout' && c.headers.get('x-feedloom-csrf') === '1')).toBe(
      true,
    );
  });

  it('shows the global unauthorized event in the snackbar', async () => {
    renderApp('/store-list', orgShopHandlers(makeSession()));
    await screen.findByRole('heading', { name: 'Stores' });
    act(() => raiseUnauthorized('You do not have permission to do that.'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You do not have permission to do that.',
    );
  });

  it('renders the unauthorized page for a route the role may not open', async () => {
    renderApp('/users-list', { 'auth.session': () => makeSession({ permissions: ['store_management'] }) });
    expect(await screen.findByRole('heading', { name: 'You don’t have access to this page' })).toBeTruthy();
  });
});

/** Makes a protected call (auth.session with refresh) when clicked, as any screen's query would. */
function ProtectedCallProbe() {
  const query = trpc.auth.session.useQuery({ refresh: true }, { enabled: false, retry: false });
  return (
    <button type="button" onClick={() => void query.refetch()}>
      Probe
    </button>
  );
}

describe('session and errors', () => {
  it('drops the session and goes to /login when the gateway says the session ended', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      '/manage-profile',
      {
        ...profileHandlers(),
        'auth.session': (input) => {
          if ((input as { refresh?: boolean } | undefined)?.refresh) {
            throw new TrpcTestError('UNAUTHORIZED', 'Token Expired!', 401, { session_ended: true });
          }
          return makeSession();
        },
      },
      <ProtectedCallProbe />,
    );
    await screen.findByRole('heading', { name: 'Manage Profile' });
    await user.click(screen.getByRole('button', { name: 'Probe' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain('Token Expired!');
  });

  it('raises the unauthorized event on FORBIDDEN and shows its message', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const stop = onUnauthorized(({ message }) => seen.push(message));
    const { router } = renderApp(
      '/store-list',
      {
        ...orgShopHandlers(makeSession()),
        'auth.session': (input) => {
          if ((input as { refresh?: boolean } | undefined)?.refresh) {
            throw new TrpcTestError('FORBIDDEN', 'You cannot manage this shop.', 403);
          }
          return makeSession();
        },
      },
      <ProtectedCallProbe />,
    );
    await screen.findByRole('heading', { name: 'Stores' });
    await user.click(screen.getByRole('button', { name: 'Probe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot manage this shop.');
    expect(seen).toEqual(['You cannot manage this shop.']);
    expect(router.state.location.pathname).toBe('/store-list');
    stop();
  });
});

describe('routing', () => {
  it('sends an unknown path to the default landing', async () => {
    const { router } = renderApp('/nowhere/at/all', {
      'auth.session': () => makeSession({ active_shop_id: 's1' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sync-shop/s1'));
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderApp('/dashboard', { 'auth.session': () => null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the not-found page with Go Back to /store-list in an organisation', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/page-not-found', { 'auth.session': () => makeSession() });
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
  });

  it('Go Back leads to /process-org without an organisation', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/page-not-found', {
      'auth.session': () => makeSession({ is_part_of_any_org: false, permissions: [] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process-org'));
  });
});
