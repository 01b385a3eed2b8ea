import {
  DISCONNECT_NEEDS_PASSWORD_MESSAGE,
  type TSocialLoginCallbackResponse,
  type TSocialLoginResponse,
  type TSocialSignupPending,
} from '@feedloom/contracts';
import { OTP_LENGTH, OTP_RESEND_SECONDS, ZFirstNameSchema, ZLastNameSchema } from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { TDb } from '../../db/client';
import type { TSocialProviderId, TSocialSignupRow, TUserRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { randomDigits, randomToken, safeEqual, sha256, type TCipher } from '../../lib/crypto';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TMailer } from '../../mail/mailer';
import { otpMail } from '../../mail/templates';
import { AUTH_MSG, OTP_TTL_SECONDS } from '../auth/messages';
import type { TThrottle } from '../auth/throttle';
import type { TAuthService } from '../auth/service';
import type { TStaffService } from '../staff/service';
import { usersRepo } from '../users/repo';
import { OidcUnavailableError, type TOidcConfigurations } from './oidc';
import { OIDC_STATE_TTL_SECONDS, SOCIAL_MSG, SOCIAL_SIGNUP_TTL_SECONDS } from './messages';
import { identitiesRepo, oidcStatesRepo, socialSignupsRepo, type TIdentityKey } from './repo';

export interface TSocialServiceDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  oidc: TOidcConfigurations;
  /** Sends the sign-up code to an address the provider did not vouch for. */
  mailer: TMailer;
  /** The per-account limits of sign-up codes, shared with the password sign-up (per address). */
  throttle: TThrottle;
  auth: Pick<TAuthService, 'signIn'>;
  /** Accepts the invitation a sign-in started from, when it is the signed-in user's. */
  invitations: Pick<TStaffService, 'joinOnSignIn'>;
  /** The web's origin: the redirect URI is `${appUrl}/oauth/callback`. */
  appUrl: string;
  log: FastifyBaseLogger;
}

const SCOPE = 'openid email profile';

/** Sign-up codes of a held social sign-up are limited per address, whichever identity asked for them. */
const throttleSubject = (email: string) => `social-signup:${email.trim().toLowerCase()}`;

