import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { refresh_tokens } from '../../db/schema';

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
