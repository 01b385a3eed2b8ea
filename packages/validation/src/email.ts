import { z } from 'zod';
import { MSG } from './messages';

// Local part: atoms joined by single dots (no leading, trailing or doubled dot).
// Domain: labels joined by dots, ending in a 2 to 6 letter top-level domain.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

export const isValidEmail = (value: string): boolean => EMAIL_RE.test(value);

/** The shared email rule of spec §5, required. */
export const ZEmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .refine(isValidEmail, MSG.emailInvalid);

/** The shared email rule, optional: empty string or absent is fine. */
export const ZOptionalEmailSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidEmail(v), MSG.emailInvalid)
  .optional();
