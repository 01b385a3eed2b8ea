import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, updatedAt } from './columns';
import { users } from './core';

/** A user's profile picture (JPG or PNG under 5 MB), served through the gateway. */
export const profile_pictures = pgTable('profile_pictures', {
  user_id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content_type: text().$type<'image/png' | 'image/jpeg'>().notNull(),
  bytes: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  updated_at: updatedAt(),
});
