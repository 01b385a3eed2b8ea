import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inputOf, makeNewUserSession, makeSession, renderApp, TrpcTestError } from '@/test/render';
import { profileHandlers } from '@/test/profile-fixtures';
import { readCallbackParams, socialLandingPath, supportLandingPath } from './oauth-callback';

const newUser = makeNewUserSession();

describe('socialLandingPath', () => {
  const login = (
    session = makeSession(),
    invitation: { organization_id: string; staff_id: string } | null = null,
  ) => ({
    mode: 'login' as const,
    session,
    invitation,
  });

  it('sends a connect (already signed in) to /manage-profile', () => {
    expect(socialLandingPath({ ...login(), mode: 'connect' })).toBe('/manage-profile');
  });

  it('sends a user without an organisation to /process-org', () => {
    expect(socialLandingPath(login(newUser))).toBe('/process-org');
    expect(socialLandingPath(login(newUser, { organization_id: 'o', staff_id: 's' }))).toBe('/process-org');
  });

  it('sends an organisation member with invitation ids to the invitation page', () => {
    expect(socialLandingPath(login(makeSession(), { organization_id: 'o/1', staff_id: 's 2' }))).toBe(
      '/invitation/o%2F1/s%202',
    );
  });

  it('otherwise goes by profile state', () => {
    expect(socialLandingPath(login(makeSession({ shops_count: 2 })))).toBe('/store-list');
    expect(socialLandingPath(login(makeSession({ shops_count: 0, profile_created: true })))).toBe(
      '/add-store',
    );
    expect(socialLandingPath(login(makeSession({ shops_count: 0, profile_created: false })))).toBe(
      '/complete-profile',
    );
  });

  it('reads code and state, a one-time token, or an error', () => {
    expect(readCallbackParams(new URLSearchParams('code=c&state=google.s'))).toEqual({
      kind: 'code',
      code: 'c',
      state: 'google.s',
    });
    expect(readCallbackParams(new URLSearchParams('token=t'))).toEqual({ kind: 'token', token: 't' });
    expect(readCallbackParams(new URLSearchParams('error=access_denied&state=x'))).toEqual({
      kind: 'error',
      message: 'Sign-in was cancelled.',
    });
    expect(readCallbackParams(new URLSearchParams(''))).toMatchObject({ kind: 'error' });
    expect(supportLandingPath({ active_shop_id: 'shop-1' })).toBe('/overview/shop-1');
  });
});

describe('/oauth/callback', () => {
  const signedOut = { 'auth.session': () => null };

  it('signs a new social user in once and lands them on /complete-profile (through the profile guard)', async () => {
    const { calls, router } = renderApp('/oauth/callback?code=c-1&state=google.abc', {
      ...signedOut,
      ...profileHandlers(),
      'auth.socialCallback': () => ({
        mode: 'login',
        provider: 'google',
        session: newUser,
        invitation: null,
        linked: true,
        message: 'Logged in successfully.',
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(calls.filter((c) => c.path === 'auth.socialCallback').map((c) => c.input)).toEqual([
      { code: 'c-1', state: 'google.abc' },
    ]);
  });

  it('a new Microsoft account whose address Microsoft did not vouch for: the mailed code on the verify screen, then signed in', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderApp('/oauth/callback?code=c-1&state=microsoft.abc', {
      ...signedOut,
      ...profileHandlers(),
      'auth.socialCallback': () => ({
        mode: 'verify_email',
        provider: 'microsoft',
        email: 'robin@contoso.test',
        signup_id: 'su-1',
        message: 'A verification code has been sent to your email.',
      }),
      'auth.verifySocialSignup': () => ({
        provider: 'microsoft',
        session: newUser,
        invitation: null,
        message: 'Your email address has been verified.',
      }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/confirm-otp/robin%40contoso.test/su-1'),
    );
    expect(router.state.location.search).toBe('?provider=microsoft');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText(/Microsoft did not confirm this address/).textContent).toContain(
      'robin@contoso.test',
    );
    // Nobody is signed in until the code comes back; the resend countdown started with the mail.
    expect(calls.some((c) => c.path === 'auth.verifySocialSignup')).toBe(false);
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(calls.filter((c) => c.path === 'auth.verifySocialSignup').map((c) => c.input)).toEqual([
      { signup_id: 'su-1', otp: '123456' },
    ]);
    expect(calls.some((c) => c.path === 'auth.verifyAccount')).toBe(false);
  });

  it('goes to /login with the server message when the sign-in fails', async () => {
    const { router } = renderApp('/oauth/callback?code=c-1&state=google.old', {
      ...signedOut,
      'auth.socialCallback': () => {
        throw new TrpcTestError(
          'BAD_REQUEST',
          'This sign-in request is invalid or has expired. Please try again.',
        );
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This sign-in request is invalid or has expired.',
    );
  });

  it('a callback this browser did not start is refused: the message shows on /login and nobody is signed in', async () => {
    const refused =
      'This sign-in was not started in this browser. For your security it was not completed; please sign in again.';
    const { router, calls } = renderApp('/oauth/callback?code=attacker-code&state=google.attacker', {
      ...signedOut,
      'auth.socialCallback': () => {
        throw new TrpcTestError('FORBIDDEN', refused, 403);
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(refused);
    expect(calls.filter((c) => c.path === 'auth.socialCallback')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: /continue with google/i })).toBeTruthy();
  });

  it('says a cancelled sign-in was cancelled, without calling the gateway', async () => {
    const { router, calls } = renderApp('/oauth/callback?error=access_denied&state=google.x', signedOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in was cancelled.');
    expect(calls.some((c) => c.path === 'auth.socialCallback')).toBe(false);
  });

  it('connects a login service when signed in and returns to /manage-profile', async () => {
    const { router } = renderApp('/oauth/callback?code=c-2&state=microsoft.abc', {
      'auth.session': () => makeSession(),
      ...profileHandlers(),
      'auth.socialCallback': () => ({
        mode: 'connect',
        provider: 'microsoft',
        session: makeSession(),
        invitation: null,
        linked: true,
        message: 'Microsoft account connected.',
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-profile'));
    expect((await screen.findByText('Microsoft account connected.')).closest('[role="status"]')).toBeTruthy();
  });

  it('a failed connect goes back to /manage-profile', async () => {
    const { router } = renderApp('/oauth/callback?code=c-2&state=google.abc', {
      'auth.session': () => makeSession(),
      ...profileHandlers(),
      'auth.socialCallback': () => {
        throw new TrpcTestError('CONFLICT', 'This Google account is already connected to another user.', 409);
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-profile'));
    expect((await screen.findByRole('alert')).textContent).toContain('already connected to another user');
  });

  it('a one-time token (support login) goes to /overview/{shop}, or /login on failure', async () => {
    const ok = renderApp('/oauth/callback?token=one-time', {
      ...signedOut,
      'auth.supportLogin': () => makeSession({ active_shop_id: 'shop-7' }),
    });
    await waitFor(() => expect(ok.router.state.location.pathname).toBe('/overview/shop-7'));
    expect(inputOf(ok.calls, 'auth.supportLogin')).toEqual({ token: 'one-time' });
    ok.unmount();

    const failed = renderApp('/oauth/callback?token=used', {
      ...signedOut,
      'auth.supportLogin': () => {
        throw new TrpcTestError('BAD_REQUEST', 'This link is invalid or has expired.');
      },
    });
    await waitFor(() => expect(failed.router.state.location.pathname).toBe('/login'));
  });
});
