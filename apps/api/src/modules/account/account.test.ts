import {
  FORBIDDEN_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  ZLoginResponseSchema,
  type TLoginResponse,
  type TPasswordStatus,
} from '@feedloom/contracts';
import { MSG } from '@feedloom/validation';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertOrg, insertUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { AUTH_MSG } from '../auth/messages';
import { usersRepo } from '../users/repo';
import { ACCOUNT_MSG } from './messages';

const NEW_PASSWORD = 'Fresh@2024';

describe.each(DRIVERS)('passwords and support login on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { APP_URL: 'http://app.test' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const login = (email: string, password: string) =>
    t.call<TLoginResponse>('POST', '/login', { body: { email, password } });
  const signedIn = async (email: string) => {
    await insertUser(t, email);
    return (await login(email, PASSWORD)).body.data;
  };
  const forgot = (email: unknown) => t.call('POST', '/forgot-password', { body: { email } });
  const reset = (token: string, password: string, confirm = password) =>
    t.call<TLoginResponse>('POST', `/reset-password/${token}`, { body: { password, confirm } });
  /** The token of the newest reset link mailed to `email` (sent in the background). */
  const resetToken = async (email: string) =>
    vi.waitFor(() => {
      const mail = t.mail.outbox.filter((m) => m.to === email && m.subject.includes('Reset')).at(-1);
      const token = mail?.text.match(/http:\/\/app\.test\/reset-password\/([\w-]+)/)?.[1];
      if (!token) throw new Error(`no reset link mailed to ${email}`);
      return token;
    });

  describe('POST /forgot-password', () => {
    it('mails a one-time link to the web and answers the neutral message', async () => {
      await insertUser(t, 'f@example.com');
      const res = await forgot('F@Example.com');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, message: FORGOT_PASSWORD_MESSAGE, data: {} });
      const token = await resetToken('f@example.com');
      expect(token).toMatch(/^[\w-]{43}$/);
      const mail = t.mail.outbox.at(-1)!;
      expect(mail.html).toContain(`http://app.test/reset-password/${token}`);
    });

    it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
      const res = await forgot('nobody@example.com');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, message: FORGOT_PASSWORD_MESSAGE, data: {} });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.mail.outbox).toHaveLength(0);
    });

    it('mails at most one link a minute', async () => {
      await insertUser(t, 'f@example.com');
      await forgot('f@example.com');
      await resetToken('f@example.com');
      expect((await forgot('f@example.com')).body.message).toBe(FORGOT_PASSWORD_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(t.mail.outbox).toHaveLength(1);
      t.clock.advance(61_000);
      await forgot('f@example.com');
      await vi.waitFor(() => expect(t.mail.outbox).toHaveLength(2));
    });

    it.each([
      [undefined, MSG.emailRequired],
      ['', MSG.emailRequired],
      ['a..b@example.com', MSG.emailInvalid],
    ])('validates %j', async (email, message) => {
      const res = await forgot(email);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
    });
  });

  describe('POST /reset-password/{token}', () => {
    it('sets the password, signs in, and ends the other sign-ins', async () => {
      const before = await signedIn('r@example.com');
      await forgot('r@example.com');
      const res = await reset(await resetToken('r@example.com'), NEW_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ACCOUNT_MSG.passwordReset);
      expect(ZLoginResponseSchema.parse(res.body.data)).toMatchObject({
        email: 'r@example.com',
        has_password: true,
      });
      expect((await t.call('GET', '/auth-session', { token: res.body.data.access_token })).status).toBe(200);
      expect((await t.call('GET', '/auth-session', { token: before.access_token })).status).toBe(401);
      expect((await login('r@example.com', PASSWORD)).status).toBe(401);
      expect((await login('r@example.com', NEW_PASSWORD)).status).toBe(200);
    });

    it('works once', async () => {
      await insertUser(t, 'r@example.com');
      await forgot('r@example.com');
      const token = await resetToken('r@example.com');
      expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
      const again = await reset(token, 'Other@2024');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 400, message: AUTH_MSG.linkInvalid, data: null });
    });

    it('expires after an hour; a newer link retires the older one', async () => {
      await insertUser(t, 'r@example.com');
      await forgot('r@example.com');
      const first = await resetToken('r@example.com');
      t.clock.advance(61_000);
      await forgot('r@example.com');
      await vi.waitFor(() => expect(t.mail.outbox).toHaveLength(2));
      const second = await resetToken('r@example.com');
      expect((await reset(first, NEW_PASSWORD)).body.message).toBe(AUTH_MSG.linkInvalid);
      t.clock.advance(60 * 60 * 1000);
      expect((await reset(second, NEW_PASSWORD)).body.message).toBe(AUTH_MSG.linkInvalid);
    });

    it('gives an account without a password (social sign-up) its first password', async () => {
      const users = usersRepo(t.database.db);
      const user = (await users.createUnverified('s@example.com', t.clock.now()))!;
      await forgot('s@example.com');
      const res = await reset(await resetToken('s@example.com'), NEW_PASSWORD);
      expect(res.body.data).toMatchObject({ user_id: user.id, has_password: true });
      expect((await users.findById(user.id))?.email_verified_at).toBeInstanceOf(Date);
    });

    it.each([
      ['Ab1!', 'Ab1!', MSG.passwordLength],
      ['alllowercase1!', 'alllowercase1!', MSG.passwordComplexity],
      [' Secret@123', ' Secret@123', MSG.passwordStart],
      ['Secret@123😀', 'Secret@123😀', MSG.passwordEmoji],
      [NEW_PASSWORD, 'Fresh@2025', MSG.confirmMismatch],
      [NEW_PASSWORD, '', MSG.confirmRequired],
    ])('validates %j / %j', async (password, confirm, message) => {
      await insertUser(t, 'r@example.com');
      await forgot('r@example.com');
      const res = await reset(await resetToken('r@example.com'), password, confirm);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses a made-up token', async () => {
      const res = await reset('made-up-token', NEW_PASSWORD);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(AUTH_MSG.linkInvalid);
    });
  });

  describe('POST /change-password', () => {
    const change = (token: string, body: object) =>
      t.call<TPasswordStatus>('POST', '/change-password', { token, body });

    it('changes the password, keeps this sign-in and ends the others', async () => {
      const other = await signedIn('c@example.com');
      const current = (await login('c@example.com', PASSWORD)).body.data;
      t.clock.advance(1000);
      const res = await change(current.access_token, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(ACCOUNT_MSG.passwordChanged);
      expect(res.body.data).toEqual({ has_password: true, changed_password_at: t.clock.now().toISOString() });
      expect((await t.call('GET', '/auth-session', { token: current.access_token })).status).toBe(200);
      const stale = await t.call('POST', '/check-and-refresh-token', {
        body: { refresh_token: other.refresh_token },
      });
      expect(stale.body.message).toBe(TOKEN_EXPIRED_MESSAGE);
      expect((await login('c@example.com', NEW_PASSWORD)).status).toBe(200);
    });

    it("answers a wrong current password with 'Current password is incorrect.'", async () => {
      const { access_token } = await signedIn('c@example.com');
      const res = await change(access_token, {
        current_password: 'Wrong@1234',
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: 'Current password is incorrect.',
        data: null,
        field: 'current_password',
      });
    });

    it.each([
      [{ password: NEW_PASSWORD, confirm: NEW_PASSWORD }, MSG.currentPasswordRequired],
      [{ current_password: PASSWORD, password: 'short', confirm: 'short' }, MSG.passwordLength],
      [{ current_password: PASSWORD, password: NEW_PASSWORD, confirm: 'Fresh@2025' }, MSG.confirmMismatch],
      [{ current_password: PASSWORD, password: PASSWORD, confirm: PASSWORD }, ACCOUNT_MSG.samePassword],
    ])('validates %j', async (body, message) => {
      const { access_token } = await signedIn('c@example.com');
      const res = await change(access_token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('needs a signed-in user', async () => {
      const res = await t.call('POST', '/change-password', {
        body: { current_password: PASSWORD, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /set-password', () => {
    /** Signed in, then without a password: as an account made by social sign-up is. */
    const withoutPassword = async (email: string) => {
      const session = await signedIn(email);
      await usersRepo(t.database.db).update(session.user_id, {
        password_hash: null,
        password_changed_at: null,
      });
      return session;
    };
    const setPassword = (token: string, body: object) =>
      t.call<TPasswordStatus>('POST', '/set-password', { token, body });

    it('creates the first password, once', async () => {
      const { access_token } = await withoutPassword('p@example.com');
      const res = await setPassword(access_token, { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: 200,
        message: ACCOUNT_MSG.passwordCreated,
        data: { has_password: true, changed_password_at: t.clock.now().toISOString() },
      });
      expect((await login('p@example.com', NEW_PASSWORD)).status).toBe(200);
      const again = await setPassword(access_token, { password: 'Other@2024', confirm: 'Other@2024' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ACCOUNT_MSG.passwordAlreadySet);
    });

    it('validates the pair with the spec messages', async () => {
      const { access_token } = await withoutPassword('p@example.com');
      const res = await setPassword(access_token, { password: NEW_PASSWORD, confirm: 'Nope@2024' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.confirmMismatch);
      expect((await setPassword(access_token, { password: 'weak', confirm: 'weak' })).body.message).toBe(
        MSG.passwordLength,
      );
    });

    it('says how to proceed to a user without a password who tries to change it', async () => {
      const { access_token } = await withoutPassword('p@example.com');
      const res = await t.call('POST', '/change-password', {
        token: access_token,
        body: { current_password: 'Whatever@1', password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ACCOUNT_MSG.noPasswordYet);
    });
  });

  describe('support login', () => {
    const setup = async () => {
      const admin = await insertUser(t, 'admin@feedloom.test');
      await usersRepo(t.database.db).update(admin.id, { is_admin: true });
      const adminToken = (await login('admin@feedloom.test', PASSWORD)).body.data.access_token;
      const merchant = await insertUser(t, 'm@example.com');
      const { org, shops } = await insertOrg(t, merchant.id, 'Merchant Co', 2);
      return { adminToken, merchant, org, shops };
    };
    const issue = (token: string, body: object) =>
      t.call<{ token: string; url: string; expires_at: string }>('POST', '/support-login-token', {
        token,
        body,
      });

    it('lets an admin open a merchant shop once, with that shop active', async () => {
      const { adminToken, merchant, org, shops } = await setup();
      const issued = await issue(adminToken, { user_id: merchant.id, shop_id: shops[1]!.id });
      expect(issued.status).toBe(200);
      expect(issued.body.data.url).toBe(`http://app.test/oauth/callback?token=${issued.body.data.token}`);

      const res = await t.call<TLoginResponse>('GET', `/merchant-login/${issued.body.data.token}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        user_id: merchant.id,
        active_org_id: org.id,
        active_shop_id: shops[1]!.id,
      });

      const again = await t.call('GET', `/merchant-login/${issued.body.data.token}`);
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(AUTH_MSG.linkInvalid);
    });

    it('expires after 15 minutes', async () => {
      const { adminToken, merchant, shops } = await setup();
      const { token } = (await issue(adminToken, { user_id: merchant.id, shop_id: shops[0]!.id })).body.data;
      t.clock.advance(15 * 60 * 1000 + 1);
      expect((await t.call('GET', `/merchant-login/${token}`)).body.message).toBe(AUTH_MSG.linkInvalid);
    });

    it('is refused to anyone but an admin', async () => {
      const { merchant, shops } = await setup();
      const merchantToken = (await login('m@example.com', PASSWORD)).body.data.access_token;
      const res = await issue(merchantToken, { user_id: merchant.id, shop_id: shops[0]!.id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN_MESSAGE);
    });

    it("refuses another organisation's shop", async () => {
      const { adminToken, merchant } = await setup();
      const other = await insertUser(t, 'other@example.com');
      const { shops: otherShops } = await insertOrg(t, other.id, 'Other Co');
      const res = await issue(adminToken, { user_id: merchant.id, shop_id: otherShops[0]!.id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ACCOUNT_MSG.shopNotFound);
    });

    it('validates the body and refuses a made-up token', async () => {
      const { adminToken } = await setup();
      expect((await issue(adminToken, { user_id: '' })).status).toBe(400);
      expect((await t.call('GET', '/merchant-login/nope')).body.message).toBe(AUTH_MSG.linkInvalid);
    });
  });
});
