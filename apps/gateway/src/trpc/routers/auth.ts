import {
  contract,
  SOCIAL_STATE_INVALID_MESSAGE,
  socialProviderOfState,
  UNAUTHORIZED_MESSAGE,
  ZSocialCallbackQuerySchema,
  ZSocialLoginQuerySchema,
  type TSessionInfo,
} from '@feedloom/contracts';
import {
  ZChangePasswordSchema,
  ZCreatePasswordSchema,
  ZForgotPasswordSchema,
  ZInvitationSignupSchema,
  ZLoginSchema,
  ZOtpSchema,
  ZPasswordPairSchema,
  ZResendOtpSchema,
  ZSignupSchema,
  ZSocialProviderSchema,
  ZIdSchema,
  ZTokenSchema,
} from '@feedloom/validation';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { consumeOAuthFlow, SOCIAL_FLOW_NOT_STARTED_MESSAGE, startOAuthFlow } from '../../oauth-flow';
import { protectedProcedure, publicProcedure } from '../init';
import { sessionEndedError } from '../errors';

const ZUserIdSchema = z.object({ user_id: ZIdSchema('User id') });

export const ZSessionQuerySchema = z.object({ refresh: z.boolean().optional() }).optional();
export const ZVerifyAccountInputSchema = ZOtpSchema.extend(ZUserIdSchema.shape);
export const ZResendOtpInputSchema = ZResendOtpSchema.extend(ZUserIdSchema.shape);
export const ZCreatePasswordInputSchema = ZCreatePasswordSchema.and(ZUserIdSchema);
export const ZResetPasswordInputSchema = ZPasswordPairSchema.and(z.object({ token: ZTokenSchema() }));
export const ZProviderInputSchema = z.object({ provider: ZSocialProviderSchema });
export const ZSocialLoginUrlInputSchema = ZSocialLoginQuerySchema.extend(ZProviderInputSchema.shape);
/** The invitee's sign-up with the two encrypted ids of the link (/invitation-signup/{orgId}/{staffId}). */
export const ZInvitationSignupInputSchema = ZInvitationSignupSchema.and(
  z.object({ organization_id: ZTokenSchema('Invitation'), staff_id: ZTokenSchema('Invitation') }),
);
export const ZSupportLoginInputSchema = z.object({ token: ZTokenSchema() });
/** /confirm-otp/{email}/{signup_id} of a social sign-up: the code mailed to the address. */
const ZSignupIdSchema = z.object({ signup_id: ZIdSchema('Sign-up id') });
export const ZVerifySocialSignupInputSchema = ZOtpSchema.extend(ZSignupIdSchema.shape);
export const ZResendSocialSignupOtpInputSchema = ZSignupIdSchema;

/** Said when the code of a social sign-up is entered in a browser that did not sign in. */
export const SOCIAL_SIGNUP_NOT_STARTED_MESSAGE =
  'This sign-up was not started in this browser. For your security it cannot be finished here; please sign in again.';

/**
 * What /oauth/callback needs to route: `connect` when the caller was already
 * signed in (a login service was linked to them), `login` otherwise, with the invitation the sign-in
 * started from; `verify_email` when the provider did not vouch for the address of a new account, so the
 * sign-up code was mailed to it and the web asks for it on /confirm-otp/{email}/{signup_id}.
 */
export type TSocialCallbackResult =
  | {
      mode: 'login' | 'connect';
      provider: 'google' | 'microsoft';
      session: TSessionInfo;
      invitation: { organization_id: string; staff_id: string } | null;
      linked: boolean;
      message: string;
    }
  | {
      mode: 'verify_email';
      provider: 'google' | 'microsoft';
      email: string;
      signup_id: string;
      message: string;
    };

/** A social sign-up finished with its code: signed in, with the invitation the sign-in started from. */
export interface TSocialSignupResult {
  provider: 'google' | 'microsoft';
  session: TSessionInfo;
  invitation: { organization_id: string; staff_id: string } | null;
  message: string;
}

