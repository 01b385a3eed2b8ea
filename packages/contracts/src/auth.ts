import {
  ZCreatePasswordSchema,
  ZLoginSchema,
  ZOtpSchema,
  ZResendOtpSchema,
  ZSignupSchema,
  ZIdSchema,
  ZTokenSchema,
} from '@feedloom/validation';
import { z } from 'zod';
import { endpoint, PUBLIC, USER } from './endpoint';
import { NO_REFRESH_TOKEN_MESSAGE } from './envelope';

export const ZTokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TTokens = z.infer<typeof ZTokensSchema>;

/** The Auth session, without its tokens: what the gateway keeps and the web may see. */
export const ZSessionInfoSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  profile_picture_path: z.string().nullable(),
  profile_created: z.boolean(),
  pending_invitation_count: z.number().int(),
  organizations_count: z.number().int(),
  is_part_of_any_org: z.boolean(),
  business_name: z.string().nullable(),
  active_org_id: z.string().nullable(),
  active_shop_id: z.string().nullable(),
  shops_count: z.number().int(),
  is_admin: z.boolean(),
  has_password: z.boolean(),
  /** Permissions of the active organisation, [] without one. */
  permissions: z.array(z.string()),
});
export type TSessionInfo = z.infer<typeof ZSessionInfoSchema>;

/** Reply of every sign-in (login, create-password, social, support login): tokens plus the session fields. */
export const ZLoginResponseSchema = ZTokensSchema.extend(ZSessionInfoSchema.shape);
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

const ZUserIdParams = z.object({ user_id: ZIdSchema('User id') });

/** Body of check-and-refresh-token and logout; a missing token reads like the spec's client error. */
export const ZRefreshTokenBodySchema = z.object({
  refresh_token: ZTokenSchema('Refresh token', NO_REFRESH_TOKEN_MESSAGE),
});

export const authContract = {
  signup: endpoint({
    method: 'POST',
    path: '/signup',
    access: PUBLIC,
    body: ZSignupSchema,
    response: z.object({ user_id: z.string(), email: z.string() }),
  }),
  verifyAccount: endpoint({
    method: 'POST',
    path: '/verify-account/:user_id',
    access: PUBLIC,
    params: ZUserIdParams,
    body: ZOtpSchema,
    /** `token` is the one-time token for /create-password/{email}/{user_id}/{token}. */
    response: z.object({ user_id: z.string(), email: z.string(), token: z.string() }),
  }),
  resendOtp: endpoint({
    method: 'POST',
    path: '/resend-otp/:user_id',
    access: PUBLIC,
    params: ZUserIdParams,
    body: ZResendOtpSchema,
    response: z.object({ resend_after_seconds: z.number().int() }),
  }),
  createPassword: endpoint({
    method: 'POST',
    path: '/create-password',
    access: PUBLIC,
    query: ZUserIdParams,
    body: ZCreatePasswordSchema,
    response: ZLoginResponseSchema,
  }),
  login: endpoint({
    method: 'POST',
    path: '/login',
    access: PUBLIC,
    body: ZLoginSchema,
    response: ZLoginResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/check-and-refresh-token',
    access: PUBLIC,
    body: ZRefreshTokenBodySchema,
    response: ZTokensSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    access: PUBLIC,
    body: ZRefreshTokenBodySchema,
    response: z.object({}),
  }),
  session: endpoint({
    method: 'GET',
    path: '/auth-session',
    access: USER,
    response: ZSessionInfoSchema,
  }),
} as const;
