import { describePermissions, ZListQuerySchema } from '@feedloom/validation';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/paths';
import { DataTable, type DataTableColumns } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { Pagination } from '@/components/data-table/pagination';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { useListParams } from '@/lib/use-list-params';
import { RoleDialog } from './role-dialog';
import { useCanManageUsers, useRefreshRoles, type Role } from './use-roles';

/** The roles list pages only (no search or sort on the api's GET /roles?page&limit). */
const ZRolesPageQuerySchema = ZListQuerySchema.pick({ page: true, limit: true, order: true });

function usedByText(role: Role): string {
  if (role.used_by.length === 0) return 'Nobody';
  return role.used_by.length <= 2 ? role.used_by.join(', ') : `${role.used_by.length} people`;
}

function roleColumns({
  canManage,
  onEdit,
  onDelete,
}: {
  canManage: boolean;
  onEdit: (role: Role) => void;
  onDelete: (role: Role) => void;
}): DataTableColumns<Role> {
  return [
    { accessorKey: 'role_name', header: 'Role', minSize: 160, meta: { isRowHeader: true } },
    {
      id: 'kind',
      header: 'Type',
      cell: ({ row }) =>
        row.original.is_predefined ? <Badge variant="muted">Predefined</Badge> : <Badge>Custom</Badge>,
    },
    {
      id: 'permissions',
      header: 'Permissions',
      minSize: 240,
      // One module per line: the levels read down, not across.
      cell: ({ row }) => (
        <ul>
          {describePermissions(row.original.permissions)
            .split(', ')
            .map((part) => (
              <li key={part}>{part}</li>
            ))}
        </ul>
      ),
    },
    {
      id: 'used_by',
      header: 'Used by',
      maxSize: 240,
      meta: { className: 'text-muted-foreground [overflow-wrap:anywhere]' },
      cell: ({ row }) => <span title={row.original.used_by.join(', ')}>{usedByText(row.original)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        canManage && !row.original.is_predefined ? (
          <div className="flex justify-end gap-1">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Edit ${row.original.role_name}`}
              title="Edit"
              onClick={() => onEdit(row.original)}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="text-destructive hover:text-destructive"
              aria-label={`Delete ${row.original.role_name}`}
              title="Delete"
              onClick={() => onDelete(row.original)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null,
    },
  ];
}

/**
 * /roles-list: the predefined roles, read-only with their permissions, and the custom roles,
 * which a user manager creates, edits and deletes. A role someone holds is not deleted: the dialog says who.
 */
export function RolesListScreen() {
  const canManage = useCanManageUsers();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshRoles();
  const list = useListParams(ZRolesPageQuerySchema);
  const roles = trpc.roles.find.useQuery({ page: list.query.page, limit: list.query.limit });
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [toDelete, setToDelete] = useState<Role | null>(null);
  const remove = trpc.roles.delete.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      setToDelete(null);
      refresh();
    },
  });
  const columns = useMemo(
    () => roleColumns({ canManage, onEdit: (role) => setEditing({ role }), onDelete: setToDelete }),
    [canManage],
  );
  const inUse = toDelete !== null && toDelete.used_by.length > 0;

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Roles"
        description="What each role may read or manage. Predefined roles are the same in every organisation; custom roles are yours."
        actions={
          canManage ? (
            <Button onClick={() => setEditing({ role: null })}>
              <Plus aria-hidden="true" />
              New Role
            </Button>
          ) : null
        }
      />

      <Card className="overflow-hidden">
        <DataTable
          caption="Roles"
          columns={columns}
          data={roles.data?.data}
          getRowId={(role) => role.id}
          status={roles}
          rowTestId="role-row"
          errorMessage="The roles could not be loaded."
          empty={<DataTableEmpty icon={ShieldCheck} title="No roles on this page" />}
        />
        <Pagination {...list.paging} total={roles.data?.total_records ?? 0} />
      </Card>

      <RoleDialog open={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      <ConfirmDialog
        subject={toDelete}
        title={(role) => (inUse ? `${role.role_name} is in use` : `Delete ${role.role_name}?`)}
        description={(role) =>
          inUse
            ? `It is held by ${role.used_by.join(', ')}. Give ${role.used_by.length === 1 ? 'them' : 'each of them'} another role on the users list before deleting it.`
            : 'Nobody holds this role. It is deleted for good.'
        }
        confirmLabel={inUse ? 'Go to Users' : 'Delete Role'}
        variant={inUse ? 'default' : 'destructive'}
        isPending={remove.isPending}
        onConfirm={(role) => (inUse ? void navigate(paths.usersList) : remove.mutate({ id: role.id }))}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
