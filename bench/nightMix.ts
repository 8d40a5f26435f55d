/**
 * The deadline night's mix: what one applicant active in the last hours before the deadline does in an hour, the
 * one place the night area (night.ts) takes its proportions from. A night's load at A applicants per hour is each
 * kind at A × its count ÷ 3600 per second.
 *
 * Where the proportions come from: the product's plan for this area (many saves, fewer logins, a share signing up,
 * a share uploading, a share submitting, staff reading a little), made into counts by what the app itself does.
 * They are assumptions, not figures from a deadline's logs, which the product does not have yet:
 * - saves: the app saves 3 s after typing stops (AUTOSAVE_DELAY_MS); an applicant typing, reading and moving
 *   between fields saves about once every DEADLINE_SAVE_INTERVAL_S (10 s, as the server area assumes): 360.
 * - logins: one a session; in the last hours an applicant stays logged in (sessions idle out after hours), so one
 *   login an hour, and one in ten applicants of the hour new that night: a sign-up with its confirmation.
 * - uploads: of the three documents, an applicant finishing uploads about one in the hour (0.6: some had uploaded
 *   before), half of them PDF and half Word files (converted by LibreOffice).
 * - submits: the hour's applicants do not all submit within it: one in four does, with the receipt mailed and the
 *   PDF copy downloaded.
 * - staff reading: staff open the list and an application now and then on such a night: one read per 20
 *   applicants of the hour (a list page and an application each).
 */
import { DEADLINE_SAVE_INTERVAL_S } from './capacity';

export type NightKind = 'save' | 'login' | 'signup' | 'uploadPdf' | 'uploadWord' | 'submit' | 'staffRead';

/** Per active applicant-hour. */
export const NIGHT_MIX: Record<NightKind, number> = {
  save: 3600 / DEADLINE_SAVE_INTERVAL_S,
  login: 1,
  signup: 0.1,
  uploadPdf: 0.3,
  uploadWord: 0.3,
  submit: 0.25,
  staffRead: 0.05,
};

export const NIGHT_KINDS = Object.keys(NIGHT_MIX) as NightKind[];

/** How the report names each kind. */
export const KIND_LABELS: Record<NightKind, string> = {
  save: 'save (PUT /api/answer)',
  login: 'login',
  signup: 'sign-up and confirmation',
  uploadPdf: 'upload of a PDF and its conversion',
  uploadWord: 'upload of a Word file and its conversion',
  submit: 'submit, its receipt and the PDF copy',
  staffRead: 'staff reading (list, then an application)',
};

/** Requests per second of `kind` at `applicantsPerHour`. */
export const ratePerSec = (kind: NightKind, applicantsPerHour: number) => (applicantsPerHour * NIGHT_MIX[kind]) / 3600;
