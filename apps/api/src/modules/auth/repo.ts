import { and, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  email_otps,
  one_time_tokens,
  organization_members,
  refresh_tokens,
  users,
  type TOneTimeTokenPurpose,
  type TRefreshTokenRow,
} from '../../db/schema';

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
      .values({ user_id: userId, attempts: 0, ...values })
      .onConflictDoUpdate({
        target: email_otps.user_id,
        set: { ...values, attempts: 0 },
        setWhere: lte(email_otps.created_at, notBefore),
      })
      .returning({ user_id: email_otps.user_id });
    return rows.length > 0;
  },

  /** Counts one attempt, atomically and only while attempts remain; null when none remain (or no code). */
  takeAttempt: async (userId: string, maxAttempts: number) =>
    (
      await db
        .update(email_otps)
        .set({ attempts: sql`${email_otps.attempts} + 1` })
        .where(and(eq(email_otps.user_id, userId), lt(email_otps.attempts, maxAttempts)))
        .returning()
    )[0] ?? null,

  find: async (userId: string) =>
    (await db.select().from(email_otps).where(eq(email_otps.user_id, userId)).limit(1))[0] ?? null,

  delete: async (userId: string) => {
    await db.delete(email_otps).where(eq(email_otps.user_id, userId));
  },
});

/** Single-use secrets sent by mail or handed to the web (create/reset password, support login). */
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

export interface TPrincipalRow {
  user_id: string;
  session_revoked: boolean;
  is_member: boolean;
  is_owner: boolean;
  permissions: string[] | null;
  shop_ids: string[] | null;
}

/**
 * Everything the access hook needs about a token's subject in one round trip: the user still exists,
 * their session (refresh-token family) is not revoked, and their membership of the token's organisation.
 */
export const principalRepo = (db: TDb) => ({
  load: async (userId: string, orgId: string | null, sessionId: string): Promise<TPrincipalRow | null> => {
    const rows = await db
      .select({
        user_id: users.id,
        session_revoked: sql<boolean>`exists (select 1 from ${refresh_tokens} where ${refresh_tokens.family_id} = ${sessionId} and ${refresh_tokens.revoked_at} is not null)`,
        is_member: sql<boolean>`${organization_members.id} is not null`,
        is_owner: sql<boolean>`coalesce(${organization_members.is_owner}, false)`,
        permissions: organization_members.permissions,
        shop_ids: organization_members.shop_ids,
      })
      .from(users)
      .leftJoin(
        organization_members,
        orgId
          ? and(eq(organization_members.user_id, users.id), eq(organization_members.organization_id, orgId))
          : sql`false`,
      )
      .where(eq(users.id, userId))
      .limit(1);
    return rows[0] ?? null;
  },
});
