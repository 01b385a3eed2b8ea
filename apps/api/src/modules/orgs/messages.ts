/** Messages of the organisation, shop, staff and invitation endpoints (shown to the user as they are). */
export const ORG_MSG = {
  created: 'Organisation created successfully.',
  updated: 'Organisation updated successfully.',
  switched: 'Organisation switched successfully.',
  notFound: 'Organisation not found.',
  ownerOnly: 'Only the organisation owner can view or change its settings.',
} as const;

export const SHOP_MSG = {
  created: 'Store added successfully.',
  updated: 'Store updated successfully.',
  deleted: 'Store deleted successfully.',
  reactivated: 'Store reactivated successfully.',
  activeChanged: 'Active store changed.',
  notFound: 'Store not found.',
  alreadyDeleted: 'This store is already deleted.',
  alreadyActive: 'This store is already active.',
  deletedNotEditable: 'Reactivate this store before editing it.',
  duplicateUrl: 'A store with this URL already exists in your organisation.',
} as const;

export const STAFF_MSG = {
  invited: 'Invitation sent successfully.',
  alreadyMember: 'This user is already a member of your organisation.',
  alreadyInvited: 'An invitation has already been sent to this email address.',
  roleNotFound: 'Role not found.',
  storesNotFound: 'One or more selected stores were not found.',
} as const;

export const INVITATION_MSG = {
  accepted: 'Invitation accepted successfully.',
  notFound: 'This invitation link is invalid or no longer exists.',
  otherEmail: 'This invitation was sent to a different email address. Sign in with that email to accept it.',
  alreadyAccepted: 'This invitation has already been accepted.',
  accountExists: 'An account with this email already exists. Please sign in to accept the invitation.',
  welcome: (businessName: string) => `Invitation accepted. Welcome to ${businessName}!`,
} as const;
