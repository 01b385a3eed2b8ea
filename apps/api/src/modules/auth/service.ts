import { randomUUID } from 'node:crypto';
import {
  TOKEN_EXPIRED_MESSAGE,
  type TLoginResponse,
  type TSessionInfo,
  type TTokens,
} from '@feedloom/contracts';
import { OTP_RESEND_SECONDS } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { randomDigits, randomToken, safeEqual, sha256, type TCipher } from '../../lib/crypto';
import type { TPasswordHasher } from '../../lib/passwords';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { TMailer } from '../../mail/mailer';
import { otpMail, signupExistingMail } from '../../mail/templates';
import { ORGANIZATION_MSG } from '../organizations/messages';
import { organizationsRepo } from '../organizations/repo';
import { usersRepo } from '../users/repo';
import { AUTH_MSG, CREATE_PASSWORD_TTL_SECONDS, OTP_TTL_SECONDS } from './messages';
import { oneTimeTokenRepo, otpRepo, refreshTokenRepo } from './repo';
import { resolveActiveOrgId } from '../workspace/membership';
import { buildSessionInfo } from './session';
import type { TThrottle } from './throttle';
import type { TAccessTokens } from './tokens';

export interface TAuthServiceDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  accessTokens: TAccessTokens;
  mailer: TMailer;
  passwords: TPasswordHasher;
  throttle: TThrottle;
  refreshTtlDays: number;
  refreshGraceSeconds: number;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const OTP_LENGTH = 6;

