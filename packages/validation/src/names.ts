import { z } from 'zod';
import { MSG } from './messages';
import { textCharactersIssue } from './text';

const LETTERS_RE = /^[\p{L}'-]+(?: [\p{L}'-]+)*$/u;
// A hyphen or apostrophe must have a letter on both sides (so never doubled, never at an end).
const SEPARATOR_RE = /(^|[^\p{L}])['-]|['-]($|[^\p{L}])/u;

const checkName = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  const characters = textCharactersIssue(value, { label });
  if (characters) {
    ctx.addIssue({ code: 'custom', message: characters });
    return;
  }
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
  .max(50, { message: 'First name cannot exceed 50 characters.', abort: true })
  .superRefine(checkName('First name'));

export const ZLastNameSchema = z
  .string()
  .max(50, { message: 'Last name cannot exceed 50 characters.', abort: true })
  .superRefine((v, ctx) => {
    if (v !== '') checkName('Last name')(v, ctx);
  })
  .optional();
