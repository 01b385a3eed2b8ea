import {
  contract,
  ZMerchantIdSchema,
  ZOAuthCallbackQuerySchema,
  ZOverrideWebsiteUrlSchema,
  type TChannelConnection,
  type TWebsiteClaim,
  type TMerchantAccount,
} from '@feedloom/contracts';
import { CHANNELS, ZIdSchema } from '@feedloom/validation';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { CHANNEL_FLOW_NOT_STARTED_MESSAGE, consumeOAuthFlow, startOAuthFlow } from '../../oauth-flow';
import { protectedProcedure } from '../init';
import { catalogChannelsProcedures } from './catalog-channels';

export const ZShopInputSchema = z.object({ shop_id: ZIdSchema('Store id') });
export const ZSelectMerchantAccountInputSchema = ZShopInputSchema.extend({ merchant_id: ZMerchantIdSchema });
export const ZOverrideWebsiteInputSchema = ZShopInputSchema.extend(ZOverrideWebsiteUrlSchema.shape);
export const ZDisconnectChannelInputSchema = ZShopInputSchema.extend({ channel: z.enum(CHANNELS) });

/**
 * Channel connections of a shop. Google's consent is bound to this browser like a social
 * sign-in (oauth-flow.ts): /google-callback on the app's origin is passed to the api only from the browser
 * that asked for the consent URL. The channel's tokens stay in the api.
 */
export const channelsRouter = {
  ...catalogChannelsProcedures,
  googleAuthUrl: protectedProcedure.input(ZShopInputSchema).mutation(async ({ ctx, input }) => {
    const reply = await ctx.upstream.call(contract.channels.googleAuth, { query: input });
    startOAuthFlow(ctx.cookies, reply.auth_url);
    return reply;
  }),

  googleCallback: protectedProcedure
    .input(ZOAuthCallbackQuerySchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      if (!consumeOAuthFlow(ctx.cookies, input.state)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: CHANNEL_FLOW_NOT_STARTED_MESSAGE });
      }
      const { data, message } = await ctx.upstream.send(contract.channels.googleCallback, { query: input });
      return { message, connection: data };
    }),

  merchantAccounts: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.merchantAccountList, { params: { id: input.shop_id } }),
    ),

  selectMerchantAccount: protectedProcedure
    .input(ZSelectMerchantAccountInputSchema)
    .mutation(
      async ({ ctx, input }): Promise<{ message: string; account: TMerchantAccount; connection: TChannelConnection }> => {
        const { data, message } = await ctx.upstream.send(contract.channels.merchantAccountInfo, {
          params: { id: input.shop_id, merchant_id: input.merchant_id },
        });
        return { message, ...data };
      },
    ),

  /** The shop's Google record, or null when Google was never connected. */
  googleConnection: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.getIntegratedMerchantAccount, { params: { id: input.shop_id } }),
    ),

  websiteClaim: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.getWebsiteClaimedStatus, { params: { id: input.shop_id } }),
    ),

  overrideWebsiteUrl: protectedProcedure
    .input(ZOverrideWebsiteInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; claim: TWebsiteClaim }> => {
      const { data, message } = await ctx.upstream.send(contract.channels.overrideWebsiteUrl, {
        params: { id: input.shop_id },
        body: { website_url: input.website_url },
      });
      return { message, claim: data };
    }),

  shippingSettings: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.shippingSettings, { params: { id: input.shop_id } }),
    ),

  disconnect: protectedProcedure
    .input(ZDisconnectChannelInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      const { data, message } = await ctx.upstream.send(contract.channels.disconnect, {
        params: { id: input.shop_id },
        query: { channel: input.channel },
      });
      return { message, connection: data };
    }),
} satisfies TRPCRouterRecord;
