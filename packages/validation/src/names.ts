import { z } from 'zod';
import { MSG } from './messages';

const LETTERS_RE = /^[\p{L}'-]+(?: [\p{L}'-]+)*$/u;
// A hyphen or apostrophe must have a letter on both sides (so never doubled, never at an end).
const SEPARATOR_RE = /(^|[^\p{L}])['-]|['-]($|[^\p{L}])/u;

const checkName = (value: string, ctx: z.RefinementCtx) => {
  if (value !== value.trim()) {
    ctx.addIssue({ code: 'custom', message: MSG.nameSpaces });
    return;
  }
  if (!LETTERS_RE.test(value)) {
    ctx.addIssue({ code: 'custom', message: MSG.nameInvalid });
    return;
  }
  if (SEPARATOR_RE.test(value)) ctx.addIssue({ code: 'custom', message: MSG.nameSeparator });
};

export const ZFirstNameSchema = z
  .string({ error: MSG.firstNameRequired })
  .min(1, MSG.firstNameRequired)
  .max(50, 'First name cannot exceed 50 characters.')
  .superRefine(checkName);

export const ZLastNameSchema = z
  .string()
  .max(50, 'Last name cannot exceed 50 characters.')
  .superRefine((v, ctx) => {
    if (v !== '') checkName(v, ctx);
  })
  .optional();
