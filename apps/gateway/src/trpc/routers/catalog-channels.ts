import {
  contract,
  ZCaptureCatalogSchema,
  ZCatalogFeedSettingInputSchema,
  ZOAuthCallbackQuerySchema,
  ZSelectMicrosoftStoreSchema,
  type TChannelConnection,
  type TChannelFeedSetting,
  type TMicrosoftDomain,
} from '@feedloom/contracts';
import { ZIdSchema } from '@feedloom/validation';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { CHANNEL_FLOW_NOT_STARTED_MESSAGE, consumeOAuthFlow, startOAuthFlow } from '../../oauth-flow';
import { protectedProcedure } from '../init';

const ZShopInputSchema = z.object({ shop_id: ZIdSchema('Store id') });
const params = (input: { shop_id: string }) => ({ params: { id: input.shop_id } });

/**
 * Microsoft Merchant Center (bing) and Meta catalogs (facebook) for a shop. Each consent is
 * bound to this browser like Google's (oauth-flow.ts); the channel's tokens stay in the api.
 */
export const catalogChannelsProcedures = {
  microsoftAuthUrl: protectedProcedure.input(ZShopInputSchema).mutation(async ({ ctx, input }) => {
    const reply = await ctx.upstream.call(contract.channels.microsoftAuth, params(input));
    startOAuthFlow(ctx.cookies, reply.auth_url);
    return reply;
  }),
  microsoftCallback: protectedProcedure
    .input(ZOAuthCallbackQuerySchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      if (!consumeOAuthFlow(ctx.cookies, input.state)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: CHANNEL_FLOW_NOT_STARTED_MESSAGE });
      }
      const { data, message } = await ctx.upstream.send(contract.channels.microsoftAuthCallback, { query: input });
      return { message, connection: data };
    }),
  microsoftAdsAccounts: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.channels.microsoftAdsAccounts, params(input))),
  microsoftStores: protectedProcedure
    .input(ZShopInputSchema.extend({ account_id: ZIdSchema('Advertising account id'), customer_id: ZIdSchema('Customer id') }))
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.microsoftMerchantCenters, {
        params: { id: input.shop_id },
        query: { account_id: input.account_id, customer_id: input.customer_id },
      }),
    ),
  microsoftSelectStore: protectedProcedure
    .input(ZShopInputSchema.extend(ZSelectMicrosoftStoreSchema.shape))
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      const { shop_id, ...body } = input;
      const { data, message } = await ctx.upstream.send(contract.channels.microsoftSelectMerchantCenter, {
        params: { id: shop_id },
        body,
      });
      return { message, connection: data };
    }),
  /** A mutation: asking Microsoft again may record the domain-verification step. */
  microsoftVerifyDomain: protectedProcedure
    .input(ZShopInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; domain: TMicrosoftDomain }> => {
      const { data, message } = await ctx.upstream.send(contract.channels.microsoftVerifyStoreDomain, params(input));
      return { message, domain: data };
    }),
  microsoftConnection: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.channels.microsoftIntegratedAccount, params(input))),
  microsoftFeedSetting: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.channels.microsoftFeedSetting, params(input))),
  saveMicrosoftFeedSetting: protectedProcedure
    .input(ZShopInputSchema.extend(ZCatalogFeedSettingInputSchema.shape))
    .mutation(async ({ ctx, input }): Promise<{ message: string; setting: TChannelFeedSetting }> => {
      const { shop_id, ...body } = input;
      const { data, message } = await ctx.upstream.send(contract.channels.saveMicrosoftFeedSetting, { params: { id: shop_id }, body });
      return { message, setting: data };
    }),

  facebookAuthUrl: protectedProcedure.input(ZShopInputSchema).mutation(async ({ ctx, input }) => {
    const reply = await ctx.upstream.call(contract.channels.facebookAuth, params(input));
    startOAuthFlow(ctx.cookies, reply.auth_url);
    return reply;
  }),
  facebookCallback: protectedProcedure
    .input(ZOAuthCallbackQuerySchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      if (!consumeOAuthFlow(ctx.cookies, input.state)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: CHANNEL_FLOW_NOT_STARTED_MESSAGE });
      }
      const { data, message } = await ctx.upstream.send(contract.channels.facebookCallback, { query: input });
      return { message, connection: data };
    }),
  metaBusinesses: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.channels.getBusinessAccount, params(input))),
  metaCatalogs: protectedProcedure
    .input(ZShopInputSchema.extend({ business_id: ZIdSchema('Business account id') }))
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channels.getOwnedProductCatalogs, { params: { id: input.shop_id, business_id: input.business_id } }),
    ),
  captureCatalog: protectedProcedure
    .input(ZShopInputSchema.extend(ZCaptureCatalogSchema.shape))
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      const { shop_id, ...body } = input;
      const { data, message } = await ctx.upstream.send(contract.channels.captureCatalog, { params: { id: shop_id }, body });
      return { message, connection: data };
    }),
  facebookConnection: protectedProcedure
    .input(ZShopInputSchema)
    .query(async ({ ctx, input }): Promise<TChannelFeedSetting | null> => {
      // The record comes with the feed settings; a shop that never connected Meta has none.
      try {
        return await ctx.upstream.call(contract.channels.facebookFeedSetting, params(input));
      } catch (err) {
        if (err instanceof TRPCError && err.code === 'CONFLICT') return null;
        throw err;
      }
    }),
  saveFacebookFeedSetting: protectedProcedure
    .input(ZShopInputSchema.extend(ZCatalogFeedSettingInputSchema.shape))
    .mutation(async ({ ctx, input }): Promise<{ message: string; setting: TChannelFeedSetting }> => {
      const { shop_id, ...body } = input;
      const { data, message } = await ctx.upstream.send(contract.channels.saveFacebookFeedSetting, { params: { id: shop_id }, body });
      return { message, setting: data };
    }),
} satisfies TRPCRouterRecord;
