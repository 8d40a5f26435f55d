/**
 * Input masks for the phone and SSN questions (SPEC §3, §5): the field formats itself while the applicant types,
 * and the caret stays after the same digit it was after, so typing, deleting and pasting in the middle behave.
 * A phone typed with a leading '+' is an international number and is kept as typed (applyPhoneEdit).
 */
import { isInternationalPhone } from '../../kernel/form/phones';

/** A mask: how many digits it holds and how a run of digits is shown. */
export interface Mask {
  digits: number;
  format: (digits: string) => string;
  /** A country code a pasted number may start with ('+1 555 010 0142'): dropped when there are too many digits. */
  countryCode?: string;
  /** An input that decides its edits itself (the phone's, which keeps international numbers as typed). */
  edit?: (previous: string, raw: string, caret: number, direction?: 'backward' | 'forward') => MaskedEdit;
}

/** '(xxx) xxx-xxxx', built up as the digits arrive: '(55', '(555) 01', '(555) 010-01'. */
export const PHONE_MASK: Mask = {
  digits: 10,
  countryCode: '1',
  format: (d) => {
    if (d.length === 0) return '';
    if (d.length <= 3) return `(${d}`;
    if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
    return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  },
};

/** 3-2-4 digits with hyphens: '123', '123-45', '123-45-6789'. */
export const SSN_MASK: Mask = {
  digits: 9,
  format: (d) => {
    if (d.length <= 3) return d;
    if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
    return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
  },
};

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** Formats any text with a mask (what a paste into an empty field gives). */
export const formatWith = (mask: Mask, text: string) => applyMask(mask, '', text, text.length).value;
export const formatPhone = (text: string) => applyPhoneEdit('', text, text.length).value;
export const formatSsn = (text: string) => formatWith(SSN_MASK, text);

/** Where the caret goes in `formatted` to sit right after its `digitCount`-th digit. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) {
    // Before the first digit: after any leading punctuation ('(').
    const first = formatted.search(/\d/);
    return first < 0 ? formatted.length : first;
  }
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === digitCount) return i + 1;
  }
  return formatted.length;
}

export interface MaskedEdit {
  value: string;
  caret: number;
}

/**
 * Applies a mask to what the input now holds (`raw`, caret at `caret`), given what it held before. A backspace or
 * delete that removed only punctuation ('-', ')', ' ') removes the digit beside it instead (before it for a
 * backspace, after it for the delete key: `direction`, from the input event), so deleting never sticks on a hyphen.
 */
export function applyMask(
  mask: Mask,
  previous: string,
  raw: string,
  caret: number,
  direction: 'backward' | 'forward' = 'backward',
): MaskedEdit {
  let digits = onlyDigits(raw);
  let digitsBeforeCaret = onlyDigits(raw.slice(0, caret)).length;
  const removedOnlyPunctuation = raw.length < previous.length && digits === onlyDigits(previous);
  if (removedOnlyPunctuation) {
    if (direction === 'forward') {
      // Delete key: remove the digit after the caret.
      digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
    } else if (digitsBeforeCaret > 0) {
      // Backspace: remove the digit before the caret.
      digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
      digitsBeforeCaret -= 1;
    }
  }
  const code = mask.countryCode;
  if (code && digits.length > mask.digits && digits.startsWith(code)) {
    digits = digits.slice(code.length);
    digitsBeforeCaret = Math.max(0, digitsBeforeCaret - code.length);
  }
  digits = digits.slice(0, mask.digits);
  const value = mask.format(digits);
  return { value, caret: caretAfterDigits(value, Math.min(digitsBeforeCaret, digits.length)) };
}

/** An international number holds digits, a leading '+', spaces and the usual separators; nothing else. */
const INTERNATIONAL_TEXT = /^\+[\d\s().-]*$/;
const DIGITS_AND_SEPARATORS = /^[\d\s().-]*$/;
/** E.164 numbers have at most 15 digits. */
const MAX_PHONE_DIGITS = 15;
/** '+1', the North American code (the U.S., Canada, …), followed by a digit: such a number takes the U.S. form. */
const NORTH_AMERICAN_CODE = /^\s*\+\s*1(?=\D*\d)/;

/** More digits than the U.S. mask holds (a leading 1 beyond ten digits is the country code, as the mask reads it). */
function overflowsUsMask(text: string): boolean {
  const digits = onlyDigits(text);
  const code = PHONE_MASK.countryCode ?? '';
  const national = digits.length > PHONE_MASK.digits && digits.startsWith(code) ? digits.slice(code.length) : digits;
  return national.length > PHONE_MASK.digits;
}

/** The edit refused: the input keeps what it held, the caret back before what was typed or pasted. */
function refused(previous: string, raw: string, caret: number): MaskedEdit {
  const inserted = Math.max(0, raw.length - previous.length);
  return { value: previous, caret: Math.min(previous.length, Math.max(0, caret - inserted)) };
}

/** The text as typed (leading spaces aside), or refused when it holds a letter, a '+' past the start or 16 digits. */
function keptAsTyped(previous: string, raw: string, caret: number): MaskedEdit {
  const lead = raw.length - raw.trimStart().length;
  const text = raw.slice(lead);
  const allowed = isInternationalPhone(text) ? INTERNATIONAL_TEXT : DIGITS_AND_SEPARATORS;
  if (!allowed.test(text) || onlyDigits(text).length > MAX_PHONE_DIGITS) return refused(previous, raw, caret);
  return { value: text, caret: Math.max(0, caret - lead) };
}

/**
 * The phone field's edits. Without a '+' it is today's U.S. mask, exactly. With a leading '+' the number is
 * international and kept as typed: only letters and other symbols are refused, never a digit changed or dropped
 * ('+52 55 1234 5678' stays so; the U.S. mask read it as '(525) 512-3456'). '+1' followed by a digit is a North
 * American number, which the U.S. form shows whole: '+1 212 555 0100' becomes '(212) 555-0100' (the same digits),
 * unless it has more digits than that form holds. Deleting the '+' of a long number keeps its digits as they are.
 */
export function applyPhoneEdit(
  previous: string,
  raw: string,
  caret: number,
  direction: 'backward' | 'forward' = 'backward',
): MaskedEdit {
  if (isInternationalPhone(raw)) {
    const code = NORTH_AMERICAN_CODE.exec(raw);
    if (code) {
      const national = raw.slice(code[0].length);
      if (!overflowsUsMask(national)) {
        return applyMask(PHONE_MASK, previous, national, Math.max(0, caret - code[0].length), direction);
      }
    }
    return keptAsTyped(previous, raw, caret);
  }
  // Typed before the '+' of an international number: refused, never re-read by the U.S. mask.
  if (isInternationalPhone(previous) && raw.includes('+')) return refused(previous, raw, caret);
  // The mask would cut digits the field already held (its '+' just deleted, or a long number kept as typed).
  if (overflowsUsMask(raw) && (isInternationalPhone(previous) || overflowsUsMask(previous))) {
    return keptAsTyped(previous, raw, caret);
  }
  return applyMask(PHONE_MASK, previous, raw, caret, direction);
}

/** The phone question's input: the U.S. mask, or an international number kept as typed. */
export const PHONE_INPUT_MASK: Mask = { ...PHONE_MASK, edit: applyPhoneEdit };
