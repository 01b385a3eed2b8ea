import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

/** A mail as the sandbox's `/api/mails` returns it. */
export interface TMail {
  id: string;
  from: string;
  to: string[];
  toText: string;
  subject: string;
  text: string;
  html: string | null;
  date: string;
  receivedAt: string;
}

export interface TWaitOptions {
  /** Only mails received at or after this moment (e.g. taken before pressing "Resend code"). */
  after?: Date;
  /** Only mails whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  timeout?: number;
}

const OTP_RE = /\b(\d{6})\b/;
const URL_RE = /https?:\/\/[^\s<>"')\]]+/g;

const matches = (value: string, pattern: string | RegExp | undefined): boolean =>
  pattern === undefined || (typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value));

/** Reads what the system sent through the sandbox's mail catcher. */
export class Mailbox {
  constructor(readonly sandboxUrl: string) {}

  /** Mails to `to`, newest first. */
  async list(to: string): Promise<TMail[]> {
    const res = await fetch(`${this.sandboxUrl}/api/mails?${new URLSearchParams({ to, limit: '20' })}`);
    if (!res.ok) throw new Error(`sandbox /api/mails answered ${res.status}`);
    return (await res.json()) as TMail[];
  }

  /** Polls until a mail to `to` arrives (the newest one that fits the options) and returns it. */
  async waitForMail(to: string, opts: TWaitOptions = {}): Promise<TMail> {
    const timeout = opts.timeout ?? 30_000;
    const deadline = Date.now() + timeout;
    for (;;) {
      const mail = (await this.list(to)).find(
        (m) =>
          (!opts.after || Date.parse(m.receivedAt) >= opts.after.getTime()) &&
          matches(m.subject, opts.subject),
      );
      if (mail) return mail;
      if (Date.now() > deadline) {
        throw new Error(
          `No mail to ${to}${opts.subject ? ` with subject ${String(opts.subject)}` : ''} within ${timeout} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** The 6-digit code of the newest mail to `to` (subject first, then text). */
  async otp(to: string, opts: TWaitOptions = {}): Promise<string> {
    const mail = await this.waitForMail(to, opts);
    const code = (OTP_RE.exec(mail.subject) ?? OTP_RE.exec(mail.text))?.[1];
    if (!code)
      throw new Error(`The newest mail to ${to} ("${mail.subject}") holds no 6-digit code:\n${mail.text}`);
    return code;
  }

  /** The first link in the newest mail to `to` that contains `match` (or matches it). */
  async link(to: string, opts: TWaitOptions & { match?: string | RegExp } = {}): Promise<string> {
    const mail = await this.waitForMail(to, opts);
    const links = [
      ...new Set([...mail.text.matchAll(URL_RE), ...(mail.html ?? '').matchAll(URL_RE)].map((m) => m[0])),
    ]
      .map((l) => l.replace(/&amp;/g, '&').replace(/[.,;:!?]+$/, ''))
      .filter((l) => matches(l, opts.match));
    if (!links[0])
      throw new Error(
        `The newest mail to ${to} ("${mail.subject}") holds no link${opts.match ? ` matching ${String(opts.match)}` : ''}`,
      );
    return links[0];
  }
}

/** An address nobody has used yet (valid for email rule). */
export const uniqueEmail = (prefix = 'e2e'): string =>
  `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.feedloom.test`;

/** The seeded demo merchant: has a profile, an organisation and a shop. */
export const DEMO = { email: 'demo@feedloom.test', password: 'Demo@12345' } as const;

/** The snackbar: a status or alert region holding `text`. */
export const snackbar = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text });

/** The password the journeys give the users they seed. */
export const JOURNEY_PASSWORD = 'Journey@2024';

/** Signs in through the login page and waits to be let in. */
export const signIn = async (page: Page, email: string, password: string = JOURNEY_PASSWORD) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

/** A full-page screenshot into E2E_SCREENSHOT_DIR, when it is set (to look at what a journey built). */
export const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

/** From the shop's channel page through the sandbox's Google consent page (as Alex Rivera) back to the account choice. */
export const consentToGoogle = async (page: Page, shopId: string, sandboxUrl: string) => {
  await page.goto(`/sync-shop/${shopId}`);
  await page.getByRole('button', { name: 'Connect Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${sandboxUrl}/google/authorize`));
  await page.getByRole('radio', { name: /Alex Rivera/ }).check();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(new RegExp(`/link-account/google/${shopId}$`));
};

/** Connects Google to the shop and chooses the Rivera Outdoor Merchant Center account. */
export const connectGoogle = async (page: Page, shopId: string, sandboxUrl: string) => {
  await consentToGoogle(page, shopId, sandboxUrl);
  await page.getByRole('radio', { name: /Rivera Outdoor/ }).check();
  await page.getByRole('button', { name: 'Use this account' }).click();
  await expect(snackbar(page, 'Merchant Center account selected.')).toBeVisible();
};

const requireEnv = (name: string): string => {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the suite through playwright (global-setup.ts starts the system)`,
    );
  return value;
};

/** The number on a status tab of the product list, read again (the page reloaded) until it is `n`. */
export const expectTab = async (page: Page, tab: string, n: number, timeout = 60_000) =>
  expect
    .poll(
      async () => {
        await page.reload();
        const el = page.getByRole('tab', { name: new RegExp(`^${tab}`) });
        await expect(el).toHaveText(/\d/);
        return Number((await el.textContent())!.replace(/\D/g, ''));
      },
      { timeout, intervals: [1000, 2000] },
    )
    .toBe(n);

export const test = base.extend<{ mailbox: Mailbox; uniqueEmail: typeof uniqueEmail; sandboxUrl: string }>({
  // Playwright reads fixture dependencies from the destructuring pattern, so an empty one it must be.
  // eslint-disable-next-line no-empty-pattern
  sandboxUrl: async ({}, use) => {
    await use(requireEnv('E2E_SANDBOX_URL'));
  },
  mailbox: async ({ sandboxUrl }, use) => {
    await use(new Mailbox(sandboxUrl));
  },
  // eslint-disable-next-line no-empty-pattern
  uniqueEmail: async ({}, use) => {
    await use(uniqueEmail);
  },
});

export { expect };
