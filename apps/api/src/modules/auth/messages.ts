const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in words, rounded up: '45 seconds', '3 minutes', '2 hours'. */
export const waitInWords = (seconds: number): string => {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
};

/** Server messages of the auth endpoints; the web shows them as they are. */
export const AUTH_MSG = {
  otpSent: 'A verification code has been sent to your email.',
  accountExists: 'An account with this email already exists. Please sign in.',
  userNotFound: 'User not found.',
  alreadyVerified: 'Your email address is already verified. Please sign in.',
  otpInvalid: 'Invalid OTP.',
  otpExpired: 'OTP has expired. Please request a new one.',
  /** Every throttled sign-in, sign-up and code request (per account or per address): says when. */
  tooManyAttempts: (seconds: number) => `Too many attempts. Try again in ${waitInWords(seconds)}.`,
  otpResendWait: (seconds: number) =>
    `Please wait before requesting a new code. Try again in ${waitInWords(seconds)}.`,
  accountVerified: 'Your email address has been verified.',
  linkInvalid: 'This link is invalid or has expired.',
  passwordCreated: 'Your password has been created.',
  invalidCredentials: 'Invalid email or password.',
  /** Only after the right password: a wrong one gets invalidCredentials, verified or not. */
  verifyFirst: 'Please verify your email address first.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'Logged out successfully.',
  tokenRefreshed: 'Token refreshed.',
} as const;

/** Limits of the sign-up code; guesses and mails per hour are limited per user (throttle.ts); the resend
 * wait, shared with the web, is OTP_RESEND_SECONDS in @feedloom/validation. */
export const OTP_TTL_SECONDS = 10 * 60;
/** A create-password link from verification is good for an hour. */
export const CREATE_PASSWORD_TTL_SECONDS = 60 * 60;
