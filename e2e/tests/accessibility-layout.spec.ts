import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { consentToGoogle, DEMO, expect, JOURNEY_PASSWORD, shot, signIn, test } from '../fixtures';
import { firstShopId, importCsvFile, seedOrganizationWithShop, seedUser } from '../seed-api';

// axe on the screens a merchant lives in (no serious or critical violation), and the layout defects a
// newcomer met: a tall popup's buttons below a short window, the sidebar's background, the header on a phone.

/** The serious and critical axe findings of the page as it is now, one line each. */
const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test.describe('accessibility', () => {
  test('the product list, notifications and Google link-account and feed-config pages pass axe', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('axe');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Axe Co',
      store: 'Axe Outdoor',
      url: 'https://rivera-outdoor.example',
    });
    const shopId = await firstShopId(token);
    await importCsvFile(
      token,
      shopId,
      'id,title,description,link,image_link,price,availability,brand,gtin,condition\n' +
        'MUG-1,Enamel mug,A sturdy mug,https://rivera-outdoor.example/p/1,https://rivera-outdoor.example/i/1.jpg,12.00 USD,in_stock,Rivera,4006381333931,new\n' +
        'MUG-2,Enamel mug two,,https://rivera-outdoor.example/p/2,https://rivera-outdoor.example/i/2.jpg,12.00 USD,in_stock,Rivera,4006381333931,new\n',
      { name: 'Mugs' },
      'mugs.csv',
    );
    await signIn(page, email);

    await test.step('product list: every tab controls the rendered list panel', async () => {
      await page.goto('/manage-products');
      await expect(page.getByTestId('product-row').first()).toBeVisible();
      const tab = page.getByRole('tab', { name: /^All/ });
      const panel = page.locator(`[id="${await tab.getAttribute('aria-controls')}"]`);
      await expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('notifications', async () => {
      await page.goto('/notifications');
      await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step('Google link-account and feed-config', async () => {
      await consentToGoogle(page, shopId, sandboxUrl);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Choose your Merchant Center account' }),
      ).toBeVisible();
      await expect(page.getByRole('radio', { name: /Rivera Outdoor/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`/google/feed-config/${shopId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Google feed configuration' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
});

test.describe('layout', () => {
  test('the import popup keeps its buttons in view at 900 px; the sidebar reaches the page bottom', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, DEMO.email, DEMO.password);

    await page.goto('/data-sources');
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await shot(page, 'layout-import-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A long page (100 products a page), scrolled to its end: the dark column still runs to the bottom.
    await page.goto('/manage-products?limit=100');
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    const pageHeight = await page.evaluate<number>('document.documentElement.scrollHeight');
    expect(pageHeight).toBeGreaterThan(2 * 900);
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    // The column's bottom edge, in page coordinates, is the page's bottom.
    const column = await page.getByTestId('sidebar-column').boundingBox();
    const scrolled = await page.evaluate<number>('window.scrollY');
    expect(column!.y + column!.height + scrolled).toBeGreaterThanOrEqual(pageHeight - 1);
  });

  test('at 390 px the header wraps: the store switcher stays, nothing squeezes into a sliver', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto('/manage-products');
    const store = page.getByRole('combobox', { name: 'Active store' });
    await expect(store).toBeVisible();
    expect((await store.boundingBox())!.width).toBeGreaterThan(200);
    const header = await page.locator('header').boundingBox();
    expect(header!.width).toBeGreaterThanOrEqual(389);
    await shot(page, 'layout-phone-header');
  });
});
