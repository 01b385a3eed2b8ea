import { z } from 'zod';
import { ZEmailSchema } from './email';
import { MSG } from './messages';
import { ZFirstNameSchema, ZLastNameSchema } from './names';
import {
  ZConfirmPasswordSchema,
  ZLoginPasswordSchema,
  ZPasswordPairSchema,
  ZPasswordSchema,
} from './password';
import { TEXT_LIMITS, ZTextSchema, ZTokenSchema } from './text';

export const ZSignupSchema = z.object({
  email: ZEmailSchema,
  isAgree: z.literal(true, { error: MSG.termsRequired }),
});
export type TSignup = z.infer<typeof ZSignupSchema>;

export const ZLoginSchema = z.object({ email: ZEmailSchema, password: ZLoginPasswordSchema });
export type TLogin = z.infer<typeof ZLoginSchema>;

export const OTP_LENGTH = 6;
export const ZOtpSchema = z.object({
  otp: z.string({ error: MSG.otpInvalid }).regex(/^\d{6}$/, MSG.otpInvalid),
});
export type TOtp = z.infer<typeof ZOtpSchema>;

export const ZResendOtpSchema = z.object({ email: ZEmailSchema });

/** Body of POST create-password?user_id: the mailed token plus the new password pair. */
export const ZCreatePasswordSchema = ZPasswordPairSchema.and(z.object({ token: ZTokenSchema() }));
export type TCreatePassword = z.infer<typeof ZCreatePasswordSchema>;

/**
 * Body of POST /create-staff-user/{orgId}/{staffId}: an invitee without an account signs up from the
 * invitation link. No e-mail: the account gets the invitation's, which the mailed link proves.
 */
export const ZInvitationSignupSchema = z
  .object({ first_name: ZFirstNameSchema, last_name: ZLastNameSchema })
  .and(ZPasswordPairSchema);
export type TInvitationSignup = z.infer<typeof ZInvitationSignupSchema>;

export const ZForgotPasswordSchema = z.object({ email: ZEmailSchema });
export const ZResetPasswordSchema = ZPasswordPairSchema;
export type TPasswordPair = z.infer<typeof ZPasswordPairSchema>;

export const ZChangePasswordSchema = z
  .object({
    current_password: ZTextSchema({
      label: 'Current password',
      min: 1,
      max: TEXT_LIMITS.password,
      requiredMessage: MSG.currentPasswordRequired,
    }),
    password: ZPasswordSchema,
    confirm: ZConfirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirm, { message: MSG.confirmMismatch, path: ['confirm'] });
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

export const ZRefreshSchema = z.object({ refresh_token: ZTokenSchema('Refresh token') });

export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export const ZSocialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type TSocialProvider = z.infer<typeof ZSocialProviderSchema>;
