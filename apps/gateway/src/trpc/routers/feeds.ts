import {
  contract,
  ZChannelPageQuerySchema,
  ZFeedStatusBodySchema,
  ZGoogleFeedSettingsBodySchema,
  ZShopFeedConfigBodySchema,
  ZSyncGateBodySchema,
  type TFeedConfig,
} from '@feedloom/contracts';
import { CHANNELS, ZEmailSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';
import { ZShopInputSchema } from './channels';

const ZShopChannelInputSchema = ZShopInputSchema.extend({ channel: z.enum(CHANNELS) });

/** Feed settings, sync runs and the publish gate of a shop's channels. */
export const feedsRouter = {
  shopFeedConfigs: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.feeds.shopFeedConfig, { params: { id: input.shop_id } })),

  saveShopFeedConfig: protectedProcedure
    .input(ZShopInputSchema.extend(ZShopFeedConfigBodySchema.shape))
    .mutation(async ({ ctx, input: { shop_id, ...body } }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.saveShopFeedConfig, { params: { id: shop_id }, body });
      return { message, config: data };
    }),

  googleFeedSettings: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.feeds.googleFeedSettings, { params: { id: input.shop_id } })),

  saveGoogleFeedSettings: protectedProcedure
    .input(ZShopInputSchema.extend(ZGoogleFeedSettingsBodySchema.shape))
    .mutation(async ({ ctx, input: { shop_id, ...body } }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.saveGoogleFeedSettings, { params: { id: shop_id }, body });
      return { message, config: data };
    }),

  feedStatus: protectedProcedure
    .input(ZShopInputSchema.extend(ZFeedStatusBodySchema.shape))
    .mutation(async ({ ctx, input: { shop_id, ...body } }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.feedStatus, { params: { id: shop_id }, body });
      return { message, config: data };
    }),

  syncNow: protectedProcedure
    .input(ZShopChannelInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.syncNow, {
        params: { id: input.shop_id },
        query: { channel: input.channel },
      });
      return { message, config: data };
    }),

  syncGate: protectedProcedure
    .input(ZShopInputSchema.extend(ZSyncGateBodySchema.shape))
    .mutation(async ({ ctx, input: { shop_id, ...body } }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.syncGate, { params: { id: shop_id }, body });
      return { message, config: data };
    }),

  syncHistory: protectedProcedure
    .input(ZShopInputSchema.extend(ZChannelPageQuerySchema.shape))
    .query(({ ctx, input: { shop_id, ...query } }) =>
      ctx.upstream.call(contract.feeds.syncHistory, { params: { id: shop_id }, query }),
    ),

  heldItems: protectedProcedure
    .input(ZShopInputSchema.extend(ZChannelPageQuerySchema.shape))
    .query(({ ctx, input: { shop_id, ...query } }) =>
      ctx.upstream.call(contract.feeds.heldItems, { params: { id: shop_id }, query }),
    ),

  syncRuns: protectedProcedure
    .input(ZShopChannelInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.feeds.syncRuns, { params: { id: input.shop_id }, query: { channel: input.channel } }),
    ),

  rotateFeedUrl: protectedProcedure
    .input(ZShopChannelInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; config: TFeedConfig }> => {
      const { data, message } = await ctx.upstream.send(contract.feeds.rotateFeedUrl, {
        params: { id: input.shop_id },
        query: { channel: input.channel },
      });
      return { message, config: data };
    }),

  /** Mails the current Google issue report to `email`, or to the signed-in user. */
  googleFetchErrors: protectedProcedure
    .input(ZShopInputSchema.extend({ email: ZEmailSchema.optional() }))
    .mutation(async ({ ctx, input }): Promise<{ message: string }> => {
      const { message } = await ctx.upstream.send(contract.feeds.googleFetchErrors, {
        params: { shop: input.shop_id },
        query: input.email ? { email: input.email } : {},
      });
      return { message };
    }),
} satisfies TRPCRouterRecord;
