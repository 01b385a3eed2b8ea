import { z } from 'zod';
import { MSG } from './messages';
import { ZFirstNameSchema, ZLastNameSchema } from './names';
import { DEFAULT_PHONE_CODE, refinePhone, ZPhoneCodeSchema, ZPhoneNumberSchema } from './phone';
import { ZTextSchema } from './text';

export const BUSINESS_TYPES = [
  'Retailer',
  'Brand / Manufacturer',
  'Agency',
  'Marketplace seller',
  'Wholesaler / Distributor',
  'Other',
] as const;

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export const PICTURE_RECOMMENDED_PX = 500;

/** Checks a chosen file's type and size before it is read. Returns a message or null. */
export const checkPictureFile = (file: { type: string; size: number }): string | null => {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return MSG.pictureType;
  if (file.size >= PICTURE_MAX_BYTES) return MSG.pictureSize;
  return null;
};

/** The longest data URL a picture under 5 MB makes: base64 of 5 MB plus the 'data:image/jpeg;base64,' prefix. */
export const PICTURE_DATA_URL_MAX = Math.ceil(PICTURE_MAX_BYTES / 3) * 4 + 32;

/** Data URL of a JPG/PNG picture, as the profile form sends it. */
export const ZPictureDataSchema = z
  .string()
  .max(PICTURE_DATA_URL_MAX, { message: MSG.pictureSize, abort: true })
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, MSG.pictureType)
  .refine((v) => Math.floor(((v.length - v.indexOf(',') - 1) * 3) / 4) < PICTURE_MAX_BYTES, MSG.pictureSize);

/** The profile fields without their cross-field rules (the contract adds the picture as a file). */
export const ZProfileFieldsSchema = z.object({
  first_name: ZFirstNameSchema,
  last_name: ZLastNameSchema,
  phone_code: ZPhoneCodeSchema.default(DEFAULT_PHONE_CODE),
  phone_number: ZPhoneNumberSchema.optional(),
  timezone: ZTextSchema({ label: 'Timezone', max: 64 }).optional(),
  utc_offset: ZTextSchema({ label: 'UTC offset', max: 10 }).optional(),
  preferred_language: ZTextSchema({ label: 'Preferred language', max: 64 }).optional(),
  preferred_language_id: ZTextSchema({ label: 'Preferred language', max: 16 }).optional(),
  business_type: ZTextSchema({ label: 'Business type', max: 64 }).optional(),
  other_business_type: ZTextSchema({ label: 'Business type', trim: true, max: 100 }).optional(),
});

/** Other business type is required when the business type is Other. */
export const refineOtherBusinessType = (
  v: { business_type?: string | undefined; other_business_type?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.business_type === 'Other' && !v.other_business_type) {
    ctx.addIssue({ code: 'custom', message: MSG.otherBusinessTypeRequired, path: ['other_business_type'] });
  }
};

export const ZProfileSchema = ZProfileFieldsSchema.extend({
  /** A data URL to upload a new picture, '' to remove it, absent to keep it. */
  profile_picture: z.union([ZPictureDataSchema, z.literal('')]).optional(),
})
  .superRefine(refinePhone)
  .superRefine(refineOtherBusinessType);
export type TProfileInput = z.input<typeof ZProfileSchema>;
export type TProfile = z.infer<typeof ZProfileSchema>;
