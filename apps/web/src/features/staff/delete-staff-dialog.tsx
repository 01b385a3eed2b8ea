import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { scopeText, type Staff } from './use-staff';

/** Says what deleting costs the person: their access, the invitation's link, or the row itself. */
function consequence(staff: Staff, shopNames: Map<string, string>): string {
  const access = `${staff.role_name} on ${scopeText(staff, shopNames)}`;
  switch (staff.status) {
    case 'accepted':
      return `${staff.email} loses access to this organisation (${access}) at once: their next action is refused. The row stays as revoked; you can invite them again.`;
    case 'revoked':
      return 'The revoked invitation is removed from the list for good.';
    default:
      return `The invitation link mailed to ${staff.email} stops working, so they cannot join as ${access}. The row stays as revoked; you can resend it.`;
  }
}

export function DeleteStaffDialog({
  staff,
  shopNames,
  isDeleting,
  onConfirm,
  onCancel,
}: {
  /** The person to delete; null closes the dialog. */
  staff: Staff | null;
  shopNames: Map<string, string>;
  isDeleting: boolean;
  onConfirm: (staff: Staff) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      subject={staff}
      title={(s) =>
        s.status === 'accepted'
          ? `Remove ${s.email}?`
          : s.status === 'revoked'
            ? `Delete the invitation of ${s.email}?`
            : `Revoke the invitation of ${s.email}?`
      }
      description={(s) => consequence(s, shopNames)}
      confirmLabel={
        staff?.status === 'accepted'
          ? 'Remove User'
          : staff?.status === 'revoked'
            ? 'Delete'
            : 'Revoke Invitation'
      }
      isPending={isDeleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
