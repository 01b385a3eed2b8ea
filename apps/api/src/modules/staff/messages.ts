/** Messages of the staff and invitation endpoints (shown to the user as they are). */
export const STAFF_MSG = {
  invited: 'Invitation sent successfully.',
  alreadyMember: 'This user is already a member of your organisation.',
  alreadyInvited: 'An invitation has already been sent to this email address.',
  roleNotFound: 'Role not found.',
  shopsNotFound: 'One or more selected stores were not found.',
} as const;

export const INVITATION_MSG = {
  accepted: 'Invitation accepted successfully.',
  notFound: 'This invitation link is invalid or no longer exists.',
  otherEmail: 'This invitation was sent to a different email address. Sign in with that email to accept it.',
  alreadyAccepted: 'This invitation has already been accepted.',
  accountExists: 'An account with this email already exists. Please sign in to accept the invitation.',
  welcome: (businessName: string) => `Invitation accepted. Welcome to ${businessName}!`,
} as const;
