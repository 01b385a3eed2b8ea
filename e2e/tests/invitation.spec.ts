import type { Page } from '@playwright/test';
import { DEMO, expect, snackbar, test } from '../fixtures';
import { apiCall } from '../seed-api';

const PASSWORD = 'Joiner@2024';

/** The demo owner invites `email` to Demo Outfitters (no invite screen yet: through the api). */
const inviteToDemo = async (email: string) => {
  const owner = await apiCall<{ access_token: string; business_name: string }>('POST', '/login', {
    body: { email: DEMO.email, password: DEMO.password },
  });
  expect(owner.business_name).toBe('Demo Outfitters');
  await apiCall('POST', '/staff', {
    token: owner.access_token,
    body: { email, role_id: 'store_manager', is_for_entire_organization: true },
  });
};

const throughGoogleConsent = async (page: Page, email: string) => {
  await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
  await page.getByLabel('Or use another email address').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
};

test.describe('invitation sign-up', () => {
  test('an invitee without an account signs up from the mailed link and joins Demo Outfitters', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('joiner');
    await inviteToDemo(email);
    const link = await mailbox.link(email, { subject: 'Demo Outfitters', match: '/invitation-signup/' });
    expect(new URL(link).pathname).toMatch(/^\/invitation-signup\/[^/]+\/[^/]+$/);

    await test.step('open the mailed link: the organisation and the invited e-mail are shown', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Join Demo Outfitters' })).toBeVisible();
      await expect(page.getByText('You are invited as Store Manager.', { exact: false })).toBeVisible();
      const invited = page.getByLabel('Email Address');
      await expect(invited).toHaveValue(email);
      await expect(invited).toHaveAttribute('readonly', '');
    });

    await test.step('the spec’s password rule is applied before anything is sent', async () => {
      await page.getByLabel('First Name').fill('Nora');
      await page.getByLabel('Password', { exact: true }).fill('joiner@2024');
      await page.getByLabel('Confirm Password', { exact: true }).fill('joiner@2024');
      await page.getByRole('button', { name: 'Accept & Create Account' }).click();
      await expect(
        page.getByText(
          'Password must contain an uppercase letter, a lowercase letter, a number and a special character (!@#$%&*()_).',
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/invitation-signup\//);
    });

    await test.step('accept and create the account: signed in, on to profile completion', async () => {
      await page.getByLabel('Last Name').fill('Reed');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Accept & Create Account' }).click();
      await expect(snackbar(page, 'Invitation accepted. Welcome to Demo Outfitters!')).toBeVisible();
      await expect(page).toHaveURL(/\/complete-profile$/);
      await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
      await expect(page.getByLabel('First Name')).toHaveValue('Nora');
      await expect(page.getByLabel('Last Name')).toHaveValue('Reed');
    });

    await test.step('after the profile, the member sees the stores of Demo Outfitters', async () => {
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(page).toHaveURL(/\/store-list$/);
      await expect(page.getByRole('button', { name: 'Organisation: Demo Outfitters' })).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Stores' }).getByRole('rowheader', { name: 'Demo Outfitters Store' }),
      ).toBeVisible();
    });

    await test.step('the link is used now, and the new password signs in', async () => {
      const used = await apiCall<{ status: string; is_existing_user: boolean }>(
        'GET',
        `/invitation-status/${new URL(link).pathname.split('/').slice(2).join('/')}`,
      );
      expect(used).toMatchObject({ status: 'accepted', is_existing_user: true });
      const signedIn = await apiCall<{ active_org_id: string | null; business_name: string | null }>(
        'POST',
        '/login',
        { body: { email, password: PASSWORD } },
      );
      expect(signedIn.business_name).toBe('Demo Outfitters');
    });
  });

  test('an invitee without an account joins with Google from the invitation sign-up page', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('social-joiner');
    await inviteToDemo(email);
    const link = await mailbox.link(email, { subject: 'Demo Outfitters', match: '/invitation-signup/' });
    const ids = new URL(link).pathname.split('/').slice(2).join('/');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Join Demo Outfitters' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await throughGoogleConsent(page, email);

    // Social callback: in an organisation with the invitation's ids → the invitation page.
    await expect(page).toHaveURL((url) => url.pathname === `/invitation/${ids}`);
    await expect(page.getByText('You are a member of Demo Outfitters.')).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/complete-profile$/);
  });
});
