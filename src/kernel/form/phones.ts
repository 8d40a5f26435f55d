/**
 * Phone answers (SPEC §3, §5) that are not U.S. numbers. A number typed with a leading '+' is an international
 * number: it is kept exactly as typed (auto-formatting must never change what a number means) and, once valid, its
 * E.164 form ('+525512345678') is stored beside it in the {key}_e164 companion, set and cleared with it. Numbers
 * without '+' keep SPEC's U.S. mask and rules. No library here: the server and the first download import this.
 */

export const E164_SUFFIX = '_e164';
/** The companion key holding a phone's E.164 form (parent_2_phone → parent_2_phone_e164). */
export const e164Key = (key: string) => `${key}${E164_SUFFIX}`;

/** Whether a phone answer was typed as an international number (a leading '+'). */
export const isInternationalPhone = (text: string) => text.trimStart().startsWith('+');

/** The phone questions' hint: the U.S. format, and how to give a number from abroad. */
export const PHONE_HINT = 'Format: (xxx) xxx-xxxx. For a number outside the U.S., start with + and the country code.';
