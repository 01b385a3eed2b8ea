import {
  AUDIT_AREA_ENTITIES,
  type TAuditAction,
  type TAuditEntity,
  type TAuditValues,
} from '@feedloom/contracts';
import type { TAuditArea } from '@feedloom/validation';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { audit_log, users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { requestIp } from '../../lib/request-scope';

/** One change to record; `before`/`after` are the readable values (the unchanged ones are dropped). */
export interface TAuditChange {
  entity: TAuditEntity;
  entity_id: string;
  action: TAuditAction;
  summary: string;
  before?: TAuditValues | null;
  after?: TAuditValues | null;
  /** The store the change concerns, when it concerns one. */
  shop_id?: string | null;
}

/** The filters of the log and of its export. */
export interface TAuditFilter {
  actor_id?: string | undefined;
  area?: TAuditArea | undefined;
  /** First and last day (YYYY-MM-DD, UTC), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

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

/** The condition of a filter within the organisation; null when it can match nothing. */
const whereOf = (orgId: string, f: TAuditFilter): SQL | null => {
  if (f.actor_id !== undefined && !isUuid(f.actor_id)) return null;
  return (
    and(
      eq(audit_log.organization_id, orgId),
      f.actor_id ? eq(audit_log.actor_user_id, f.actor_id) : undefined,
      f.area ? inArray(audit_log.entity, [...AUDIT_AREA_ENTITIES[f.area]]) : undefined,
      f.from ? gte(audit_log.created_at, new Date(`${f.from}T00:00:00Z`)) : undefined,
      f.to ? lt(audit_log.created_at, nextDay(f.to)) : undefined,
    ) ?? null
  );
};

const EXPORT_PAGE = 1000;

/** An entry with its author's e-mail and name (null when the account is gone). */
export interface TAuditEntryRow {
  entry: typeof audit_log.$inferSelect;
  email: string | null;
  name: string | null;
}

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
      shop_id: change.shop_id && isUuid(change.shop_id) ? change.shop_id : null,
      ip: requestIp(),
      ...values,
    });
  },

  page: async (orgId: string, query: TAuditFilter & { page: number; limit: number }) => {
    const where = whereOf(orgId, query);
    if (!where) return { rows: [], total: 0 };
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

  /**
   * Every entry matching the filter, newest first, a page at a time on the (created_at, id) order, so an
   * export of any size holds one page in memory.
   */
  async *each(orgId: string, filter: TAuditFilter): AsyncGenerator<TAuditEntryRow[]> {
    const where = whereOf(orgId, filter);
    if (!where) return;
    let after: { created_at: Date; id: string } | null = null;
    for (;;) {
      const rows: TAuditEntryRow[] = await db
        .select({ entry: audit_log, email: users.email, name: actorName })
        .from(audit_log)
        .leftJoin(users, eq(users.id, audit_log.actor_user_id))
        .where(
          and(
            where,
            after
              ? sql`(${audit_log.created_at}, ${audit_log.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(audit_log.created_at), desc(audit_log.id))
        .limit(EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows;
      const last: TAuditEntryRow['entry'] = rows[rows.length - 1]!.entry;
      after = { created_at: last.created_at, id: last.id };
      if (rows.length < EXPORT_PAGE) return;
    }
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
