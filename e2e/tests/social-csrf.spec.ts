import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { DEMO, expect, snackbar, test } from '../fixtures';

/** What the callback screen says when this browser did not start the sign-in (gateway, oauth-flow.ts). */
const NOT_STARTED = 'This sign-in was not started in this browser.';
const CALLBACK_RE = /\/oauth\/callback\?/;

/** A browser of its own (no cookies shared with any other), on the app's URL. */
const freshBrowser = async (
  browser: Browser,
  testInfo: TestInfo,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return { context, page: await context.newPage() };
};

/** Collects what Chromium reports about the Content-Security-Policy and Permissions-Policy while the page runs. */
const policyViolations = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content Security Policy|Permissions-Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)
    ) {
      seen.push(text);
    }
  });
  return seen;
};

/**
 * Starts a Google sign-in in `page` as `email` and returns the callback URL the provider sends the browser back to,
 * without opening it: the code and state an attacker would put in a link. (A route does not see the redirected
 * request, so the provider's consent answer is fetched here and its redirect read.)
 */
const callbackUrlOf = async (page: Page, email: string): Promise<string> => {
  let captured = '';
  await page.goto('/login');
  const appOrigin = new URL(page.url()).origin;
  await page.route(
    // The provider's pages (another origin); its consent form is the one POST.
    (url) => url.origin !== appOrigin,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'] ?? '';
      if (!CALLBACK_RE.test(location)) return route.fulfill({ response });
      captured = new URL(location, route.request().url()).href;
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback captured' });
    },
  );
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google (sandbox)' })).toBeVisible();
  await page.getByLabel('Or use another email address').fill(email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => captured).toMatch(/[?&]code=/);
  expect(new URL(captured).searchParams.get('state')).toMatch(/^google\./);
  await page.unrouteAll();
  return captured;
};

test.describe('social sign-in is bound to the browser that started it (login CSRF)', () => {
  test('a callback URL opened in a fresh browser does not sign in; the browser that started it does', async ({
    browser,
    uniqueEmail,
  }, testInfo) => {
    const attacker = await freshBrowser(browser, testInfo);
    const victim = await freshBrowser(browser, testInfo);
    const violations = [...policyViolations(attacker.page), ...policyViolations(victim.page)];
    const url = await callbackUrlOf(attacker.page, uniqueEmail('attacker'));

    await test.step('the link in another browser is refused with a clear message', async () => {
      await victim.page.goto(url);
      await expect(victim.page).toHaveURL(/\/login$/);
      await expect(snackbar(victim.page, NOT_STARTED)).toBeVisible();
      const session = await victim.page.request.get('/trpc/auth.session');
      expect(((await session.json()) as { result: { data: unknown } }).result.data).toBeNull();
      await victim.page.goto('/store-list');
      await expect(victim.page).toHaveURL(/\/login/);
    });

    await test.step('the browser that started the sign-in finishes it with the same code', async () => {
      await attacker.page.goto(url);
      await expect(attacker.page).toHaveURL(/\/complete-profile$/);
      await expect(attacker.page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    });

    // The SPA runs under the gateway's CSP (no inline scripts) without a single violation.
    expect(violations).toEqual([]);
    await attacker.context.close();
    await victim.context.close();
  });

  test('a signed-in user who opens someone else’s callback link gets no login service connected', async ({
    browser,
    page,
    uniqueEmail,
  }, testInfo) => {
    const attacker = await freshBrowser(browser, testInfo);
    const url = await callbackUrlOf(attacker.page, uniqueEmail('attacker'));
    const violations = policyViolations(page);

    await page.goto('/login');
    await page.getByLabel('Email Address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);

    await page.goto(url);
    await expect(page).toHaveURL(/\/manage-profile$/);
    await expect(snackbar(page, NOT_STARTED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Google' })).toBeVisible();
    expect(violations).toEqual([]);
    await attacker.context.close();
  });
});
