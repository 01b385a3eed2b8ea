/** Server messages of the auth endpoints; the web shows them as they are (spec §8). */
export const AUTH_MSG = {
  otpSent: 'A verification code has been sent to your email.',
  accountExists: 'An account with this email already exists. Please sign in.',
  userNotFound: 'User not found.',
  alreadyVerified: 'Your email address is already verified. Please sign in.',
  otpInvalid: 'Invalid OTP.',
  otpExpired: 'OTP has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many attempts. Please request a new code.',
  otpResendWait: 'Please wait before requesting a new code.',
  accountVerified: 'Your email address has been verified.',
  linkInvalid: 'This link is invalid or has expired.',
  passwordCreated: 'Your password has been created.',
  invalidCredentials: 'Invalid email or password.',
  verifyFirst: 'Please verify your email address first.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'Logged out successfully.',
  tokenRefreshed: 'Token refreshed.',
} as const;

/** Limits of the sign-up code. */
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 30;
/** A create-password link from verification is good for an hour. */
export const CREATE_PASSWORD_TTL_SECONDS = 60 * 60;
