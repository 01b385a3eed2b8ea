import { expect, test } from '../fixtures';

// The sign-in pages of the sandbox's identity providers, driven like a user would. The app's own social
// sign-in journey builds on these.
test.describe('sandbox identity providers', () => {
  const authorizeUrl = (sandboxUrl: string, provider: 'google' | 'microsoft', clientId: string) =>
    `${sandboxUrl}/${provider}/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${sandboxUrl}/health`,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'st-123',
      nonce: 'n-123',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuKZgWYs2xM',
      code_challenge_method: 'S256',
    })}`;

  test('Allow sends the chosen Google account back with a code', async ({ page, sandboxUrl }) => {
    await page.goto(authorizeUrl(sandboxUrl, 'google', 'feedloom-google'));
    await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
    await page.getByLabel('Sam Lee — sam.lee@gmail.sandbox.test').check();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/health\?code=[^&]+&state=st-123$/);
  });

  test('Cancel on the Microsoft page sends access_denied back', async ({ page, sandboxUrl }) => {
    await page.goto(authorizeUrl(sandboxUrl, 'microsoft', 'feedloom-microsoft'));
    await expect(page.getByRole('heading', { name: 'Sign in with Microsoft (sandbox)' })).toBeVisible();
    await expect(page.getByLabel('Jordan Kim — jordan.kim@outlook.sandbox.test')).toBeChecked();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/health\?error=access_denied&.*state=st-123/);
  });
});