/** Sign-up, sign-in and the session. Sign-in replies fill the cookie session; only its fields come back. */
export const authRouter = {
  /** The session fields from the cookie, or null when signed out; `refresh` re-reads them from the api. */
  session: publicProcedure
    .input(ZSessionQuerySchema)
    .query(async ({ ctx, input }): Promise<TSessionInfo | null> => {
      const info = ctx.session.info;
      if (!info || !input?.refresh) return info;
      const fresh = await ctx.upstream.call(contract.auth.session);
      ctx.session.setInfo(fresh);
      return fresh;
    }),

  signup: publicProcedure
    .input(ZSignupSchema)
    .mutation(({ ctx, input }) => ctx.upstream.call(contract.auth.signup, { body: input })),

  verifyAccount: publicProcedure
    .input(ZVerifyAccountInputSchema)
    .mutation(({ ctx, input: { user_id, ...body } }) =>
      ctx.upstream.call(contract.auth.verifyAccount, { params: { user_id }, body }),
    ),

  resendOtp: publicProcedure
    .input(ZResendOtpInputSchema)
    .mutation(({ ctx, input: { user_id, ...body } }) =>
      ctx.upstream.call(contract.auth.resendOtp, { params: { user_id }, body }),
    ),

  createPassword: publicProcedure
    .input(ZCreatePasswordInputSchema)
    .mutation(async ({ ctx, input: { user_id, ...body } }): Promise<TSessionInfo> => {
      const reply = await ctx.upstream.call(contract.auth.createPassword, { query: { user_id }, body });
      return ctx.session.signIn(reply);
    }),

  login: publicProcedure.input(ZLoginSchema).mutation(async ({ ctx, input }): Promise<TSessionInfo> => {
    const reply = await ctx.upstream.call(contract.auth.login, { body: input });
    return ctx.session.signIn(reply);
  }),

  /**
   * "Session fill" on invitation signup: the invitee's new account joins the organisation (active)
   * and is signed in like login; the server message ('Invitation accepted. Welcome to …!') comes along.
   */
  invitationSignup: publicProcedure
    .input(ZInvitationSignupInputSchema)
    .mutation(
      async ({
        ctx,
        input: { organization_id, staff_id, ...body },
      }): Promise<{ message: string; session: TSessionInfo }> => {
        const { data, message } = await ctx.upstream.send(contract.invitations.createStaffUser, {
          params: { orgId: organization_id, staffId: staff_id },
          body,
        });
        return { message, session: ctx.session.signIn(data) };
      },
    ),

  /** Always the same neutral message: the reply never tells whether the e-mail has an account. */
  forgotPassword: publicProcedure
    .input(ZForgotPasswordSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string }> => {
      const { message } = await ctx.upstream.send(contract.account.forgotPassword, { body: input });
      return { message };
    }),

  resetPassword: publicProcedure
    .input(ZResetPasswordInputSchema)
    .mutation(async ({ ctx, input: { token, ...body } }): Promise<TSessionInfo> => {
      const reply = await ctx.upstream.call(contract.account.resetPassword, { params: { token }, body });
      return ctx.session.signIn(reply);
    }),

  /**
   * The provider's authorization URL; the browser goes there. A mutation: it starts a sign-in upstream, and
   * binds it to this browser (oauth-flow.ts) so that only this browser can finish it.
   */
  socialLoginUrl: publicProcedure
    .input(ZSocialLoginUrlInputSchema)
    .mutation(async ({ ctx, input: { provider, ...query } }) => {
      const reply = await ctx.upstream.call(
        provider === 'google' ? contract.account.googleLogin : contract.account.microsoftLogin,
        { query },
      );
      startOAuthFlow(ctx.cookies, reply.auth_url);
      return reply;
    }),

  /**
   * /oauth/callback with code and state. The provider comes from the state's prefix. Only the browser that
   * started the flow may finish it (login CSRF); nothing reaches the api otherwise. Signed in already: the
   * identity is linked to the current user (connect); otherwise it signs in.
   */
  socialCallback: publicProcedure
    .input(ZSocialCallbackQuerySchema)
    .mutation(async ({ ctx, input }): Promise<TSocialCallbackResult> => {
      const provider = socialProviderOfState(input.state);
      if (!provider) throw new TRPCError({ code: 'BAD_REQUEST', message: SOCIAL_STATE_INVALID_MESSAGE });
      if (!consumeOAuthFlow(ctx.cookies, input.state)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: SOCIAL_FLOW_NOT_STARTED_MESSAGE });
      }
      if (ctx.session.info) {
        const { data, message } = await ctx.upstream.send(contract.account.connectSocialCallback, {
          params: { provider },
          query: input,
        });
        // A refresh during the call may have replaced the tokens; the session fields are unchanged.
        const session = ctx.session.info;
        if (!session) throw sessionEndedError(UNAUTHORIZED_MESSAGE);
        return { mode: 'connect', provider, session, invitation: null, linked: data.linked, message };
      }
      const endpoint =
        provider === 'google'
          ? contract.account.googleLoginCallback
          : contract.account.microsoftLoginCallback;
      const { data, message } = await ctx.upstream.send(endpoint, { query: input });
      if ('verification_required' in data) {
        // The token that lets this browser, and only it, enter the code stays in its session.
        ctx.session.setSocialSignup({ signup_id: data.signup_id, signup_token: data.signup_token, provider });
        return { mode: 'verify_email', provider, email: data.email, signup_id: data.signup_id, message };
      }
      const { invitation, linked, ...login } = data;
      return { mode: 'login', provider, session: ctx.session.signIn(login), invitation, linked, message };
    }),

  /**
   * The code of a social sign-up (the provider did not vouch for the address): only in the browser that
   * signed in. Right, the account is made and signed in like a social login.
   */
  verifySocialSignup: publicProcedure
    .input(ZVerifySocialSignupInputSchema)
    .mutation(async ({ ctx, input: { signup_id, otp } }): Promise<TSocialSignupResult> => {
      const signup = ctx.session.socialSignup;
      if (signup?.signup_id !== signup_id) {
        throw new TRPCError({ code: 'FORBIDDEN', message: SOCIAL_SIGNUP_NOT_STARTED_MESSAGE });
      }
      const { data, message } = await ctx.upstream.send(contract.account.verifySocialSignup, {
        params: { signup_id },
        body: { otp, signup_token: signup.signup_token },
      });
      ctx.session.setSocialSignup(null);
      const { invitation, linked: _linked, ...login } = data;
      return { provider: signup.provider, session: ctx.session.signIn(login), invitation, message };
    }),

  /** A new code for the social sign-up this browser is finishing. */
  resendSocialSignupOtp: publicProcedure
    .input(ZResendSocialSignupOtpInputSchema)
    .mutation(async ({ ctx, input: { signup_id } }) => {
      const signup = ctx.session.socialSignup;
      if (signup?.signup_id !== signup_id) {
        throw new TRPCError({ code: 'FORBIDDEN', message: SOCIAL_SIGNUP_NOT_STARTED_MESSAGE });
      }
      return ctx.upstream.call(contract.account.resendSocialSignupOtp, {
        params: { signup_id },
        body: { signup_token: signup.signup_token },
      });
    }),

  /** Support (one-time-token) login: /oauth/callback?token=… */
  supportLogin: publicProcedure
    .input(ZSupportLoginInputSchema)
    .mutation(async ({ ctx, input }): Promise<TSessionInfo> => {
      const reply = await ctx.upstream.call(contract.account.supportLogin, {
        params: { token: input.token },
      });
      return ctx.session.signIn(reply);
    }),

  changePassword: protectedProcedure.input(ZChangePasswordSchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.account.changePassword, { body: input });
    return { ...data, message };
  }),

  /** Creates the first password (accounts made by social sign-in); the session then has one. */
  setPassword: protectedProcedure.input(ZPasswordPairSchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.account.setPassword, { body: input });
    const info = ctx.session.info;
    if (info) ctx.session.setInfo({ ...info, has_password: data.has_password });
    return { ...data, message };
  }),

  /** Starts linking a login service; bound to this browser like a social sign-in. */
  connectSocialUrl: protectedProcedure.input(ZProviderInputSchema).mutation(async ({ ctx, input }) => {
    const reply = await ctx.upstream.call(contract.account.connectSocial, { params: input });
    startOAuthFlow(ctx.cookies, reply.auth_url);
    return reply;
  }),

  disconnectSocial: protectedProcedure
    .input(ZProviderInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string }> => {
      const { message } = await ctx.upstream.send(contract.account.disconnectSocial, { params: input });
      return { message };
    }),

  logout: publicProcedure.mutation(async ({ ctx }): Promise<{ ok: true }> => {
    const refreshToken = ctx.session.refreshToken;
    if (refreshToken) {
      // Signing out must work even when the api cannot revoke the token (already expired, api down).
      await ctx.upstream
        .call(contract.auth.logout, { body: { refresh_token: refreshToken } })
        .catch(() => undefined);
    }
    ctx.session.clear();
    return { ok: true };
  }),
} satisfies TRPCRouterRecord;
