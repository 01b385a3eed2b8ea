import { connectGoogle, expect, expectTab, JOURNEY_PASSWORD, signIn, test } from '../fixtures';
import { firstShopId, importCsvFile, seedOrganizationWithShop, seedUser } from '../seed-api';

// What the merchant sees is what the channel gets: a Shopify export with a draft product is imported; the list
// shows the draft as excluded, and the Google feed file (behind its secret URL) leaves it out while it carries
// the active product.

const STORE = 'https://rivera-outdoor.example';
const HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Published,Variant SKU,Variant Inventory Qty,Variant Price,Variant Barcode,Image Src,Google Shopping / MPN,Google Shopping / Condition,Status';
const row = (handle: string, title: string, sku: string, status: string) =>
  `${handle},${title},<p>A sturdy enamel camping mug.</p>,Rivera,Home & Garden > Kitchen & Dining,Mugs,TRUE,${sku},5,12.00,4006381333931,${STORE}/i/${handle}.jpg,MPN-${sku},new,${status}`;
const SHOPIFY =
  [
    HEADER,
    row('active-mug', 'Active mug', 'TRUTH-ACTIVE', 'active'),
    row('draft-mug', 'Draft mug', 'TRUTH-DRAFT', 'draft'),
  ].join('\n') + '\n';

test.describe('the catalogue the channels get', () => {
  test('a Shopify draft is excluded in the list and absent from the Google feed file; the active product is in it', async ({
    page,
    mailbox,
    uniqueEmail,
    sandboxUrl,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('catalogue-truth');
    const merchant = await seedUser(mailbox, email, JOURNEY_PASSWORD);
    const token = await seedOrganizationWithShop(merchant, {
      business: 'Rivera Co',
      store: 'Rivera Outdoor',
      url: STORE,
    });
    const shopId = await firstShopId(token);
    await signIn(page, email);

    await test.step('import the Shopify export (one active product, one draft)', async () => {
      await importCsvFile(token, shopId, SHOPIFY, { name: 'Shopify' }, 'products_export.csv');
      await page.goto(`/manage-products?shop_id=${shopId}`);
      await expectTab(page, 'Excluded', 1);
      await page.getByRole('tab', { name: /^Excluded/ }).click();
      await expect(page.getByText('Draft mug')).toBeVisible();
    });

    await test.step('connect Google through the consent page and choose the Merchant Center account', async () => {
      await connectGoogle(page, shopId, sandboxUrl);
    });

    await test.step('the Google feed file carries the active product and leaves the draft out', async () => {
      await page.goto(`/google/feed-config/${shopId}`);
      const feedUrl = await page.getByRole('textbox', { name: 'Feed URL' }).inputValue();
      expect(feedUrl).toMatch(/\/feeds\/[\w-]{40,}\.xml$/);
      const feed = await page.request.get(feedUrl);
      expect(feed.status()).toBe(200);
      const text = await feed.text();
      expect(text).toContain('<g:id>TRUTH-ACTIVE</g:id>');
      expect(text).not.toContain('TRUTH-DRAFT');
      expect(text).not.toContain('Draft mug');
    });
  });
});
