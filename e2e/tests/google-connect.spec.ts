import { expect, JOURNEY_PASSWORD, signIn, snackbar, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

test.describe('connecting Google Merchant Center', () => {
  test('a merchant connects Google through the consent page and chooses a Merchant Center account', async ({
    page,
    browser,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    const email = uniqueEmail('google');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Rivera Co',
      store: 'Rivera Web',
      url: 'https://rivera.example.com',
    });
    const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
    const syncShop = `/sync-shop/${shop!.id}`;

    await signIn(page, email);
    await page.goto(syncShop);
    await expect(page.getByRole('heading', { name: 'Channels of Rivera Web' })).toBeVisible();
    await expect(page.getByTestId('google-connection-state')).toHaveText('Not connected');

    let callbackUrl = '';
    await test.step("Google's consent page (the sandbox): choose the account, allow", async () => {
      await page.getByRole('button', { name: 'Connect Google' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/google/authorize`));
      await expect(page.getByText('manage your Merchant Center accounts and product listings')).toBeVisible();
      await page.getByRole('radio', { name: /Alex Rivera/ }).check();
      page.on('request', (req) => {
        if (req.url().includes('/google-callback?')) callbackUrl = req.url();
      });
      await page.getByRole('button', { name: 'Allow' }).click();
    });

    await test.step('back on the app: choose the Merchant Center account', async () => {
      await expect(page).toHaveURL(new RegExp(`/link-account/google/${shop!.id}$`));
      await expect(
        snackbar(page, 'Google connected. Now choose your Merchant Center account.'),
      ).toBeVisible();
      await page.getByRole('radio', { name: /Rivera Kitchen/ }).check();
      await page.getByRole('button', { name: 'Use this account' }).click();
      await expect(snackbar(page, 'Merchant Center account selected.')).toBeVisible();
      // The wizard goes on with its next step (google-wizard.spec.ts walks through them); the store shows the account.
      await expect(page).toHaveURL(new RegExp(`/target-market/${shop!.id}/google$`));
      await page.goto(syncShop);
      await expect(page.getByText(/Rivera Kitchen \(5550001002\)/)).toBeVisible();
      await expect(page.getByTestId('google-connection-state')).toHaveText('Connected');
    });

    await test.step('the callback link opened in another browser connects nothing', async () => {
      expect(callbackUrl).toContain('state=');
      const other = await browser.newContext();
      const stranger = await other.newPage();
      await signIn(stranger, email);
      await stranger.goto(callbackUrl);
      await expect(
        snackbar(
          stranger,
          'This connection was not started in this browser. For your security it was not completed; please connect again.',
        ),
      ).toBeVisible();
      await other.close();
    });

    await test.step('disconnect after confirming', async () => {
      await page.getByRole('button', { name: 'Disconnect' }).click();
      await page
        .getByRole('dialog', { name: 'Disconnect Google?' })
        .getByRole('button', { name: 'Disconnect' })
        .click();
      await expect(snackbar(page, 'Google disconnected.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reconnect Google' })).toBeVisible();
    });
  });
});
