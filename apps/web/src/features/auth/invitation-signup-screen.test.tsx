import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brokenInvitationHandlers, makeInvitationStatus, orgShopHandlers } from '@/test/org-handlers';
import type { RouterOutputs } from '@/lib/trpc';
import { inputOf, makeSession, renderApp, type TrpcHandlers, TrpcTestError } from '@/test/render';

const goToExternalUrl = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser', () => ({ goToExternalUrl }));

const PATH = '/invitation-signup/enc-org/enc-staff';
const PASSWORD = 'Joiner@2024';
const WELCOME = 'Invitation accepted. Welcome to Northwind!';
const status = makeInvitationStatus();
const signedOut = {
  'auth.session': () => null,
  'organizations.invitationStatus': () => status,
} satisfies TrpcHandlers;
const joined = (overrides: Parameters<typeof makeSession>[0] = {}) =>
  makeSession({
    email: 'newcomer@example.com',
    first_name: 'Nora',
    last_name: null,
    profile_created: false,
    business_name: 'Northwind',
    active_org_id: 'o2',
    ...overrides,
  });

async function fill(values: { first?: string; last?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Accept & Create Account' });
  if (values.first) await user.type(screen.getByLabelText('First Name'), values.first);
  if (values.last) await user.type(screen.getByLabelText('Last Name'), values.last);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
  await user.click(submit);
  return user;
}

describe('/invitation-signup/{orgId}/{staffId}', () => {
  it('shows the organisation, the invited e-mail read-only, the form and the social buttons', async () => {
    const user = userEvent.setup();
    renderApp(PATH, signedOut);
    expect(await screen.findByRole('heading', { name: 'Join Northwind' })).toBeTruthy();
    expect(screen.getByText(/You are invited as Store Manager/)).toBeTruthy();
    const email = screen.getByLabelText('Email Address') as HTMLInputElement;
    expect(email.value).toBe('newcomer@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect(screen.getByLabelText('Last Name')).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?redirect=%2Finvitation%2Fenc-org%2Fenc-staff',
    );
  });

  it('requires a first name, a password and its confirmation (the last name is optional)', async () => {
    const { calls } = renderApp(PATH, signedOut);
    await fill({});
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(screen.getByText('Confirm password is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'auth.invitationSignup')).toBe(false);
  });

  it.each([
    ['Ab1#', 'Password must be 8 to 20 characters long.'],
    ['#Abcdefg1', 'Password must not start with a space or special character.'],
    [
      'abcdefg1#',
      'Password must contain an uppercase letter, a lowercase letter, a number and a special character (!@#$%&*()_).',
    ],
  ])('applies the password rule to %s', async (password, message) => {
    renderApp(PATH, signedOut);
    await fill({ first: 'Nora', password, confirm: password });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says when the confirmation does not match, and checks the name rule', async () => {
    renderApp(PATH, signedOut);
    await fill({ first: 'Nora', last: "O''Neil", password: PASSWORD, confirm: 'Joiner@2025' });
    expect(await screen.findByText('New password and confirm password must be the same')).toBeTruthy();
    expect(
      screen.getByText('A hyphen or apostrophe must sit between letters and cannot be doubled.'),
    ).toBeTruthy();
  });

  it('creates the account, fills the session and, without a profile, lands on /complete-profile', async () => {
    const { calls, router } = renderApp(PATH, {
      ...signedOut,
      'auth.invitationSignup': () => ({ message: WELCOME, session: joined() }),
    });
    await fill({ first: 'Nora', password: PASSWORD, confirm: PASSWORD });
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeTruthy();
    expect(inputOf(calls, 'auth.invitationSignup')).toEqual({
      organization_id: 'enc-org',
      staff_id: 'enc-staff',
      first_name: 'Nora',
      last_name: '',
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(WELCOME))).toBe(true);
  });

  it('with a profile, lands on /store-list with the server message', async () => {
    const session = joined({ profile_created: true });
    const { router } = renderApp(PATH, {
      ...orgShopHandlers(session),
      ...signedOut,
      'auth.invitationSignup': () => ({ message: WELCOME, session }),
    });
    await fill({ first: 'Nora', last: 'Reed', password: PASSWORD, confirm: PASSWORD });
    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(WELCOME))).toBe(true);
  });

  it('shows the loading flag while the account is created', async () => {
    let finish: (value: RouterOutputs['auth']['invitationSignup']) => void = () => undefined;
    renderApp(PATH, {
      ...signedOut,
      'auth.invitationSignup': () => new Promise((resolve) => (finish = resolve)),
    });
    await fill({ first: 'Nora', password: PASSWORD, confirm: PASSWORD });
    const button = await screen.findByRole('button', { name: 'Accept & Create Account' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    finish({ message: WELCOME, session: joined() });
  });

  it('an address that got an account meanwhile: the server message, then Sign in to accept', async () => {
    let hasAccount = false;
    renderApp(PATH, {
      'auth.session': () => null,
      'organizations.invitationStatus': () => ({ ...status, is_existing_user: hasAccount }),
      'auth.invitationSignup': () => {
        hasAccount = true;
        throw new TrpcTestError(
          'CONFLICT',
          'An account with this email already exists. Please sign in to accept the invitation.',
          409,
        );
      },
    });
    await fill({ first: 'Nora', password: PASSWORD, confirm: PASSWORD });
    expect(
      await screen.findByText(
        'An account with this email already exists. Please sign in to accept the invitation.',
      ),
    ).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Sign in to accept' })).getAttribute('href')).toBe(
      '/login?redirect=%2Finvitation%2Fenc-org%2Fenc-staff',
    );
  });

  it('an invitee with an account is sent to sign in and accept', async () => {
    renderApp(PATH, {
      ...signedOut,
      'organizations.invitationStatus': () => ({ ...status, is_existing_user: true }),
    });
    expect((await screen.findByRole('link', { name: 'Sign in to accept' })).getAttribute('href')).toBe(
      '/login?redirect=%2Finvitation%2Fenc-org%2Fenc-staff',
    );
    expect(screen.queryByRole('button', { name: 'Accept & Create Account' })).toBeNull();
  });

  it('a broken link says so, with a way to sign in', async () => {
    renderApp('/invitation-signup/x/y', brokenInvitationHandlers());
    expect(await screen.findByText('This invitation link is invalid or no longer exists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Accept & Create Account' })).toBeNull();
  });

  it('a used invitation says so, with a way to sign in', async () => {
    renderApp(PATH, {
      ...signedOut,
      'organizations.invitationStatus': () => ({ ...status, status: 'accepted' }),
    });
    expect(await screen.findByText(/has already been accepted/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('the social buttons carry the invitation ids', async () => {
    const user = userEvent.setup();
    const url = 'https://accounts.test/authorize?state=google.x';
    const { calls } = renderApp(PATH, { ...signedOut, 'auth.socialLoginUrl': () => ({ auth_url: url }) });
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(goToExternalUrl).toHaveBeenCalledWith(url));
    expect(inputOf(calls, 'auth.socialLoginUrl')).toEqual({
      provider: 'google',
      organization_id: 'enc-org',
      staff_id: 'enc-staff',
    });
  });
});
