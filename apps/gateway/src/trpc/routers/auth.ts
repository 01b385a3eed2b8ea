import { contract, type TSessionInfo } from '@feedloom/contracts';
import {
  ZCreatePasswordSchema,
  ZLoginSchema,
  ZOtpSchema,
  ZResendOtpSchema,
  ZSignupSchema,
} from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure } from '../init';

const ZUserIdSchema = z.object({ user_id: z.string().min(1) });

export const ZSessionQuerySchema = z.object({ refresh: z.boolean().optional() }).optional();
export const ZVerifyAccountInputSchema = ZOtpSchema.extend(ZUserIdSchema.shape);
export const ZResendOtpInputSchema = ZResendOtpSchema.extend(ZUserIdSchema.shape);
export const ZCreatePasswordInputSchema = ZCreatePasswordSchema.and(ZUserIdSchema);

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
