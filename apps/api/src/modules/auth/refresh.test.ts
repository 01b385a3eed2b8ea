import {
  NO_REFRESH_TOKEN_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
  UNAUTHORIZED_MESSAGE,
  type TLoginResponse,
  type TTokens,
} from '@feedloom/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refresh_tokens } from '../../db/schema';
import { insertOrg, insertUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, DRIVERS, type TTestApp } from '../../test/test-app';
import { AUTH_MSG } from './messages';

describe.each(DRIVERS)('token refresh and logout on %s', (driver) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { REFRESH_GRACE_SECONDS: 10 } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const signIn = async (email = 'r@example.com'): Promise<TLoginResponse> => {
    const res = await t.call<TLoginResponse>('POST', '/login', { body: { email, password: PASSWORD } });
    return res.body.data;
  };
  const refresh = (refresh_token: unknown) =>
    t.call<TTokens>('POST', '/check-and-refresh-token', { body: { refresh_token } });
  const session = (token: string) => t.call('GET', '/auth-session', { token });

  beforeEach(async () => {
    await insertUser(t, 'r@example.com');
  });

  it('rotates: a new pair for the refresh token, and the new refresh token works in turn', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(AUTH_MSG.tokenRefreshed);
    const second = res.body.data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await session(second.access_token)).status).toBe(200);

    t.clock.advance(60_000);
    const third = await refresh(second.refresh_token);
    expect(third.status).toBe(200);
    expect(third.body.data.refresh_token).not.toBe(second.refresh_token);
  });

  it('stores refresh tokens hashed only', async () => {
    const { refresh_token } = await signIn();
    const rows = await t.database.db.select().from(refresh_tokens);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(refresh_token);
  });

  it('returns the same new pair when a rotated token is reused within the grace window', async () => {
    const { refresh_token } = await signIn();
    const a = await refresh(refresh_token);
    t.clock.advance(9_000);
    const b = await refresh(refresh_token);
    expect(b.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect((await session(b.body.data.access_token)).status).toBe(200);
  });

  it('gives concurrent refreshes of one token the same pair', async () => {
    const { refresh_token } = await signIn();
    const results = await Promise.all([
      refresh(refresh_token),
      refresh(refresh_token),
      refresh(refresh_token),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.refresh_token)).size).toBe(1);
    expect(await t.database.db.select().from(refresh_tokens)).toHaveLength(2);
  });

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body.data;
    t.clock.advance(11_000);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ code: 401, message: TOKEN_EXPIRED_MESSAGE, data: null });
    // The legitimate successor dies with it, and so do the family's access tokens.
    expect((await refresh(second.refresh_token)).status).toBe(401);
    expect((await session(second.access_token)).status).toBe(401);
    // Other sign-ins of the same user are untouched.
    const other = await signIn();
    expect((await session(other.access_token)).status).toBe(200);
  });

  it("answers unknown or expired refresh tokens with 401 'Token Expired!'", async () => {
    expect((await refresh('made-up')).body).toEqual({
      code: 401,
      message: TOKEN_EXPIRED_MESSAGE,
      data: null,
    });
    const { refresh_token } = await signIn();
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await refresh(refresh_token)).body.message).toBe(TOKEN_EXPIRED_MESSAGE);
  });

  it('says so when no refresh token is sent', async () => {
    for (const body of [{}, { refresh_token: '' }]) {
      const res = await t.call('POST', '/check-and-refresh-token', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NO_REFRESH_TOKEN_MESSAGE);
    }
  });

  it("puts the user's current organisation into refreshed access tokens", async () => {
    const before = await signIn();
    expect(decodeJwt(before.access_token).org).toBeNull();
    const user = (await t.call<{ user_id: string }>('GET', '/auth-session', { token: before.access_token }))
      .body.data;
    const { org } = await insertOrg(t, user.user_id, 'Acme');
    const after = (await refresh(before.refresh_token)).body.data;
    expect(decodeJwt(after.access_token)).toMatchObject({ sub: user.user_id, org: org.id });
  });

  describe('POST /logout', () => {
    it('revokes the session: its refresh token and its access tokens stop working', async () => {
      const signedIn = await signIn();
      const res = await t.call('POST', '/logout', { body: { refresh_token: signedIn.refresh_token } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 200, message: AUTH_MSG.loggedOut, data: {} });
      expect((await refresh(signedIn.refresh_token)).status).toBe(401);
      const after = await session(signedIn.access_token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(UNAUTHORIZED_MESSAGE);
    });

    it('is idempotent and quiet about unknown tokens', async () => {
      const signedIn = await signIn();
      await t.call('POST', '/logout', { body: { refresh_token: signedIn.refresh_token } });
      expect(
        (await t.call('POST', '/logout', { body: { refresh_token: signedIn.refresh_token } })).status,
      ).toBe(200);
      expect((await t.call('POST', '/logout', { body: { refresh_token: 'unknown' } })).status).toBe(200);
    });
  });
});
