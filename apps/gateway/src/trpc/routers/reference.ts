import { contract, ZCurrenciesQuerySchema } from '@feedloom/contracts';
import { ZTextSchema } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

/** The reference lists the profile, organisation and shop forms choose from. */
export const referenceRouter = {
  countryCodes: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.countryCodes)),
  timezones: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.timezones)),
  languages: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.languages)),
  currencies: protectedProcedure
    .input(ZCurrenciesQuerySchema.optional())
    .query(({ ctx, input }) => ctx.upstream.call(contract.reference.currencies, { query: input ?? {} })),
  countries: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.countries)),
  states: protectedProcedure
    .input(z.object({ country_id: ZTextSchema({ label: 'Country', min: 1, max: 10 }) }))
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.reference.states, { params: { id: input.country_id } }),
    ),
} satisfies TRPCRouterRecord;
