import { and, eq, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  auth_throttles,
  email_otps,
  one_time_tokens,
  refresh_tokens,
  type TOneTimeTokenPurpose,
  type TRefreshTokenRow,
  type TThrottleKind,
} from '../../db/schema';
import { addSeconds } from '../../lib/clock';

/** Sign-up codes: one current code per user. */
export const otpRepo = (db: TDb) => ({
  /**
   * Stores a new code unless the current one is younger than `notBefore` (the resend throttle, checked
   * in the same statement so two concurrent requests cannot both send). Returns false when throttled.
   */
  replace: async (
    userId: string,
    values: { code_hash: string; expires_at: Date; created_at: Date },
    notBefore: Date,
  ): Promise<boolean> => {
    const rows = await db
      .insert(email_otps)
      .values({ user_id: userId, ...values })
      .onConflictDoUpdate({
        target: email_otps.user_id,
        set: values,
        setWhere: lte(email_otps.created_at, notBefore),
      })
      .returning({ user_id: email_otps.user_id });
    return rows.length > 0;
  },

  find: async (userId: string) =>
    (await db.select().from(email_otps).where(eq(email_otps.user_id, userId)).limit(1))[0] ?? null,

  delete: async (userId: string) => {
    await db.delete(email_otps).where(eq(email_otps.user_id, userId));
  },
});

/**
 * One-time tokens (create-password, reset and support-login links), found by the hash of the token and, when
 * the caller knows it, the user. Issuing retires the user's earlier unused tokens of the same purpose.
 */
export const oneTimeTokenRepo = (db: TDb) => {
  const valid = (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date, userId?: string) =>
    and(
      eq(one_time_tokens.token_hash, tokenHash),
      eq(one_time_tokens.purpose, purpose),
      userId === undefined ? undefined : eq(one_time_tokens.user_id, userId),
      isNull(one_time_tokens.used_at),
      gt(one_time_tokens.expires_at, now),
    );
  return {
    issue: async (
      userId: string,
      purpose: TOneTimeTokenPurpose,
      values: { token_hash: string; expires_at: Date; now: Date; shop_id?: string },
    ) => {
      await db
        .update(one_time_tokens)
        .set({ used_at: values.now })
        .where(
          and(
            eq(one_time_tokens.user_id, userId),
            eq(one_time_tokens.purpose, purpose),
            isNull(one_time_tokens.used_at),
          ),
        );
      await db.insert(one_time_tokens).values({
        user_id: userId,
        purpose,
        token_hash: values.token_hash,
        shop_id: values.shop_id ?? null,
        expires_at: values.expires_at,
        created_at: values.now,
      });
    },

    /** True when the user was sent a token of this purpose at or after `since` (the resend throttle). */
    issuedSince: async (userId: string, purpose: TOneTimeTokenPurpose, since: Date): Promise<boolean> =>
      (
        await db
          .select({ id: one_time_tokens.id })
          .from(one_time_tokens)
          .where(
            and(
              eq(one_time_tokens.user_id, userId),
              eq(one_time_tokens.purpose, purpose),
              gte(one_time_tokens.created_at, since),
            ),
          )
          .limit(1)
      ).length > 0,

    findValid: async (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date, userId?: string) =>
      (
        await db
          .select()
          .from(one_time_tokens)
          .where(valid(purpose, tokenHash, now, userId))
          .limit(1)
      )[0] ?? null,

    /** Marks the token used if it is still valid; the conditional update makes a second use fail. */
    consume: async (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date, userId?: string) =>
      (
        await db
          .update(one_time_tokens)
          .set({ used_at: now })
          .where(valid(purpose, tokenHash, now, userId))
          .returning()
      )[0] ?? null,
  };
};

