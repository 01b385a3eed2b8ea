import { expect, expectTab, JOURNEY_PASSWORD, signIn, snackbar, test } from '../fixtures';
import { apiCall, firstShopId, importCsvFile, seedOrganizationWithShop, seedUser } from '../seed-api';

/** The Microsoft sandbox's editorial review refuses a description with this marker (apps/sandbox). */
const EDITORIAL_REVIEW_MARKER = 'sandbox-editorial-review';

// A merchant connects Microsoft Merchant Center and a Meta catalog through the sandbox's consent
// pages, finishes both wizards, and sees the same imported products judged by each channel: one live on
// Microsoft but held back for Meta for a rule only Meta has (a brand unless a GTIN or MPN is given; Microsoft
// only recommends one), and one approved by Meta but disapproved by Microsoft's editorial review (what only
// Microsoft judges: the sandbox's marker). The worker syncs both channels and pulls the reviews back.

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type';
const CSV =
  [
    HEADER,
    'KETTLE-1,Steel kettle,A 1.7 litre stainless steel kettle,https://kim-home.example/p/kettle-1,https://kim-home.example/i/kettle-1.jpg,39.99 USD,in_stock,Acme,4006381333931,new,Kitchen > Kettles',
    'KETTLE-2,Glass kettle,A 1.5 litre glass kettle,https://kim-home.example/p/kettle-2,https://kim-home.example/i/kettle-2.jpg,29.99 USD,in_stock,,,new,Kitchen > Kettles',
    `KETTLE-3,Copper kettle,A copper kettle ${EDITORIAL_REVIEW_MARKER},https://kim-home.example/p/kettle-3,https://kim-home.example/i/kettle-3.jpg,59.99 USD,in_stock,Acme,4006381333931,new,Kitchen > Kettles`,
  ].join('\n') + '\n';

const importCsv = async (token: string, shopId: string) => {
  await importCsvFile(token, shopId, CSV, { name: 'Kettles' }, 'kettles.csv');
};

