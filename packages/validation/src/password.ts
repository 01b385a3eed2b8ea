import { z } from 'zod';
import { MSG } from './messages';
import { textCharactersIssue, TEXT_LIMITS, ZTextSchema } from './text';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_SPECIALS = '!@#$%&*()_';

const EMOJI_RE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const SPECIAL_RE = /[!@#$%&*()_]/;

/** Password rule: 8–20 chars, no leading space/special, lower+upper+digit+special, no emoji. */
export const ZPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  // Far beyond 20 characters: the spec's length message, without scanning the rest.
  .max(TEXT_LIMITS.password, { message: MSG.passwordLength, abort: true })
  .superRefine((value, ctx) => {
    if (value.length === 0) return;
    const characters = textCharactersIssue(value, { label: 'Password' });
    if (characters) {
      ctx.addIssue({ code: 'custom', message: characters });
      return;
    }
    if (EMOJI_RE.test(value)) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordEmoji });
      return;
    }
    // Count code points so a password's length is what the user typed.
    const length = [...value].length;
    if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordLength });
      return;
    }
    if (!/^[A-Za-z0-9]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordStart });
      return;
    }
    if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value) || !SPECIAL_RE.test(value)) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordComplexity });
    }
  });

/** Login only asks for a password to be present: the server judges it. */
export const ZLoginPasswordSchema = ZTextSchema({
  label: 'Password',
  min: 1,
  max: TEXT_LIMITS.password,
  requiredMessage: MSG.passwordRequired,
});

/** The confirmation of a new password: required, bounded; whether it matches is the pair's rule. */
export const ZConfirmPasswordSchema = ZTextSchema({
  label: 'Confirm password',
  min: 1,
  max: TEXT_LIMITS.password,
  requiredMessage: MSG.confirmRequired,
});

/** New password + confirmation, with the mismatch reported on `confirm`. */
export const ZPasswordPairSchema = z
  .object({
    password: ZPasswordSchema,
    confirm: ZConfirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirm, { message: MSG.confirmMismatch, path: ['confirm'] });
