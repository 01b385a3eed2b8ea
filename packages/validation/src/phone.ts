import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { z } from 'zod';
import { MSG } from './messages';

export const DEFAULT_PHONE_CODE = '+91';

/** Strip everything but digits, as the phone input does on paste. */
export const digitsOnly = (value: string): string => value.replace(/\D+/g, '');

/** True when `number` is a valid national number for the dialling code (e.g. '+91'). Empty is valid (optional). */
export const isValidPhoneForCode = (code: string | undefined, number: string | undefined): boolean => {
  if (!number) return true;
  const dial = digitsOnly(code ?? DEFAULT_PHONE_CODE);
  if (!dial) return false;
  return isValidPhoneNumber(`+${dial}${digitsOnly(number)}`);
};

export const ZPhoneCodeSchema = z.string().trim().max(5, 'Phone code cannot exceed 5 characters.');

/** Adds the phone rule to an object that has phone_code and phone_number. */
export const refinePhone = <T extends { phone_code?: string | undefined; phone_number?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.phone_number && !/^\d+$/.test(v.phone_number)) {
    ctx.addIssue({ code: 'custom', message: MSG.phoneInvalid, path: ['phone_number'] });
    return;
  }
  if (!isValidPhoneForCode(v.phone_code, v.phone_number)) {
    ctx.addIssue({ code: 'custom', message: MSG.phoneInvalid, path: ['phone_number'] });
  }
};
