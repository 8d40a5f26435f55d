/**
 * International phone numbers, checked by libphonenumber's rules (libphonenumber-js with its complete metadata, so a
 * number's digits are checked, not only its length). Imported by the form's validation only (schema.ts, the
 * form-validation chunk), never by a page's first download: the metadata alone is about 39 KB gzip.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isInternationalPhone } from '../../kernel/form/phones';

/** What an international number may be typed with: a leading '+', digits, spaces and separators. */
const INTERNATIONAL_TEXT = /^\+[\d\s().-]+$/;

/** The E.164 form ('+525512345678') of a valid number typed with a leading '+'; null for anything else. */
export function internationalE164(text: string): string | null {
  const typed = text.trim();
  if (!isInternationalPhone(typed) || !INTERNATIONAL_TEXT.test(typed)) return null;
  const number = parsePhoneNumberFromString(typed);
  return number?.isValid() ? number.number : null;
}
