import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '@feedloom/validation';

/** The password rule, as shown under every new-password field. */
export const PASSWORD_RULES_TEXT = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters with an uppercase and a lowercase letter, a number and one of ${PASSWORD_SPECIALS}. It must not start with a space or a special character.`;
