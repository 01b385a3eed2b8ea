import { contract, ZCurrenciesQuerySchema, type TUpdateProfileBody } from '@feedloom/contracts';
import { ZProfileSchema, type TProfile } from '@feedloom/validation';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure } from '../init';

const DATA_URL_RE = /^data:(image\/(?:png|jpeg));base64,(.*)$/s;

/** The profile form's picture (a data URL) as the file part the api's multipart upload expects. */
export const pictureFileOf = (dataUrl: string): File => {
  const match = DATA_URL_RE.exec(dataUrl);
  if (!match) throw new Error('not a picture data URL');
  const type = match[1]!;
  return new File(
    [Buffer.from(match[2]!, 'base64')],
    type === 'image/png' ? 'profile-picture.png' : 'profile-picture.jpg',
    {
      type,
    },
  );
};

/** Body of POST /user-profile: the fields as text parts, a new picture as a file part, '' to remove it. */
export const uploadBodyOf = (input: TProfile): TUpdateProfileBody => {
  const { profile_picture: picture, ...fields } = input;
  return {
    ...fields,
    ...(picture === undefined ? {} : { profile_picture: picture === '' ? '' : pictureFileOf(picture) }),
  };
};

/** The profile of spec §3 and the reference lists its form (and the organisation form) choose from. */
export const profileRouter = {
  get: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.account.userProfile)),

  /**
   * Saves the profile (multipart upstream, spec §7) and refreshes the session's fields from the reply:
   * name, phone, picture and profile_created feed the header and the guards.
   */
  update: protectedProcedure.input(ZProfileSchema).mutation(async ({ ctx, input }) => {
    const { data, message } = await ctx.upstream.send(contract.account.updateProfile, {
      body: uploadBodyOf(input),
    });
    ctx.session.setInfo(data.session);
    return { profile: data.profile, session: data.session, message };
  }),

  countryCodes: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.countryCodes)),
  timezones: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.timezones)),
  languages: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.languages)),
  currencies: protectedProcedure
    .input(ZCurrenciesQuerySchema.optional())
    .query(({ ctx, input }) => ctx.upstream.call(contract.reference.currencies, { query: input ?? {} })),
  countries: protectedProcedure.query(({ ctx }) => ctx.upstream.call(contract.reference.countries)),
  states: protectedProcedure
    .input(z.object({ country_id: z.string().min(1).max(10) }))
    .query(({ ctx, input }) =>
      ctx.upstream.call(contract.reference.states, { params: { id: input.country_id } }),
    ),
} satisfies TRPCRouterRecord;
