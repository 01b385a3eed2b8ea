import type { Page } from '@playwright/test';
import { expect, snackbar, test } from '../fixtures';

// Microsoft's ID tokens (and the sandbox's, like them) carry no email_verified: the address is only what the
// account says. A new account is made only once the sign-up code mailed to it comes back, and an address
// that already has an account never opens it.

const SIGN_IN_TO_CONNECT =
  'An account with this email already exists. Please sign in with your password, then connect Microsoft under Login Services on your profile.';

/** From the login page through the sandbox's Microsoft consent page, as a test account or a typed address. */
const signInWithMicrosoft = async (page: Page, who: { account?: string; email?: string }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Microsoft (sandbox)' })).toBeVisible();
  if (who.account) await page.getByLabel(who.account).check();
  if (who.email) await page.getByLabel('Or use another email address').fill(who.email);
  await page.getByRole('button', { name: 'Allow' }).click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test.describe('Microsoft sign-in without a verified address', () => {
  test('a new Microsoft user confirms the address with the sign-up code, then Microsoft signs straight in', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('microsoft');

    await test.step('sign in with Microsoft: asked for the code mailed to the address', async () => {
      await signInWithMicrosoft(page, { email });
      await expect(page).toHaveURL(/\/confirm-otp\/[^/]+\/[^/?]+\?provider=microsoft$/);
      await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
      await expect(page.getByText('Microsoft did not confirm this address')).toBeVisible();
    });

    await test.step('enter the code from the sign-up mail: the account is made and signed in', async () => {
      const mail = await mailbox.waitForMail(email);
      expect(mail.subject).toBe('Your Feedloom verification code');
      await page.getByLabel('Verification code').fill(await mailbox.otp(email));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page).toHaveURL(/\/complete-profile$/);
      await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    });

    await test.step('signed out and back in with Microsoft: no code this time', async () => {
      await signOut(page);
      const mailsBefore = (await mailbox.list(email)).length;
      await signInWithMicrosoft(page, { email });
      await expect(page).toHaveURL(/\/complete-profile$/);
      expect((await mailbox.list(email)).length).toBe(mailsBefore);
    });
  });

  test("a Microsoft account with the demo merchant's address does not open the demo account", async ({
    page,
  }) => {
    await signInWithMicrosoft(page, { account: 'Dana Demo — demo@feedloom.test' });
    await expect(page).toHaveURL(/\/login$/);
    await expect(snackbar(page, SIGN_IN_TO_CONNECT)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
  });
});
