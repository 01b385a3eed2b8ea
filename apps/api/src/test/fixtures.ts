import type { TLoginResponse } from '@feedloom/contracts';
import { organizationsRepo } from '../modules/organizations/repo';
import { shopsRepo } from '../modules/shops/repo';
import { usersRepo } from '../modules/users/repo';
import { testPasswords, type TTestApp } from './test-app';

export const PASSWORD = 'Secret@123';

/** The 6-digit code of the last verification mail to `email`. */
export const lastOtp = (t: TTestApp, email: string): string => {
  const mail = t.mail.outbox.filter((m) => m.to === email).at(-1);
  const code = mail?.text.match(/verification code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
};

/** Signs up and verifies through the api; returns the user id and the create-password token. */
export const signupAndVerify = async (t: TTestApp, email: string) => {
  const signup = await t.call<{ user_id: string }>('POST', '/signup', { body: { email, isAgree: true } });
  const user_id = signup.body.data.user_id;
  const verify = await t.call<{ token: string }>('POST', `/verify-account/${user_id}`, {
    body: { otp: lastOtp(t, email) },
  });
  return { user_id, token: verify.body.data.token };
};

/** A verified user with a password, signed in through the api. */
export const registerUser = async (t: TTestApp, email: string): Promise<TLoginResponse> => {
  const { user_id, token } = await signupAndVerify(t, email);
  const res = await t.call<TLoginResponse>('POST', `/create-password?user_id=${user_id}`, {
    body: { token, password: PASSWORD, confirm: PASSWORD },
  });
  if (res.status !== 200) throw new Error(`create-password failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** A verified user with a password, straight into the database (faster than the api journey). */
export const insertUser = async (t: TTestApp, email: string, values: { password?: string } = {}) => {
  const users = usersRepo(t.database.db);
  const user = (await users.createUnverified(email, t.clock.now()))!;
  return (await users.update(user.id, {
    email_verified_at: t.clock.now(),
    password_hash: await testPasswords.hash(values.password ?? PASSWORD),
  }))!;
};

/** An organisation owned by `ownerId`, with `shopCount` active shops. */
export const insertOrg = async (t: TTestApp, ownerId: string, name: string, shopCount = 1) => {
  const org = await organizationsRepo(t.database.db).createWithOwner(ownerId, {
    business_name: name,
    business_email: `${name.toLowerCase().replace(/\W+/g, '')}@example.com`,
  });
  const shops = [];
  for (let i = 0; i < shopCount; i++) {
    shops.push(
      await shopsRepo(t.database.db).createForOrg(org.id, {
        shop_name: `${name} Store ${i + 1}`,
        shop_url: `https://store${i + 1}.example.com`,
        shop_currency: 'USD',
        shop_timezone: 'America/New_York',
        utc_offset: '-05:00',
        // A millisecond apart, so "the first shop" is always Store 1 (created_at, then a random id, decide).
        created_at: new Date(t.clock.now().getTime() + i),
      }),
    );
  }
  return { org, shops };
};
