import type { Page } from '@playwright/test';
import { DEMO, expect, shot, signIn, snackbar, test } from '../fixtures';

// The demo shop's catalogue (2,000 products imported through the real pipeline, about 5 % with a
// channel issue the merchant can fix: no brand, a title over 150 characters, no description, apparel
// without gender). The import refuses a GTIN with a wrong check digit row by row, so a product reaches the
// error tab through one of those four; this journey fixes whichever its product has.

const errorCount = async (page: Page): Promise<number> => {
  const tab = page.getByRole('tab', { name: /^Error/ });
  await expect(tab).toHaveText(/\d/);
  return Number((await tab.textContent())!.replace(/\D/g, ''));
};

test.describe('products', () => {
  test('filter to the error tab, open a product, fix its issue, see it leave the error tab', async ({
    page,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await page.goto('/manage-products');
    await expect(page.getByRole('table', { name: 'Products on Free listings, All tab' })).toBeVisible();
    await expect(page.getByText(/ of 2,000 products/)).toBeVisible();
    await shot(page, 'products-list');

    await page.getByRole('tab', { name: /^Error/ }).click();
    await expect(page).toHaveURL(/tab=error/);
    const table = page.getByRole('table', { name: 'Products on Free listings, Error tab' });
    await expect(table.getByRole('row').nth(1).getByRole('link').first()).toBeVisible();
    const before = await errorCount(page);
    expect(before).toBeGreaterThan(0);
    await expect(page.getByText(`${before.toLocaleString('en-US')} of 2,000 products`)).toBeVisible();

    await table
      .getByRole('button', { name: /errors?, \d+ warnings?/ })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: /^Issues of / });
    await expect(popup.getByText(/Layer: Source/).first()).toBeVisible();
    await shot(page, 'products-errors-popup');
    await popup.getByRole('link', { name: 'Fix on the product page' }).click();

    await expect(page).toHaveURL(/\/manage-products\/detail\/\d+\?tab=error/);
    const issues = page.getByRole('list', { name: 'Google issues' });
    await expect(issues).toBeVisible();
    const offerId = (await page.getByText(/^Offer id /).textContent())!.replace(/^Offer id (\S+).*$/, '$1');
    await shot(page, 'product-detail');
    const text = (await issues.locator('.font-mono').allTextContents()).join(' ');
    if (/\bbrand\b/.test(text)) await page.getByLabel('Brand', { exact: true }).fill('Demo Outfitters');
    if (/\btitle\b/.test(text))
      await page.getByLabel('Title', { exact: true }).fill('A short and clear title');
    if (/\bdescription\b/.test(text)) {
      await page.getByLabel('Description', { exact: true }).fill('A well made product for every day.');
    }
    if (/\bgender\b/.test(text)) await page.getByLabel('Gender', { exact: true }).selectOption('unisex');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(snackbar(page, 'Product updated.')).toBeVisible();
    await expect(page.getByText('Override').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Google issues' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/manage-products\?.*tab=error/);
    await expect.poll(() => errorCount(page)).toBe(before - 1);
    await page.getByLabel('Search products').fill(offerId);
    await expect(page.getByText('No product matches this view')).toBeVisible();
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(
      page.getByRole('table', { name: 'Products on Free listings, All tab' }).getByRole('link'),
    ).toHaveCount(1);
  });

  test('a wrong GTIN sends a product to the error tab; fixing it on the detail page takes it out', async ({
    page,
  }) => {
    await signIn(page, DEMO.email, DEMO.password);
    // A product without issues (pending: no channel connected yet, nothing to fix).
    await page.goto('/manage-products?tab=pending');
    const pending = page.getByRole('table', { name: 'Products on Free listings, Pending tab' });
    await pending.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/manage-products\/detail\/\d+/);
    const offerId = (await page.getByText(/^Offer id /).textContent())!.replace(/^Offer id (\S+).*$/, '$1');
    const gtin = page.getByLabel('GTIN', { exact: true });
    const good = (await gtin.inputValue()) || '4006381333931';
    // The last digit is a check digit: change it and the GTIN is wrong.
    const wrong = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    await gtin.fill(wrong);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(snackbar(page, 'Product updated.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Google issues' })).toContainText('gtin');

    // The error tab, searched for the product: it is there; open it and fix its GTIN.
    await page.goto(`/manage-products?tab=error&search=${encodeURIComponent(offerId)}`);
    const errors = page.getByRole('table', { name: 'Products on Free listings, Error tab' });
    await expect(errors.getByRole('link')).toHaveCount(1);
    const before = await errorCount(page);
    await errors.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/manage-products\/detail\/\d+\?.*tab=error/);
    await expect(page.getByLabel('GTIN', { exact: true })).toHaveValue(wrong);

    // The debug view shows the GTIN Google would receive, from the override layer, with its issue.
    await page.getByText('Debug view').click();
    // One table per channel item: the product, or each of its variants.
    const debug = page.getByRole('table', { name: /^Google attributes of / }).first();
    const gtinRow = debug.getByRole('row').filter({ has: page.getByRole('cell', { name: /^gtin/ }) });
    await expect(gtinRow).toContainText(wrong);
    await expect(gtinRow).toContainText('Override');
    await shot(page, 'product-debug-view');

    await page.getByLabel('GTIN', { exact: true }).fill(good);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(snackbar(page, 'Product updated.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Google issues' })).toHaveCount(0);
    await shot(page, 'product-detail-fixed');

    await page.getByRole('button', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/manage-products\?.*tab=error/);
    await expect(page.getByText('No product matches this view')).toBeVisible();
    await expect.poll(() => errorCount(page)).toBe(before - 1);
  });
});
