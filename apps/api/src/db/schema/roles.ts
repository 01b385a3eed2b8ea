import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizations, users } from './core';

/**
 * Custom roles of an organisation: a name and module permissions. Predefined roles are not
 * stored; they are the same everywhere (validation's PREDEFINED_ROLES). Names are unique per organisation
 * whatever their case.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    organization_id: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role_name: text().notNull(),
    permissions: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    created_by_user_id: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('roles_org_name_key').on(t.organization_id, sql`lower(${t.role_name})`)],
);

export type TRoleRow = typeof roles.$inferSelect;
