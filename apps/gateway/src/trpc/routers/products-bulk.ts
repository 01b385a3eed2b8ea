import { contract, type TBulkDraft, type TBulkRun, type TProductDetail } from '@feedloom/contracts';
import { ZBulkDraftInputSchema, ZBulkVariantUpdateSchema, ZIdSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

const shop_id = ZIdSchema('Store id');
const ZItemInputSchema = z.object({ shop_id, id: ZIdSchema('Id') });

interface TChanged<T> {
  message: string;
  data: T;
}

/** Bulk customisation with drafts, its runs and bulk-variant-update. */
export const productsBulkRouter = {
  drafts: protectedProcedure
    .input(z.object({ shop_id }))
    .query(({ ctx, input }) => ctx.upstream.call(contract.productsBulk.drafts, { params: input })),

  createDraft: protectedProcedure
    .input(ZBulkDraftInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TBulkDraft>> => {
      const { data, message } = await ctx.upstream.send(contract.productsBulk.createDraft, { body: input });
      return { message, data };
    }),

  updateDraft: protectedProcedure
    .input(z.object({ id: ZIdSchema('Id'), data: ZBulkDraftInputSchema }))
    .mutation(async ({ ctx, input }): Promise<TChanged<TBulkDraft>> => {
      const { data, message } = await ctx.upstream.send(contract.productsBulk.updateDraft, {
        params: { shop_id: input.data.shop_id, id: input.id },
        body: input.data,
      });
      return { message, data };
    }),

  deleteDraft: protectedProcedure.input(ZItemInputSchema).mutation(async ({ ctx, input }) => {
    const { message } = await ctx.upstream.send(contract.productsBulk.deleteDraft, { params: input });
    return { message };
  }),

  /** "Yes, Discard Drafts": every draft of the caller in the shop. */
  discardDrafts: protectedProcedure.input(z.object({ shop_id })).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.productsBulk.discardDrafts, { params: input });
    return { message, data };
  }),

  applyDraft: protectedProcedure
    .input(ZItemInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TBulkRun>> => {
      const { data, message } = await ctx.upstream.send(contract.productsBulk.applyDraft, { params: input });
      return { message, data };
    }),

  runs: protectedProcedure
    .input(z.object({ shop_id }))
    .query(({ ctx, input }) => ctx.upstream.call(contract.productsBulk.runs, { params: input })),

  run: protectedProcedure
    .input(ZItemInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.productsBulk.run, { params: input })),

  variantUpdate: protectedProcedure
    .input(ZBulkVariantUpdateSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TProductDetail>> => {
      const { data, message } = await ctx.upstream.send(contract.productsBulk.variantUpdate, { body: input });
      return { message, data };
    }),
} satisfies TRPCRouterRecord;
