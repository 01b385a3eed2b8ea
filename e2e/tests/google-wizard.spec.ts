import { expect, JOURNEY_PASSWORD, signIn, snackbar, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

test.describe('the Google integration wizard', () => {
  test('connect Google, then every step up to feed config, resuming at the right step after a reload and a new sign-in', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    // The sandbox keeps websites in memory: Rivera Kitchen's is unclaimed again for this journey.
    const reset = await fetch(`${sandboxUrl}/__control/google`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reset_websites: true }),
    });
    expect(reset.status).toBe(200);
    const email = uniqueEmail('wizard');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Rivera Co',
      store: 'Rivera Kitchen Web',
      url: 'https://rivera-kitchen.example',
    });
    const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
    const id = shop!.id;

    await signIn(page, email);
    await page.goto(`/sync-shop/${id}`);
    // Microsoft and Meta have their own cards (microsoft-meta-connect.spec.ts connects them).
    await expect(page.getByTestId('bing-connection-state')).toHaveText('Not linked');
    await expect(page.getByTestId('facebook-connection-state')).toHaveText('Not linked');

    await test.step('connect Google through the consent page and choose the account', async () => {
      await page.getByRole('button', { name: 'Connect Google' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/google/authorize`));
      await expect(page.getByText('verify the websites you own')).toBeVisible();
      await page.getByRole('radio', { name: /Alex Rivera/ }).check();
      await page.getByRole('button', { name: 'Allow' }).click();
      await expect(page).toHaveURL(new RegExp(`/link-account/google/${id}$`));
      await page.getByRole('radio', { name: /Rivera Kitchen/ }).check();
      await page.getByRole('button', { name: 'Use this account' }).click();
      await expect(page).toHaveURL(new RegExp(`/target-market/${id}/google$`));
    });

    await test.step('target market: en / US by default, saved', async () => {
      await expect(page.getByRole('heading', { name: 'Choose your target market' })).toBeVisible();
      await expect(page.getByLabel('Target country')).toHaveValue('US');
      await expect(page.getByLabel('Content language')).toHaveValue('en');
      await page.getByLabel('Currency').selectOption('USD');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(snackbar(page, 'Target market saved.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/destination-validation/${id}$`));
    });

    await test.step('destinations: free listings serve the US; Shopping ads lack Google Ads (said so)', async () => {
      await expect(page.getByText('Enabled for United States')).toBeVisible();
      await expect(page.getByText('Shopping ads: Link a Google Ads account (US).')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${id}$`));
    });

    await test.step('reload and a new sign-in resume at domain verification', async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Verify and claim your website' })).toBeVisible();
      await page.context().clearCookies();
      await signIn(page, email);
      await page.goto(`/sync-shop/${id}`);
      await expect(page.getByTestId('google-setup-state')).toHaveText('Next: Domain verification');
      await page.getByRole('link', { name: 'Continue setup' }).click();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${id}$`));
    });

    await test.step('domain verification: meta tag from Google, verified, claimed', async () => {
      await expect(page.getByTestId('website-claim-state')).toHaveText('Not claimed');
      await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await page.getByRole('link', { name: 'Verify your website' }).click();
      await expect(page).toHaveURL(new RegExp(`/verification-method/${id}$`));
      await page.getByRole('radio', { name: /HTML meta tag/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('verification-token')).toContainText(
        '<meta name="google-site-verification" content="',
      );
      await page.screenshot({ path: test.info().outputPath('domain-verification.png'), fullPage: true });
      await page.getByRole('button', { name: 'Verify website' }).click();
      await expect(snackbar(page, 'Your website is verified and claimed in Merchant Center.')).toBeVisible();
      await expect(page.getByTestId('website-claim-state')).toHaveText('Claimed');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/shipping-validation/${id}$`));
    });

    await test.step('shipping: Kitchen has none; the merchant confirms products carry their own', async () => {
      await expect(page.getByText(/No active shipping service delivers to US/)).toBeVisible();
      await page
        .getByRole('checkbox', { name: 'Every product of this store carries its own shipping' })
        .check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/google/feed-config/${id}$`));
    });

    await test.step('the feed configuration starts from valid defaults: the setup is complete', async () => {
      await page.goto(`/sync-shop/${id}`);
      await expect(page.getByTestId('google-setup-state')).toHaveText('Complete');
      await page.screenshot({ path: test.info().outputPath('sync-shop-progress.png'), fullPage: true });
    });
  });
});
