import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { TDb } from '../../db/client';
import type { TThrottleKind } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import type { TCipher } from '../../lib/crypto';
import type { TEnv } from '../../env';
import { tooManyRequests } from '../../lib/errors';
import { AUTH_MSG } from './messages';
import { throttleRepo, type TThrottleRule } from './repo';

/** The per-account limits of env.ts (AUTH_*), in seconds. */
export interface TThrottleSettings {
  freeAttempts: number;
  delayBaseSeconds: number;
  delayMaxSeconds: number;
  attemptWindowSeconds: number;
  mailsPerHour: number;
}

/**
 * Guessing (a password, a sign-up code) gets growing delays rather than a long lock, so an attacker can
 * keep a real user out for a few minutes at most, and a reset link always works. Mails get a quota per
 * hour, so nobody's inbox can be flooded.
 */
export const throttleRules = (s: TThrottleSettings): Record<TThrottleKind, TThrottleRule> => {
  const guessing: TThrottleRule = {
    limit: s.freeAttempts,
    windowSeconds: s.attemptWindowSeconds,
    lock: { kind: 'backoff', baseSeconds: s.delayBaseSeconds, maxSeconds: s.delayMaxSeconds },
  };
  const mails: TThrottleRule = { limit: s.mailsPerHour, windowSeconds: 3600, lock: { kind: 'window' } };
  return { login: guessing, otp_verify: guessing, otp_mail: mails, reset_mail: mails };
};

/** One in this many attempts also deletes rows that no longer matter, so the table stays small. */
const PRUNE_EVERY = 100;

/**
 * Per-account attempt limits, kept in the database so they hold across api processes. The subject is what
 * the caller names (a normalised e-mail, a user id), whether or not an account has it: an unknown address
 * is limited exactly like a known one, so a 429 tells nothing about which addresses exist.
 */
export const createThrottle = (deps: {
  db: TDb;
  clock: TClock;
  cipher: TCipher;
  settings: TThrottleSettings;
}) => {
  const { db, clock } = deps;
  const rules = throttleRules(deps.settings);
  const repo = throttleRepo(db);
  const keyOf = (kind: TThrottleKind, subject: string) => deps.cipher.hmac(`throttle:${kind}:${subject}`);

  const refuse = (until: Date | null, now: Date): never => {
    // A lock that ended between the two statements still refused this attempt: try again in a second.
    const seconds = until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 1;
    throw tooManyRequests(AUTH_MSG.tooManyAttempts(seconds), seconds);
  };

  /** Counts an attempt; false (nothing counted) while the subject is locked. */
  const count = async (kind: TThrottleKind, subject: string, now: Date): Promise<boolean> => {
    if (Math.floor(Math.random() * PRUNE_EVERY) === 0) await repo.prune(now);
    return repo.take(kind, keyOf(kind, subject), rules[kind], now);
  };

  return {
    /**
     * Takes one attempt before the work it limits (a password check, a mail): throws 429 with when to try
     * again while the subject is locked. A success that should forget the failures calls `clear`.
     */
    take: async (kind: TThrottleKind, subject: string): Promise<void> => {
      const now = clock.now();
      if (!(await count(kind, subject, now)))
        refuse(await repo.lockedUntil(kind, keyOf(kind, subject), now), now);
    },

    /** Throws 429 while the subject is locked; counts nothing (for work that may still not happen). */
    check: async (kind: TThrottleKind, subject: string): Promise<void> => {
      const now = clock.now();
      const until = await repo.lockedUntil(kind, keyOf(kind, subject), now);
      if (until) refuse(until, now);
    },

    /** Counts work that was done after `check` allowed it. */
    record: async (kind: TThrottleKind, subject: string): Promise<void> => {
      await count(kind, subject, clock.now());
    },

    clear: (kind: TThrottleKind, subject: string) => repo.clear(kind, keyOf(kind, subject)),
  };
};
export type TThrottle = ReturnType<typeof createThrottle>;

/**
 * The per-address limit (@fastify/rate-limit), applied only to routes registered with `limitPerAddress`.
 * The address is request.ip: the client the gateway names in X-Forwarded-For when the peer is a trusted
 * proxy (TRUST_PROXY), else the peer itself. Counted in each api process's memory: with N replicas an
 * address gets up to N times the limit, which the per-account limits above do not depend on.
 */
export const addressLimitOptions = (
  env: Pick<TEnv, 'AUTH_IP_MAX_REQUESTS' | 'AUTH_IP_WINDOW_SECONDS'>,
): RateLimitPluginOptions => ({
  global: false,
  max: env.AUTH_IP_MAX_REQUESTS,
  timeWindow: env.AUTH_IP_WINDOW_SECONDS * 1000,
  keyGenerator: (request) => request.ip,
  errorResponseBuilder: (_request, context) =>
    tooManyRequests(AUTH_MSG.tooManyAttempts(context.ttl / 1000), context.ttl / 1000),
});
