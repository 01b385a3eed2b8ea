import { z } from 'zod';
import { ZEmailSchema, ZOptionalEmailSchema } from './email';
import { MSG } from './messages';
import { DEFAULT_PHONE_CODE, refinePhone, ZPhoneCodeSchema, ZPhoneNumberSchema } from './phone';
import { TEXT_LIMITS, ZTextSchema } from './text';
import { isAbsoluteUrl } from './url';

const base = {
  business_name: ZTextSchema({
    label: 'Business name',
    trim: true,
    min: 1,
    max: 100,
    requiredMessage: MSG.businessNameRequired,
    maxMessage: MSG.businessNameMax,
  }),
  business_email: ZEmailSchema,
  business_url: ZTextSchema({ label: 'Website URL', trim: true, max: TEXT_LIMITS.url })
    .refine((v) => v === '' || isAbsoluteUrl(v), MSG.websiteInvalid)
    .optional(),
  phone_code: ZPhoneCodeSchema.default(DEFAULT_PHONE_CODE),
  phone_number: ZPhoneNumberSchema.optional(),
  state: ZTextSchema({ label: 'State', trim: true, max: 50 }).optional(),
  country: ZTextSchema({ label: 'Country', trim: true, max: 56 }).optional(),
  address_1: ZTextSchema({
    label: 'Address 1',
    trim: true,
    max: 100,
    maxMessage: MSG.address1Max,
  }).optional(),
  address_2: ZTextSchema({
    label: 'Address 2',
    trim: true,
    max: 100,
    maxMessage: MSG.address2Max,
  }).optional(),
  city: ZTextSchema({ label: 'City', trim: true, max: 50, maxMessage: MSG.cityMax }).optional(),
  zipcode: ZTextSchema({ label: 'Zipcode', trim: true, max: 12, maxMessage: MSG.zipMax }).optional(),
  developer_email: ZOptionalEmailSchema,
};

const zipcodeIssue = (zip: string): string | null => {
  if (zip.length < 2) return MSG.zipMin;
  if (zip.length > 12) return MSG.zipMax;
  if (!/^[A-Za-z0-9 -]+$/.test(zip)) return MSG.zipChars;
  return null;
};

/** Organisation form for a non-owner creating a new organisation: address fields optional. */
export const ZOrganizationSchema = z.object(base).superRefine(refinePhone);

/** Organisation form for the owner: address 1, city and zipcode become required. */
export const ZOwnerOrganizationSchema = z
  .object(base)
  .superRefine(refinePhone)
  .superRefine((v, ctx) => {
    if (!v.address_1) ctx.addIssue({ code: 'custom', message: MSG.address1Required, path: ['address_1'] });
    if (!v.city) ctx.addIssue({ code: 'custom', message: MSG.cityRequired, path: ['city'] });
    const zip = zipcodeIssue(v.zipcode ?? '');
    if (zip) ctx.addIssue({ code: 'custom', message: zip, path: ['zipcode'] });
  });
export type TOrganizationInput = z.input<typeof ZOrganizationSchema>;
export type TOrganization = z.infer<typeof ZOrganizationSchema>;
