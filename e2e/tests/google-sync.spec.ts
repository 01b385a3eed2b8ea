import {
  connectGoogle,
  expect,
  expectTab,
  JOURNEY_PASSWORD,
  shot,
  signIn,
  snackbar,
  test,
} from '../fixtures';
import { apiCall, firstShopId, importCsvFile, seedOrganizationWithShop, seedUser } from '../seed-api';

// A shop connected to Google (through the sandbox's consent page) whose imported products are synced
// by the worker's engine: pending while submissions are off, then submitted, then approved or disapproved by
// the sandbox's Merchant Center (one for a reason only the channel knows: the landing page shows another
// price); the merchant fixes it and sees it approved.

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type';
const row = (id: string, link: string) =>
  `${id},Enamel mug ${id},A sturdy enamel camping mug,${link},https://rivera-outdoor.example/i/${id}.jpg,12.00 USD,in_stock,Rivera,4006381333931,new,Camping > Mugs`;
const csv = (mismatch: boolean) =>
  [
    HEADER,
    row('MUG-1', 'https://rivera-outdoor.example/p/mug-1'),
    row('MUG-2', 'https://rivera-outdoor.example/p/mug-2'),
    row('MUG-3', `https://rivera-outdoor.example/${mismatch ? 'sandbox-price-mismatch/' : ''}p/mug-3`),
  ].join('\n') + '\n';

const importCsv = (token: string, shopId: string, text: string, dataSourceId?: string) =>
  importCsvFile(token, shopId, text, dataSourceId ? { id: dataSourceId } : { name: 'Mugs' }, 'mugs.csv');

test.describe('syncing products to Google', () => {
  test('imported products go from pending to submitted to approved; a disapproved one is fixed and approved', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('google-sync');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Rivera Co',
      store: 'Rivera Outdoor',
      url: 'https://rivera-outdoor.example',
    });
    const shopId = await firstShopId(token);
    await signIn(page, email);

    await test.step('connect Google through the consent page and choose the Merchant Center account', async () => {
      await connectGoogle(page, shopId, sandboxUrl);
    });

    await test.step('the store overview: no products yet, the checklist says to import them', async () => {
      await page.goto(`/overview/${shopId}`);
      await expect(page.getByRole('heading', { name: 'Overview of Rivera Outdoor' })).toBeVisible();
      const checklist = page.getByRole('list', { name: 'Set-up checklist' });
      await expect(checklist.getByRole('link', { name: 'Import your products' })).toBeVisible();
      await expect(checklist.getByRole('link', { name: 'Connect a channel' })).toHaveCount(0);
      await shot(page, 'store-overview-checklist');
    });

    let sourceId = '';
    await test.step('with submissions off, imported products wait as pending', async () => {
      await apiCall('POST', `/feed-status/${shopId}`, {
        token,
        body: { channel: 'google', feed_status: false },
      });
      sourceId = await importCsv(token, shopId, csv(true));
      await page.goto(`/manage-products?shop_id=${shopId}`);
      await expectTab(page, 'Pending', 3);
    });

    await test.step('the feed config screen: schedule, feed URL, submissions on', async () => {
      await page.goto(`/google/feed-config/${shopId}`);
      await expect(page.getByRole('heading', { name: 'Google feed configuration' })).toBeVisible();
      await page.getByLabel('Update the feed').selectOption({ label: 'Every 6 Hours' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(snackbar(page, 'Feed settings saved.')).toBeVisible();
      const feedUrl = await page.getByRole('textbox', { name: 'Feed URL' }).inputValue();
      expect(feedUrl).toMatch(/\/feeds\/[\w-]{40,}\.xml$/);
      const feed = await page.request.get(feedUrl);
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain('<g:id>MUG-1</g:id>');
      expect(
        (await page.request.get(feedUrl.replace(/\/feeds\/[\w-]+/, '/feeds/' + 'x'.repeat(43)))).status(),
      ).toBe(404);
      await page.getByRole('button', { name: 'Turn submissions on' }).click();
      await expect(snackbar(page, 'Submissions are on.')).toBeVisible();
      await shot(page, 'google-feed-config');
    });

    await test.step('the worker sends them (submitted), Google reviews them (published, one disapproved)', async () => {
      await page.goto(`/manage-products?shop_id=${shopId}`);
      await expectTab(page, 'Submitted', 3);
      await expectTab(page, 'Published', 2);
      await expectTab(page, 'Disapproved', 1);
      await page.getByRole('tab', { name: /^Disapproved/ }).click();
      await expect(page.getByText('Enamel mug MUG-3')).toBeVisible();
      await shot(page, 'google-sync-disapproved');
    });

    await test.step('the merchant fixes the landing page and the product is approved', async () => {
      await importCsv(token, shopId, csv(false), sourceId);
      await page.goto(`/manage-products?shop_id=${shopId}`);
      await expectTab(page, 'Published', 3);
      await page.goto(`/google/feed-config/${shopId}`);
      await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Done');
    });

    await test.step('the overview counts the products; the Google sync page lists the syncs', async () => {
      await page.goto(`/overview/${shopId}`);
      const figures = page.getByLabel('Store figures');
      await expect(
        figures.getByText('Products', { exact: true }).locator('xpath=following-sibling::dd'),
      ).toHaveText('3');
      // Connected with its account; the wizard's other steps were skipped in this journey, so it says so.
      const google = page.getByTestId('overview-channel-google');
      await expect(google).toContainText('Rivera Outdoor · last sync');
      await expect(google).toContainText('Setup in progress');
      await shot(page, 'store-overview');
      await page.goto(`/sync-shop/google/${shopId}`);
      await expect(page.getByRole('heading', { name: 'Google syncs' })).toBeVisible();
      const history = page.getByRole('table', { name: 'Sync history' });
      await expect(history.getByTestId('sync-run-row').first()).toContainText('Done');
      await shot(page, 'google-sync-page');
    });

    await test.step('/feed-configs lists the feed; rotating its URL stops the old one', async () => {
      await page.goto('/feed-configs');
      const google = page.getByRole('row', { name: /^Google/ });
      await expect(google.getByRole('combobox', { name: 'Google feed schedule' })).toHaveValue(
        'every_6_hours',
      );
      await expect(google.getByRole('cell', { name: '3', exact: true })).toBeVisible();
      const oldUrl = (await google.getByTestId('feed-url-google').textContent())!;
      await shot(page, 'feed-configs');
      await google.getByRole('button', { name: 'Rotate the Google feed URL' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the Google feed URL?' });
      await expect(dialog).toContainText('old URL stops working');
      await shot(page, 'feed-configs-rotate');
      await dialog.getByRole('button', { name: 'Rotate feed URL' }).click();
      await expect(google.getByTestId('feed-url-google')).not.toHaveText(oldUrl);
      const newUrl = (await google.getByTestId('feed-url-google').textContent())!;
      expect((await page.request.get(oldUrl)).status()).toBe(404);
      expect((await page.request.get(newUrl)).status()).toBe(200);
    });
  });
});
