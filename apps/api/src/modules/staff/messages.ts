/** Messages of the staff and invitation endpoints (shown to the user as they are). */
export const STAFF_MSG = {
  invited: 'Invitation sent successfully.',
  alreadyMember: 'This user is already a member of your organisation.',
  alreadyInvited: 'An invitation has already been sent to this email address.',
  shopsNotFound: 'One or more selected stores were not found.',
  notFound: 'This user or invitation was not found.',
  updated: 'User updated successfully.',
  revoked: 'Invitation revoked.',
  removed: 'User removed from the organisation.',
  deleted: 'Invitation deleted.',
  resent: 'Invitation sent again. The previous link no longer works.',
} as const;

export const INVITATION_MSG = {
  accepted: 'Invitation accepted successfully.',
  notFound: 'This invitation link is invalid or no longer exists.',
  otherEmail: 'This invitation was sent to a different email address. Sign in with that email to accept it.',
  alreadyAccepted: 'This invitation has already been accepted.',
  expired: 'This invitation has expired. Ask the organisation to send you a new one.',
  accountExists: 'An account with this email already exists. Please sign in to accept the invitation.',
  welcome: (businessName: string) => `Invitation accepted. Welcome to ${businessName}!`,
} as const;
