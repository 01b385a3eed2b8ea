import { ZStaffListQuerySchema } from '@feedloom/validation';
import { Crown, Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { DataTable } from '@/components/data-table/data-table';
import { DataTableEmpty } from '@/components/data-table/data-table-states';
import { ListCard, ListEmpty } from '@/components/data-table/list-card';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCanManageUsers } from '@/features/roles/use-roles';
import { trpc } from '@/lib/trpc';
import { useListParams } from '@/lib/use-list-params';
import { ActivityTab } from './activity-tab';
import { DeleteStaffDialog } from './delete-staff-dialog';
import { staffColumns } from './staff-columns';
import { useIsOwner, useRefreshStaff, useShopNames, type Staff, type StaffPage } from './use-staff';

/** The owner, above the staff: nobody edits or removes them. */
function OwnerRow({ owner }: { owner: NonNullable<StaffPage['owner']> }) {
  return (
    <div
      className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 text-sm"
      data-testid="owner-row"
    >
      <Crown aria-hidden="true" className="size-4 text-warning" />
      <span className="font-medium">{owner.name || owner.email}</span>
      {owner.name ? <span className="text-muted-foreground">{owner.email}</span> : null}
      <Badge variant="muted">Owner</Badge>
      <span className="text-muted-foreground">Entire organisation · cannot be edited or removed</span>
    </div>
  );
}

function StaffList() {
  const canManage = useCanManageUsers();
  const snackbar = useSnackbar();
  const refresh = useRefreshStaff();
  const shopNames = useShopNames();
  const list = useListParams(ZStaffListQuerySchema);
  const staff = trpc.staff.find.useQuery(list.query);
  const [toDelete, setToDelete] = useState<Staff | null>(null);

  const resend = trpc.staff.resendInvitation.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      refresh();
    },
  });
  const remove = trpc.staff.delete.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      setToDelete(null);
      refresh();
    },
  });
  const resendingId = resend.isPending ? resend.variables.id : undefined;
  const { mutate: resendInvitation } = resend;
  const columns = useMemo(
    () =>
      staffColumns({
        canManage,
        shopNames,
        onResend: (s) => resendInvitation({ id: s.id }),
        onDelete: setToDelete,
        resendingId,
      }),
    [canManage, shopNames, resendInvitation, resendingId],
  );

  return (
    <>
      <ListCard
        list={list}
        search={{ label: 'Search users', placeholder: 'Search by email or role' }}
        total={staff.data?.total_records ?? 0}
        toolbar={
          staff.data ? (
            <span className="ml-auto text-sm text-muted-foreground">
              {staff.data.total_staffs} {staff.data.total_staffs === 1 ? 'person' : 'people'} invited
            </span>
          ) : null
        }
      >
        {staff.data?.owner ? <OwnerRow owner={staff.data.owner} /> : null}
        <DataTable
          caption="Users"
          columns={columns}
          data={staff.data?.data}
          getRowId={(s) => s.id}
          status={staff}
          sorting={list.sorting}
          rowTestId="staff-row"
          errorMessage="The users could not be loaded."
          empty={
            <ListEmpty
              list={list}
              noun="users"
              whenEmpty={
                <DataTableEmpty
                  icon={Users}
                  title="Nobody invited yet"
                  description="Invite your team with a role for the whole organisation or for selected stores."
                  action={
                    canManage ? (
                      <Button asChild size="sm">
                        <Link to={paths.usersInvite}>Invite User</Link>
                      </Button>
                    ) : null
                  }
                />
              }
            />
          }
        />
      </ListCard>
      <DeleteStaffDialog
        staff={toDelete}
        shopNames={shopNames}
        isDeleting={remove.isPending}
        onConfirm={(s) => remove.mutate({ id: s.id })}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}

/** /users-list: staff and pending invitations; the owner also sees the activity log. */
export function UsersListScreen() {
  const canManage = useCanManageUsers();
  const isOwner = useIsOwner();
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Users"
        description="Your team, their roles and the stores they work on."
        actions={
          canManage ? (
            <Button asChild>
              <Link to={paths.usersInvite}>
                <Plus aria-hidden="true" />
                Invite User
              </Link>
            </Button>
          ) : null
        }
      />
      {/* One tree whether or not the tabs show, so the list is not rebuilt once ownership is known. */}
      <Tabs defaultValue="users">
        {isOwner ? (
          <TabsList>
            <TabsTrigger value="users">Users</TabsTrigger>
            <TabsTrigger value="activity">Activity</TabsTrigger>
          </TabsList>
        ) : null}
        <TabsContent value="users" className={isOwner ? undefined : 'mt-0'}>
          <StaffList />
        </TabsContent>
        {isOwner ? (
          <TabsContent value="activity">
            <ActivityTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
