import type { TStaffInvitation, TStaffInvitationInput } from '@feedloom/validation';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormPage } from '@/components/layout/form-page';
import { Button } from '@/components/ui/button';
import { FieldSkeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useAllRoles } from '@/features/roles/use-roles';
import { trpc } from '@/lib/trpc';
import { useChildFormServerErrors } from '@/lib/use-server-errors';
import { StaffForm } from './staff-form';
import { useRefreshStaff } from './use-staff';

/** /users-list/invite: mails an invitation with a role over the organisation or selected stores. */
export function InviteUserScreen() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshStaff();
  const roles = useAllRoles();
  const { setForm, serverErrors } = useChildFormServerErrors<TStaffInvitationInput>();
  const invite = trpc.staff.invite.useMutation({
    ...serverErrors,
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      refresh();
      void navigate(paths.usersList);
    },
  });
  return (
    <FormPage
      title="Invite User"
      description="We email them a link to join your organisation. If it expires before they join, resend it from the users list."
    >
      <StaffForm
        roles={roles.data?.data}
        isSaving={invite.isPending}
        submitLabel="Send Invitation"
        onSubmit={(values) => invite.mutate(values)}
        onCancel={() => void navigate(paths.usersList)}
        formRef={setForm}
      />
    </FormPage>
  );
}

/** /users-list/edit-invite/{staffId}: a new role or stores, effective on the person's next action. */
export function EditInviteScreen() {
  const { staffId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refresh = useRefreshStaff();
  const roles = useAllRoles();
  const staff = trpc.staff.get.useQuery({ id: staffId }, { enabled: Boolean(staffId) });
  const { setForm, serverErrors } = useChildFormServerErrors<TStaffInvitationInput>();
  const update = trpc.staff.update.useMutation({
    ...serverErrors,
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      refresh();
      void navigate(paths.usersList);
    },
  });
  const onSubmit = ({ email: _email, ...data }: TStaffInvitation) => update.mutate({ id: staffId, data });

  return (
    <FormPage
      title="Edit User"
      description="Changes apply to their next action; they do not need to sign in again."
    >
      {staff.isPending ? (
        <div className="grid gap-6" aria-busy="true" aria-label="Loading the user">
          <FieldSkeleton />
          <FieldSkeleton />
          <FieldSkeleton />
        </div>
      ) : staff.isError ? (
        <div className="grid justify-items-start gap-3">
          <p>{staff.error.message}</p>
          <Button variant="outline" onClick={() => void navigate(paths.usersList)}>
            Back to Users
          </Button>
        </div>
      ) : (
        <StaffForm
          key={staff.data.id}
          staff={staff.data}
          roles={roles.data?.data}
          isSaving={update.isPending}
          submitLabel="Save Changes"
          onSubmit={onSubmit}
          onCancel={() => void navigate(paths.usersList)}
          formRef={setForm}
        />
      )}
    </FormPage>
  );
}