interface TVerifiedClaims {
  /** Who the account is at the provider (never the e-mail). */
  key: TIdentityKey;
  /** The token's `sub`: what identities linked before issuers were kept hold as their subject. */
  sub: string;
  email: string | null;
  /** The provider vouches for the address. */
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

const claimString = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The identity of an ID token: Google's (issuer, sub); Microsoft's (issuer, tid, oid), `oid` being the user's
 * id in the tenant (the same for every app), with `sub` standing in for a token without one. The same `oid`
 * in another tenant is another identity.
 */
export const identityKeyOf = (provider: TSocialProviderId, claims: client.IDToken): TIdentityKey =>
  provider === 'microsoft'
    ? {
        provider,
        issuer: claims.iss,
        tenant_id: claimString(claims.tid) ?? '',
        subject: claimString(claims.oid) ?? claims.sub,
      }
    : { provider, issuer: claims.iss, tenant_id: '', subject: claims.sub };

/**
 * Whether the provider vouches for the address: `email_verified: true`, or for Microsoft `xms_edov: true`
 * (the optional claim saying the domain owner verified the address). Microsoft's tokens usually carry
 * neither, and a tenant admin can set any `email`, so such an address is only a claim until a code mailed
 * to it comes back.
 */
export const isEmailVouchedFor = (provider: TSocialProviderId, claims: client.IDToken): boolean =>
  claims.email_verified === true || (provider === 'microsoft' && claims.xms_edov === true);

const signupKeyOf = (row: TSocialSignupRow): TIdentityKey => ({
  provider: row.provider,
  issuer: row.issuer,
  tenant_id: row.tenant_id,
  subject: row.subject,
});

/** A name from the provider, kept only if it passes the profile's name rule (the user fixes it otherwise). */
const cleanName = (
  value: unknown,
  schema: typeof ZFirstNameSchema | typeof ZLastNameSchema,
): string | null => {
  if (typeof value !== 'string') return null;
  const parsed = schema.safeParse(value.trim());
  return parsed.success && parsed.data ? parsed.data : null;
};

/**
 * Social sign-in with Google and Microsoft over OpenID Connect: authorization code + PKCE (S256) + state +
 * nonce. The state string is `<provider>.<random>` so the web and the gateway know which callback to call;
 * the server keeps only its hash, with the encrypted PKCE verifier, for 10 minutes and one use.
 */
export const createSocialService = (deps: TSocialServiceDeps) => {
  const { db, clock, cipher } = deps;
  const redirectUri = `${deps.appUrl.replace(/\/+$/, '')}/oauth/callback`;

  const configuration = async (provider: TSocialProviderId) => {
    try {
      return await deps.oidc.get(provider);
    } catch (err) {
      if (!(err instanceof OidcUnavailableError)) throw err;
      deps.log.error({ err, provider }, 'social sign-in unavailable');
      throw new AppError(503, SOCIAL_MSG.unavailable(provider));
    }
  };

  const start = async (
    provider: TSocialProviderId,
    extra: { organization_id?: string; staff_id?: string; link_user_id?: string },
  ): Promise<{ auth_url: string }> => {
    const config = await configuration(provider);
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const state = `${provider}.${randomToken()}`;
    const now = clock.now();
    // Invitation ids only travel as a pair (the state carries organisation and staff ids).
    const invitation = extra.organization_id && extra.staff_id;
    await oidcStatesRepo(db).insert(
      {
        state_hash: sha256(state),
        provider,
        code_verifier: cipher.encrypt(verifier),
        nonce,
        link_user_id: extra.link_user_id ?? null,
        organization_id: invitation ? extra.organization_id : null,
        staff_id: invitation ? extra.staff_id : null,
        expires_at: addSeconds(now, OIDC_STATE_TTL_SECONDS),
        created_at: now,
      },
      now,
    );
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { auth_url: url.href };
  };

  /** Takes the state (one use), exchanges the code and validates the ID token; returns its claims. */
  const exchange = async (
    provider: TSocialProviderId,
    input: { code: string; state: string },
    linkUserId: string | null,
  ) => {
    if (!input.state.startsWith(`${provider}.`)) throw badRequest(SOCIAL_MSG.stateInvalid);
    const row = await oidcStatesRepo(db).take(provider, sha256(input.state));
    if (!row || row.expires_at.getTime() <= clock.now().getTime() || row.link_user_id !== linkUserId) {
      throw badRequest(SOCIAL_MSG.stateInvalid);
    }
    const config = await configuration(provider);
    const callbackUrl = new URL(redirectUri);
    callbackUrl.searchParams.set('code', input.code);
    callbackUrl.searchParams.set('state', input.state);
    let claims: TVerifiedClaims;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: cipher.decrypt(row.code_verifier),
        expectedState: input.state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
      const c = tokens.claims();
      if (!c) throw new Error('no ID token claims');
      claims = {
        key: identityKeyOf(provider, c),
        sub: c.sub,
        email: claimString(c.email)?.toLowerCase() ?? null,
        email_verified: isEmailVouchedFor(provider, c),
        given_name: typeof c.given_name === 'string' ? c.given_name : undefined,
        family_name: typeof c.family_name === 'string' ? c.family_name : undefined,
      };
    } catch (err) {
      deps.log.warn({ err, provider }, 'social sign-in: code exchange failed');
      throw badRequest(SOCIAL_MSG.failed(provider));
    }
    return { claims, row };
  };

