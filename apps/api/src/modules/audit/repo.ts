import type { TAuditAction, TAuditEntity, TAuditValues } from '@feedloom/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { audit_log, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';

/** One change to record; `before`/`after` are the readable values (the unchanged ones are dropped). */
export interface TAuditChange {
  entity: TAuditEntity;
  entity_id: string;
  action: TAuditAction;
  summary: string;
  before?: TAuditValues | null;
  after?: TAuditValues | null;
}

/** Only the fields whose text differs; null when nothing is left. */
const changedOnly = (
  before: TAuditValues | null | undefined,
  after: TAuditValues | null | undefined,
): { before: TAuditValues | null; after: TAuditValues | null } => {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => (before[k] ?? null) !== (after[k] ?? null),
  );
  if (keys.length === 0) return { before: null, after: null };
  const pick = (v: TAuditValues) => Object.fromEntries(keys.map((k) => [k, v[k] ?? null]));
  return { before: pick(before), after: pick(after) };
};

const actorName = sql<string>`trim(concat_ws(' ', ${users.first_name}, ${users.last_name}))`;

/** The activity log of an organisation, always by its id. */
export const auditRepo = (db: TDb) => ({
  /**
   * Records a change made by `actorId` in `orgId`. An update that changed nothing a person reads is not
   * recorded. Pass the transaction of the change so both land or neither.
   */
  record: async (orgId: string, actorId: string | null, change: TAuditChange): Promise<void> => {
    const values = changedOnly(change.before, change.after);
    if (change.action === 'updated' && !values.before && !values.after) return;
    await db.insert(audit_log).values({
      organization_id: orgId,
      actor_user_id: actorId,
      entity: change.entity,
      entity_id: change.entity_id,
      action: change.action,
      summary: change.summary,
      ...values,
    });
  },

  page: async (orgId: string, query: { page: number; limit: number; actor_id?: string | undefined }) => {
    if (query.actor_id !== undefined && !isUuid(query.actor_id)) return { rows: [], total: 0 };
    const where = and(
      eq(audit_log.organization_id, orgId),
      query.actor_id ? eq(audit_log.actor_user_id, query.actor_id) : undefined,
    );
    const [rows, total] = await Promise.all([
      db
        .select({
          entry: audit_log,
          email: users.email,
          name: actorName,
        })
        .from(audit_log)
        .leftJoin(users, eq(users.id, audit_log.actor_user_id))
        .where(where)
        .orderBy(desc(audit_log.created_at), desc(audit_log.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ n: count() }).from(audit_log).where(where),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  },

  /** Everyone who changed something in the organisation, by e-mail. */
  actors: async (orgId: string) =>
    db
      .selectDistinct({ user_id: users.id, email: users.email, name: actorName })
      .from(audit_log)
      .innerJoin(users, eq(users.id, audit_log.actor_user_id))
      .where(eq(audit_log.organization_id, orgId))
      .orderBy(users.email),
});
