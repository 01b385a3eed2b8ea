import metadata from 'libphonenumber-js/max/metadata';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { MSG } from './messages';
import { ZTextSchema } from './text';

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

export const ZPhoneCodeSchema = ZTextSchema({ label: 'Phone code', trim: true, max: 5 });

/** E.164 numbers have at most 15 digits; anything past 20 is no phone number of any country. */
export const ZPhoneNumberSchema = ZTextSchema({
  label: 'Phone number',
  max: 20,
  maxMessage: MSG.phoneInvalid,
});

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

/**
 * The country (ISO 3166-1 alpha-2) a phone-code select should show for a stored dialling code and number:
 * the number's own country when it parses (a Toronto number under +1 is Canada), else the main country of
 * the dialling code in libphonenumber's metadata (+1 → US, +44 → GB), else null for an unknown code.
 */
export const phoneCountryOf = (code: string | null | undefined, number?: string | null): string | null => {
  const dial = digitsOnly(code ?? DEFAULT_PHONE_CODE);
  if (!dial) return null;
  if (number) {
    const parsed = parsePhoneNumberFromString(`+${dial}${digitsOnly(number)}`);
    if (parsed?.country) return parsed.country;
  }
  return metadata.country_calling_codes[dial]?.[0] ?? null;
};
