import { ZLoginResponseSchema, ZSessionInfoSchema, type TLoginResponse } from '@feedloom/contracts';
import { MSG, PERMISSIONS } from '@feedloom/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organization_members, shops, users } from '../../db/schema';
import { insertOrg, insertUser, lastOtp, PASSWORD, registerUser, signupAndVerify } from '../../test/fixtures';
import { createTestApp, DRIVERS, testPasswords, type TTestApp } from '../../test/test-app';
import { usersRepo } from '../users/repo';
import { AUTH_MSG } from './messages';

describe.each(DRIVERS)('auth on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const signup = (email: unknown, isAgree: unknown = true) =>
    t.call<{ user_id: string; email: string }>('POST', '/signup', { body: { email, isAgree } });
  const verify = (userId: string, otp: unknown) =>
    t.call<{ token: string }>('POST', `/verify-account/${userId}`, { body: { otp } });
  const login = (email: unknown, password: unknown) =>
    t.call<TLoginResponse>('POST', '/login', { body: { email, password } });

  describe('POST /signup', () => {
    it('creates an unverified user and mails a 6-digit code', async () => {
      const res = await signup('New.User@Example.com');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 200,
        message: AUTH_MSG.otpSent,
        data: { email: 'new.user@example.com' },
      });
      const user = await usersRepo(t.database.db).findById(res.body.data.user_id);
      expect(user).toMatchObject({
        email: 'new.user@example.com',
        email_verified_at: null,
        password_hash: null,
      });
      expect(t.mail.outbox).toHaveLength(1);
      const mail = t.mail.outbox[0]!;
      expect(mail).toMatchObject({ to: 'new.user@example.com', from: 'Feedloom <no-reply@feedloom.test>' });
      expect(mail.text).toMatch(/^Your Feedloom verification code is \d{6}$/m);
      expect(mail.html).toContain(lastOtp(t, 'new.user@example.com'));
    });

    it.each([
      [{}, MSG.emailRequired],
      [{ email: '' }, MSG.emailRequired],
      [{ email: 'not-an-email', isAgree: true }, MSG.emailInvalid],
      [{ email: '.a@example.com', isAgree: true }, MSG.emailInvalid],
      [{ email: 'a@example.c', isAgree: true }, MSG.emailInvalid],
      [{ email: 'a@example.com' }, MSG.termsRequired],
      [{ email: 'a@example.com', isAgree: false }, MSG.termsRequired],
    ])('rejects %j with the spec message', async (body, message) => {
      const res = await t.call('POST', '/signup', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message, data: null });
      expect(t.mail.outbox).toHaveLength(0);
    });

    it('answers a repeat for an unverified e-mail with the same user, mailing a new code after 30 s', async () => {
      const first = await signup('again@example.com');
      const second = await signup('AGAIN@example.com');
      expect(second.status).toBe(200);
      expect(second.body.data.user_id).toBe(first.body.data.user_id);
      expect(t.mail.outbox).toHaveLength(1);
      t.clock.advance(31_000);
      const third = await signup('again@example.com');
      expect(third.body.data.user_id).toBe(first.body.data.user_id);
      expect(t.mail.outbox).toHaveLength(2);
    });

    it('answers an address that already has an account as a new one, and tells its owner by mail', async () => {
      const taken = await insertUser(t, 'taken@example.com');
      const fresh = await signup('fresh@example.com');
      const res = await signup('Taken@example.com');
      // The same answer as for a new address: status, message and the shape of the data.
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(fresh.body.message);
      expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(fresh.body.data).sort());
      expect(res.body.data.email).toBe('taken@example.com');
      expect(res.body.data.user_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(res.body.data.user_id).not.toBe(taken.id);
      // Asked again, the same id, as for an unverified address.
      expect((await signup('taken@example.com')).body.data.user_id).toBe(res.body.data.user_id);
      const mail = t.mail.outbox.filter((m) => m.to === 'taken@example.com');
      expect(mail[0]!.subject).toBe('Someone tried to sign up to Feedloom with your address');
      expect(mail[0]!.text).toContain('sign in with your password, or reset your password');
      expect(mail.some((m) => /verification code/i.test(m.subject))).toBe(false);
      // The code step answers like a wrong code, and a resend like a sent one.
      const guess = await verify(res.body.data.user_id, '123456');
      expect(guess.body).toMatchObject({ code: 400, message: AUTH_MSG.otpInvalid });
      const resend = await t.call('POST', `/resend-otp/${res.body.data.user_id}`, {
        body: { email: 'taken@example.com' },
      });
      expect(resend.status).toBe(200);
      const user = await usersRepo(t.database.db).findById(taken.id);
      expect(user?.email_verified_at).toBeInstanceOf(Date);
    });

    it('keeps one account when the same e-mail signs up concurrently', async () => {
      const results = await Promise.all([signup('race@example.com'), signup('race@example.com')]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results[0].body.data.user_id).toBe(results[1].body.data.user_id);
    });
  });

  describe('POST /verify-account/{user_id}', () => {
    it('verifies the account and returns a one-time create-password token', async () => {
      const { body } = await signup('v@example.com');
      const res = await verify(body.data.user_id, lastOtp(t, 'v@example.com'));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MSG.accountVerified);
      expect(res.body.data).toMatchObject({ user_id: body.data.user_id, email: 'v@example.com' });
      expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
      const user = await usersRepo(t.database.db).findById(body.data.user_id);
      expect(user?.email_verified_at).toBeInstanceOf(Date);
    });

    it("answers a wrong code with 'Invalid OTP.'", async () => {
      const { body } = await signup('v@example.com');
      const wrong = lastOtp(t, 'v@example.com') === '000000' ? '111111' : '000000';
      const res = await verify(body.data.user_id, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: AUTH_MSG.otpInvalid, data: null });
    });

    it.each([[''], ['12345'], ['12a456'], ['1234567']])('rejects the malformed code %j', async (otp) => {
      const { body } = await signup('v@example.com');
      const res = await verify(body.data.user_id, otp);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.otpInvalid);
    });

    it('rejects a missing code', async () => {
      const { body } = await signup('v@example.com');
      expect((await verify(body.data.user_id, undefined)).status).toBe(400);
    });

    it('refuses a code after 10 minutes', async () => {
      const { body } = await signup('v@example.com');
      t.clock.advance(10 * 60 * 1000 + 1);
      const res = await verify(body.data.user_id, lastOtp(t, 'v@example.com'));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(AUTH_MSG.otpExpired);
    });

    it('allows 5 wrong codes, then says when to try again; a new code brings no new guesses', async () => {
      const { body } = await signup('v@example.com');
      const userId = body.data.user_id;
      const wrong = lastOtp(t, 'v@example.com') === '999999' ? '888888' : '999999';
      t.clock.advance(30_000);
      for (let i = 0; i < 5; i++)
        expect((await verify(userId, wrong)).body.message).toBe(AUTH_MSG.otpInvalid);

      const resent = await t.call('POST', `/resend-otp/${userId}`, { body: { email: 'v@example.com' } });
      expect(resent.status).toBe(200);
      const blocked = await verify(userId, lastOtp(t, 'v@example.com'));
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        code: 429,
        message: 'Too many attempts. Try again in 30 seconds.',
        data: null,
      });
      expect(blocked.headers['retry-after']).toBe('30');

      t.clock.advance(30_000);
      expect((await verify(userId, lastOtp(t, 'v@example.com'))).status).toBe(200);
    });

    it('counts wrong codes across resends: the second code gets one guess before the next wait', async () => {
      const { body } = await signup('v@example.com');
      const userId = body.data.user_id;
      const wrongFor = () => (lastOtp(t, 'v@example.com') === '999999' ? '888888' : '999999');
      for (let i = 0; i < 5; i++) await verify(userId, wrongFor());
      t.clock.advance(30_000);
      await t.call('POST', `/resend-otp/${userId}`, { body: { email: 'v@example.com' } });
      expect((await verify(userId, wrongFor())).body.message).toBe(AUTH_MSG.otpInvalid);
      const next = await verify(userId, lastOtp(t, 'v@example.com'));
      expect(next.status).toBe(429);
      expect(next.body.message).toBe('Too many attempts. Try again in 1 minute.');
    });

    it('counts concurrent guesses against the same limit', async () => {
      const { body } = await signup('v@example.com');
      const wrong = lastOtp(t, 'v@example.com') === '999999' ? '888888' : '999999';
      const results = await Promise.all(Array.from({ length: 8 }, () => verify(body.data.user_id, wrong)));
      expect(results.filter((r) => r.body.message === AUTH_MSG.otpInvalid)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    });

    it('accepts a code once; the account is then verified', async () => {
      const { body } = await signup('v@example.com');
      const code = lastOtp(t, 'v@example.com');
      expect((await verify(body.data.user_id, code)).status).toBe(200);
      const again = await verify(body.data.user_id, code);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(AUTH_MSG.alreadyVerified);
    });

    it('answers an unknown user id like a wrong code, and a malformed one with 404', async () => {
      const unknown = await verify('7d9f4c52-8a8b-4c43-9d0f-2f5b0e0c1a11', '123456');
      expect(unknown.body).toMatchObject({ code: 400, message: AUTH_MSG.otpInvalid });
      const malformed = await verify('not-a-uuid', '123456');
      expect(malformed.status).toBe(404);
      expect(malformed.body.message).toBe(AUTH_MSG.userNotFound);
    });
  });

  describe('POST /resend-otp/{user_id}', () => {
    it('waits 30 s between codes, then replaces the code', async () => {
      const { body } = await signup('r@example.com');
      const userId = body.data.user_id;
      const oldCode = lastOtp(t, 'r@example.com');

      const early = await t.call('POST', `/resend-otp/${userId}`, { body: { email: 'r@example.com' } });
      expect(early.status).toBe(429);
      expect(early.body).toEqual({
        code: 429,
        message: 'Please wait before requesting a new code. Try again in 30 seconds.',
        data: null,
      });
      expect(early.headers['retry-after']).toBe('30');
      t.clock.advance(20_000);
      const later = await t.call('POST', `/resend-otp/${userId}`, { body: { email: 'r@example.com' } });
      expect(later.body.message).toBe(AUTH_MSG.otpResendWait(10));

      t.clock.advance(10_000);
      const res = await t.call('POST', `/resend-otp/${userId}`, { body: { email: 'r@example.com' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: AUTH_MSG.otpSent, data: { resend_after_seconds: 30 } });
      expect(t.mail.outbox).toHaveLength(2);
      const newCode = lastOtp(t, 'r@example.com');
      if (newCode !== oldCode) expect((await verify(userId, oldCode)).body.message).toBe(AUTH_MSG.otpInvalid);
      expect((await verify(userId, newCode)).status).toBe(200);
    });

    it('validates the e-mail and refuses one that does not match the user', async () => {
      const { body } = await signup('r@example.com');
      t.clock.advance(31_000);
      const missing = await t.call('POST', `/resend-otp/${body.data.user_id}`, { body: {} });
      expect(missing.body.message).toBe(MSG.emailRequired);
      const other = await t.call('POST', `/resend-otp/${body.data.user_id}`, {
        body: { email: 'x@example.com' },
      });
      expect(other.status).toBe(404);
    });

    it('refuses a verified account', async () => {
      const { user_id } = await signupAndVerify(t, 'r@example.com');
      t.clock.advance(31_000);
      const res = await t.call('POST', `/resend-otp/${user_id}`, { body: { email: 'r@example.com' } });
      expect(res.status).toBe(409);
    });
  });

  describe('POST /create-password?user_id', () => {
    const create = (userId: string, body: object) =>
      t.call<TLoginResponse>('POST', `/create-password?user_id=${userId}`, { body });

    it('sets an argon2id password and signs the user in', async () => {
      const { user_id, token } = await signupAndVerify(t, 'p@example.com');
      const res = await create(user_id, { token, password: PASSWORD, confirm: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MSG.passwordCreated);
      const data = ZLoginResponseSchema.parse(res.body.data);
      expect(data).toMatchObject({
        user_id,
        email: 'p@example.com',
        has_password: true,
        profile_created: false,
        organizations_count: 0,
        is_part_of_any_org: false,
        active_org_id: null,
        active_shop_id: null,
        shops_count: 0,
        pending_invitation_count: 0,
        permissions: [],
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user_id));
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect((await t.call('GET', '/auth-session', { token: data.access_token })).status).toBe(200);
    });

    it('accepts the token only once', async () => {
      const { user_id, token } = await signupAndVerify(t, 'p@example.com');
      expect((await create(user_id, { token, password: PASSWORD, confirm: PASSWORD })).status).toBe(200);
      const again = await create(user_id, { token, password: 'Other@1234', confirm: 'Other@1234' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(AUTH_MSG.linkInvalid);
    });

    it('refuses a wrong, foreign or expired token', async () => {
      const a = await signupAndVerify(t, 'a@example.com');
      const b = await signupAndVerify(t, 'b@example.com');
      const body = { password: PASSWORD, confirm: PASSWORD };
      expect((await create(a.user_id, { ...body, token: 'nope' })).body.message).toBe(AUTH_MSG.linkInvalid);
      expect((await create(a.user_id, { ...body, token: b.token })).body.message).toBe(AUTH_MSG.linkInvalid);
      t.clock.advance(61 * 60 * 1000);
      expect((await create(a.user_id, { ...body, token: a.token })).body.message).toBe(AUTH_MSG.linkInvalid);
    });

    it.each([
      [{ password: 'short1!A', confirm: 'short1!A' }, null],
      [{ password: 'Ab1!', confirm: 'Ab1!' }, MSG.passwordLength],
      [{ password: 'alllowercase1!', confirm: 'alllowercase1!' }, MSG.passwordComplexity],
      [{ password: '!Secret123', confirm: '!Secret123' }, MSG.passwordStart],
      [{ password: 'Secret@123😀', confirm: 'Secret@123😀' }, MSG.passwordEmoji],
      [{ password: PASSWORD, confirm: 'Secret@124' }, MSG.confirmMismatch],
      [{ password: PASSWORD }, MSG.confirmRequired],
      [{ confirm: PASSWORD }, MSG.passwordRequired],
    ])('validates %j', async (pair, message) => {
      const { user_id, token } = await signupAndVerify(t, 'p@example.com');
      const res = await create(user_id, { token, ...pair });
      if (message === null) {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });
  });

  describe('POST /login', () => {
    it('signs in with the Auth session fields', async () => {
      await registerUser(t, 'l@example.com');
      const res = await login('L@Example.com', PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(AUTH_MSG.loggedIn);
      expect(ZLoginResponseSchema.parse(res.body.data)).toMatchObject({
        email: 'l@example.com',
        has_password: true,
      });
    });

    it('computes organisation, shop and permissions from the database', async () => {
      const owner = await insertUser(t, 'owner@example.com');
      const { org: first } = await insertOrg(t, owner.id, 'First Co', 2);
      const { org: second, shops: secondShops } = await insertOrg(t, owner.id, 'Second Co', 3);

      const initial = (await login('owner@example.com', PASSWORD)).body.data;
      expect(initial).toMatchObject({
        organizations_count: 2,
        is_part_of_any_org: true,
        active_org_id: first.id,
        business_name: 'First Co',
        shops_count: 2,
        permissions: [...PERMISSIONS],
      });

      // The last active organisation and shop win; a deleted shop does not count.
      await usersRepo(t.database.db).update(owner.id, { last_active_organization_id: second.id });
      await t.database.db
        .update(organization_members)
        .set({ last_active_shop_id: secondShops[2]!.id })
        .where(eq(organization_members.organization_id, second.id));
      await t.database.db.update(shops).set({ status: 'deleted' }).where(eq(shops.id, secondShops[0]!.id));
      const later = (await login('owner@example.com', PASSWORD)).body.data;
      expect(later).toMatchObject({
        active_org_id: second.id,
        business_name: 'Second Co',
        active_shop_id: secondShops[2]!.id,
        shops_count: 2,
      });

      // A deleted last-active shop falls back to the first active one.
      await t.database.db.update(shops).set({ status: 'deleted' }).where(eq(shops.id, secondShops[2]!.id));
      expect((await login('owner@example.com', PASSWORD)).body.data.active_shop_id).toBe(secondShops[1]!.id);
    });

    it("gives a member their role's permissions", async () => {
      const owner = await insertUser(t, 'owner@example.com');
      const { org } = await insertOrg(t, owner.id, 'Acme');
      const staff = await insertUser(t, 'staff@example.com');
      await t.database.db.insert(organization_members).values({
        organization_id: org.id,
        user_id: staff.id,
        role_name: 'Catalogue',
        permissions: ['product_and_promotions_feed_manage', 'store_management'],
      });
      const data = (await login('staff@example.com', PASSWORD)).body.data;
      expect(data).toMatchObject({ active_org_id: org.id, business_name: 'Acme', shops_count: 1 });
      expect(data.permissions).toEqual(['product_and_promotions_feed_manage', 'store_management']);
    });

    it('refuses an unknown e-mail or a wrong password alike', async () => {
      await insertUser(t, 'l@example.com');
      for (const [email, password] of [
        ['nobody@example.com', PASSWORD],
        ['l@example.com', 'Wrong@1234'],
      ]) {
        const res = await login(email, password);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: 401, message: AUTH_MSG.invalidCredentials, data: null });
      }
    });

    it('answers a wrong password for an unverified account exactly like an unknown e-mail', async () => {
      const { body } = await signup('u@example.com');
      const unverified = await login('u@example.com', PASSWORD);
      const unknown = await login('nobody@example.com', PASSWORD);
      expect(unverified.status).toBe(401);
      expect(unverified.body).toEqual({ code: 401, message: AUTH_MSG.invalidCredentials, data: null });
      expect(unknown.body).toEqual(unverified.body);

      // Only someone who knows the password hears that the address still needs verifying.
      await usersRepo(t.database.db).update(body.data.user_id, {
        password_hash: await testPasswords.hash(PASSWORD),
      });
      expect((await login('u@example.com', 'Wrong@1234')).body.message).toBe(AUTH_MSG.invalidCredentials);
      const right = await login('u@example.com', PASSWORD);
      expect(right.status).toBe(401);
      expect(right.body.message).toBe(AUTH_MSG.verifyFirst);
    });

    it.each([
      [{ password: PASSWORD }, MSG.emailRequired],
      [{ email: 'bad@', password: PASSWORD }, MSG.emailInvalid],
      [{ email: 'l@example.com' }, MSG.passwordRequired],
      [{ email: 'l@example.com', password: '' }, MSG.passwordRequired],
    ])('validates %j', async (body, message) => {
      const res = await t.call('POST', '/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('GET /auth-session', () => {
    it('returns the session of the signed-in user', async () => {
      const signedIn = await registerUser(t, 's@example.com');
      const res = await t.call('GET', '/auth-session', { token: signedIn.access_token });
      expect(res.status).toBe(200);
      const session = ZSessionInfoSchema.parse(res.body.data);
      expect(session).toMatchObject({ user_id: signedIn.user_id, email: 's@example.com' });
      expect(res.body.data).not.toHaveProperty('access_token');
    });

    it('needs a token', async () => {
      expect((await t.call('GET', '/auth-session')).status).toBe(401);
    });
  });
});
