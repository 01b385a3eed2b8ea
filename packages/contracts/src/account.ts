import {
  ZChangePasswordSchema,
  ZForgotPasswordSchema,
  ZOtpSchema,
  ZPasswordPairSchema,
  ZProfileFieldsSchema,
  ZSocialProviderSchema,
  TEXT_LIMITS,
  ZIdSchema,
  ZTextSchema,
  ZTokenSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { ZLoginResponseSchema, ZSessionInfoSchema } from './auth';
import { endpoint, PUBLIC, USER } from './endpoint';

/**
 * The one reply of forgot-password, whether or not the e-mail has an account (spec: the reply must not
 * reveal it).
 */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a password reset link.';
/** Spec the validation rules (profile page): Disconnect is refused until the user has a password. */
export const DISCONNECT_NEEDS_PASSWORD_MESSAGE = 'Please set your password to disconnect login service';
export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully';
/** A social sign-in whose state is unknown, used, expired, or for another provider or user. */
export const SOCIAL_STATE_INVALID_MESSAGE =
  'This sign-in request is invalid or has expired. Please try again.';

/** The state of a social sign-in is `<provider>.<random>`: the provider it was started with, or null. */
export const socialProviderOfState = (state: string): 'google' | 'microsoft' | null => {
  const prefix = state.slice(0, state.indexOf('.'));
  return prefix === 'google' || prefix === 'microsoft' ? prefix : null;
};

const ZTokenParams = z.object({ token: ZTokenSchema() });
const ZProviderParams = z.object({ provider: ZSocialProviderSchema });

/** Ids of an invitation, carried through a social sign-in. */
const ZInvitationIdSchema = ZTextSchema({ label: 'Invitation', trim: true, min: 1, max: TEXT_LIMITS.token });
export const ZSocialLoginQuerySchema = z.object({
  organization_id: ZInvitationIdSchema.optional(),
  staff_id: ZInvitationIdSchema.optional(),
});

/** What the identity provider sent back to /oauth/callback. */
export const ZSocialCallbackQuerySchema = z.object({
  code: ZTextSchema({ label: 'Code', min: 1, max: TEXT_LIMITS.oauthCode }),
  state: ZTokenSchema('State'),
});

export const ZAuthUrlSchema = z.object({ auth_url: z.string() });

export const ZInvitationRefSchema = z.object({ organization_id: z.string(), staff_id: z.string() });

/**
 * Reply of a social sign-in: the sign-in itself, the invitation the sign-in started from (the state carries organisation and staff ids) and whether the identity was linked to an
 * account just now (first social sign-in of an existing or new account).
 */
export const ZSocialLoginResponseSchema = ZLoginResponseSchema.extend({
  invitation: ZInvitationRefSchema.nullable(),
  linked: z.boolean(),
});
export type TSocialLoginResponse = z.infer<typeof ZSocialLoginResponseSchema>;

/**
 * Reply of a social sign-in that made no account yet: the provider did not vouch for the address (Microsoft
 * usually does not) and no account has it, so the sign-up code was mailed to it. Only the browser that
 * signed in may enter it: `signup_token` proves that browser (the gateway keeps it in its session).
 */
export const ZSocialSignupPendingSchema = z.object({
  verification_required: z.literal(true),
  signup_id: z.string(),
  email: z.string(),
  signup_token: z.string(),
});
export type TSocialSignupPending = z.infer<typeof ZSocialSignupPendingSchema>;

/** A social sign-in callback either signs in or waits for the e-mail code. */
export const ZSocialLoginCallbackResponseSchema = z.union([
  ZSocialLoginResponseSchema,
  ZSocialSignupPendingSchema,
]);
export type TSocialLoginCallbackResponse = z.infer<typeof ZSocialLoginCallbackResponseSchema>;

const ZSignupIdParams = z.object({ signup_id: ZIdSchema('Sign-up id') });
const ZSignupTokenSchema = ZTokenSchema('Sign-up token');
export const ZVerifySocialSignupBodySchema = ZOtpSchema.extend({ signup_token: ZSignupTokenSchema });
export const ZResendSocialSignupOtpBodySchema = z.object({ signup_token: ZSignupTokenSchema });

export const ZConnectedSocialSchema = z.object({
  provider: ZSocialProviderSchema,
  email: z.string().nullable(),
  linked: z.boolean(),
});

export const ZPasswordStatusSchema = z.object({
  has_password: z.boolean(),
  /** ISO 8601. */
  changed_password_at: z.string().nullable(),
});
export type TPasswordStatus = z.infer<typeof ZPasswordStatusSchema>;

/** The Profile as the api returns it. */
export const ZUserProfileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The dialling code ('+91'); `country_code` is the server's name for the same value. */
  phone_code: z.string(),
  country_code: z.string(),
  phone_number: z.string().nullable(),
  timezone: z.string().nullable(),
  utc_offset: z.string().nullable(),
  preferred_language: z.string().nullable(),
  preferred_language_id: z.string().nullable(),
  business_type: z.string().nullable(),
  other_business_type: z.string().nullable(),
  /** A URL the browser loads through the gateway, or null. */
  profile_picture_path: z.string().nullable(),
  profile_created: z.boolean(),
  is_google_connected: z.boolean(),
  is_microsoft_connected: z.boolean(),
  /** The e-mail of the connected login, per provider. */
  google_email: z.string().nullable(),
  microsoft_email: z.string().nullable(),
  has_password: z.boolean(),
  /** ISO 8601; null while the user has no password. */
  changed_password_at: z.string().nullable(),
});
export type TUserProfile = z.infer<typeof ZUserProfileSchema>;

