import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { profile_pictures } from '../../db/schema';

/** Profile pictures: one per user, keyed by the user's own id. */
export const picturesRepo = (db: TDb) => ({
  find: async (userId: string) =>
    (await db.select().from(profile_pictures).where(eq(profile_pictures.user_id, userId)).limit(1))[0] ??
    null,

  put: async (values: typeof profile_pictures.$inferInsert & { updated_at: Date }) => {
    const { user_id: _userId, ...rest } = values;
    await db
      .insert(profile_pictures)
      .values(values)
      .onConflictDoUpdate({ target: profile_pictures.user_id, set: rest });
  },

  remove: async (userId: string) => {
    await db.delete(profile_pictures).where(eq(profile_pictures.user_id, userId));
  },
});
