import { z } from 'zod';

// The one rule every text input follows, whatever it is: a maximum length, no control characters (a NUL
// breaks PostgreSQL, the others break logs, CSV exports and feeds), and no lone surrogates (half of an
// emoji, which the database driver would silently turn into U+FFFD).

/** Upper bounds shared by inputs that does not size. */
export const TEXT_LIMITS = {
  /** Database ids (uuids) and short keys such as role ids. */
  id: 64,
  /** One-time link tokens, refresh tokens, sealed invitation ids, OAuth state. */
  token: 200,
  /** An OAuth authorization code. */
  oauthCode: 2048,
  /** RFC 5321: a forward path holds at most 254 characters of address. */
  email: 254,
  /** Any URL a user types (store, website). */
  url: 2048,
  /** Passwords as typed at sign-in (the new-password rule is stricter: 8 to 20). */
  password: 128,
  search: 200,
  /** A one-line text field the spec gives no size for. */
  line: 200,
  /** A multi-line text field the spec gives no size for (descriptions). */
  paragraph: 5000,
  /** Items in a list input (ids of shops, permissions, promotion ids …). */
  listItems: 1000,
} as const;

export const TEXT_MSG = {
  controlCharacters: (label: string) => `${label} must not contain control characters.`,
  invalidCharacter: (label: string) => `${label} contains an invalid character.`,
  tooLong: (label: string, max: number) => `${label} cannot exceed ${max} characters.`,
  required: (label: string) => `${label} is required.`,
  tooManyItems: (label: string, max: number) => `${label} cannot have more than ${max} entries.`,
} as const;

// Unicode category Cc: C0 controls (NUL … US), DEL and the C1 controls. Written as classes, which V8 scans
// about three times as fast as `\p{Cc}` (the import runs the multi-line one over every piece of a file).
/* eslint-disable no-control-regex */
/** A control character (Unicode's Cc). */
export const CONTROL_CHARACTER_RE = /[\0-\x1f\x7f-\x9f]/;
/** A control character a multi-line value may not hold: Cc but tab, line feed and carriage return. */
export const CONTROL_CHARACTER_MULTILINE_RE = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
/* eslint-enable no-control-regex */
// Without the u flag a regex sees UTF-16 code units: a high surrogate not followed by a low one, or a low
// one not preceded by a high one.
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TTextCharsRule {
  /** The field as the user knows it, at the start of a sentence: 'Store name'. */
  label: string;
  /** Keep tab and line breaks (descriptions); any other control character is still refused. */
  multiline?: boolean;
}

/** The message for a value with characters no text field accepts, or null when it is clean. */
export const textCharactersIssue = (value: string, rule: TTextCharsRule): string | null => {
  if ((rule.multiline ? CONTROL_CHARACTER_MULTILINE_RE : CONTROL_CHARACTER_RE).test(value)) {
    return TEXT_MSG.controlCharacters(rule.label);
  }
  if (LONE_SURROGATE_RE.test(value)) return TEXT_MSG.invalidCharacter(rule.label);
  return null;
};

/** True when a string holds no control character (tab and line breaks allowed) and no lone surrogate. */
export const isCleanText = (value: string): boolean =>
  textCharactersIssue(value, { label: '', multiline: true }) === null;

/** `.superRefine(refineTextCharacters({ label }))` on a string schema built by hand. */
export const refineTextCharacters =
  (rule: TTextCharsRule) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const message = textCharactersIssue(value, rule);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

export interface TTextRule extends TTextCharsRule {
  max: number;
  /** At least this many characters (after trimming); 1 makes the field required. Default 0. */
  min?: number;
  /** Trim surrounding whitespace first (the value handed on is the trimmed one). */
  trim?: boolean;
  /** Message when the value is missing, not a string, or shorter than `min` (default '<label> is required.'). */
  requiredMessage?: string;
  /** Message when it is longer than `max`, the spec's where it has one (default '<label> cannot exceed N characters.'). */
  maxMessage?: string;
}

/**
 * A text input: a string of at most `max` characters with no control characters or lone surrogates.
 * Length is checked first and stops the other checks, so a megabyte of input costs no regex work.
 */
export const ZTextSchema = (rule: TTextRule) => {
  const required = rule.requiredMessage ?? TEXT_MSG.required(rule.label);
  let schema = z.string(rule.requiredMessage ? { error: rule.requiredMessage } : undefined);
  if (rule.trim) schema = schema.trim();
  if (rule.min) schema = schema.min(rule.min, required);
  return schema
    .max(rule.max, { message: rule.maxMessage ?? TEXT_MSG.tooLong(rule.label, rule.max), abort: true })
    .superRefine(refineTextCharacters(rule));
};

/** An id or key in a path, query or body: required, exact (not trimmed), at most 64 characters. */
export const ZIdSchema = (label = 'Id') => ZTextSchema({ label, min: 1, max: TEXT_LIMITS.id });

/** An opaque token (link token, refresh token, sealed id): required, at most 200 characters. */
export const ZTokenSchema = (label = 'Token', requiredMessage?: string) =>
  ZTextSchema({ label, min: 1, max: TEXT_LIMITS.token, requiredMessage });
