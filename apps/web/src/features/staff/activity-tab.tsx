import { DEFAULT_PAGE_SIZE } from '@feedloom/validation';
import { History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumns } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc, type RouterOutputs } from '@/lib/trpc';

type AuditEntry = RouterOutputs['audit']['find']['data'][number];

const ENTITY_LABELS: Record<AuditEntry['entity'], string> = {
  member: 'member',
  invitation: 'invitation',
  role: 'role',
  organization: 'organisation settings',
  shop: 'store',
};

/** Field names as a person reads them. */
const FIELD_LABELS: Record<string, string> = {
  role: 'Role',
  role_name: 'Role name',
  permissions: 'Permissions',
  stores: 'Stores',
  shop_name: 'Store name',
  shop_url: 'Store URL',
  shop_currency: 'Currency',
  shop_timezone: 'Timezone',
  is_testing: 'Testing',
  status: 'Status',
  business_name: 'Business name',
  business_email: 'Business email',
  business_url: 'Website',
  developer_email: 'Developer email',
};
const fieldLabel = (key: string) =>
  FIELD_LABELS[key] ?? key.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
const shown = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Before → after per field; a creation or removal lists what there was or is. */
function Changes({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {keys.map((key) => (
        <li key={key}>
          <span className="text-muted-foreground">{fieldLabel(key)}: </span>
          {entry.before && entry.after ? (
            <>
              <del className="text-muted-foreground">{shown(entry.before[key])}</del> →{' '}
              {shown(entry.after[key])}
            </>
          ) : (
            shown((entry.after ?? entry.before)?.[key])
          )}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: DataTableColumns<AuditEntry> = [
  {
    id: 'when',
    header: 'When',
    meta: { className: 'whitespace-nowrap text-muted-foreground' },
    cell: ({ row }) => <time dateTime={row.original.created_at}>{formatWhen(row.original.created_at)}</time>,
  },
  {
    id: 'who',
    header: 'Who',
    maxSize: 220,
    cell: ({ row }) => {
      const actor = row.original.actor;
      if (!actor) return <span className="text-muted-foreground">A deleted account</span>;
      return (
        <span className="grid [overflow-wrap:anywhere]">
          <span>{actor.name || actor.email}</span>
          {actor.name ? <span className="text-xs text-muted-foreground">{actor.email}</span> : null}
        </span>
      );
    },
  },
  {
    id: 'what',
    header: 'What',
    minSize: 180,
    maxSize: 300,
    meta: { isRowHeader: true, className: '[overflow-wrap:anywhere]' },
    cell: ({ row }) => (
      <span>
        {row.original.action.replace(/^./, (c) => c.toUpperCase())} {ENTITY_LABELS[row.original.entity]}{' '}
        <strong className="font-medium">{row.original.summary}</strong>
      </span>
    ),
  },
  {
    id: 'changes',
    header: 'Changes',
    minSize: 240,
    meta: { className: '[overflow-wrap:anywhere]' },
    cell: ({ row }) => <Changes entry={row.original} />,
  },
];

/**
 * The owner's activity log on /users-list: who changed members, invitations, roles, settings and stores,
 * when, and what before → after; filterable by person.
 */
export function ActivityTab() {
  const personId = useId();
  const [actorId, setActorId] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query = useMemo(
    () => ({ page, limit, ...(actorId ? { actor_id: actorId } : {}) }),
    [page, limit, actorId],
  );
  const log = trpc.audit.find.useQuery(query);
  const actors = log.data?.actors ?? [];

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      <div className="flex flex-wrap items-center gap-3 border-b border-border p-4">
        <Label htmlFor={personId}>Person</Label>
        <div className="w-72">
          <NativeSelect
            id={personId}
            value={actorId}
            onChange={(event) => {
              setActorId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Everyone</option>
            {actors.map((a) => (
              <option key={a.user_id} value={a.user_id}>
                {a.name ? `${a.name} (${a.email})` : a.email}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <DataTable
        caption="Activity"
        columns={COLUMNS}
        data={log.data?.data}
        getRowId={(entry) => entry.id}
        status={log}
        rowTestId="activity-row"
        errorMessage="The activity could not be loaded."
        empty={
          <DataTableEmpty
            icon={History}
            title={actorId ? 'This person has changed nothing yet' : 'No changes yet'}
            description="Changes to users, invitations, roles, organisation settings and stores appear here."
          />
        }
      />
      <Pagination
        page={page}
        limit={limit}
        total={log.data?.total_records ?? 0}
        onPageChange={setPage}
        onLimitChange={(next) => {
          setLimit(next);
          setPage(1);
        }}
      />
    </div>
  );
}
