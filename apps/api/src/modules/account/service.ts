import type { TLoginResponse, TPasswordStatus } from '@feedloom/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import type { TPasswordHasher } from '../../lib/passwords';
import type { TMailer } from '../../mail/mailer';
import { resetPasswordMail } from '../../mail/templates';
import { AUTH_MSG } from '../auth/messages';
import type { TAuthService } from '../auth/service';
import type { TThrottle } from '../auth/throttle';
import { organizationsRepo } from '../organizations/repo';
import { shopsRepo } from '../shops/repo';
import { usersRepo } from '../users/repo';
import {
  ACCOUNT_MSG,
  RESET_PASSWORD_RESEND_SECONDS,
  RESET_PASSWORD_TTL_SECONDS,
  SUPPORT_LOGIN_TTL_SECONDS,
} from './messages';
import { oneTimeTokenRepo } from '../auth/repo';
import { revokeSessions } from './repo';

export interface TAccountServiceDeps {
  db: TDb;
  clock: TClock;
  mailer: TMailer;
  passwords: TPasswordHasher;
  /** Reset mails per address per hour; a reset clears the address's failed logins. */
  throttle: Pick<TThrottle, 'take' | 'clear'>;
  auth: Pick<TAuthService, 'signIn'>;
  /** Base of the links put in mails: `${APP_URL}/reset-password/{token}`. */
  appUrl: string;
  log: FastifyBaseLogger;
}

export const passwordStatusOf = (
  user: Pick<TUserRow, 'password_hash' | 'password_changed_at'>,
): TPasswordStatus => ({
  has_password: user.password_hash !== null,
  changed_password_at: user.password_hash ? (user.password_changed_at?.toISOString() ?? null) : null,
});

