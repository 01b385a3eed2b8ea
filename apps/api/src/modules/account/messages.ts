/** Server messages of the password and support-login endpoints; the web shows them as they are. */
export const ACCOUNT_MSG = {
  passwordReset: 'Your password has been reset.',
  passwordChanged: 'Your password has been changed.',
  passwordCreated: 'Your password has been created.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  samePassword: 'The new password must be different from the current password.',
  noPasswordYet: 'You have not created a password yet.',
  passwordAlreadySet: 'You already have a password. Use Change your password instead.',
  supportLinkIssued: 'Support login link created.',
  shopNotFound: 'Store not found.',
} as const;

/** A reset link is good for an hour, and a new one is mailed at most once a minute. */
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
export const RESET_PASSWORD_RESEND_SECONDS = 60;
/** A support-login link is good for 15 minutes, once. */
export const SUPPORT_LOGIN_TTL_SECONDS = 15 * 60;