export const refreshTokenRepo = (db: TDb) => ({
  insert: async (values: Omit<typeof refresh_tokens.$inferInsert, 'id'>) => {
    await db.insert(refresh_tokens).values(values);
  },

  /** Locks the row until the transaction ends, so concurrent refreshes of one token run one at a time. */
  findByHashForUpdate: async (tokenHash: string): Promise<TRefreshTokenRow | null> =>
    (
      await db
        .select()
        .from(refresh_tokens)
        .where(eq(refresh_tokens.token_hash, tokenHash))
        .limit(1)
        .for('update')
    )[0] ?? null,

  findByHash: async (tokenHash: string): Promise<TRefreshTokenRow | null> =>
    (await db.select().from(refresh_tokens).where(eq(refresh_tokens.token_hash, tokenHash)).limit(1))[0] ??
    null,

  markRotated: async (id: string, at: Date, nextPair: string) => {
    await db
      .update(refresh_tokens)
      .set({ rotated_at: at, next_pair: nextPair })
      .where(eq(refresh_tokens.id, id));
  },

  revokeFamily: async (familyId: string, at: Date) => {
    await db
      .update(refresh_tokens)
      .set({ revoked_at: at, next_pair: null })
      .where(and(eq(refresh_tokens.family_id, familyId), isNull(refresh_tokens.revoked_at)));
  },
});
/** How attempts of one kind are limited (modules/auth/throttle.ts builds them from the settings). */
export interface TThrottleRule {
  /** Attempts a window allows before the first lock. */
  limit: number;
  /** Attempts are counted from the first one of a window; a window this old starts again at zero. */
  windowSeconds: number;
  /**
   * backoff: from the limit on, each attempt locks the next for base·2^k seconds, up to max.
   * window: at the limit, locked until the window ends (a quota).
   */
  lock: { kind: 'backoff'; baseSeconds: number; maxSeconds: number } | { kind: 'window' };
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const secondsInterval = (seconds: SQL | number) => sql`(${seconds}) * interval '1 second'`;

/** Attempt counters per kind and subject, shared by every api process through the database. */
export const throttleRepo = (db: TDb) => {
  const t = auth_throttles;
  const of = (kind: TThrottleKind, subject: string) => and(eq(t.kind, kind), eq(t.subject, subject));
  return {
    /**
     * Counts one attempt unless the subject is locked, and sets the lock that count earns, in one
     * statement: concurrent attempts from any process queue on the row, so none slips past the limit.
     * False when locked (nothing was counted).
     */
    take: async (kind: TThrottleKind, subject: string, rule: TThrottleRule, now: Date): Promise<boolean> => {
      // The row after this attempt, from the row before it (the insert starts from an empty, ended window).
      const next = (attempts: SQL, startedAt: SQL) => {
        const isNewWindow = sql`(${startedAt} <= ${ts(addSeconds(now, -rule.windowSeconds))})`;
        const n = sql`(case when ${isNewWindow} then 1 else ${attempts} + 1 end)`;
        const start = sql`(case when ${isNewWindow} then ${ts(now)} else ${startedAt} end)`;
        const windowEnd = sql`(${start} + ${secondsInterval(rule.windowSeconds)})`;
        const lock = rule.lock;
        const lockedUntil =
          lock.kind === 'window'
            ? sql`(case when ${n} >= ${rule.limit}::int then ${windowEnd} end)`
            : sql`(case when ${n} >= ${rule.limit}::int then ${ts(now)} + ${secondsInterval(
                // The exponent is capped so the power cannot overflow whatever the settings.
                sql`least(${lock.baseSeconds}::float8 * power(2, least(${n} - ${rule.limit}::int, 40)), ${lock.maxSeconds}::float8)`,
              )} end)`;
        return {
          attempts: n,
          window_started_at: start,
          locked_until: lockedUntil,
          expires_at: sql`greatest(${windowEnd}, ${lockedUntil})`,
        };
      };
      const rows = await db
        .insert(t)
        .values({ kind, subject, ...next(sql`0`, sql`'-infinity'::timestamptz`) })
        .onConflictDoUpdate({
          target: [t.kind, t.subject],
          set: next(sql`${t.attempts}`, sql`${t.window_started_at}`),
          setWhere: or(isNull(t.locked_until), lte(t.locked_until, now)),
        })
        .returning({ attempts: t.attempts });
      return rows.length > 0;
    },

    /** When the subject's lock ends, or null when it is not locked. */
    lockedUntil: async (kind: TThrottleKind, subject: string, now: Date): Promise<Date | null> =>
      (
        await db
          .select({ locked_until: t.locked_until })
          .from(t)
          .where(and(of(kind, subject), gt(t.locked_until, now)))
          .limit(1)
      )[0]?.locked_until ?? null,

    clear: async (kind: TThrottleKind, subject: string) => {
      await db.delete(t).where(of(kind, subject));
    },

    /** Deletes rows that no longer change anything (window over, not locked): the same as no row. */
    prune: async (now: Date) => {
      await db.delete(t).where(lte(t.expires_at, now));
    },
  };
};
