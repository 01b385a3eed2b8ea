import type { Page } from '@playwright/test';
import { expect, snackbar, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

const PASSWORD = 'Journey@2024';

const signIn = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

test.describe('connecting Microsoft Merchant Center and a Meta catalog', () => {
  test('a merchant connects both through the sandbox consent pages and finishes both wizards', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    const email = uniqueEmail('msmeta');
    const merchant = await seedUser(mailbox, email, PASSWORD);
    const token = await seedOrganizationWithShop(merchant, { business: 'Kim Co', store: 'Kim Web', url: 'https://kim-home.example' });
    const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
    const shopId = shop!.id;
    const syncShop = `/sync-shop/${shopId}`;

    await signIn(page, email);
    await page.goto(syncShop);
    await expect(page.getByRole('heading', { name: 'Channels of Kim Web' })).toBeVisible();
    await expect(page.getByTestId('bing-connection-state')).toHaveText('Not linked');
    await expect(page.getByTestId('facebook-connection-state')).toHaveText('Not linked');

    await test.step("Microsoft's consent page (the sandbox): choose the account, allow", async () => {
      await page.getByRole('button', { name: 'Connect Microsoft' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/microsoft/authorize`));
      await expect(page.getByText('manage your Microsoft Advertising accounts and Merchant Center stores')).toBeVisible();
      await page.getByRole('radio', { name: /Jordan Kim/ }).check();
      await page.getByRole('button', { name: 'Allow' }).click();
    });

    await test.step('link account: the advertising account and the store (one whose domain is not verified first)', async () => {
      await expect(page).toHaveURL(new RegExp(`/link-account/bing/${shopId}$`));
      await expect(snackbar(page, 'Microsoft connected. Now choose your advertising account and Merchant Center store.')).toBeVisible();
      await expect(page.getByLabel('Microsoft Advertising account')).toHaveValue('91001');
      await page.getByRole('radio', { name: /Kim Outdoor Store/ }).check();
      await page.getByRole('button', { name: 'Use this store' }).click();
      await expect(snackbar(page, 'Merchant Center store selected.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${shopId}/bing$`));
    });

    await test.step('domain verification: refused for the unverified store, passed after choosing the verified one', async () => {
      await page.getByRole('button', { name: 'Check domain verification' }).click();
      await expect(page.getByRole('alert').filter({ hasText: "Microsoft has not verified your store's domain yet." })).toBeVisible();
      await page.getByRole('link', { name: 'Choose another store' }).click();
      await page.getByRole('radio', { name: /Kim Home Goods Store/ }).check();
      await page.getByRole('button', { name: 'Use this store' }).click();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${shopId}/bing$`));
      await page.getByRole('button', { name: 'Check domain verification' }).click();
      await expect(snackbar(page, 'Store domain verified.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/target-market/${shopId}/bing$`));
    });

    await test.step('target market, then feed settings', async () => {
      await page.getByLabel('Target country').selectOption('GB');
      await page.getByLabel('Content language').selectOption('en');
      await page.getByLabel('Currency').selectOption('GBP');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(snackbar(page, 'Target market saved.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/bing/feed-config/${shopId}$`));
      await page.getByLabel('Feed schedule').selectOption('every_12_hours');
      await page.getByRole('button', { name: 'Save feed settings' }).click();
      await expect(snackbar(page, 'Feed settings saved.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${syncShop}$`));
      await expect(page.getByTestId('bing-connection-state')).toHaveText('Connected');
      await expect(page.getByText(/Kim Home Goods Store \(510001\)/)).toBeVisible();
    });

    await test.step("Facebook Login (the sandbox): choose the person, allow", async () => {
      await page.getByRole('button', { name: 'Connect Meta' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/v25.0/dialog/oauth`));
      await expect(page.getByText('manage your product catalogs')).toBeVisible();
      await page.getByRole('radio', { name: /Riley Chen/ }).check();
      await page.getByRole('button', { name: 'Allow' }).click();
    });

    await test.step('link account: business and catalog, then feed settings', async () => {
      await expect(page).toHaveURL(new RegExp(`/link-account/facebook/${shopId}$`));
      await expect(snackbar(page, 'Facebook connected. Now choose your business account and catalog.')).toBeVisible();
      await page.getByLabel('Business account').selectOption({ label: 'Chen Apparel' });
      await page.getByRole('radio', { name: /Chen Apparel — outlet/ }).check();
      await page.getByRole('button', { name: 'Use this catalog' }).click();
      await expect(snackbar(page, 'Catalog linked.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/facebook/feed-config/${shopId}$`));
      await page.getByLabel('Feed schedule').selectOption('daily');
      await page.getByRole('button', { name: 'Save feed settings' }).click();
      await expect(snackbar(page, 'Feed settings saved.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${syncShop}$`));
      await expect(page.getByTestId('facebook-connection-state')).toHaveText('Connected');
      await expect(page.getByText(/Chen Apparel — outlet \(300000000000002\)/)).toBeVisible();
      await page.screenshot({ path: 'test-results/microsoft-meta-sync-shop.png', fullPage: true });
    });

    await test.step('both records survive in the api', async () => {
      const bing = await apiCall<{ integration_steps: string[]; target_market: unknown }>('GET', `/microsoft-get-integrated-account/shop/${shopId}`, { token });
      expect(bing.integration_steps).toEqual(['link-account', 'domain-verification', 'target-market', 'feed-config']);
      expect(bing.target_market).toEqual({ country: 'GB', language: 'en', currency: 'GBP' });
      const meta = await apiCall<{ feed_schedule: string; connection: { account_id: string } }>('GET', `/facebook-feed-setting/${shopId}`, { token });
      expect(meta).toMatchObject({ feed_schedule: 'daily', connection: { account_id: '300000000000002' } });
    });
  });
});
