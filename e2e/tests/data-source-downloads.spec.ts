import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO, expect, snackbar, test } from '../fixtures';
import { RESULTS_DIR } from '../system';

// The demo merchant's catalogue came in through the import pipeline (npm start seeds it): its export streams
// through the gateway's download route, and its column mapping can be reviewed and changed.

test.describe('data-source downloads and the mapping review', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email Address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/sync-shop\/[^/]+$/);
  });

  test('the export field customise popup downloads the chosen columns of every product', async ({ page }) => {
    await page.goto('/data-sources');
    await expect(
      page.getByRole('table', { name: 'Data sources' }).getByTestId('data-source-row'),
    ).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export CSV' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Product type' }).click();
    await dialog.screenshot({ path: path.join(RESULTS_DIR, 'export-popup.png') });

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('products-customisation-1.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('id,variant_id,title,description');
    expect(lines.length).toBeGreaterThan(1000);
    await expect(snackbar(page, 'products-customisation-1.csv downloaded.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The round trip: one title edited in the file comes back through Import update CSV.
    const [id] = lines[1]!.split(',');
    const edited = [
      lines[0],
      `${id},,Renamed in a spreadsheet,${lines[1]!.split(',').slice(3).join(',')}`,
    ].join('\r\n');
    const editedPath = path.join(RESULTS_DIR, 'edited-export.csv');
    await writeFile(editedPath, `${edited}\r\n`);
    await page.getByRole('button', { name: 'Import update CSV' }).click();
    const update = page.getByRole('dialog', { name: 'Import update CSV' });
    await update.getByLabel('CSV file').setInputFiles(editedPath);
    await update.getByRole('button', { name: 'Import' }).click();
    const outcome = update.getByLabel('Import update outcome');
    await expect(outcome).toContainText('Products updated1');
    await expect(outcome).toContainText('Rows rejected0');
    await update.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Export CSV' }).click();
    const again = page.waitForEvent('download');
    await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Export' }).click();
    const text = await readFile((await (await again).path())!, 'utf8');
    expect(text).toContain(`${id},,Renamed in a spreadsheet,`);
  });

  test('the column mapping of the demo source can be reviewed and changed for the next import', async ({
    page,
  }) => {
    await page.goto('/data-sources');
    const row = page.getByTestId('data-source-row').first();
    await row.getByRole('rowheader').getByRole('link').click();
    await expect(page).toHaveURL(/\/data-source\/[^/?]+\?source=/);
    await page.getByRole('button', { name: 'Column mapping' }).click();
    const dialog = page.getByRole('dialog', { name: /^Column mapping of / });
    const first = dialog.getByRole('combobox').first();
    await expect(first).toBeVisible();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mapping-review.png'), fullPage: false });

    // Map a column onto the field another column already feeds: refused under that column.
    const title = dialog.getByRole('combobox', { name: 'title', exact: true });
    const description = dialog.getByRole('combobox', { name: 'description', exact: true });
    await description.selectOption('title');
    await dialog.getByRole('button', { name: 'Save mapping' }).click();
    await expect(dialog.getByText(/are both mapped to Title/)).toBeVisible();
    // The column the refusal names takes the focus, so a long dialog scrolls to it.
    await expect(description).toBeFocused();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'mapping-review-error.png') });

    await description.selectOption('description');
    await title.selectOption('title');
    await dialog.getByRole('combobox').last().selectOption({ label: 'Ignore this column' });
    await dialog.getByRole('button', { name: 'Save mapping' }).click();
    await expect(snackbar(page, 'Column mapping saved. It applies from the next import.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
