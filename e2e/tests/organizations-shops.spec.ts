import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, JOURNEY_PASSWORD, snackbar, test } from '../fixtures';
import { apiCall, seedOrganizationWithShop, seedUser } from '../seed-api';

const signIn = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
};

const storesTable = (page: Page): Locator => page.getByRole('table', { name: 'Stores' });
const organisationButton = (page: Page, name: string): Locator =>
  page.getByRole('button', { name: `Organisation: ${name}` });

const addStore = async (
  page: Page,
  store: { name: string; url: string; currency: string; timezone: string },
) => {
  await expect(page).toHaveURL(/\/add-store$/);
  await expect(page.getByRole('heading', { name: 'Add Store' })).toBeVisible();
  await page.getByLabel('Store Name').fill(store.name);
  await page.getByLabel('Store URL').fill(store.url);
  await page.getByLabel('Currency').selectOption(store.currency);
  await page.getByLabel('Timezone').selectOption(store.timezone);
  await page.getByRole('button', { name: 'Save Store' }).click();
  await expect(snackbar(page, 'Store added successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/store-list$/);
};

test.describe('organisations and shops', () => {
  test('a new merchant completes the profile, creates an organisation and adds a store', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('org');

    await test.step('sign up, verify and create a password in the browser', async () => {
      await page.goto('/signup');
      await page.getByLabel('Email Address').fill(email);
      await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).check();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page).toHaveURL(/\/confirm-otp\//);
      await page.getByLabel('Verification code').fill(await mailbox.otp(email));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await expect(page).toHaveURL(/\/create-password\//);
      await page.getByLabel('Password', { exact: true }).fill(JOURNEY_PASSWORD);
      await page.getByLabel('Confirm Password', { exact: true }).fill(JOURNEY_PASSWORD);
      await page.getByRole('button', { name: 'Create Password' }).click();
      await expect(page).toHaveURL(/\/complete-profile$/);
    });

    await test.step('complete the profile', async () => {
      await page.getByLabel('First Name').fill('Olivia');
      await page.getByLabel('Last Name').fill('Orchard');
      await page.getByRole('button', { name: 'Save Profile' }).click();
    });

    await test.step('choose to create a new organisation', async () => {
      await expect(page).toHaveURL(/\/process-org$/);
      await expect(page.getByRole('heading', { name: 'How Would You Like to Proceed?' })).toBeVisible();
      await expect(page.getByText(/There are no pending invitations for/)).toBeVisible();
      await page.getByRole('link', { name: 'Create a New Organisation' }).click();
      await expect(page).toHaveURL(/\/create-org$/);
    });

    await test.step('create the organisation: the business email defaults to the user’s', async () => {
      await expect(page.getByLabel('Business Email')).toHaveValue(email);
      const save = page.getByRole('button', { name: 'Save Settings' });
      await expect(save).toBeDisabled();
      await page.getByLabel('Business Name').fill('Orchard Supplies');
      await page.getByLabel('Website URL').fill('https://orchard.example.com');
      await expect(save).toBeEnabled();
      await save.click();
      await expect(snackbar(page, 'Organisation created successfully.')).toBeVisible();
    });

    await test.step('add the first store and see it in the store list', async () => {
      await addStore(page, {
        name: 'Orchard Online',
        url: 'https://shop.orchard.example.com',
        currency: 'EUR',
        timezone: 'Europe/Berlin',
      });
      const row = storesTable(page).getByRole('row').filter({ hasText: 'Orchard Online' });
      await expect(row).toBeVisible();
      await expect(row).toContainText('EUR');
      await expect(row).toContainText('Active');
      await expect(organisationButton(page, 'Orchard Supplies')).toBeVisible();
      await expect(page.getByLabel('Active store')).toHaveValue(/.+/);
    });
  });

  test('the owner sees the spec message for a bad zipcode in the organisation settings', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/\/sync-shop\//);
    await page.goto('/update-org');
    await expect(page.getByRole('heading', { name: 'Organisation Settings' })).toBeVisible();
    const zipcode = page.getByLabel('Zipcode');
    await expect(zipcode).toHaveValue('10001');
    await expect(page.getByLabel('State/Province')).toHaveValue('New York');
    await zipcode.fill('AB#12');
    await expect(
      page.getByText('Zipcode can only contain letters, numbers, spaces, or hyphens.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/sync-shop\//);
  });

  test('a merchant creates a second organisation and switches between the two', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const merchant = await seedUser(mailbox, uniqueEmail('switch'), JOURNEY_PASSWORD);
    await seedOrganizationWithShop(merchant, {
      business: 'First Fields',
      store: 'First Fields Store',
      url: 'https://first-fields.example.com',
    });

    await test.step('sign in to the first organisation', async () => {
      await signIn(page, merchant.email, merchant.password);
      await expect(page).toHaveURL(/\/sync-shop\//);
      await expect(organisationButton(page, 'First Fields')).toBeVisible();
    });

    await test.step('create a second organisation from the organisation menu and add its store', async () => {
      await organisationButton(page, 'First Fields').click();
      await page.getByRole('menuitem', { name: 'Create a New Organisation' }).click();
      await expect(page).toHaveURL(/\/create-org$/);
      await page.getByLabel('Business Name').fill('Second Meadow');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await addStore(page, {
        name: 'Second Meadow Store',
        url: 'https://second-meadow.example.com',
        currency: 'USD',
        timezone: 'America/New_York',
      });
      await expect(organisationButton(page, 'Second Meadow')).toBeVisible();
      await expect(storesTable(page).getByRole('rowheader', { name: 'Second Meadow Store' })).toBeVisible();
      await expect(storesTable(page).getByRole('rowheader', { name: 'First Fields Store' })).toHaveCount(0);
    });

    await test.step('switch back to the first organisation', async () => {
      await organisationButton(page, 'Second Meadow').click();
      await page.getByRole('menuitemradio', { name: /First Fields/ }).click();
      await expect(organisationButton(page, 'First Fields')).toBeVisible();
      await expect(page).toHaveURL(/\/store-list$/);
      await expect(storesTable(page).getByRole('rowheader', { name: 'First Fields Store' })).toBeVisible();
      await expect(storesTable(page).getByRole('rowheader', { name: 'Second Meadow Store' })).toHaveCount(0);
      await expect(page.getByLabel('Active store').locator('option:checked')).toHaveText(
        'First Fields Store',
      );
    });

    await test.step('and to the second again; the choice survives a reload', async () => {
      await organisationButton(page, 'First Fields').click();
      await page.getByRole('menuitemradio', { name: /Second Meadow/ }).click();
      await expect(organisationButton(page, 'Second Meadow')).toBeVisible();
      await expect(storesTable(page).getByRole('rowheader', { name: 'Second Meadow Store' })).toBeVisible();
      await page.reload();
      await expect(organisationButton(page, 'Second Meadow')).toBeVisible();
      await expect(storesTable(page).getByRole('rowheader', { name: 'Second Meadow Store' })).toBeVisible();
    });
  });

  test('an invited merchant accepts the invitation on the process-org page', async ({
    page,
    mailbox,
    uniqueEmail,
  }) => {
    const owner = await seedUser(mailbox, uniqueEmail('owner'), JOURNEY_PASSWORD);
    const ownerToken = await seedOrganizationWithShop(owner, {
      business: 'Invite Orchard',
      store: 'Invite Orchard Store',
      url: 'https://invite-orchard.example.com',
    });
    const invitee = await seedUser(mailbox, uniqueEmail('invitee'), JOURNEY_PASSWORD);
    await apiCall('POST', '/staff', {
      token: ownerToken,
      body: { email: invitee.email, role_id: 'store_manager', is_for_entire_organization: true },
    });
    const link = await mailbox.link(invitee.email, { subject: 'Invite Orchard', match: '/invitation/' });
    expect(new URL(link).pathname).toMatch(/^\/invitation\/[^/]+\/[^/]+$/);

    await signIn(page, invitee.email, invitee.password);
    await expect(page).toHaveURL(/\/process-org$/);
    const invitation = page.getByRole('listitem').filter({ hasText: 'Invite Orchard' });
    await expect(invitation).toContainText('Invited as Store Manager');
    await invitation.getByRole('button', { name: 'Accept Invite' }).click();

    await expect(snackbar(page, 'Invitation accepted successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/store-list$/);
    await expect(organisationButton(page, 'Invite Orchard')).toBeVisible();
    await expect(storesTable(page).getByRole('rowheader', { name: 'Invite Orchard Store' })).toBeVisible();
    // Organisation Settings are the owner's: a member does not get them.
    await organisationButton(page, 'Invite Orchard').click();
    await expect(page.getByRole('menuitem', { name: 'Organisation Settings' })).toHaveCount(0);
  });
});
