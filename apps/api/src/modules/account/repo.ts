import { and, eq, gt, gte, isNull, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { one_time_tokens, refresh_tokens, type TOneTimeTokenPurpose } from '../../db/schema';

/**
 * One-time tokens that arrive without a user id (a reset link, a support-login link): looked up by the hash
 * of the token alone. Issuing retires the user's earlier unused tokens of the same purpose.
 */
export const linkTokenRepo = (db: TDb) => {
  const valid = (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date) =>
    and(
      eq(one_time_tokens.token_hash, tokenHash),
      eq(one_time_tokens.purpose, purpose),
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

    findValid: async (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date) =>
      (
        await db
          .select()
          .from(one_time_tokens)
          .where(valid(purpose, tokenHash, now))
          .limit(1)
      )[0] ?? null,

    /** Marks the token used if still valid; the conditional update makes a second use fail. */
    consume: async (purpose: TOneTimeTokenPurpose, tokenHash: string, now: Date) =>
      (
        await db
          .update(one_time_tokens)
          .set({ used_at: now })
          .where(valid(purpose, tokenHash, now))
          .returning()
      )[0] ?? null,
  };
};

/** Signs a user out everywhere (a password reset), or everywhere but the current sign-in (a change). */
export const revokeSessions = async (db: TDb, userId: string, at: Date, exceptFamilyId?: string) => {
  await db
    .update(refresh_tokens)
    .set({ revoked_at: at, next_pair: null })
    .where(
      and(
        eq(refresh_tokens.user_id, userId),
        isNull(refresh_tokens.revoked_at),
        exceptFamilyId ? ne(refresh_tokens.family_id, exceptFamilyId) : undefined,
      ),
    );
};
