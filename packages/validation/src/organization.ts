import { z } from 'zod';
import { ZEmailSchema, ZOptionalEmailSchema } from './email';
import { MSG } from './messages';
import { DEFAULT_PHONE_CODE, refinePhone, ZPhoneCodeSchema } from './phone';
import { isAbsoluteUrl } from './url';

const base = {
  business_name: z
    .string({ error: MSG.businessNameRequired })
    .trim()
    .min(1, MSG.businessNameRequired)
    .max(100, MSG.businessNameMax),
  business_email: ZEmailSchema,
  business_url: z
    .string()
    .trim()
    .refine((v) => v === '' || isAbsoluteUrl(v), MSG.websiteInvalid)
    .optional(),
  phone_code: ZPhoneCodeSchema.default(DEFAULT_PHONE_CODE),
  phone_number: z.string().optional(),
  state: z.string().trim().max(50).optional(),
  country: z.string().trim().max(56).optional(),
  address_1: z.string().trim().max(100, MSG.address1Max).optional(),
  address_2: z.string().trim().max(100, MSG.address2Max).optional(),
  city: z.string().trim().max(50, MSG.cityMax).optional(),
  zipcode: z.string().trim().optional(),
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

/** Organisation form for the owner: address 1, city and zipcode become required (spec §5). */
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
