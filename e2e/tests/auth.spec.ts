import type { Page } from '@playwright/test';
import { DEMO, expect, JOURNEY_PASSWORD, snackbar, test } from '../fixtures';

const signIn = async (page: Page, email: string, password: string) => {
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test.describe('authentication', () => {
  test('a new merchant signs up, verifies the email, creates a password, signs out and back in', async ({
    page,
    mailbox,
    sandboxUrl,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('signup');

    await test.step('open the sign-up page from the login page', async () => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign Up' }).click();
      await expect(page).toHaveURL(/\/signup$/);
    });

    await test.step('sign up with a new email', async () => {
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page).toHaveURL(/\/confirm-otp\/[^/]+\/[^/]+$/);
      await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    });

    const otp = await test.step('read the code from the mail', async () => {
      const code = await mailbox.otp(email);
      // A newcomer reads the same mail in the sandbox's viewer.
      const viewer = await page.context().newPage();
      await viewer.goto(`${sandboxUrl}/mail?to=${encodeURIComponent(email)}`);
      await expect(viewer.getByText(code).first()).toBeVisible();
      await viewer.close();
      return code;
    });

    await test.step('verify the email', async () => {
      await page.getByLabel('Verification code').fill(otp);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page).toHaveURL(/\/create-password\/[^/]+\/[^/]+\/[^/]+$/);
    });

    await test.step('create a password', async () => {
      await expect(page.getByRole('heading', { name: 'Create your password' })).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(JOURNEY_PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(JOURNEY_PASSWORD);
      await page.getByRole('button', { name: 'Create Password' }).click();
    });

    await test.step('land on profile completion (no profile yet)', async () => {
      await expect(page).toHaveURL(/\/complete-profile$/);
      await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    });

    await test.step('sign out', async () => {
      await signOut(page);
    });

    await test.step('sign in with the new password and land on profile completion again', async () => {
      await signIn(page, email, JOURNEY_PASSWORD);
      await expect(page).toHaveURL(/\/complete-profile$/);
      await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    });
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.email, 'Wrong@12345');
    await expect(snackbar(page, 'Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an invalid email is refused before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'john..doe@example.com', 'Whatever@123');
    await expect(page.getByText('Invalid email address.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the demo merchant lands on the sync page of the active shop', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/sync-shop\/[^/]+$/);
    await signOut(page);
  });
});
