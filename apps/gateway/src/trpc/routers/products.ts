import { contract, type TProductDetail } from '@feedloom/contracts';
import {
  CATALOG_CHANNELS,
  FILTERS_PARAM_MAX,
  OPTION_FIELDS,
  PRODUCT_CHANNELS,
  PRODUCT_SORT_COLUMNS,
  PRODUCT_TABS,
  PRODUCT_USE_CASES,
  TEXT_LIMITS,
  ZElkSearchQuerySchema,
  ZIdSchema,
  ZIssueFilterSchema,
  ZProductUpdateSchema,
  ZTextSchema,
} from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

const shop_id = ZIdSchema('Store id');
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const search = ZTextSchema({ label: 'Search', trim: true, max: TEXT_LIMITS.search }).optional();
const page = z.number().int().optional();
const limit = z.number().int().optional();
const tab = z.enum(PRODUCT_TABS).optional();
const active_channel = z.enum(PRODUCT_CHANNELS).optional();

/**
 * The list exactly as the address holds it; `filters` is the advance_filter JSON text.
 */
export const ZProductFindInputSchema = z.object({
  shop_id,
  page,
  limit,
  tab,
  search,
  active_channel,
  sort_col: z.enum(PRODUCT_SORT_COLUMNS).optional(),
  order: z.union([z.literal(1), z.literal(-1)]).optional(),
  last_internal_product_id: id.optional(),
  first_internal_product_id: id.optional(),
  filters: ZTextSchema({ label: 'Filter', max: FILTERS_PARAM_MAX }).optional(),
  use_case: z.enum(PRODUCT_USE_CASES).optional(),
  ...ZIssueFilterSchema.shape,
});
export const ZProductCountsInputSchema = z.object({ shop_id, active_channel, product_id: id.optional() });
export const ZProductRefInputSchema = z.object({ shop_id, id });
export const ZProductVariantsInputSchema = z.object({
  shop_id,
  id,
  page,
  limit,
  search,
  tab,
  active_channel,
});
export const ZProductDebugInputSchema = z.object({
  shop_id,
  id,
  channel: z.enum(CATALOG_CHANNELS).optional(),
  variant_id: ZIdSchema('Variant id').optional(),
});
export const ZProductOptionsInputSchema = z.object({
  shop_id,
  field: z.enum(OPTION_FIELDS),
  active_channel,
  search,
});

interface TChanged<T> {
  message: string;
  data: T;
}

/** Products of a shop. */
export const productsRouter = {
  find: protectedProcedure.input(ZProductFindInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, ...query } = input;
    return ctx.upstream.call(contract.products.find, { params: { shop_id: shop }, query });
  }),

  counts: protectedProcedure.input(ZProductCountsInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, ...query } = input;
    return ctx.upstream.call(contract.products.counts, { params: { shop_id: shop }, query });
  }),

  get: protectedProcedure.input(ZProductRefInputSchema).query(({ ctx, input }) =>
    ctx.upstream.call(contract.products.get, {
      params: { shop_id: input.shop_id, id: String(input.id) },
      query: {},
    }),
  ),

  variants: protectedProcedure.input(ZProductVariantsInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, id: productId, ...query } = input;
    return ctx.upstream.call(contract.products.variants, {
      params: { shop_id: shop, id: String(productId) },
      query,
    });
  }),

  /** Edits, per-field reset to source and whole-product reset of the override layer. */
  update: protectedProcedure
    .input(ZProductUpdateSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TProductDetail>> => {
      const { data, message } = await ctx.upstream.send(contract.products.update, { body: input });
      return { message, data };
    }),

  /** Product-debug-view: per channel item, each attribute's value, layer and issues. */
  debugView: protectedProcedure.input(ZProductDebugInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, id: productId, ...query } = input;
    return ctx.upstream.call(contract.products.debugView, {
      params: { shop_id: shop, id: String(productId) },
      query,
    });
  }),

  /** Search/elk-search. */
  search: protectedProcedure
    .input(ZElkSearchQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.products.elkSearch, { query: input })),

  availableOptions: protectedProcedure.input(ZProductOptionsInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, ...query } = input;
    return ctx.upstream.call(contract.products.availableOptions, { params: { shop_id: shop }, query });
  }),

  filterOptions: protectedProcedure
    .input(z.object({ shop_id }))
    .query(({ ctx, input }) => ctx.upstream.call(contract.products.filterOptions, { params: input })),
} satisfies TRPCRouterRecord;
