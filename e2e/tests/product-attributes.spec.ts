import type { Page } from '@playwright/test';
import { connectGoogle, expect, JOURNEY_PASSWORD, shot, signIn, snackbar, test } from '../fixtures';
import { firstShopId, importCsvFile, seedOrganizationWithShop, seedUser } from '../seed-api';

// The attributes channel issues name are edited on the product page, and reach the feed; product pictures
// show in the list (the Content-Security-Policy lets https: and same-origin pictures in, nothing else).

const SHOP = 'https://attr-outdoor.example';
const HEADER = 'id,title,description,link,image_link,price,availability,brand,gtin,condition,product_type';
const row = (id: string, title: string) =>
  `${id},${title},A sturdy camping item,${SHOP}/p/${id},${SHOP}/i/${id}.jpg,12.00 USD,in_stock,Rivera,4006381333931,new,Camping`;
const CSV = [HEADER, row('LAMP-1', 'Camp lamp'), row('KETTLE-1', 'Camp kettle')].join('\n') + '\n';

/** Opens a product's page from the list and sets its image link there. */
const setImageLink = async (page: Page, title: string, url: string) => {
  await page.goto('/manage-products');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const input = page.getByLabel('Image link', { exact: true });
  await input.fill(url);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(snackbar(page, 'Product updated.')).toBeVisible();
  // The value is now the override layer's, with the source value beside it.
  await expect(input).toHaveValue(url);
  await expect(page.getByText(`Source: ${SHOP}/i/`).first()).toBeVisible();
};

test.describe('product attributes', () => {
  test("an image link edited on the product page is the feed's; a picture renders in the list", async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('attributes');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Attr Co',
      store: 'Attr Outdoor',
      url: SHOP,
    });
    const shopId = await firstShopId(token);
    await importCsvFile(token, shopId, CSV, { name: 'Camping' }, 'camping.csv');
    await signIn(page, email);

    await test.step('connect Google (the feed URL belongs to the connection)', async () => {
      await connectGoogle(page, shopId, sandboxUrl);
    });

    const newImage = 'https://cdn.attr-outdoor.example/lamp-new.jpg';
    await test.step('edit the image link on the product page', async () => {
      await setImageLink(page, 'Camp lamp', newImage);
      await shot(page, 'product-attributes-detail');
    });

    await test.step('the Google feed file carries the edited image link', async () => {
      await page.goto(`/google/feed-config/${shopId}`);
      await expect(page.getByRole('heading', { name: 'Google feed configuration', level: 1 })).toBeVisible();
      const feedUrl = await page.getByRole('textbox', { name: 'Feed URL' }).inputValue();
      const feed = await (await page.request.get(feedUrl)).text();
      const lamp = feed.slice(feed.indexOf('<g:id>LAMP-1</g:id>'));
      expect(lamp).toContain('<g:id>LAMP-1</g:id>');
      expect(lamp.slice(0, lamp.indexOf('</item>'))).toContain(`<g:image_link>${newImage}</g:image_link>`);
    });

    await test.step('a picture the page may load renders in the list; one that fails shows "No image"', async () => {
      // The gateway's own picture is same-origin ('self'); the demo hosts do not resolve.
      await setImageLink(page, 'Camp kettle', `${baseURL}/favicon.svg`);
      await page.goto('/manage-products');
      const kettle = page.getByTestId('product-row').filter({ hasText: 'Camp kettle' });
      const img = kettle.locator('img');
      await expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
      await expect
        .poll(() =>
          img.evaluate((el) => {
            // The <img> element (this package's types leave the DOM out).
            const image = el as unknown as { complete: boolean; naturalWidth: number };
            return image.complete ? image.naturalWidth : 0;
          }),
        )
        .toBeGreaterThan(0);
      const lamp = page.getByTestId('product-row').filter({ hasText: 'Camp lamp' });
      await expect(lamp.getByRole('img', { name: 'No image' })).toBeVisible();
      await shot(page, 'product-attributes-list');
    });
  });
});
