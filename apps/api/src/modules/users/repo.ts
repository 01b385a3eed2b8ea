import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { users, type TUserRow } from '../../db/schema';

/** Users are not below an organisation: every lookup is by the user's own id or e-mail. */
export const usersRepo = (db: TDb) => ({
  findById: async (id: string): Promise<TUserRow | null> =>
    !isUuid(id) ? null : ((await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null),

  findByEmail: async (email: string): Promise<TUserRow | null> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0] ?? null,

  /** Inserts an unverified user; returns null when the e-mail is taken (a concurrent sign-up won). */
  createUnverified: async (email: string, now: Date): Promise<TUserRow | null> =>
    (
      await db
        .insert(users)
        .values({ email, created_at: now, updated_at: now })
        .onConflictDoNothing({ target: users.email })
        .returning()
    )[0] ?? null,

  /**
   * Updates a user whose e-mail is not verified yet; null when it is (verified concurrently), so a
   * finished sign-up is never overwritten.
   */
  updateUnverified: async (
    id: string,
    values: Partial<Omit<TUserRow, 'id' | 'created_at'>>,
  ): Promise<TUserRow | null> =>
    (
      await db
        .update(users)
        .set(values)
        .where(and(eq(users.id, id), isNull(users.email_verified_at)))
        .returning()
    )[0] ?? null,

  update: async (
    id: string,
    values: Partial<Omit<TUserRow, 'id' | 'created_at'>>,
  ): Promise<TUserRow | null> =>
    (await db.update(users).set(values).where(eq(users.id, id)).returning())[0] ?? null,
});