test.describe('connecting Microsoft Merchant Center and a Meta catalog', () => {
  test('a merchant connects both through the sandbox consent pages, finishes both wizards and sees each channel judge the same products', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    const email = uniqueEmail('msmeta');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Kim Co',
      store: 'Kim Web',
      url: 'https://kim-home.example',
    });
    const shopId = await firstShopId(token);
    const syncShop = `/sync-shop/${shopId}`;
    test.setTimeout(120_000);
    await importCsv(token, shopId);

    await signIn(page, email);
    await page.goto(syncShop);
    await expect(page.getByRole('heading', { name: 'Channels of Kim Web' })).toBeVisible();
    await expect(page.getByTestId('bing-connection-state')).toHaveText('Not linked');
    await expect(page.getByTestId('facebook-connection-state')).toHaveText('Not linked');

    await test.step("Microsoft's consent page (the sandbox): choose the account, allow", async () => {
      await page.getByRole('button', { name: 'Connect Microsoft' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/microsoft/authorize`));
      await expect(
        page.getByText('manage your Microsoft Advertising accounts and Merchant Center stores'),
      ).toBeVisible();
      await page.getByRole('radio', { name: /Jordan Kim/ }).check();
      await page.getByRole('button', { name: 'Allow' }).click();
    });

    await test.step('link account: the advertising account and the store (one whose domain is not verified first)', async () => {
      await expect(page).toHaveURL(new RegExp(`/link-account/bing/${shopId}$`));
      await expect(
        snackbar(page, 'Microsoft connected. Now choose your advertising account and Merchant Center store.'),
      ).toBeVisible();
      await expect(page.getByLabel('Microsoft Advertising account')).toHaveValue('91001');
      await page.getByRole('radio', { name: /Kim Outdoor Store/ }).check();
      await page.getByRole('button', { name: 'Use this store' }).click();
      await expect(snackbar(page, 'Merchant Center store selected.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${shopId}/bing$`));
    });

    await test.step('domain verification: refused for the unverified store, passed after choosing the verified one', async () => {
      await page.getByRole('button', { name: 'Check domain verification' }).click();
      // The first store is on another site than the store's: said so, and the step does not hold.
      await expect(
        page.getByRole('alert').filter({
          hasText:
            'This Merchant Center store is for unverified.kim-outdoor.example, but this store is at kim-home.example.',
        }),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Choose another store' }).click();
      await page.getByRole('radio', { name: /Kim Home Goods Store/ }).check();
      await page.getByRole('button', { name: 'Use this store' }).click();
      await expect(page).toHaveURL(new RegExp(`/domain-verification/${shopId}/bing$`));
      await page.getByRole('button', { name: 'Check domain verification' }).click();
      await expect(snackbar(page, 'Store domain verified.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/target-market/${shopId}/bing$`));
    });

    await test.step('target market (the shared screen, among the markets Microsoft sells to), then feed settings', async () => {
      await expect(page.getByRole('navigation', { name: 'Microsoft integration steps' })).toBeVisible();
      await page.getByLabel('Target country').selectOption('GB');
      await page.getByLabel('Content language').selectOption('en');
      await page.getByLabel('Currency').selectOption('GBP');
      await page.screenshot({ path: 'test-results/microsoft-target-market.png', fullPage: true });
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(snackbar(page, 'Target market saved.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/bing/feed-config/${shopId}$`));
      // The one feed settings screen of every channel: Microsoft's target market, Sync now, the last sync, the history.
      await expect(
        page.getByRole('heading', { level: 1, name: 'Microsoft feed configuration' }),
      ).toBeVisible();
      await expect(page.getByTestId('bing-submissions')).toHaveText(/^Submissions are on/);
      await expect(page.getByRole('textbox', { name: 'Feed URL' })).toHaveValue(/\/feeds\/[^/]+\.txt$/);
      await expect(page.getByTestId('target-market')).toHaveText('United Kingdom, English, GBP');
      await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
      await expect(page.getByRole('heading', { name: 'Sync history' })).toBeVisible();
      await page.screenshot({ path: 'test-results/microsoft-feed-config.png', fullPage: true });
      await page.getByLabel('Update the feed').selectOption('every_12_hours');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(snackbar(page, 'Feed settings saved.')).toBeVisible();
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect(
        snackbar(page, 'Sync started. Products reach the channel in a few moments.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Back to the store’s channels' }).click();
      await expect(page).toHaveURL(new RegExp(`${syncShop}$`));
      await expect(page.getByTestId('bing-connection-state')).toHaveText('Connected');
      await expect(page.getByText(/Kim Home Goods Store \(510001\)/)).toBeVisible();
    });

    await test.step('Facebook Login (the sandbox): choose the person, allow', async () => {
      await page.getByRole('button', { name: 'Connect Meta' }).click();
      await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/v25.0/dialog/oauth`));
      await expect(page.getByText('manage your product catalogs')).toBeVisible();
      await page.getByRole('radio', { name: /Riley Chen/ }).check();
      await page.getByRole('button', { name: 'Allow' }).click();
    });

    await test.step('link account: business and catalog, then feed settings', async () => {
      await expect(page).toHaveURL(new RegExp(`/link-account/facebook/${shopId}$`));
      await expect(
        snackbar(page, 'Facebook connected. Now choose your business account and catalog.'),
      ).toBeVisible();
      await page.getByLabel('Business account').selectOption({ label: 'Chen Apparel' });
      await page.getByRole('radio', { name: /Chen Apparel — outlet/ }).check();
      await page.getByRole('button', { name: 'Use this catalog' }).click();
      await expect(snackbar(page, 'Catalog linked.')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/facebook/feed-config/${shopId}$`));
      await expect(page.getByRole('textbox', { name: 'Feed URL' })).toHaveValue(/\/feeds\/[^/]+\.csv$/);
      await page.getByRole('button', { name: 'Rotate the Meta feed URL' }).click();
      await expect(page.getByRole('dialog', { name: 'Rotate the Meta feed URL?' })).toBeVisible();
      await page.screenshot({ path: 'test-results/meta-feed-config-rotate.png', fullPage: true });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Meta feed configuration' })).toBeVisible();
      await expect(page.getByTestId('target-market')).toHaveCount(0);
      await page.getByLabel('Update the feed').selectOption('daily');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(snackbar(page, 'Feed settings saved.')).toBeVisible();
      await page.getByRole('link', { name: 'Back to the store’s channels' }).click();
      await expect(page).toHaveURL(new RegExp(`${syncShop}$`));
      await expect(page.getByTestId('facebook-connection-state')).toHaveText('Connected');
      await expect(page.getByText(/Chen Apparel — outlet \(300000000000002\)/)).toBeVisible();
      await page.screenshot({ path: 'test-results/microsoft-meta-sync-shop.png', fullPage: true });
    });

    await test.step('each channel judges the same products: what Microsoft takes Meta holds back, and what Meta approves Microsoft disapproves', async () => {
      await page.goto(`/manage-products?shop_id=${shopId}`);
      await page
        .getByRole('navigation', { name: 'Channels' })
        .getByRole('button', { name: 'Bing ads' })
        .click();
      await expect(page).toHaveURL(/active_channel=bing_ads/);
      // The glass kettle is live on Microsoft: a brand is only recommended there (a warning, not an error).
      await expectTab(page, 'Published', 1);
      await expectTab(page, 'Warning', 1);
      await expectTab(page, 'Error', 0);
      // The copper kettle's description fails Microsoft's editorial review, once Microsoft has reviewed it.
      await expectTab(page, 'Disapproved', 1);
      await page.getByRole('tab', { name: /^Warning/ }).click();
      await expect(page.getByText('Glass kettle')).toBeVisible();
      await page.getByRole('tab', { name: /^Disapproved/ }).click();
      await expect(page.getByText('Copper kettle')).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Channels' })
        .getByRole('button', { name: 'Meta ads' })
        .click();
      await expect(page).toHaveURL(/active_channel=meta_ads/);
      await expectTab(page, 'Error', 1);
      await expectTab(page, 'Published', 2);
      await expectTab(page, 'Disapproved', 0);
      await page.getByRole('tab', { name: /^Error/ }).click();
      await expect(page.getByText('Glass kettle')).toBeVisible();
      await expect(page.getByText('Steel kettle')).toHaveCount(0);
      await page.getByRole('tab', { name: /^Published/ }).click();
      await expect(page.getByText('Copper kettle')).toBeVisible();
      await page.screenshot({ path: 'test-results/microsoft-meta-products.png', fullPage: true });
    });

    await test.step("each channel's feed URL serves its own file", async () => {
      const configs = await apiCall<{ channel: string; feed_url: string }[]>(
        'GET',
        `/shop-feed-config/${shopId}`,
        { token },
      );
      const bing = await page.request.get(configs.find((c) => c.channel === 'bing')!.feed_url);
      expect(bing.status()).toBe(200);
      const bingLines = (await bing.text()).trim().split('\n');
      expect(bingLines[0]).toMatch(/^id\ttitle\tdescription\t/);
      expect(bingLines).toHaveLength(4);
      const meta = await page.request.get(configs.find((c) => c.channel === 'facebook')!.feed_url);
      expect(meta.status()).toBe(200);
      const metaLines = (await meta.text()).trim().split('\n');
      expect(metaLines[0]).toMatch(/^id,title,description,/);
      expect(metaLines.slice(1).map((l) => l.split(',')[0])).toEqual(['KETTLE-1', 'KETTLE-3']);
    });

    await test.step('both records survive in the api', async () => {
      const bing = await apiCall<{ integration_steps: string[]; target_market: unknown }>(
        'GET',
        `/microsoft-get-integrated-account/shop/${shopId}`,
        { token },
      );
      expect(bing.integration_steps).toEqual([
        'link-account',
        'domain-verification',
        'target-market',
        'feed-config',
      ]);
      expect(bing.target_market).toEqual({ country: 'GB', language: 'en', currency: 'GBP' });
      const meta = await apiCall<{ feed_schedule: string; connection: { account_id: string } }>(
        'GET',
        `/facebook-feed-setting/${shopId}`,
        { token },
      );
      expect(meta).toMatchObject({ feed_schedule: 'daily', connection: { account_id: '300000000000002' } });
    });

    await test.step('disconnecting Meta asks first, then the card offers to connect again', async () => {
      await page.goto(syncShop);
      await page.getByRole('button', { name: 'Disconnect' }).last().click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect Meta?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await expect(snackbar(page, 'Meta disconnected.')).toBeVisible();
      await expect(page.getByTestId('facebook-connection-state')).toHaveText('Disconnected');
      await expect(page.getByRole('button', { name: 'Reconnect Meta' })).toBeVisible();
      await expect(page.getByTestId('bing-connection-state')).toHaveText('Connected');
    });
  });
});
