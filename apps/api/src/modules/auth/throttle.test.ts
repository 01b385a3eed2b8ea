import { API_PREFIX, FORGOT_PASSWORD_MESSAGE, type TLoginResponse } from '@feedloom/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertUser, lastOtp, PASSWORD } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { AUTH_MSG, waitInWords } from './messages';

const WRONG = 'Wrong@1234';
const NEW_PASSWORD = 'Fresh@2024';

describe('waitInWords', () => {
  it('rounds up to whole seconds, minutes or hours', () => {
    expect([0.2, 1, 45, 59.5, 60, 61, 180, 899, 3599, 3600, 3601].map((s) => waitInWords(s))).toEqual([
      '1 second',
      '1 second',
      '45 seconds',
      '1 minute',
      '1 minute',
      '2 minutes',
      '3 minutes',
      '15 minutes',
      '1 hour',
      '1 hour',
      '2 hours',
    ]);
  });
});

describe.each(DRIVERS)('per-account limits on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { APP_URL: 'http://app.test' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const login = (email: string, password: string) =>
    t.call<TLoginResponse>('POST', '/login', { body: { email, password } });
  const expectWait = (
    res: { status: number; body: unknown; headers: Record<string, unknown> },
    seconds: number,
  ) => {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, message: AUTH_MSG.tooManyAttempts(seconds), data: null });
    expect(res.headers['retry-after']).toBe(String(seconds));
  };

  describe('login', () => {
    it('refuses 70 wrong passwords after the first 5, the right one too, until the delay has passed', async () => {
      await insertUser(t, 'victim@example.com');
      const answers = [];
      for (let i = 0; i < 70; i++) answers.push(await login('victim@example.com', WRONG));
      expect(answers.slice(0, 5).map((r) => r.body.message)).toEqual(
        Array.from({ length: 5 }, () => AUTH_MSG.invalidCredentials),
      );
      for (const res of answers.slice(5)) expectWait(res, 30);
      expect(answers[5]!.body.message).toBe('Too many attempts. Try again in 30 seconds.');

      expectWait(await login('victim@example.com', PASSWORD), 30);
      t.clock.advance(20_000);
      expectWait(await login('victim@example.com', PASSWORD), 10);
      t.clock.advance(10_000);
      const res = await login('victim@example.com', PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MSG.loggedIn);
    });

    it('doubles the delay with each further failure, up to 15 minutes', async () => {
      await insertUser(t, 'victim@example.com');
      for (let i = 0; i < 5; i++) await login('victim@example.com', WRONG);
      const delays = [30, 60, 120, 240, 480, 900, 900];
      for (const delay of delays) {
        expectWait(await login('victim@example.com', WRONG), delay);
        t.clock.advance(delay * 1000);
        expect((await login('victim@example.com', WRONG)).status).toBe(401);
      }
      expect((await login('victim@example.com', WRONG)).body.message).toBe(
        'Too many attempts. Try again in 15 minutes.',
      );
    });

    it('locks only the account guessed at', async () => {
      await insertUser(t, 'victim@example.com');
      await insertUser(t, 'other@example.com');
      for (let i = 0; i < 6; i++) await login('victim@example.com', WRONG);
      expectWait(await login('victim@example.com', PASSWORD), 30);
      expect((await login('other@example.com', PASSWORD)).status).toBe(200);
      expect((await login('other@example.com', WRONG)).body.message).toBe(AUTH_MSG.invalidCredentials);
    });

    it('limits an unknown e-mail exactly like a known one', async () => {
      await insertUser(t, 'known@example.com');
      for (const email of ['known@example.com', 'Nobody@Example.com']) {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await login(email, WRONG));
        expect(answers.map((r) => [r.status, r.body.message])).toEqual([
          ...Array.from({ length: 5 }, () => [401, AUTH_MSG.invalidCredentials]),
          [429, AUTH_MSG.tooManyAttempts(30)],
        ]);
      }
      // The address is normalised: another spelling is the same account.
      expectWait(await login('nobody@example.com', WRONG), 30);
    });

    it('forgets the failures after a success', async () => {
      await insertUser(t, 'l@example.com');
      for (let i = 0; i < 4; i++) await login('l@example.com', WRONG);
      expect((await login('l@example.com', PASSWORD)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login('l@example.com', WRONG)).status).toBe(401);
    });

    it('forgets the failures once the window has passed', async () => {
      await insertUser(t, 'l@example.com');
      for (let i = 0; i < 4; i++) await login('l@example.com', WRONG);
      t.clock.advance(24 * 3600 * 1000);
      for (let i = 0; i < 5; i++) expect((await login('l@example.com', WRONG)).status).toBe(401);
      expectWait(await login('l@example.com', WRONG), 30);
    });

    it('counts parallel guesses against the same limit', async () => {
      await insertUser(t, 'l@example.com');
      const answers = await Promise.all(Array.from({ length: 10 }, () => login('l@example.com', WRONG)));
      expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    });
  });

  describe('reset link', () => {
    const resetToken = async (email: string) =>
      vi.waitFor(() => {
        const mail = t.mail.outbox.filter((m) => m.to === email && m.subject.includes('Reset')).at(-1);
        const token = mail?.text.match(/http:\/\/app\.test\/reset-password\/([\w-]+)/)?.[1];
        if (!token) throw new Error(`no reset link mailed to ${email}`);
        return token;
      });

    it('works while logins are delayed, and ends the delay', async () => {
      await insertUser(t, 'victim@example.com');
      for (let i = 0; i < 10; i++) await login('victim@example.com', WRONG);
      expectWait(await login('victim@example.com', PASSWORD), 30);

      expect(
        (await t.call('POST', '/forgot-password', { body: { email: 'victim@example.com' } })).status,
      ).toBe(200);
      const token = await resetToken('victim@example.com');
      const reset = await t.call<TLoginResponse>('POST', `/reset-password/${token}`, {
        body: { password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      });
      expect(reset.status).toBe(200);
      expect((await login('victim@example.com', NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe('mails', () => {
    it('sends at most 5 sign-up codes an hour to one user, resends and repeated sign-ups alike', async () => {
      const signup = await t.call<{ user_id: string }>('POST', '/signup', {
        body: { email: 's@example.com', isAgree: true },
      });
      const resend = () =>
        t.call('POST', `/resend-otp/${signup.body.data.user_id}`, { body: { email: 's@example.com' } });
      for (let i = 0; i < 3; i++) {
        t.clock.advance(30_000);
        expect((await resend()).status).toBe(200);
      }
      t.clock.advance(30_000);
      expect(
        (await t.call('POST', '/signup', { body: { email: 's@example.com', isAgree: true } })).status,
      ).toBe(200);
      expect(t.mail.outbox).toHaveLength(5);

      t.clock.advance(30_000);
      const refused = await resend();
      // The hour started with the sign-up 2.5 minutes ago.
      expectWait(refused, 3450);
      expect(refused.body.message).toBe('Too many attempts. Try again in 58 minutes.');
      const again = await t.call('POST', '/signup', { body: { email: 's@example.com', isAgree: true } });
      expect(again.status).toBe(429);
      expect(t.mail.outbox).toHaveLength(5);

      t.clock.advance(3450 * 1000);
      expect((await resend()).status).toBe(200);
      expect(t.mail.outbox).toHaveLength(6);
      expect(lastOtp(t, 's@example.com')).toMatch(/^\d{6}$/);
    });

    it('answers at most 5 password-reset requests an hour per address, known or not', async () => {
      await insertUser(t, 'f@example.com');
      for (const email of ['f@example.com', 'nobody@example.com']) {
        const answers = [];
        for (let i = 0; i < 6; i++) {
          answers.push(await t.call('POST', '/forgot-password', { body: { email } }));
          t.clock.advance(60_000);
        }
        expect(answers.slice(0, 5).map((r) => r.body.message)).toEqual(
          Array.from({ length: 5 }, () => FORGOT_PASSWORD_MESSAGE),
        );
        expectWait(answers[5]!, 3600 - 5 * 60);
      }
    });
  });
});

describe.each(DRIVERS)('per-address limit on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { AUTH_IP_MAX_REQUESTS: 2, AUTH_IP_WINDOW_SECONDS: 60 } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  // The requests need not be valid: every request to a limited route counts, whatever its answer.
  const ID = '7d9f4c52-8a8b-4c43-9d0f-2f5b0e0c1a11';
  const LIMITED: [method: 'GET' | 'POST', path: string, body?: object][] = [
    ['POST', '/login', { email: 'a@example.com', password: WRONG }],
    ['POST', '/signup', { email: 'a@example.com', isAgree: true }],
    ['POST', `/verify-account/${ID}`, { otp: '123456' }],
    ['POST', `/resend-otp/${ID}`, { email: 'a@example.com' }],
    ['POST', `/create-password?user_id=${ID}`, { token: 'x', password: PASSWORD, confirm: PASSWORD }],
    ['POST', '/forgot-password', { email: 'a@example.com' }],
    ['POST', '/reset-password/not-a-token', { password: PASSWORD, confirm: PASSWORD }],
    ['POST', '/create-staff-user/x/y', { first_name: 'A', password: PASSWORD, confirm: PASSWORD }],
    ['GET', '/merchant-login/not-a-token'],
  ];

  let lastOctet = 0;
  /** A client address no other test has used (the counts live in the process, across resets). */
  const freshAddress = () => `203.0.113.${++lastOctet}`;

  it.each(LIMITED)(
    '%s %s: a third request within the minute from one address gets 429',
    async (method, path, body) => {
      const client = freshAddress();
      const from = (address: string) =>
        t.call(method, path, { body, headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < 2; i++) expect((await from(client)).status).not.toBe(429);
      const refused = await from(client);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: 429,
        message: 'Too many attempts. Try again in 1 minute.',
        data: null,
      });
      expect(refused.headers['retry-after']).toBe('60');
      // Another client behind the same gateway is not affected.
      expect((await from(freshAddress())).status).not.toBe(429);
    },
  );

  it('takes X-Forwarded-For only from a trusted proxy: anyone else is limited by their own address', async () => {
    const send = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/login`,
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'a@example.com', password: WRONG },
      });
    expect((await send(freshAddress())).statusCode).toBe(401);
    expect((await send(freshAddress())).statusCode).toBe(401);
    expect((await send(freshAddress())).statusCode).toBe(429);
  });
});
