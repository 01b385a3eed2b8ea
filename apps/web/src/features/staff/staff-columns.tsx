import { MailPlus, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import type { DataTableColumns } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, scopeText, STATE_LABELS, type Staff, type StaffState } from './use-staff';

const STATE_VARIANT: Record<StaffState, 'success' | 'default' | 'warning' | 'muted'> = {
  accepted: 'success',
  pending: 'default',
  expired: 'warning',
  revoked: 'muted',
};

export function StateBadge({ state }: { state: StaffState }) {
  return <Badge variant={STATE_VARIANT[state]}>{STATE_LABELS[state]}</Badge>;
}

export interface StaffRowActions {
  /** Whether the user may edit, resend and delete. */
  canManage: boolean;
  shopNames: Map<string, string>;
  onResend: (staff: Staff) => void;
  onDelete: (staff: Staff) => void;
  /** The invitation being re-sent, whose button spins. */
  resendingId: string | undefined;
}

function RowActions({ staff, actions }: { staff: Staff; actions: StaffRowActions }) {
  if (!actions.canManage) return null;
  const canEdit = staff.status !== 'revoked';
  const canResend = staff.status !== 'accepted';
  return (
    <div className="flex justify-end gap-1">
      {canEdit ? (
        <Button asChild variant="ghost" size="icon-sm">
          <Link to={paths.usersEditInvite(staff.id)} aria-label={`Edit ${staff.email}`} title="Edit">
            <Pencil aria-hidden />
          </Link>
        </Button>
      ) : null}
      {canResend ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Resend invitation to ${staff.email}`}
          title="Resend invitation"
          isLoading={actions.resendingId === staff.id}
          onClick={() => actions.onResend(staff)}
        >
          <MailPlus aria-hidden />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${staff.email}`}
        title="Delete"
        onClick={() => actions.onDelete(staff)}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** The users list's columns; the sortable ones are the staffs sort_col values. */
export function staffColumns(actions: StaffRowActions): DataTableColumns<Staff> {
  return [
    { accessorKey: 'email', header: 'Email', enableSorting: true, minSize: 200, meta: { isRowHeader: true } },
    { accessorKey: 'role_name', header: 'Role', enableSorting: true },
    {
      id: 'scope',
      header: 'Access',
      minSize: 160,
      cell: ({ row }) => scopeText(row.original, actions.shopNames),
    },
    {
      accessorKey: 'status',
      header: 'State',
      enableSorting: true,
      cell: ({ row }) => <StateBadge state={row.original.status} />,
    },
    {
      accessorKey: 'created_at',
      header: 'Invited',
      enableSorting: true,
      meta: { className: 'whitespace-nowrap text-muted-foreground' },
      cell: ({ row }) => formatDate(row.original.created_at),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RowActions staff={row.original} actions={actions} />,
    },
  ];
}
