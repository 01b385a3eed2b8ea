import type { Page } from '@playwright/test';
import { expect, JOURNEY_PASSWORD, signIn, test } from '../fixtures';
import { apiCall, firstShopId, seedOrganizationWithShop, seedUser } from '../seed-api';

const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition';
const csvOf = (count: number) =>
  [
    HEADER,
    ...Array.from(
      { length: count },
      (_, i) =>
        `SKU-${i + 1},Linen shirt ${i + 1},${i % 4 ? `A linen shirt ${i + 1}` : ''},https://e2e-store.example.com/p/${i + 1},https://e2e-store.example.com/i/${i + 1}.jpg,24.00 USD,in_stock,Acme,,new`,
    ),
  ].join('\n') + '\n';

interface TImport {
  data_source: { id: string };
  run: { status: string };
}

/** Uploads a CSV through the api, as the import screen does (a new source, or a re-import of `sourceId`). */
const upload = async (token: string, shopId: string, csv: string, sourceId?: string): Promise<TImport> => {
  const form = new FormData();
  form.append('shop_id', shopId);
  if (sourceId) form.append('data_source_id', sourceId);
  else form.append('data_source_name', 'Main feed');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return apiCall<TImport>('POST', '/import-csv', { body: form, token });
};

/** Waits for the source's newest import run to end (the worker runs it) and returns its status. */
const settled = async (token: string, shopId: string, sourceId: string): Promise<string> => {
  let status = 'queued';
  await expect
    .poll(
      async () => {
        const runs = await apiCall<{ data: { status: string }[] }>(
          'GET',
          `/data-source-runs/${shopId}/${sourceId}`,
          { token },
        );
        status = runs.data[0]?.status ?? 'queued';
        return ['queued', 'running'].includes(status);
      },
      { timeout: 60_000 },
    )
    .toBe(false);
  return status;
};

/** The header's unread count (the bell's accessible name carries it). */
const unreadCount = async (page: Page): Promise<number> => {
  const name =
    (await page
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications/ })
      .getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
};

test('a held mass removal raises a Critical notification and the banner; it leads to the data source; dismissing lowers the count; the dashboard shows the counts and a chart, and its top issues lead to the filtered product list', async ({
  page,
  mailbox,
  uniqueEmail,
}) => {
  const email = uniqueEmail('notify');
  const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
  const token = await seedOrganizationWithShop(merchant, {
    business: 'Notify Co',
    store: 'Notify Store',
    // The domain its products link to (another would add a domain warning to all 12, the top issue).
    url: 'https://e2e-store.example.com',
  });
  const shopId = await firstShopId(token);
  const first = await upload(token, shopId, csvOf(12));
  const source = first.data_source.id;
  expect(await settled(token, shopId, source)).toBe('succeeded');
  await upload(token, shopId, csvOf(3), source);
  expect(await settled(token, shopId, source)).toBe('held');

  await signIn(page, email);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Notification', exact: true });
  await expect(banner.getByText('Critical')).toBeVisible();
  await expect(banner.getByText('Import of Main feed is waiting for your confirmation')).toBeVisible();

  // The dashboard: the shop's counts (the product list's, through the api) and the trend chart.
  const counts = await apiCall<Record<string, number>>(
    'GET',
    `/count-statistics/${shopId}?active_channel=free_listings`,
    { token },
  );
  await expect(page.getByTestId('count-all')).toHaveText(String(counts.all));
  await expect(page.getByTestId('count-error')).toHaveText(String(counts.error));
  const chart = page.getByRole('figure', { name: 'Product status trend chart' });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top issues' })).toBeVisible();
  await page.screenshot({ path: 'test-results/dashboard.png', fullPage: true });

  // Following the banner leads to the data source, where the held import waits.
  const before = await unreadCount(page);
  expect(before).toBeGreaterThanOrEqual(1);
  await banner.getByRole('button', { name: 'Take action' }).click();
  await expect(page).toHaveURL(new RegExp(`/data-source/${shopId}\\?source=${source}$`));
  await expect(page.getByRole('heading', { name: 'This import is waiting for you' })).toBeVisible();
  await expect.poll(() => unreadCount(page)).toBe(before - 1);

  // Another held import arrives while the merchant looks: it appears without a reload.
  await upload(token, shopId, csvOf(2), source);
  expect(await settled(token, shopId, source)).toBe('held');
  await page.goto('/notifications');
  await expect(page.getByRole('region', { name: 'Notification', exact: true })).toHaveCount(0);
  await expect.poll(() => unreadCount(page), { timeout: 30_000 }).toBe(before);
  const list = page.getByRole('list', { name: 'Notifications' });
  const critical = list.getByRole('listitem').filter({ hasText: 'Critical' }).first();
  await expect(critical.getByText('Import of Main feed is waiting for your confirmation')).toBeVisible();
  await expect(critical.getByText(/seconds? ago|minutes? ago|just now/)).toBeVisible();
  await page.screenshot({ path: 'test-results/notifications.png', fullPage: true });

  // Dismissing it lowers the unread count.
  await critical.getByRole('button', { name: /^Dismiss / }).click();
  await page.getByRole('menuitem', { name: 'For 7 days' }).click();
  await expect.poll(() => unreadCount(page)).toBe(before - 1);
  await expect(list.getByText('Import of Main feed is waiting for your confirmation')).toHaveCount(0);

  // A top issue of the dashboard (the missing description of every fourth product) leads to the product list
  // filtered to it: as many products as it said.
  await page.goto('/dashboard');
  const top = page
    .getByRole('list', { name: 'Top issues' })
    .getByRole('listitem')
    .filter({ hasText: /· description ·/ });
  const affected = Number(await top.locator('span').first().textContent());
  expect(affected).toBe(3);
  await top.getByRole('link').click();
  await expect(page).toHaveURL(/\/manage-products\?.*issue_code=/);
  await expect(page.getByRole('group', { name: 'Issue filter' })).toBeVisible();
  await expect(page.getByText(`${affected} of 12 products`)).toBeVisible();
  await expect(page.getByTestId('product-row')).toHaveCount(affected);
  await page.screenshot({ path: 'test-results/products-issue-filter.png', fullPage: true });
  await page.getByRole('button', { name: /^Remove the issue filter / }).click();
  await expect(page.getByText('12 of 12 products')).toBeVisible();
});
