import {
  contract,
  type TDataSource,
  type TDataSourceImport,
  type TDataSourceMapping,
  type TImportRun,
} from '@feedloom/contracts';
import {
  ZDataSourceListQuerySchema,
  ZIdSchema,
  ZImportCsvUrlSchema,
  ZListQuerySchema,
  ZProductSettingsSchema,
  ZSaveMappingSchema,
  ZUpdateDataSourceSchema,
} from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

const shop_id = ZIdSchema('Store id');
const id = ZIdSchema('Data source id');
const run_id = ZIdSchema('Run id');

export const ZDataSourceFindInputSchema = ZDataSourceListQuerySchema.extend({ shop_id });
export const ZDataSourceRefInputSchema = z.object({ shop_id, id });
export const ZDataSourceUpdateInputSchema = z.object({ id, data: ZUpdateDataSourceSchema });
export const ZDataSourceSettingsInputSchema = z.object({ shop_id, id, data: ZProductSettingsSchema });
export const ZDataSourceRunsInputSchema = ZListQuerySchema.pick({ page: true, limit: true }).extend({
  shop_id,
  id,
});
export const ZImportRunRefInputSchema = z.object({ shop_id, run_id });
export const ZDataSourceMappingInputSchema = ZSaveMappingSchema.extend({ shop_id, id });

interface TChanged<T> {
  message: string;
  data: T;
}

/**
 * Data sources of a shop. The CSV file upload does not go through tRPC: the
 * browser streams it through the gateway's multipart upload route to the api's `POST /import-csv`, and the CSV
 * downloads (error report, sample, export) stream back through /download/<name> (transfer.ts); the progress
 * bar polls `run` while the run is queued or running.
 */
export const dataSourcesRouter = {
  find: protectedProcedure.input(ZDataSourceFindInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, ...query } = input;
    return ctx.upstream.call(contract.dataSources.find, { params: { shop_id: shop }, query });
  }),

  get: protectedProcedure
    .input(ZDataSourceRefInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.dataSources.get, { params: input })),

  /** A CSV URL source with its schedule (POST import-csv-url); its first fetch is queued at once. */
  create: protectedProcedure
    .input(ZImportCsvUrlSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TDataSourceImport>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.create, { body: input });
      return { message, data };
    }),

  update: protectedProcedure
    .input(ZDataSourceUpdateInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TDataSource>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.update, {
        params: { id: input.id },
        body: input.data,
      });
      return { message, data };
    }),

  /** Product settings (product_id_format, inventory_quantity). */
  settings: protectedProcedure
    .input(ZDataSourceSettingsInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TDataSource>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.settings, {
        params: { shop_id: input.shop_id, id: input.id },
        body: input.data,
      });
      return { message, data };
    }),

  delete: protectedProcedure.input(ZDataSourceRefInputSchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.dataSources.delete, { params: input });
    return { message, data };
  }),

  /** Fetch a URL source now, or re-import a file source's kept file. */
  syncNow: protectedProcedure
    .input(z.object({ id }))
    .mutation(async ({ ctx, input }): Promise<TChanged<TImportRun>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.syncNow, { params: input });
      return { message, data };
    }),

  /** Run history of a source, newest first. */
  runs: protectedProcedure.input(ZDataSourceRunsInputSchema).query(({ ctx, input }) => {
    const { shop_id: shop, id: source, ...query } = input;
    return ctx.upstream.call(contract.dataSources.runs, { params: { shop_id: shop, id: source }, query });
  }),

  /** One run, for the progress bar. */
  run: protectedProcedure
    .input(ZImportRunRefInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.dataSources.run, { params: input })),

  /** A held run: remove what it listed. */
  confirm: protectedProcedure
    .input(ZImportRunRefInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TImportRun>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.confirm, { params: input });
      return { message, data };
    }),

  /** A held run: keep what it would have removed. */
  discard: protectedProcedure
    .input(ZImportRunRefInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TImportRun>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.discard, { params: input });
      return { message, data };
    }),

  /** The mapping review: each header of the last import, where it goes next run, and the fields it may take. */
  mapping: protectedProcedure
    .input(ZDataSourceRefInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.dataSources.mapping, { params: input })),

  /** Saves the merchant's mapping (applied from the next run). */
  saveMapping: protectedProcedure
    .input(ZDataSourceMappingInputSchema)
    .mutation(async ({ ctx, input }): Promise<TChanged<TDataSourceMapping>> => {
      const { data, message } = await ctx.upstream.send(contract.dataSources.saveMapping, {
        params: { shop_id: input.shop_id, id: input.id },
        body: { mapping: input.mapping },
      });
      return { message, data };
    }),
} satisfies TRPCRouterRecord;
