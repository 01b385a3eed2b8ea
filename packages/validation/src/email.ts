import { z } from 'zod';
import { MSG } from './messages';
import { refineTextCharacters, TEXT_LIMITS, TEXT_MSG } from './text';

// Local part: atoms joined by single dots (no leading, trailing or doubled dot).
// Domain: labels joined by dots, ending in a 2 to 6 letter top-level domain.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

export const isValidEmail = (value: string): boolean =>
  value.length <= TEXT_LIMITS.email && EMAIL_RE.test(value);

const EMAIL_MAX_MSG = TEXT_MSG.tooLong('Email Address', TEXT_LIMITS.email);
const EMAIL_CHARS = { label: 'Email Address' };

/** The shared email rule, required. */
export const ZEmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(TEXT_LIMITS.email, { message: EMAIL_MAX_MSG, abort: true })
  .superRefine(refineTextCharacters(EMAIL_CHARS))
  .refine(isValidEmail, MSG.emailInvalid);

/** The shared email rule, optional: empty string or absent is fine. */
export const ZOptionalEmailSchema = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email, { message: EMAIL_MAX_MSG, abort: true })
  .superRefine(refineTextCharacters(EMAIL_CHARS))
  .refine((v) => v === '' || isValidEmail(v), MSG.emailInvalid)
  .optional();