  /** The account of a verified e-mail, created (verified, no password, no profile) when there is none. */
  const userForEmail = async (email: string, claims: TVerifiedClaims): Promise<TUserRow> => {
    const users = usersRepo(db);
    const now = clock.now();
    const existing = await users.findByEmail(email);
    if (existing) {
      if (existing.email_verified_at) return existing;
      // The provider vouches for the address: an unfinished sign-up becomes a verified account.
      return (await users.update(existing.id, { email_verified_at: now, updated_at: now })) ?? existing;
    }
    const created = await users.createUnverified(email, now);
    if (!created) {
      const raced = await users.findByEmail(email);
      if (!raced) throw new Error('user vanished during social sign-in');
      return raced;
    }
    return (
      (await users.update(created.id, {
        email_verified_at: now,
        first_name: cleanName(claims.given_name, ZFirstNameSchema),
        last_name: cleanName(claims.family_name, ZLastNameSchema),
        updated_at: now,
      })) ?? created
    );
  };

  /** Links the identity to the user unless taken; true when it linked just now. */
  const linkIdentity = async (
    tx: TDb,
    userId: string,
    claims: Pick<TVerifiedClaims, 'key' | 'email'>,
  ): Promise<boolean> => {
    const identities = identitiesRepo(tx);
    const linked = await identities.link({
      user_id: userId,
      key: claims.key,
      email: claims.email,
      now: clock.now(),
    });
    if (linked) return true;
    const byKey = await identities.findByKey(claims.key);
    if (byKey?.user_id === userId) return false;
    if (byKey) throw conflict(SOCIAL_MSG.linkedElsewhere(claims.key.provider));
    throw conflict(SOCIAL_MSG.otherAccountLinked(claims.key.provider));
  };

  /**
   * The linked identity of the claims, by its key only. A row linked before issuers were kept is found by
   * the token's `sub` and completed with the key. The stored address follows the provider's.
   */
  const findIdentity = async (claims: TVerifiedClaims) => {
    const identities = identitiesRepo(db);
    const found =
      (await identities.findByKey(claims.key)) ??
      (await identities.completeLegacy(claims.key, claims.sub, claims.email));
    if (found && found.email !== claims.email) await identities.updateEmail(found.id, claims.email);
    return found;
  };

  /** The sign-in reply, after joining the invitation the sign-in started from when it is this user's. */
  const finishSignIn = async (
    user: TUserRow,
    invitation: { organization_id: string; staff_id: string } | null,
    linked: boolean,
  ): Promise<TSocialLoginResponse> => {
    // Started from an invitation link: joined here (with that organisation active) when it is this
    // user's; the web then shows the invitation page either way.
    const joined = invitation
      ? await deps.invitations.joinOnSignIn(user, invitation.organization_id, invitation.staff_id)
      : null;
    const signedIn = await deps.auth.signIn(joined ?? user);
    return { ...signedIn, invitation, linked };
  };

  /** Sign-up codes of social sign-ups: as long, as long-lived and as HMAC'd as sign-up codes; per identity. */
  const signupCodeHash = (key: TIdentityKey, code: string) =>
    cipher.hmac(
      `social-otp:${JSON.stringify([key.provider, key.issuer, key.tenant_id, key.subject])}:${code}`,
    );
  const newSignupCode = (key: TIdentityKey, now: Date) => {
    const code = randomDigits(OTP_LENGTH);
    return {
      code,
      stored: {
        code_hash: signupCodeHash(key, code),
        code_expires_at: addSeconds(now, OTP_TTL_SECONDS),
        code_sent_at: now,
      },
    };
  };

  /**
   * Holds the sign-up of an identity whose address is not vouched for and mails the sign-up code to that
   * address. The account is made only when the code comes back (verifySignup).
   */
  const holdSignup = async (
    claims: TVerifiedClaims & { email: string },
    invitation: { organization_id: string; staff_id: string } | null,
  ): Promise<TSocialSignupPending> => {
    const now = clock.now();
    await deps.throttle.check('otp_mail', throttleSubject(claims.email));
    const browserToken = randomToken();
    const { code, stored } = newSignupCode(claims.key, now);
    const row = await socialSignupsRepo(db).upsert(
      {
        ...claims.key,
        email: claims.email,
        first_name: cleanName(claims.given_name, ZFirstNameSchema),
        last_name: cleanName(claims.family_name, ZLastNameSchema),
        organization_id: invitation?.organization_id ?? null,
        staff_id: invitation?.staff_id ?? null,
        browser_token_hash: sha256(browserToken),
        expires_at: addSeconds(now, SOCIAL_SIGNUP_TTL_SECONDS),
      },
      stored,
      addSeconds(now, -OTP_RESEND_SECONDS),
    );
    // Otherwise the same identity signed in again within 30 s with the same address: the code sent stands.
    if (row.code_hash === stored.code_hash) {
      await deps.throttle.record('otp_mail', throttleSubject(claims.email));
      await deps.mailer.send(otpMail(claims.email, code, OTP_TTL_SECONDS / 60));
    }
    return { verification_required: true, signup_id: row.id, email: row.email, signup_token: browserToken };
  };