export const createAuthService = (deps: TAuthServiceDeps) => {
  const { db, clock, cipher, throttle } = deps;
  const otpHash = (userId: string, code: string) => cipher.hmac(`otp:${userId}:${code}`);
  // Verified against when the e-mail is unknown, so a login takes as long whether or not it exists.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => (dummyHash ??= deps.passwords.hash(randomToken()));

  /**
   * Starts a new code for the user and mails it. Null when sent; else the seconds until one may be, when
   * the last was sent less than 30 s ago. Throws 429 once the user's codes of the hour are used up.
   */
  const sendOtp = async (user: TUserRow): Promise<number | null> => {
    await throttle.check('otp_mail', user.id);
    const now = clock.now();
    const code = randomDigits(OTP_LENGTH);
    const notBefore = addSeconds(now, -OTP_RESEND_SECONDS);
    const otps = otpRepo(db);
    const stored = await otps.replace(
      user.id,
      { code_hash: otpHash(user.id, code), expires_at: addSeconds(now, OTP_TTL_SECONDS), created_at: now },
      notBefore,
    );
    if (!stored) {
      const last = await otps.find(user.id);
      return last ? Math.max(1, Math.ceil((last.created_at.getTime() - notBefore.getTime()) / 1000)) : 1;
    }
    await throttle.record('otp_mail', user.id);
    await deps.mailer.send(otpMail(user.email, code, OTP_TTL_SECONDS / 60));
    return null;
  };

  /** A new refresh-token family (one sign-in) and its first access token. */
  const issueTokens = async (
    tx: TDb,
    userId: string,
    orgId: string | null,
    family: { id: string; parent_id: string | null } = { id: randomUUID(), parent_id: null },
  ): Promise<TTokens> => {
    const now = clock.now();
    const refresh = randomToken();
    await refreshTokenRepo(tx).insert({
      user_id: userId,
      family_id: family.id,
      parent_id: family.parent_id,
      token_hash: sha256(refresh),
      expires_at: addSeconds(now, deps.refreshTtlDays * 86_400),
      created_at: now,
    });
    const access = await deps.accessTokens.sign({ user_id: userId, org_id: orgId, session_id: family.id });
    return { access_token: access, refresh_token: refresh };
  };

  const signIn = async (user: TUserRow): Promise<TLoginResponse> => {
    const session = await buildSessionInfo(db, user);
    const tokens = await issueTokens(db, user.id, session.active_org_id);
    return { ...tokens, ...session };
  };

  /**
   * The user id a sign-up answers for an address that already has an account: stable per address and
   * indistinguishable from a real id, so the answer does not tell a registered address from a new one.
   */
  const standInUserId = (email: string) => {
    const hex = Buffer.from(cipher.hmac(`signup-stand-in:${email}`), 'base64url').toString('hex');
    const v4 = `4${hex.slice(13, 16)}`;
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v4}-${variant}-${hex.slice(20, 32)}`;
  };

  const findUnverifiedUser = async (userId: string): Promise<TUserRow> => {
    const user = await usersRepo(db).findById(userId);
    if (!user) throw notFound(AUTH_MSG.userNotFound);
    if (user.email_verified_at) throw conflict(AUTH_MSG.alreadyVerified);
    return user;
  };

  return {
    /** A new sign-in (refresh-token family) for the user: the login reply every way of signing in shares. */
    signIn,
    /** New e-mail: an unverified user and a code. Unverified e-mail: a new code, same user. */
    signup: async (input: { email: string }) => {
      const email = normaliseEmail(input.email);
      const users = usersRepo(db);
      const user =
        (await users.findByEmail(email)) ??
        (await users.createUnverified(email, clock.now())) ??
        // Lost a race with a concurrent sign-up of the same address: use the row that won.
        (await users.findByEmail(email));
      if (!user) throw new Error('user vanished during signup');
      if (user.email_verified_at) {
        // Answered as a new address is; the owner hears of it by mail (as often as codes may be mailed).
        await throttle.check('otp_mail', user.id);
        await throttle.record('otp_mail', user.id);
        await deps.mailer.send(signupExistingMail(user.email));
        return { user_id: standInUserId(user.email), email: user.email };
      }
      // A repeat within the resend window is answered without mailing again (no inbox flooding).
      await sendOtp(user);
      return { user_id: user.id, email: user.email };
    },

    verifyAccount: async (userId: string, otp: string) => {
      const user = await usersRepo(db).findById(userId);
      if (!user && isUuid(userId)) {
        // An id no sign-up made, or the stand-in of a registered address: a wrong code, counted alike.
        await throttle.take('otp_verify', userId);
        throw badRequest(AUTH_MSG.otpInvalid);
      }
      if (!user) throw notFound(AUTH_MSG.userNotFound);
      if (user.email_verified_at) throw conflict(AUTH_MSG.alreadyVerified);
      // The guesses belong to the user, not to a code: a new code brings none. Counted first and
      // atomically, so parallel guesses cannot exceed the limit.
      await throttle.take('otp_verify', user.id);
      const row = await otpRepo(db).find(user.id);
      const now = clock.now();
      if (!row || row.expires_at.getTime() <= now.getTime()) throw badRequest(AUTH_MSG.otpExpired);
      if (!safeEqual(row.code_hash, otpHash(user.id, otp))) throw badRequest(AUTH_MSG.otpInvalid);

      const token = randomToken();
      await db.transaction(async (tx) => {
        await otpRepo(tx).delete(user.id);
        await usersRepo(tx).update(user.id, { email_verified_at: now, updated_at: now });
        await oneTimeTokenRepo(tx).issue(user.id, 'create_password', {
          token_hash: sha256(token),
          expires_at: addSeconds(now, CREATE_PASSWORD_TTL_SECONDS),
          now,
        });
      });
      await throttle.clear('otp_verify', user.id);
      return { user_id: user.id, email: user.email, token };
    },

    resendOtp: async (userId: string, email: string) => {
      // The stand-in id of a registered address is answered as a sent code (nothing is mailed).
      if (userId === standInUserId(normaliseEmail(email)) && !(await usersRepo(db).findById(userId))) {
        return { resend_after_seconds: OTP_RESEND_SECONDS };
      }
      const user = await findUnverifiedUser(userId);
      if (user.email !== normaliseEmail(email)) throw notFound(AUTH_MSG.userNotFound);
      const wait = await sendOtp(user);
      if (wait !== null) throw tooManyRequests(AUTH_MSG.otpResendWait(wait), wait);
      return { resend_after_seconds: OTP_RESEND_SECONDS };
    },

    createPassword: async (userId: string, input: { token: string; password: string }) => {
      const user = await usersRepo(db).findById(userId);
      if (!user || !user.email_verified_at) throw badRequest(AUTH_MSG.linkInvalid);
      const tokenHash = sha256(input.token);
      // Checked before hashing so a bad link costs no argon2 work; consumed atomically below.
      if (!(await oneTimeTokenRepo(db).findValid('create_password', tokenHash, clock.now(), user.id))) {
        throw badRequest(AUTH_MSG.linkInvalid);
      }
      const passwordHash = await deps.passwords.hash(input.password);
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        const used = await oneTimeTokenRepo(tx).consume('create_password', tokenHash, now, user.id);
        if (!used) return null;
        return usersRepo(tx).update(user.id, {
          password_hash: passwordHash,
          password_changed_at: now,
          updated_at: now,
        });
      });
      if (!updated) throw badRequest(AUTH_MSG.linkInvalid);
      return signIn(updated);
    },

    /**
     * Every attempt is counted against the e-mail before the password is checked (known or not), and a
     * success forgets the failures. A wrong password gets the same answer whatever the account's state:
     * only someone who knows the password learns that the address still needs verifying.
     */
    login: async (input: { email: string; password: string }): Promise<TLoginResponse> => {
      const email = normaliseEmail(input.email);
      await throttle.take('login', email);
      const user = await usersRepo(db).findByEmail(email);
      // The dummy hash makes a login take as long whether or not the address has a password.
      const ok = await deps.passwords.verify(user?.password_hash ?? (await getDummyHash()), input.password);
      if (!ok || !user?.password_hash) throw unauthorized(AUTH_MSG.invalidCredentials);
      await throttle.clear('login', email);
      if (!user.email_verified_at) throw unauthorized(AUTH_MSG.verifyFirst);
      return signIn(user);
    },

    /**
     * Rotates a refresh token. A token already rotated returns the pair it was rotated into while within
     * the grace window (two gateway replicas refreshing at once both succeed); later, its reuse means it
     * leaked, so the whole family is revoked.
     */
    refresh: async (refreshToken: string): Promise<TTokens> => {
      const outcome = await db.transaction(async (tx) => {
        const tokens = refreshTokenRepo(tx);
        const row = await tokens.findByHashForUpdate(sha256(refreshToken));
        const now = clock.now();
        if (!row || row.revoked_at || row.expires_at.getTime() <= now.getTime())
          return { kind: 'expired' } as const;
        if (row.rotated_at) {
          const graceEnds = addSeconds(row.rotated_at, deps.refreshGraceSeconds).getTime();
          if (now.getTime() <= graceEnds && row.next_pair) {
            return { kind: 'ok', pair: JSON.parse(cipher.decrypt(row.next_pair)) as TTokens } as const;
          }
          await tokens.revokeFamily(row.family_id, now);
          return { kind: 'reused', family_id: row.family_id } as const;
        }
        const user = await usersRepo(tx).findById(row.user_id);
        if (!user) return { kind: 'expired' } as const;
        const orgId = await resolveActiveOrgId(tx, user);
        const pair = await issueTokens(tx, user.id, orgId, { id: row.family_id, parent_id: row.id });
        await tokens.markRotated(row.id, now, cipher.encrypt(JSON.stringify(pair)));
        return { kind: 'ok', pair } as const;
      });
      if (outcome.kind !== 'ok') throw unauthorized(TOKEN_EXPIRED_MESSAGE);
      return outcome.pair;
    },

    /** Ends the sign-in session of the token: its family is revoked, access tokens included. Idempotent. */
    logout: async (refreshToken: string): Promise<void> => {
      const row = await refreshTokenRepo(db).findByHash(sha256(refreshToken));
      if (row) await refreshTokenRepo(db).revokeFamily(row.family_id, clock.now());
    },

    /**
     * Switching organisation: it becomes the user's last active organisation, and the same
     * sign-in (refresh-token family) gets new tokens for it with the session fields.
     */
    switchOrganization: async (userId: string, sessionId: string, orgId: string): Promise<TLoginResponse> => {
      if (!(await organizationsRepo(db).getMember(orgId, userId))) throw notFound(ORGANIZATION_MSG.notFound);
      const user = await usersRepo(db).update(userId, {
        last_active_organization_id: orgId,
        updated_at: clock.now(),
      });
      if (!user) throw unauthorized();
      const session = await buildSessionInfo(db, user);
      const tokens = await issueTokens(db, user.id, session.active_org_id, {
        id: sessionId,
        parent_id: null,
      });
      return { ...tokens, ...session };
    },

    session: async (userId: string): Promise<TSessionInfo> => {
      const user = await usersRepo(db).findById(userId);
      if (!user) throw unauthorized();
      return buildSessionInfo(db, user);
    },
  };
};
export type TAuthService = ReturnType<typeof createAuthService>;