/** Passwords after sign-up (forgot/reset, change, create) and the support one-time-token login. */
export const createAccountService = (deps: TAccountServiceDeps) => {
  const { db, clock } = deps;
  const appUrl = deps.appUrl.replace(/\/+$/, '');

  const requireUser = async (userId: string): Promise<TUserRow> => {
    const user = await usersRepo(db).findById(userId);
    if (!user) throw unauthorized();
    return user;
  };

  return {
    /**
     * Mails a reset link when the e-mail has an account; says nothing either way. The mail leaves in the
     * background, so the reply takes as long for an unknown address as for a known one, and requests are
     * counted per address whether it has an account or not.
     */
    forgotPassword: async (email: string): Promise<void> => {
      const address = email.trim().toLowerCase();
      await deps.throttle.take('reset_mail', address);
      const user = await usersRepo(db).findByEmail(address);
      if (!user) return;
      const now = clock.now();
      const tokens = oneTimeTokenRepo(db);
      // One link a minute at most: repeated presses do not flood the inbox.
      if (
        await tokens.issuedSince(user.id, 'reset_password', addSeconds(now, -RESET_PASSWORD_RESEND_SECONDS))
      )
        return;
      const token = randomToken();
      await tokens.issue(user.id, 'reset_password', {
        token_hash: sha256(token),
        expires_at: addSeconds(now, RESET_PASSWORD_TTL_SECONDS),
        now,
      });
      const mail = resetPasswordMail(
        user.email,
        `${appUrl}/reset-password/${token}`,
        RESET_PASSWORD_TTL_SECONDS / 60,
      );
      void deps.mailer
        .send(mail)
        .catch((err: unknown) => deps.log.error({ err }, 'reset mail could not be sent'));
    },

    /**
     * Sets a new password from a reset link and signs the user in. The link works once; every other
     * sign-in of the user ends (whoever asked for the reset may have lost the password to someone). It
     * works while logins to the account are being delayed, and ends that delay: the mailbox proved the user.
     */
    resetPassword: async (token: string, password: string): Promise<TLoginResponse> => {
      const tokenHash = sha256(token);
      // Checked before hashing so a bad link costs no argon2 work; consumed atomically below.
      if (!(await oneTimeTokenRepo(db).findValid('reset_password', tokenHash, clock.now()))) {
        throw badRequest(AUTH_MSG.linkInvalid);
      }
      const passwordHash = await deps.passwords.hash(password);
      const now = clock.now();
      const user = await db.transaction(async (tx) => {
        const used = await oneTimeTokenRepo(tx).consume('reset_password', tokenHash, now);
        if (!used) return null;
        const users = usersRepo(tx);
        const current = await users.findById(used.user_id);
        if (!current) return null;
        await revokeSessions(tx, current.id, now);
        return users.update(current.id, {
          password_hash: passwordHash,
          password_changed_at: now,
          // The link reached the inbox: the address is proven.
          email_verified_at: current.email_verified_at ?? now,
          updated_at: now,
        });
      });
      if (!user) throw badRequest(AUTH_MSG.linkInvalid);
      await deps.throttle.clear('login', user.email);
      return deps.auth.signIn(user);
    },

    /** Changes the password; the caller's other sign-ins end, this one stays. */
    changePassword: async (
      userId: string,
      sessionId: string,
      input: { current_password: string; password: string },
    ): Promise<TPasswordStatus> => {
      const user = await requireUser(userId);
      if (!user.password_hash) throw badRequest(ACCOUNT_MSG.noPasswordYet);
      const ok = await deps.passwords.verify(user.password_hash, input.current_password);
      if (!ok) throw badRequest(ACCOUNT_MSG.currentPasswordIncorrect, 'current_password');
      if (input.current_password === input.password) throw badRequest(ACCOUNT_MSG.samePassword, 'password');
      const passwordHash = await deps.passwords.hash(input.password);
      const now = clock.now();
      const updated = await db.transaction(async (tx) => {
        await revokeSessions(tx, user.id, now, sessionId);
        return usersRepo(tx).update(user.id, {
          password_hash: passwordHash,
          password_changed_at: now,
          updated_at: now,
        });
      });
      return passwordStatusOf(updated ?? user);
    },

    /** Creates the first password of an account that has none (signed up with Google or Microsoft). */
    setPassword: async (userId: string, password: string): Promise<TPasswordStatus> => {
      const user = await requireUser(userId);
      if (user.password_hash) throw conflict(ACCOUNT_MSG.passwordAlreadySet);
      const passwordHash = await deps.passwords.hash(password);
      const now = clock.now();
      const updated = await usersRepo(db).update(user.id, {
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      });
      return passwordStatusOf(updated ?? user);
    },

    /** Admins only: a one-time link that signs in as `user_id` with `shop_id` active. */
    issueSupportLogin: async (adminId: string, input: { user_id: string; shop_id: string }) => {
      const admin = await requireUser(adminId);
      if (!admin.is_admin) throw forbidden();
      const target = await usersRepo(db).findById(input.user_id);
      if (!target) throw notFound(AUTH_MSG.userNotFound);
      const shop = await findMemberShop(db, target.id, input.shop_id);
      if (!shop) throw notFound(ACCOUNT_MSG.shopNotFound);
      const now = clock.now();
      const token = randomToken();
      const expiresAt = addSeconds(now, SUPPORT_LOGIN_TTL_SECONDS);
      await oneTimeTokenRepo(db).issue(target.id, 'merchant_login', {
        token_hash: sha256(token),
        expires_at: expiresAt,
        now,
        shop_id: shop.id,
      });
      deps.log.info(
        { admin_id: admin.id, user_id: target.id, shop_id: shop.id },
        'support login link issued',
      );
      return {
        token,
        url: `${appUrl}/oauth/callback?${new URLSearchParams({ token })}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    /** Merchant-login/{token}: signs in as the token's user, with the token's shop active. */
    supportLogin: async (token: string): Promise<TLoginResponse> => {
      const now = clock.now();
      const used = await oneTimeTokenRepo(db).consume('merchant_login', sha256(token), now);
      const user = used ? await usersRepo(db).findById(used.user_id) : null;
      const shop = used?.shop_id && user ? await findMemberShop(db, user.id, used.shop_id) : null;
      if (!user || !shop) throw badRequest(AUTH_MSG.linkInvalid);
      // The merchant's own "last active" choice, as switching to that shop would set it.
      await usersRepo(db).update(user.id, { last_active_organization_id: shop.organization_id });
      await organizationsRepo(db).setLastActiveShop(shop.organization_id, user.id, shop.id);
      return deps.auth.signIn({ ...user, last_active_organization_id: shop.organization_id });
    },
  };
};
export type TAccountService = ReturnType<typeof createAccountService>;

/** An active shop of an organisation the user belongs to, or null: through the scoped repositories only. */
const findMemberShop = async (db: TDb, userId: string, shopId: string) => {
  for (const membership of await organizationsRepo(db).listMembershipsOfUser(userId)) {
    const shop = await shopsRepo(db).getForOrg(membership.organization_id, shopId);
    if (shop) return shop.status === 'active' ? shop : null;
  }
  return null;
};
