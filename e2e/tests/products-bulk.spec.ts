import type { Page } from '@playwright/test';
import { DEMO, expect, shot, signIn, snackbar, test } from '../fixtures';

// Bulk-set a custom label on every product of one brand of the demo shop through a draft kept on
// the server: save the draft, reload (it survives), apply it, watch the run finish, and find every product of
// the brand by its new label.

const BRAND = 'Kestrel';

const filterView = (field: string, value: string) =>
  `/manage-products?advance_filter=${encodeURIComponent(
    JSON.stringify([{ row: [{ field_name: field, operator: 'equals', value, unit: '' }] }]),
  )}`;

const matchingCount = async (page: Page): Promise<number> => {
  const text = page.getByText(/^[\d,]+ of [\d,]+ products$/);
  await expect(text).toBeVisible();
  return Number((await text.textContent())!.split(' of ')[0]!.replace(/\D/g, ''));
};

test.describe('bulk customisation', () => {
  test('labels every product of a brand through a draft that survives a reload', async ({ page }) => {
    const label = `bulk-${Date.now().toString(36)}`;
    const draftName = `Label ${BRAND} ${label}`;
    await signIn(page, DEMO.email, DEMO.password);

    await page.goto(filterView('brand', BRAND));
    await expect(page.getByRole('table', { name: 'Products on Free listings, All tab' })).toBeVisible();
    const brandCount = await matchingCount(page);
    expect(brandCount).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Bulk customise' }).click();
    const panel = page.getByRole('region', { name: 'Bulk customisation' });
    await expect(
      panel.getByText(`All ${brandCount.toLocaleString('en-US')} products matching the current view`),
    ).toBeVisible();
    await panel.getByLabel('Draft name', { exact: true }).fill(draftName);
    await panel.getByLabel('Field 1', { exact: true }).selectOption('custom_label3');
    await panel.getByLabel('Custom label 3 value').fill(label);
    await panel.getByRole('button', { name: 'Save draft' }).click();
    await expect(snackbar(page, 'Draft saved.')).toBeVisible();
    await shot(page, 'bulk-draft');

    // The draft is kept on the server: after a reload it comes back with its selection and value.
    await page.reload();
    await page.getByRole('button', { name: 'Bulk customise' }).click();
    await panel.getByLabel('Draft', { exact: true }).selectOption({ label: draftName });
    await expect(panel.getByLabel('Custom label 3 value')).toHaveValue(label);
    await expect(panel.getByTestId('bulk-selection')).toHaveText('All products matching advanced filter');

    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByRole('progressbar', { name: 'Bulk customisation progress' })).toBeVisible();
    await expect(panel.getByText(/^Done\. /)).toBeVisible({ timeout: 60_000 });
    await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await shot(page, 'bulk-done');

    // Every product of the brand, and only those, now carries the label.
    await page.goto(filterView('custom_label3', label));
    await expect(page.getByRole('table', { name: 'Products on Free listings, All tab' })).toBeVisible();
    expect(await matchingCount(page)).toBe(brandCount);
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('textbox', { name: 'Custom label 3', exact: true })).toHaveValue(label);
  });
});
