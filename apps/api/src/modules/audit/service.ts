import { csvField } from '@feedloom/catalog';
import type { TAuditAction, TAuditEntity, TAuditEntry, TAuditPage } from '@feedloom/contracts';
import type { TAuditExportQuery, TAuditLogQuery } from '@feedloom/validation';
import type { TDb } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { AUDIT_MSG } from './messages';
import { auditRepo, type TAuditEntryRow } from './repo';

type TOwnerCaller = { org_id: string; is_owner: boolean };

const entryOf = ({ entry, email, name }: TAuditEntryRow): TAuditEntry => ({
  id: entry.id,
  created_at: entry.created_at.toISOString(),
  actor: entry.actor_user_id && email ? { user_id: entry.actor_user_id, email, name: name ?? '' } : null,
  entity: entry.entity as TAuditEntity,
  entity_id: entry.entity_id,
  action: entry.action as TAuditAction,
  summary: entry.summary,
  shop_id: entry.shop_id,
  ip: entry.ip,
  before: entry.before,
  after: entry.after,
});

/** One CSV line; cells that a spreadsheet would run as a formula are disarmed. */
const csvRow = (cells: readonly string[]) => `${cells.map(csvField).join(',')}\r\n`;

const EXPORT_HEADER = [
  'When (UTC)',
  'Who',
  'E-mail',
  'From address',
  'Action',
  'Kind',
  'Id',
  'Summary',
  'Store id',
  'Before',
  'After',
];
const valuesText = (v: Record<string, string | null> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${x ?? '—'}`)
        .join('; ')
    : '';

/**
 * The owner's activity log: every change a person or an api client made in the organisation — members,
 * invitations, roles, settings, stores, products, bulk runs, data sources and their runs, channels and feeds
 * — who, when, from which address, what, before → after. Only the owner reads it; nobody can change it.
 */
export const createAuditService = (deps: { db: TDb }) => {
  const ownerOnly = (caller: TOwnerCaller) => {
    if (!caller.is_owner) throw forbidden(AUDIT_MSG.ownerOnly);
  };
  return {
    find: async (caller: TOwnerCaller, query: TAuditLogQuery): Promise<TAuditPage> => {
      ownerOnly(caller);
      const repo = auditRepo(deps.db);
      const [{ rows, total }, actors] = await Promise.all([
        repo.page(caller.org_id, query),
        repo.actors(caller.org_id),
      ]);
      return { data: rows.map(entryOf), total_records: total, actors };
    },

    /** The log as CSV lines (header first), streamed a page at a time. */
    exportCsv: (caller: TOwnerCaller, query: TAuditExportQuery): AsyncIterable<string> => {
      ownerOnly(caller);
      const repo = auditRepo(deps.db);
      return (async function* () {
        yield csvRow(EXPORT_HEADER);
        for await (const rows of repo.each(caller.org_id, query)) {
          yield rows
            .map((row) => {
              const e = entryOf(row);
              return csvRow([
                e.created_at,
                e.actor?.name ?? '',
                e.actor?.email ?? '',
                e.ip ?? '',
                e.action,
                e.entity,
                e.entity_id,
                e.summary,
                e.shop_id ?? '',
                valuesText(e.before),
                valuesText(e.after),
              ]);
            })
            .join('');
        }
      })();
    },
  };
};
export type TAuditService = ReturnType<typeof createAuditService>;
