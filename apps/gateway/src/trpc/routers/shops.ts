import { contract, type TSessionInfo, type TShop } from '@feedloom/contracts';
import { ZIdSchema, ZShopListQuerySchema, ZShopFormSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, type TContext } from '../init';
import { ZIdInputSchema } from './organizations';

export const ZUpdateShopInputSchema = z.object({ id: ZIdSchema('Store id'), data: ZShopFormSchema });

interface TShopChange {
  message: string;
  shop: TShop;
  /** The session after the change (shop count, active shop), also stored in the cookie. */
  session: TSessionInfo;
}

/** Adding, deleting or reactivating a shop changes the session's shop count and maybe its active shop. */
const refreshSession = async (ctx: Pick<TContext, 'upstream' | 'session'>): Promise<TSessionInfo> => {
  const info = await ctx.upstream.call(contract.auth.session);
  ctx.session.setInfo(info);
  return info;
};

/** Shops of the active organisation (channel connections come with the channels router). */
export const shopsRouter = {
  find: protectedProcedure
    .input(ZShopListQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.shops.find, { query: input })),

  get: protectedProcedure
    .input(ZIdInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.shops.get, { params: input })),

  create: protectedProcedure.input(ZShopFormSchema).mutation(async ({ ctx, input }): Promise<TShopChange> => {
    const { data, message } = await ctx.upstream.send(contract.shops.create, { body: input });
    return { message, shop: data, session: await refreshSession(ctx) };
  }),

  update: protectedProcedure
    .input(ZUpdateShopInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; shop: TShop }> => {
      const { data, message } = await ctx.upstream.send(contract.shops.update, {
        params: { id: input.id },
        body: input.data,
      });
      return { message, shop: data };
    }),

  delete: protectedProcedure.input(ZIdInputSchema).mutation(async ({ ctx, input }): Promise<TShopChange> => {
    const { data, message } = await ctx.upstream.send(contract.shops.delete, { params: input });
    return { message, shop: data, session: await refreshSession(ctx) };
  }),

  reactivate: protectedProcedure
    .input(ZIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<TShopChange> => {
      const { data, message } = await ctx.upstream.send(contract.shops.reactivate, { params: input });
      return { message, shop: data, session: await refreshSession(ctx) };
    }),

  selectList: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.shops.selectList)),

  /** The chosen shop becomes the active one, in the api (remembered) and in the session. */
  switchShop: protectedProcedure
    .input(ZIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; session: TSessionInfo }> => {
      const { data, message } = await ctx.upstream.send(contract.shops.switchShop, { params: input });
      const session = { ...ctx.user, active_shop_id: data.active_shop_id };
      ctx.session.setInfo(session);
      return { message, session };
    }),

  info: protectedProcedure
    .input(ZIdInputSchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.shops.info, { params: input })),

  statistics: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.shops.statistics)),
} satisfies TRPCRouterRecord;
