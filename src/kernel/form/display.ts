/**
 * How stored answers read wherever they are shown read-only (the form's read-only fields, the PDF copy, the staff
 * console): one home, so the three agree.
 */

/** 2024-03-09 → 03/09/2024 (the form's US format); anything else as it is. */
export function displayDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** Only the last four digits of an SSN are ever shown: ***-**-1234. */
export function maskSsn(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : value ? '***' : '';
}
