import {
  contract,
  ZCaptureIntegrationStepSchema,
  ZGoogleTaxonomyQuerySchema,
  ZSelectTargetMarketSchema,
  type TChannelConnection,
  type TWebsiteVerification,
} from '@feedloom/contracts';
import { CHANNELS, SITE_VERIFICATION_METHODS, ZIdSchema, type TIntegrationStep } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

const ZShopInputSchema = z.object({ shop_id: ZIdSchema('Store id') });
export const ZTargetMarketDataInputSchema = ZShopInputSchema.extend({
  channel: z.enum(CHANNELS).default('google'),
});
export const ZSelectTargetMarketInputSchema = ZShopInputSchema.extend(ZSelectTargetMarketSchema.shape);
export const ZVerificationInputSchema = ZShopInputSchema.extend({
  method: z.enum(SITE_VERIFICATION_METHODS).default('META'),
});
export const ZCaptureStepInputSchema = ZShopInputSchema.extend(ZCaptureIntegrationStepSchema.shape);

/** The integration wizard's steps after the account link, each channel's progress, the taxonomy. */
export const channelWizardRouter = {
  targetMarketData: protectedProcedure.input(ZTargetMarketDataInputSchema).query(({ ctx, input }) =>
    ctx.upstream.call(contract.channelWizard.targetMarketSelectionData, {
      params: { id: input.shop_id },
      query: { channel: input.channel },
    }),
  ),

  selectTargetMarket: protectedProcedure
    .input(ZSelectTargetMarketInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; connection: TChannelConnection }> => {
      const { shop_id, ...body } = input;
      const { data, message } = await ctx.upstream.send(contract.channelWizard.selectTargetMarket, {
        params: { id: shop_id },
        body,
      });
      return { message, connection: data };
    }),

  destinations: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channelWizard.destinationValidation, { params: { id: input.shop_id } }),
    ),

  verificationToken: protectedProcedure.input(ZVerificationInputSchema).query(({ ctx, input }) =>
    ctx.upstream.call(contract.channelWizard.getMetaTag, {
      params: { id: input.shop_id },
      query: { method: input.method },
    }),
  ),

  reVerify: protectedProcedure
    .input(ZVerificationInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; verification: TWebsiteVerification }> => {
      const { data, message } = await ctx.upstream.send(contract.channelWizard.reVerification, {
        params: { id: input.shop_id },
        query: { method: input.method },
      });
      return { message, verification: data };
    }),

  captureStep: protectedProcedure
    .input(ZCaptureStepInputSchema)
    .mutation(
      async ({
        ctx,
        input,
      }): Promise<{
        message: string;
        connection: TChannelConnection;
        next_step: TIntegrationStep | null;
      }> => {
        const { shop_id, ...body } = input;
        const { data, message } = await ctx.upstream.send(contract.channelWizard.captureIntegrationSteps, {
          params: { id: shop_id },
          body,
        });
        return { message, ...data };
      },
    ),

  status: protectedProcedure
    .input(ZShopInputSchema)
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.channelWizard.integratedChannelStatus, { params: { id: input.shop_id } }),
    ),

  googleTaxonomy: protectedProcedure
    .input(ZGoogleTaxonomyQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.channelWizard.googleTaxonomy, { query: input })),
} satisfies TRPCRouterRecord;
