import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, snackbar, test } from '../fixtures';

const NEW_PASSWORD = 'Journey@2025';

/** A real (decodable) PNG, so the browser's own dimension check passes: a 500 x 500 blue square. */
const bluePng = (size = 500): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [25, 82, 121]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** From the app's button to the sandbox's consent page and back, as the account `email`. */
const throughGoogleConsent = async (page: Page, email: string) => {
  await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
  await page.getByLabel('Or use another email address').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
};

const signInWithGoogle = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await throughGoogleConsent(page, email);
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
};

test.describe('accounts', () => {
  test('Google sign-in through the consent page with a test account lands a new user on profile completion', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
    await page.getByLabel('Priya Nair — priya.nair@gmail.sandbox.test').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    // The provider's name is taken as a starting point.
    await expect(page.getByLabel('First Name')).toHaveValue('Priya');
    await expect(page.getByLabel('Last Name')).toHaveValue('Nair');
  });

  test('a new merchant signs in with Google and completes the profile', async ({ page, uniqueEmail }) => {
    const email = uniqueEmail('google');

    await test.step('sign in with Google as a new account', async () => {
      await signInWithGoogle(page, email);
      await expect(page).toHaveURL(/\/complete-profile$/);
    });

    await test.step('fill the profile; a number invalid for +91 is refused first', async () => {
      await page.getByLabel('First Name').fill('Asha');
      await page.getByLabel('Last Name').fill("D'Souza");
      await expect(page.getByLabel('Phone code')).toHaveValue('IN');
      // A Los Angeles number: valid in the US, not in India.
      await page.getByLabel('Phone Number').fill('3105550100');
      await expect(page.getByText('Invalid phone number for the selected country.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
      await page.getByLabel('Phone Number').fill('9876543210');
      await expect(page.getByText('Invalid phone number for the selected country.')).toBeHidden();
      await page.getByLabel('Timezone').selectOption('Asia/Kolkata');
      await page.getByLabel('Preferred Language').selectOption({ label: 'English' });
      await page.getByLabel('Business Type').selectOption('Other');
      await page.getByLabel('Other Business Type').fill('Florist');
      await page
        .getByLabel('Profile picture')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: bluePng() });
      await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
    });

    await test.step('save and go on to the organisation choice', async () => {
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(snackbar(page, 'Profile updated successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/process-org$/);
    });

    await test.step('the picture is served through the gateway and the profile keeps every field', async () => {
      const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
      await expect(avatar).toHaveAttribute('src', /^\/media\/profile-picture\/[^?]+\?v=\d+$/);
      await expect
        .poll(() => avatar.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(500);
      await page.goto('/manage-profile');
      await expect(page.getByLabel('First Name')).toHaveValue('Asha');
      await expect(page.getByLabel('Email Address')).toHaveValue(email);
      await expect(page.getByLabel('Phone Number')).toHaveValue('9876543210');
      await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Kolkata');
      await expect(page.getByLabel('Other Business Type')).toHaveValue('Florist');
    });
  });

  test('forgot password: the mailed link signs in once', async ({ page, mailbox, uniqueEmail }) => {
    const email = uniqueEmail('reset');

    await test.step('an account made with Google, signed out', async () => {
      await signInWithGoogle(page, email);
      await expect(page).toHaveURL(/\/complete-profile$/);
      await signOut(page);
    });

    const link = await test.step('ask for a reset link', async () => {
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(
        page.getByText('If an account exists for this email, we have sent a password reset link.'),
      ).toBeVisible();
      return mailbox.link(email, { subject: 'Reset your Feedloom password', match: '/reset-password/' });
    });

    await test.step('choose a new password from the link and land signed in', async () => {
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL(/\/complete-profile$/);
      await signOut(page);
    });

    await test.step('the same link fails the second time, with a clear message', async () => {
      await page.goto(link);
      await page.getByLabel('Password', { exact: true }).fill('Another@2025');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Another@2025');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' }).first(),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    });

    await test.step('the new password signs in', async () => {
      await page.goto('/login');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/complete-profile$/);
    });
  });

  test('security settings: a Google user creates a password, then can disconnect and connect again', async ({
    page,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('security');
    await signInWithGoogle(page, email);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await page.goto('/manage-profile');

    await test.step('Disconnect is disabled until a password exists', async () => {
      await expect(page.getByRole('heading', { name: 'Manage Profile' })).toBeVisible();
      const disconnect = page.getByRole('button', { name: 'Disconnect Google' });
      await expect(disconnect).toBeDisabled();
      await disconnect.locator('..').hover();
      await expect(page.getByRole('tooltip')).toContainText(
        'Please set your password to disconnect login service',
      );
    });

    await test.step('create a password from Security Settings', async () => {
      await page.getByRole('tab', { name: 'Security Settings' }).click();
      await expect(page.getByText('You can create your password from here')).toBeVisible();
      await page.getByRole('button', { name: 'Create your password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create your password' });
      await expect(dialog.getByLabel('Current Password', { exact: true })).toHaveCount(0);
      await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Create Password' }).click();
      await expect(snackbar(page, 'Your password has been created.')).toBeVisible();
      await expect(page.getByText(/^You last changed your password /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change your password' })).toBeVisible();
    });

    await test.step('Disconnect is now enabled and works', async () => {
      await page.getByRole('tab', { name: 'Basic Details' }).click();
      const disconnect = page.getByRole('button', { name: 'Disconnect Google' });
      await expect(disconnect).toBeEnabled();
      await disconnect.click();
      await expect(snackbar(page, 'Google login service disconnected.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Connect Google' })).toBeVisible();
    });

    await test.step('connect Google again through the consent page', async () => {
      await page.getByRole('button', { name: 'Connect Google' }).click();
      await throughGoogleConsent(page, email);
      await expect(page).toHaveURL(/\/manage-profile$/);
      await expect(snackbar(page, 'Google account connected.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disconnect Google' })).toBeEnabled();
    });
  });
});
