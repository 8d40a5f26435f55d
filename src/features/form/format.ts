/**
 * Input masks for the phone and SSN questions (SPEC §3, §5): the field formats itself while the applicant types,
 * and the caret stays after the same digit it was after, so typing, deleting and pasting in the middle behave.
 */

/** A mask: how many digits it holds and how a run of digits is shown. */
export interface Mask {
  digits: number;
  format: (digits: string) => string;
  /** A country code a pasted number may start with ('+1 555 010 0142'): dropped when there are too many digits. */
  countryCode?: string;
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
export const formatPhone = (text: string) => formatWith(PHONE_MASK, text);
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