/**
 * Body of POST /user-profile, sent as multipart/form-data: the profile fields as text parts and an optional
 * `profile_picture` file part (JPG or PNG under 5 MB), or `profile_picture` = '' to remove the picture.
 */
export const ZUpdateProfileBodySchema = ZProfileFieldsSchema.extend({
  profile_picture: z.union([z.instanceof(Blob), z.literal('')]).optional(),
});
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBodySchema>;

/** A profile save answers the new profile and the session fields it changed (name, picture, profile_created). */
export const ZUpdateProfileResponseSchema = z.object({
  profile: ZUserProfileSchema,
  session: ZSessionInfoSchema,
});

export const ZIssueSupportLoginSchema = z.object({
  user_id: ZIdSchema('User id'),
  shop_id: ZIdSchema('Store id'),
});

export const accountContract = {
  forgotPassword: endpoint({
    method: 'POST',
    path: '/forgot-password',
    access: PUBLIC,
    body: ZForgotPasswordSchema,
    response: z.object({}),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/reset-password/:token',
    access: PUBLIC,
    params: ZTokenParams,
    body: ZPasswordPairSchema,
    response: ZLoginResponseSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/change-password',
    access: USER,
    body: ZChangePasswordSchema,
    response: ZPasswordStatusSchema,
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/set-password',
    access: USER,
    body: ZPasswordPairSchema,
    response: ZPasswordStatusSchema,
  }),
  googleLogin: endpoint({
    method: 'GET',
    path: '/google-login',
    access: PUBLIC,
    query: ZSocialLoginQuerySchema,
    response: ZAuthUrlSchema,
  }),
  microsoftLogin: endpoint({
    method: 'GET',
    path: '/microsoft-login',
    access: PUBLIC,
    query: ZSocialLoginQuerySchema,
    response: ZAuthUrlSchema,
  }),
  googleLoginCallback: endpoint({
    method: 'GET',
    path: '/google-login-callback',
    access: PUBLIC,
    query: ZSocialCallbackQuerySchema,
    response: ZSocialLoginCallbackResponseSchema,
  }),
  microsoftLoginCallback: endpoint({
    method: 'GET',
    path: '/microsoft-login-callback',
    access: PUBLIC,
    query: ZSocialCallbackQuerySchema,
    response: ZSocialLoginCallbackResponseSchema,
  }),
  /**
   * Finishes a social sign-up with the code mailed to the address (same code rules as sign-up): creates the
   * verified account with the identity linked and signs in.
   */
  verifySocialSignup: endpoint({
    method: 'POST',
    path: '/verify-social-signup/:signup_id',
    access: PUBLIC,
    params: ZSignupIdParams,
    body: ZVerifySocialSignupBodySchema,
    response: ZSocialLoginResponseSchema,
  }),
  /** A new code for a social sign-up, at most every 30 seconds. */
  resendSocialSignupOtp: endpoint({
    method: 'POST',
    path: '/resend-social-signup-otp/:signup_id',
    access: PUBLIC,
    params: ZSignupIdParams,
    body: ZResendSocialSignupOtpBodySchema,
    response: z.object({ resend_after_seconds: z.number().int() }),
  }),
  /** Starts linking a login service to the signed-in user; the state is bound to that user. */
  connectSocial: endpoint({
    method: 'GET',
    path: '/connect-social/:provider',
    access: USER,
    params: ZProviderParams,
    response: ZAuthUrlSchema,
  }),
  /** Finishes a connect: only the user the state was issued to may use it; no new sign-in is made. */
  connectSocialCallback: endpoint({
    method: 'GET',
    path: '/connect-social-callback/:provider',
    access: USER,
    params: ZProviderParams,
    query: ZSocialCallbackQuerySchema,
    response: ZConnectedSocialSchema,
  }),
  disconnectSocial: endpoint({
    method: 'POST',
    path: '/disconnect-social/:provider',
    access: USER,
    params: ZProviderParams,
    response: z.object({}),
  }),
  /** Support (one-time-token) login: signs in as the token's user with its shop active. */
  supportLogin: endpoint({
    method: 'GET',
    path: '/merchant-login/:token',
    access: PUBLIC,
    params: ZTokenParams,
    response: ZLoginResponseSchema,
  }),
  /** Admins only: a one-time support-login link for a merchant's shop. */
  issueSupportLogin: endpoint({
    method: 'POST',
    path: '/support-login-token',
    access: USER,
    body: ZIssueSupportLoginSchema,
    response: z.object({ token: z.string(), url: z.string(), expires_at: z.string() }),
  }),
} as const;
