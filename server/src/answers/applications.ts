import type { Queryable } from '../db/client';
import { ANSWERED } from '../../../src/kernel/documents/messages';

/**
 * The applications table's one home. The answers service (service.ts) owns it: the answer map and its version,
 * the last page, add-another counts, tab choices, the submission. The statements other areas need are lent here,
 * so no other folder writes (or even reads) the table itself: identity creates the row at login, documents set and
 * clear a document question's ANSWERED mark and ask whether the application is submitted, the PDF copy and the
 * staff view read what they print, the admin CLI lists who submitted.
 */

/** The row every applicant has (created at login; also for an account that has none: older data, a race). */
export async function createApplicationRow(db: Queryable, userId: number | string) {
  await db.query('INSERT INTO applications (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
}

/** Sets a document question's answer to ANSWERED (SPEC §4: a completed conversion marks the answer). */
export async function setDocumentMark(tx: Queryable, userId: number | string, answerKey: string) {
  await createApplicationRow(tx, userId);
  await tx.query(
    `UPDATE applications SET answer = jsonb_set(answer, ARRAY[$2::text], to_jsonb($3::text)),
            version = version + 1, updated_at = now()
      WHERE user_id = $1 AND (answer ->> $2::text) IS DISTINCT FROM $3::text`,
    [userId, answerKey, ANSWERED],
  );
}

/** Clears an ANSWERED mark (to the empty answer, SPEC §3); any other value is the applicant's and stays. */
export async function clearDocumentMark(tx: Queryable, userId: number | string, answerKey: string) {
  await tx.query(
    `UPDATE applications SET answer = jsonb_set(answer, ARRAY[$2::text], '""'::jsonb),
            version = version + 1, updated_at = now()
      WHERE user_id = $1 AND (answer ->> $2::text) = $3::text`,
    [userId, answerKey, ANSWERED],
  );
}

/** When the application was submitted, or null. */
export async function submittedAt(db: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await db.query<{ submitted_at: Date | null }>(
    'SELECT submitted_at FROM applications WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.submitted_at ?? null;
}

/** What the PDF copy prints: the answers, counts, tab choices and the submission date (empty when no row). */
export async function printedApplication(db: Queryable, userId: number) {
  const { rows } = await db.query<{
    answer: Record<string, string | boolean>;
    add_another: Record<string, number>;
    tabs: Record<string, string>;
    submitted_at: Date | null;
  }>('SELECT answer, add_another, tabs, submitted_at FROM applications WHERE user_id = $1', [userId]);
  return rows[0] ?? { answer: {}, add_another: {}, tabs: {}, submitted_at: null };
}

/** What the staff view shows of an applicant: the application, their email, submission and last save. */
export async function staffApplication(db: Queryable, userId: number | string) {
  const { rows } = await db.query<{
    answer: Record<string, string | boolean> | null;
    add_another: Record<string, number> | null;
    tabs: Record<string, string> | null;
    username: string;
    submitted_at: Date | null;
    updated_at: Date | null;
  }>(
    `SELECT a.answer, a.add_another, a.tabs, u.username, a.submitted_at, a.updated_at
       FROM users u LEFT JOIN applications a ON a.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** Every account with whether it submitted, oldest first (the admin CLI's list). */
export async function applicantsOverview(db: Queryable) {
  const { rows } = await db.query<{
    username: string;
    confirmed_at: Date | null;
    created_at: Date;
    submitted_at: Date | null;
  }>(
    `SELECT u.username, u.confirmed_at, u.created_at, a.submitted_at
       FROM users u LEFT JOIN applications a ON a.user_id = u.id ORDER BY u.created_at`,
  );
  return rows;
}