  /** The waiting sign-up `signupId` if the token proves the browser that signed in. */
  const signupFor = async (signupId: string, signupToken: string): Promise<TSocialSignupRow> => {
    const row = await socialSignupsRepo(db).findById(signupId);
    if (
      !row ||
      row.expires_at.getTime() <= clock.now().getTime() ||
      !safeEqual(row.browser_token_hash, sha256(signupToken))
    ) {
      throw badRequest(SOCIAL_MSG.signupExpired);
    }
    return row;
  };

  return {
    /** GET google-login / microsoft-login: the provider's authorization URL. */
    loginUrl: (provider: TSocialProviderId, query: { organization_id?: string; staff_id?: string }) =>
      start(provider, query),

    /** GET connect-social/{provider}: the URL to link a login service to the signed-in user. */
    connectUrl: (provider: TSocialProviderId, userId: string) => start(provider, { link_user_id: userId }),

    /**
     * GET {provider}-login-callback: signs in the user the identity is linked to. A new identity with an
     * address the provider vouches for joins the account of that address (made when there is none); one
     * whose address is only claimed never does: with an account on that address the owner is asked to
     * sign in and connect, without one the sign-up code is mailed to it and no account exists until it is
     * entered (verifySignup).
     */
    loginCallback: async (
      provider: TSocialProviderId,
      input: { code: string; state: string },
    ): Promise<TSocialLoginCallbackResponse> => {
      const { claims, row } = await exchange(provider, input, null);
      const invitation =
        row.organization_id && row.staff_id
          ? { organization_id: row.organization_id, staff_id: row.staff_id }
          : null;
      const identity = await findIdentity(claims);
      if (identity) {
        const user = await usersRepo(db).findById(identity.user_id);
        if (!user) throw unauthorized();
        return finishSignIn(user, invitation, false);
      }
      const email = claims.email;
      if (!email) throw badRequest(SOCIAL_MSG.noEmail(provider));
      if (!claims.email_verified) {
        const existing = await usersRepo(db).findByEmail(email);
        if (existing?.email_verified_at) throw conflict(SOCIAL_MSG.signInToConnect(provider));
        return holdSignup({ ...claims, email }, invitation);
      }
      const user = await userForEmail(email, claims);
      const linked = await linkIdentity(db, user.id, claims);
      return finishSignIn(user, invitation, linked);
    },

    /**
     * POST verify-social-signup/{id}: the code mailed by a held sign-up, checked like a sign-up code (5
     * attempts per code, 10 minutes). Right: the verified account is made with the identity linked (an
     * unfinished password sign-up of the address becomes it) and signed in. An account that got the
     * address meanwhile is not linked.
     */
    verifySignup: async (
      signupId: string,
      input: { otp: string; signup_token: string },
    ): Promise<TSocialLoginResponse> => {
      const row = await signupFor(signupId, input.signup_token);
      const now = clock.now();
      // Counted per address before the code is checked, so neither a resent code nor signing in again
      // gives fresh guesses, and parallel guesses cannot exceed the limit.
      await deps.throttle.take('otp_verify', throttleSubject(row.email));
      if (row.code_expires_at.getTime() <= now.getTime()) throw badRequest(AUTH_MSG.otpExpired);
      if (!safeEqual(row.code_hash, signupCodeHash(signupKeyOf(row), input.otp)))
        throw badRequest(AUTH_MSG.otpInvalid);

      const key = signupKeyOf(row);
      const outcome = await db.transaction(async (tx) => {
        // One finish per sign-up: a concurrent one with the same code waits here, then finds it gone.
        if (!(await socialSignupsRepo(tx).take(row.id))) throw badRequest(SOCIAL_MSG.signupExpired);
        // Linked meanwhile (connected from a signed-in account): the identity decides, as at sign-in.
        const identity = await identitiesRepo(tx).findByKey(key);
        if (identity) return { user: await usersRepo(tx).findById(identity.user_id), linked: false };
        const users = usersRepo(tx);
        const existing = await users.findByEmail(row.email);
        if (existing?.email_verified_at) return null;
        const names = { first_name: row.first_name, last_name: row.last_name };
        const unverified =
          existing ??
          (await users.createUnverified(row.email, now)) ??
          // Lost a race with a password sign-up of the same address: use the row that won.
          (await users.findByEmail(row.email));
        if (!unverified) throw new Error('user vanished during social sign-up');
        const user = await users.updateUnverified(unverified.id, {
          email_verified_at: now,
          first_name: unverified.first_name ?? names.first_name,
          last_name: unverified.last_name ?? names.last_name,
          updated_at: now,
        });
        if (!user) return null;
        return { user, linked: await linkIdentity(tx, user.id, { key, email: row.email }) };
      });
      await deps.throttle.clear('otp_verify', throttleSubject(row.email));
      if (!outcome) throw conflict(SOCIAL_MSG.signInToConnect(row.provider));
      if (!outcome.user) throw unauthorized();
      const invitation =
        row.organization_id && row.staff_id
          ? { organization_id: row.organization_id, staff_id: row.staff_id }
          : null;
      return finishSignIn(outcome.user, invitation, outcome.linked);
    },

    /** POST resend-social-signup-otp/{id}: a new code, at most every 30 seconds (as at sign-up). */
    resendSignupOtp: async (signupId: string, input: { signup_token: string }) => {
      const pending = await signupFor(signupId, input.signup_token);
      const now = clock.now();
      await deps.throttle.check('otp_mail', throttleSubject(pending.email));
      const { code, stored } = newSignupCode(signupKeyOf(pending), now);
      if (
        !(await socialSignupsRepo(db).replaceCode(pending.id, stored, addSeconds(now, -OTP_RESEND_SECONDS)))
      ) {
        const wait = Math.max(
          1,
          Math.ceil((pending.code_sent_at.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000),
        );
        throw tooManyRequests(AUTH_MSG.otpResendWait(wait), wait);
      }
      await deps.throttle.record('otp_mail', throttleSubject(pending.email));
      await deps.mailer.send(otpMail(pending.email, code, OTP_TTL_SECONDS / 60));
      return { resend_after_seconds: OTP_RESEND_SECONDS };
    },

    /** GET connect-social-callback/{provider}: links the identity to the signed-in user the state names. */
    connectCallback: async (
      provider: TSocialProviderId,
      userId: string,
      input: { code: string; state: string },
    ) => {
      const { claims } = await exchange(provider, input, userId);
      // The signed-in session proves the account; the identity proves the provider's side. No e-mail involved.
      await findIdentity(claims);
      const linked = await linkIdentity(db, userId, claims);
      return { provider, email: claims.email, linked };
    },

    /** POST disconnect-social/{provider}: refused while the user has no password (they could not sign in). */
    disconnect: async (provider: TSocialProviderId, userId: string): Promise<void> => {
      const user = await usersRepo(db).findById(userId);
      if (!user) throw unauthorized();
      if (!user.password_hash) throw badRequest(DISCONNECT_NEEDS_PASSWORD_MESSAGE);
      if (!(await identitiesRepo(db).unlink(userId, provider)))
        throw badRequest(SOCIAL_MSG.notConnected(provider));
    },
  };
};
export type TSocialService = ReturnType<typeof createSocialService>;
