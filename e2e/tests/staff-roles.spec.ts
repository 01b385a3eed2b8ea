import type { Browser, Locator, Page } from '@playwright/test';
import { expect, snackbar, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

const PASSWORD = 'Owner@2024';
const INVITEE_PASSWORD = 'Joiner@2024';
const FORBIDDEN = "You don't have permission to do that.";

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The default landing: the active store's sync page.
  await expect(page).toHaveURL(/\/sync-shop\//);
};

const row = (table: Locator, name: string): Locator =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });

/** A second browser: the invitee never shares the owner's cookies. */
const newPage = async (browser: Browser) => (await browser.newContext()).newPage();

test.describe('staff and roles', () => {
  test('an owner invites a read-only member for one store, gives the role manage rights, then removes the member', async ({
    page,
    browser,
    mailbox,
    uniqueEmail,
  }) => {
    test.setTimeout(180_000);
    const ownerEmail = uniqueEmail('staff-owner');
    const inviteeEmail = uniqueEmail('staff-invitee');
    const owner = await seedUser(mailbox, ownerEmail, PASSWORD);
    const token = await seedOrganizationWithShop(owner, {
      business: 'Harbour Goods',
      store: 'North Store',
      url: `https://north-${Date.now().toString(36)}.example.com`,
    });
    await apiCall('POST', '/add-new-shop', {
      token,
      body: {
        shop_name: 'South Store',
        shop_url: `https://south-${Date.now().toString(36)}.example.com`,
        shop_currency: 'USD',
        shop_timezone: 'America/New_York',
        utc_offset: '-05:00',
      },
    });

    await test.step('the owner invites the person for South Store with a new read-only custom role', async () => {
      await signIn(page, ownerEmail, PASSWORD);
      await page.getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/users-list$/);
      await expect(page.getByTestId('owner-row')).toContainText(ownerEmail);
      await page.getByRole('link', { name: 'Invite User' }).first().click();
      await page.getByLabel('Email').fill(inviteeEmail);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: 'New custom role…' });
      await page.getByLabel('Role name').fill('Store readers');
      await page.getByRole('radio', { name: 'Stores: Read' }).check();
      await page.getByLabel('Selected stores').check();
      await page.getByLabel('South Store').click();
      await page.screenshot({ path: 'test-results/staff-invite.png', fullPage: true });
      await page.getByRole('button', { name: 'Send Invitation' }).click();
      await expect(snackbar(page, 'Invitation sent successfully.')).toBeVisible();
      const invited = row(page.getByRole('table', { name: 'Users' }), inviteeEmail);
      await expect(invited).toContainText('Store readers');
      await expect(invited).toContainText('South Store');
      await expect(invited).toContainText('Pending');
    });

    const invitee = await newPage(browser);
    await test.step('the invitee signs up from the mailed link and sees only South Store', async () => {
      const link = await mailbox.link(inviteeEmail, {
        subject: 'Harbour Goods',
        match: '/invitation-signup/',
      });
      await invitee.goto(link);
      await expect(invitee.getByRole('heading', { name: 'Join Harbour Goods' })).toBeVisible();
      await invitee.getByLabel('First Name').fill('Ines');
      await invitee.getByLabel('Last Name').fill('Reader');
      await invitee.getByLabel('Password', { exact: true }).fill(INVITEE_PASSWORD);
      await invitee.getByLabel('Confirm Password', { exact: true }).fill(INVITEE_PASSWORD);
      await invitee.getByRole('button', { name: 'Accept & Create Account' }).click();
      await expect(invitee).toHaveURL(/\/complete-profile$/);
      await invitee.getByRole('button', { name: 'Save Profile' }).click();
      await expect(invitee).toHaveURL(/\/store-list$/);
      const stores = invitee.getByRole('table', { name: 'Stores' });
      await expect(stores.getByRole('rowheader', { name: 'South Store' })).toBeVisible();
      await expect(stores.getByRole('rowheader', { name: 'North Store' })).toHaveCount(0);
      await expect(invitee.getByRole('link', { name: 'Edit South Store' })).toHaveCount(0);
    });

    await test.step('the invitee cannot open the users list', async () => {
      await invitee.goto('/users-list');
      await expect(
        invitee.getByRole('heading', { name: 'You don’t have access to this page' }),
      ).toBeVisible();
      await expect(invitee.getByRole('table', { name: 'Users' })).toHaveCount(0);
    });

    await test.step('the owner gives the role manage rights on stores', async () => {
      await page.getByRole('link', { name: 'Roles' }).click();
      const readers = row(page.getByRole('table', { name: 'Roles' }), 'Store readers');
      await expect(readers).toContainText(inviteeEmail);
      await readers.getByRole('button', { name: 'Edit Store readers' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Store readers' });
      await dialog.getByRole('radio', { name: 'Stores: Manage' }).check();
      await page.screenshot({ path: 'test-results/staff-role-dialog.png', fullPage: true });
      await dialog.getByRole('button', { name: 'Save Role' }).click();
      await expect(snackbar(page, 'Role updated successfully.')).toBeVisible();
      await expect(readers).toContainText('Stores: manage');
      await page.screenshot({ path: 'test-results/staff-roles.png', fullPage: true });
    });

    await test.step('the invitee edits the store without signing in again', async () => {
      await invitee.goto('/store-list');
      await invitee.getByRole('link', { name: 'Edit South Store' }).click();
      await invitee.getByLabel('Store Name').fill('South Store Outlet');
      await invitee.getByRole('button', { name: 'Save Store' }).click();
      await expect(snackbar(invitee, 'Store updated successfully.')).toBeVisible();
    });

    await test.step('the owner removes the member; their next request is refused', async () => {
      await invitee.goto('/store-list');
      await invitee.getByRole('link', { name: 'Edit South Store Outlet' }).click();
      await expect(invitee.getByLabel('Store Name')).toHaveValue('South Store Outlet');

      await page.getByRole('link', { name: 'Users' }).click();
      const member = row(page.getByRole('table', { name: 'Users' }), inviteeEmail);
      await expect(member).toContainText('Accepted');
      await member.getByRole('button', { name: `Delete ${inviteeEmail}` }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${inviteeEmail}?` });
      await expect(dialog).toContainText('loses access to this organisation');
      await dialog.getByRole('button', { name: 'Remove User' }).click();
      await expect(snackbar(page, 'User removed from the organisation.')).toBeVisible();
      await expect(member).toContainText('Revoked');
      await page.screenshot({ path: 'test-results/staff-users.png', fullPage: true });

      await invitee.getByLabel('Store Name').fill('South Store Closed');
      await invitee.getByRole('button', { name: 'Save Store' }).click();
      await expect(snackbar(invitee, FORBIDDEN)).toBeVisible();
    });

    await test.step('the activity tab shows the invitation, the role change and the removal', async () => {
      await page.getByRole('tab', { name: 'Activity' }).click();
      const activity = page.getByRole('table', { name: 'Activity' });
      await expect(
        activity.getByRole('rowheader', { name: `Created invitation ${inviteeEmail}` }),
      ).toBeVisible();
      await expect(
        activity.getByRole('rowheader', { name: `Accepted member ${inviteeEmail}` }),
      ).toBeVisible();
      const roleChange = row(activity, 'Updated role Store readers');
      await expect(roleChange).toContainText('Stores: read → Stores: manage');
      await expect(row(activity, 'Updated store South Store Outlet')).toContainText(inviteeEmail);
      await expect(activity.getByRole('rowheader', { name: `Deleted member ${inviteeEmail}` })).toBeVisible();

      await page.getByLabel('Person').selectOption({ label: `Ines Reader (${inviteeEmail})` });
      await expect(activity.getByRole('row')).toHaveCount(3);
      await page.screenshot({ path: 'test-results/staff-activity.png', fullPage: true });
    });
  });
});
