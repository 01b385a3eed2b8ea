import type { TAuditAction, TAuditEntity, TAuditPage } from '@feedloom/contracts';
import type { TAuditLogQuery } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { AUDIT_MSG } from './messages';
import { auditRepo } from './repo';

/** The owner's activity log: every change to members, invitations, roles, settings and shops. */
export const createAuditService = (deps: { db: TDb }) => ({
  find: async (caller: { org_id: string; is_owner: boolean }, query: TAuditLogQuery): Promise<TAuditPage> => {
    if (!caller.is_owner) throw forbidden(AUDIT_MSG.ownerOnly);
    const repo = auditRepo(deps.db);
    const [{ rows, total }, actors] = await Promise.all([
      repo.page(caller.org_id, query),
      repo.actors(caller.org_id),
    ]);
    return {
      data: rows.map(({ entry, email, name }) => ({
        id: entry.id,
        created_at: entry.created_at.toISOString(),
        actor: entry.actor_user_id && email ? { user_id: entry.actor_user_id, email, name } : null,
        entity: entry.entity as TAuditEntity,
        entity_id: entry.entity_id,
        action: entry.action as TAuditAction,
        summary: entry.summary,
        before: entry.before,
        after: entry.after,
      })),
      total_records: total,
      actors,
    };
  },
});
export type TAuditService = ReturnType<typeof createAuditService>;
