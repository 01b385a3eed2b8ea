import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, JOURNEY_PASSWORD, signIn, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const good = (id: string) =>
  `${id},Linen shirt ${id},A linen shirt cut for summer ${id},https://e2e-store.example.com/p/${id},https://e2e-store.example.com/i/${id}.jpg,24.00 USD,in_stock,Acme,,new`;
const csvOf = (prefix: string, count: number, bad: string[] = []) =>
  [HEADER, ...Array.from({ length: count }, (_, i) => good(`${prefix}-${i + 1}`)), ...bad].join('\n') + '\n';
const BAD_ROWS = [
  ',No id at all,x,https://e2e-store.example.com/x,https://e2e-store.example.com/x.jpg,1.00 USD,in_stock,Acme,,new',
  'BAD-PRICE,Bad price,x,https://e2e-store.example.com/y,https://e2e-store.example.com/y.jpg,abc,in_stock,Acme,,new',
];
const ZONE = 'America/New_York';

/** `HH:MM` in the store's timezone, at least `aheadMs` from now, on a whole minute. */
const wallTimeAhead = (aheadMs: number): string => {
  const at = new Date(Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
};

test.describe('data sources', () => {
  let server: Server;
  let served = '';
  let feedUrl = '';
  test.beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/csv');
      res.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feeds/products.csv`;
  });
  test.afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  test('an upload with bad rows shows its progress, its products and its error report; a URL source is fetched on its schedule', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('imports');
    const alerts = uniqueEmail('import-alerts');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Linen & Co',
      store: 'Linen Store',
      url: 'https://e2e-store.example.com',
    });
    const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
    await signIn(page, email);
    await page.goto(`/data-source/${shop!.id}`);

    await test.step('upload a CSV with two bad rows and watch the import', async () => {
      await page.getByRole('button', { name: 'Import CSV' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.getByLabel('Data source name').fill('Summer linen');
      await dialog.getByLabel('Notification email').fill(alerts);
      // A workbook renamed .csv is refused by its bytes; the popup stays open for the right file.
      await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({
        name: 'summer-linen-workbook.csv',
        mimeType: 'text/csv',
        buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), Buffer.alloc(2048, 7)]),
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.' }),
      ).toBeVisible();
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({
        name: 'summer-linen.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csvOf('LIN', 4000, BAD_ROWS)),
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const progress = page.getByRole('progressbar', { name: 'Import of summer-linen.csv' });
      await expect(progress).toBeVisible();
      await expect(progress).toBeHidden({ timeout: 120_000 });
    });

    await test.step('the products are counted and the error report lists the bad rows', async () => {
      const sources = page.getByRole('table', { name: 'Data sources' });
      await expect(sources.getByRole('row').filter({ hasText: 'Summer linen' })).toContainText('4,000');
      const history = page.getByRole('table', { name: 'Import history of Summer linen' });
      const run = history.getByRole('row').nth(1);
      await expect(run).toContainText('4,002');
      await expect(run).toContainText('4,000');
      const downloading = page.waitForEvent('download');
      await run.getByRole('button', { name: /Error report/ }).click();
      const report = await readFile((await (await downloading).path())!, 'utf8');
      const lines = report.trim().split(/\r?\n/);
      expect(lines[0]).toBe('row_number,column,message');
      // Row 1 is the header: the bad rows are 4,002 and 4,003 (a row may have more than one error).
      expect(new Set(lines.slice(1).map((l) => l.split(',')[0]))).toEqual(new Set(['4002', '4003']));
      const mail = await mailbox.waitForMail(alerts, { subject: 'Import finished: Summer linen' });
      expect(mail.text).toContain('Rows rejected: 2');
    });

    await test.step('a CSV URL source, served locally, is imported now and again at its fetch time', async () => {
      served = csvOf('URL', 5);
      await page.getByRole('button', { name: 'Import CSV' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.getByLabel('Data source name').fill('Supplier feed');
      await dialog.getByLabel('Notification email').fill(alerts);
      await dialog.getByRole('radio', { name: 'CSV file URL' }).check();
      await dialog.getByRole('textbox', { name: 'CSV file URL' }).fill(feedUrl);
      await dialog.getByLabel('Frequency').selectOption('daily');
      await dialog.getByLabel('Fetch time').selectOption('01:00');
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      const sources = page.getByRole('table', { name: 'Data sources' });
      const row = sources.getByRole('row').filter({ hasText: 'Supplier feed' });
      await expect(row).toContainText('5');
      const history = page.getByRole('table', { name: 'Import history of Supplier feed' });
      await expect(history.getByRole('row').nth(1)).toContainText('Imported');

      // The form offers whole hours; the api takes any minute, so the journey schedules the next one.
      const source = (
        await apiCall<{ data: { id: string; data_source_name: string }[] }>(
          'GET',
          `/data-source/${shop!.id}`,
          {
            token,
          },
        )
      ).data.find((s) => s.data_source_name === 'Supplier feed')!;
      served = csvOf('URL', 8);
      const fetchTime = wallTimeAhead(20_000);
      const edited = await apiCall<{ next_fetch_at: string }>('PUT', `/edit-data-source/${source.id}`, {
        token,
        body: { frequency: 'daily', fetch_time: fetchTime },
      });
      expect(Date.parse(edited.next_fetch_at) - Date.now()).toBeLessThan(90_000);

      await expect(async () => {
        await page.reload();
        const scheduled = page
          .getByRole('table', { name: 'Import history of Supplier feed' })
          .getByRole('row')
          .filter({ hasText: 'Schedule' });
        await expect(scheduled).toHaveCount(1, { timeout: 2_000 });
        await expect(scheduled).toContainText('Imported', { timeout: 2_000 });
      }).toPass({ timeout: 150_000, intervals: [3_000] });
      await expect(
        page
          .getByRole('table', { name: 'Data sources' })
          .getByRole('row')
          .filter({ hasText: 'Supplier feed' }),
      ).toContainText('8');
      await mailbox.waitForMail(alerts, { subject: 'Import finished: Supplier feed' });
    });
  });

  test('a Google XML feed (RSS 2.0) is uploaded as it is, and its rejected item is reported by line', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('xml-feed');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Basics & Co',
      store: 'Basics Store',
      url: 'https://shop.example.com',
    });
    const [shop] = await apiCall<{ id: string }[]>('GET', '/shop-select-list', { token });
    const feed = await readFile(
      new URL('../../packages/catalog/src/import/fixtures/google-feed.rss.xml', import.meta.url),
    );
    await signIn(page, email);
    await page.goto(`/data-source/${shop!.id}`);

    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(
      dialog.getByText('A CSV file or a Google XML feed (RSS 2.0 / Atom), of at most 20 MB.'),
    ).toBeVisible();
    await dialog.getByLabel('Data source name').fill('Shop plugin feed');
    await dialog.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'google-feed.xml',
      mimeType: 'application/rss+xml',
      buffer: feed,
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: 'Import of google-feed.xml' })).toBeHidden({
      timeout: 60_000,
    });
    const history = page.getByRole('table', { name: 'Import history of Shop plugin feed' });
    const run = history.getByRole('row').nth(1);
    await expect(run).toContainText('Imported');
    const downloading = page.waitForEvent('download');
    await run.getByRole('button', { name: /Error report/ }).click();
    const report = await readFile((await (await downloading).path())!, 'utf8');
    // The item without a price, by the line its <item> starts on.
    expect(report.trim().split(/\r?\n/)).toEqual([
      'row_number,column,message',
      '102,price,Price is required.',
    ]);
  });
});
