import { contract, type TRole } from '@feedloom/contracts';
import { ZCustomRoleSchema, ZIdSchema, ZRoleListQuerySchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

export const ZRoleIdInputSchema = z.object({ id: ZIdSchema('Role id') });
export const ZUpdateRoleInputSchema = z.object({ id: ZIdSchema('Role id'), data: ZCustomRoleSchema });

/** Predefined and custom roles. */
export const rolesRouter = {
  find: protectedProcedure
    .input(ZRoleListQuerySchema)
    .query(({ ctx, input }) => ctx.upstream.call(contract.roles.find, { query: input })),

  create: protectedProcedure
    .input(ZCustomRoleSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; role: TRole }> => {
      const { data, message } = await ctx.upstream.send(contract.roles.create, { body: input });
      return { message, role: data };
    }),

  update: protectedProcedure
    .input(ZUpdateRoleInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; role: TRole }> => {
      const { data, message } = await ctx.upstream.send(contract.roles.update, {
        params: { id: input.id },
        body: input.data,
      });
      return { message, role: data };
    }),

  delete: protectedProcedure
    .input(ZRoleIdInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ message: string; role: TRole }> => {
      const { data, message } = await ctx.upstream.send(contract.roles.delete, { params: input });
      return { message, role: data };
    }),
} satisfies TRPCRouterRecord;
