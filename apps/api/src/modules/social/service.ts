import { DISCONNECT_NEEDS_PASSWORD_MESSAGE, type TSocialLoginResponse } from '@feedloom/contracts';
import { ZFirstNameSchema, ZLastNameSchema } from '@feedloom/validation';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { TDb } from '../../db/client';
import type { TSocialProviderId, TUserRow } from '../../db/schema';
import { addSeconds, type TClock } from '../../lib/clock';
import { randomToken, sha256, type TCipher } from '../../lib/crypto';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import type { TAuthService } from '../auth/service';
import type { TStaffService } from '../staff/service';
import { usersRepo } from '../users/repo';
import { OidcUnavailableError, type TOidcConfigurations } from './oidc';
import { OIDC_STATE_TTL_SECONDS, SOCIAL_MSG } from './messages';
import { identitiesRepo, oidcStatesRepo } from './repo';

export interface TSocialServiceDeps {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  oidc: TOidcConfigurations;
  auth: Pick<TAuthService, 'signIn'>;
  /** Accepts the invitation a sign-in started from, when it is the signed-in user's. */
  invitations: Pick<TStaffService, 'joinOnSignIn'>;
  /** The web's origin: the redirect URI is `${appUrl}/oauth/callback` (spec §2 Social callback). */
  appUrl: string;
  log: FastifyBaseLogger;
}

const SCOPE = 'openid email profile';

interface TVerifiedClaims {
  sub: string;
  email: string | null;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

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
    // Invitation ids only travel as a pair (spec §2: the state carries organisation and staff ids).
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
        sub: c.sub,
        email: typeof c.email === 'string' ? c.email.trim().toLowerCase() : null,
        email_verified: c.email_verified === true,
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

  /** Links (provider, sub) to the user unless taken; true when it linked just now. */
  const linkIdentity = async (userId: string, provider: TSocialProviderId, claims: TVerifiedClaims) => {
    const identities = identitiesRepo(db);
    const linked = await identities.link({
      user_id: userId,
      provider,
      subject: claims.sub,
      email: claims.email,
      now: clock.now(),
    });
    if (linked) return true;
    const bySubject = await identities.findBySubject(provider, claims.sub);
    if (bySubject?.user_id === userId) return false;
    if (bySubject) throw conflict(SOCIAL_MSG.linkedElsewhere(provider));
    throw conflict(SOCIAL_MSG.otherAccountLinked(provider));
  };

  return {
    /** GET google-login / microsoft-login: the provider's authorization URL. */
    loginUrl: (provider: TSocialProviderId, query: { organization_id?: string; staff_id?: string }) =>
      start(provider, query),

    /** GET connect-social/{provider}: the URL to link a login service to the signed-in user. */
    connectUrl: (provider: TSocialProviderId, userId: string) => start(provider, { link_user_id: userId }),

    /**
     * GET {provider}-login-callback: finds the user by the identity, else by the verified e-mail, else
     * creates one; links the identity; signs in as password login does.
     */
    loginCallback: async (
      provider: TSocialProviderId,
      input: { code: string; state: string },
    ): Promise<TSocialLoginResponse> => {
      const { claims, row } = await exchange(provider, input, null);
      const identity = await identitiesRepo(db).findBySubject(provider, claims.sub);
      let user: TUserRow | null;
      let linked = false;
      if (identity) {
        user = await usersRepo(db).findById(identity.user_id);
        if (!user) throw unauthorized();
      } else {
        if (!claims.email || !claims.email_verified) throw badRequest(SOCIAL_MSG.noVerifiedEmail(provider));
        user = await userForEmail(claims.email, claims);
        linked = await linkIdentity(user.id, provider, claims);
      }
      const invitation =
        row.organization_id && row.staff_id
          ? { organization_id: row.organization_id, staff_id: row.staff_id }
          : null;
      // Started from an invitation link: joined here (with that organisation active) when it is this
      // user's; the web then shows the invitation page either way (spec §2 Social callback).
      if (invitation) {
        user =
          (await deps.invitations.joinOnSignIn(user, invitation.organization_id, invitation.staff_id)) ??
          user;
      }
      const signedIn = await deps.auth.signIn(user);
      return { ...signedIn, invitation, linked };
    },

    /** GET connect-social-callback/{provider}: links the identity to the signed-in user the state names. */
    connectCallback: async (
      provider: TSocialProviderId,
      userId: string,
      input: { code: string; state: string },
    ) => {
      const { claims } = await exchange(provider, input, userId);
      const linked = await linkIdentity(userId, provider, claims);
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
