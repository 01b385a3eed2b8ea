import { AUDIT_AREAS, DEFAULT_PAGE_SIZE, type TAuditArea } from '@feedloom/validation';
import { useMutation } from '@tanstack/react-query';
import { Download, History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { DataTable, type DataTableColumns } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSnackbar } from '@/components/ui/snackbar';
import { downloadFile, type DownloadRequest } from '@/lib/download';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc, type RouterOutputs } from '@/lib/trpc';

type AuditEntry = RouterOutputs['audit']['find']['data'][number];

const ENTITY_LABELS: Record<AuditEntry['entity'], string> = {
  member: 'member',
  invitation: 'invitation',
  role: 'role',
  organization: 'organisation settings',
  shop: 'store',
  product: 'product',
  bulk_run: 'bulk customisation',
  data_source: 'data source',
  import_run: 'import',
  channel: 'channel',
  feed: 'feed',
};

const AREA_LABELS: Record<TAuditArea, string> = {
  people: 'Users, invitations and roles',
  organisation: 'Organisation settings',
  stores: 'Stores',
  products: 'Products and bulk customisation',
  data_sources: 'Data sources and imports',
  channels: 'Channels and feeds',
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
    cell: ({ row }) => (
      <span className="grid">
        <time dateTime={row.original.created_at}>{formatWhen(row.original.created_at)}</time>
        {row.original.ip ? <span className="text-xs">from {row.original.ip}</span> : null}
      </span>
    ),
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
 * The owner's activity log on /users-list: who changed what in the organisation (people, settings, stores,
 * products, data sources, channels and feeds), when, from which address, and what before → after;
 * filterable by person, area and days, and exported as CSV with the same filters.
 */
export function ActivityTab() {
  const id = useId();
  const snackbar = useSnackbar();
  const [actorId, setActorId] = useState('');
  const [area, setArea] = useState<TAuditArea | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const filters = useMemo(
    () => ({
      ...(actorId ? { actor_id: actorId } : {}),
      ...(area ? { area } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
    [actorId, area, from, to],
  );
  const rangeError = from && to && to < from ? 'The end date must not be before the start date.' : null;
  const log = trpc.audit.find.useQuery({ page, limit, ...filters }, { enabled: !rangeError });
  const actors = log.data?.actors ?? [];
  const download = useMutation({ mutationFn: (request: DownloadRequest) => downloadFile(request) });
  const filtered = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      <div className="flex flex-wrap items-end gap-3 border-b border-border p-4">
        <div className="grid w-64 gap-1.5">
          <Label htmlFor={`${id}-person`}>Person</Label>
          <NativeSelect
            id={`${id}-person`}
            value={actorId}
            onChange={(event) => filtered(setActorId)(event.target.value)}
          >
            <option value="">Everyone</option>
            {actors.map((a) => (
              <option key={a.user_id} value={a.user_id}>
                {a.name ? `${a.name} (${a.email})` : a.email}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-64 gap-1.5">
          <Label htmlFor={`${id}-area`}>Area</Label>
          <NativeSelect
            id={`${id}-area`}
            value={area}
            onChange={(event) => filtered((v) => setArea(v as TAuditArea | ''))(event.target.value)}
          >
            <option value="">Everything</option>
            {AUDIT_AREAS.map((a) => (
              <option key={a} value={a}>
                {AREA_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => filtered(setFrom)(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
            onChange={(event) => filtered(setTo)(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          className="ml-auto"
          disabled={!!rangeError || download.isPending}
          onClick={() =>
            download.mutate(
              { name: 'activity-log', query: filters, fallbackName: 'activity-log.csv' },
              {
                onSuccess: (fileName) => snackbar.show(`${fileName} downloaded.`, 'success'),
                onError: (error) => snackbar.show(error.message, 'error'),
              },
            )
          }
        >
          <Download aria-hidden className="size-4" />
          {download.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
        {rangeError ? (
          <p id={`${id}-range`} role="alert" className="basis-full text-sm text-destructive">
            {rangeError}
          </p>
        ) : null}
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
            title={Object.keys(filters).length ? 'Nothing matches these filters' : 'No changes yet'}
            description="Every change to users, roles, settings, stores, products, data sources, channels and feeds appears here."
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
