import { randomUUID } from 'node:crypto';
import { TOKEN_EXPIRED_MESSAGE, UNAUTHORIZED_MESSAGE } from '@feedloom/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { addSeconds, type TClock } from '../../lib/clock';
import { unauthorized } from '../../lib/errors';
import { isUuid } from '../../lib/ids';

const ISSUER = 'feedloom-api';
const AUDIENCE = 'feedloom';

export interface TAccessClaims {
  user_id: string;
  /** Active organisation the token acts in; null before the user has one. */
  org_id: string | null;
  /** The refresh-token family (sign-in session) the token belongs to; logout revokes it. */
  session_id: string;
}

/** Short-lived HS256 access tokens: sub = user, org = active organisation, sid = session, jti. */
export const createAccessTokens = (opts: { secret: string; ttlSeconds: number; clock: TClock }) => {
  const key = new TextEncoder().encode(opts.secret);
  return {
    sign: async (claims: TAccessClaims): Promise<string> => {
      const now = opts.clock.now();
      return new SignJWT({ org: claims.org_id, sid: claims.session_id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.user_id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(addSeconds(now, opts.ttlSeconds))
        .sign(key);
    },

    /** Throws 401 'Token Expired!' for an expired token and 401 'Unauthorized' for anything else wrong. */
    verify: async (token: string): Promise<TAccessClaims> => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: opts.clock.now(),
        });
        const org = payload.org ?? null;
        if (!isUuid(payload.sub) || !isUuid(payload.sid) || (org !== null && !isUuid(org))) {
          throw unauthorized(UNAUTHORIZED_MESSAGE);
        }
        return { user_id: payload.sub, org_id: org, session_id: payload.sid };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw unauthorized(TOKEN_EXPIRED_MESSAGE);
        throw unauthorized(UNAUTHORIZED_MESSAGE);
      }
    },
  };
};
export type TAccessTokens = ReturnType<typeof createAccessTokens>;
