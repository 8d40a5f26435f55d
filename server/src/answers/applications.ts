import type { Queryable } from '../db/client';
import { withDocumentMarks } from './answerMap';

/**
 * The applications table's one home. The answers service (service.ts) owns it: the answer map and its version,
 * the last page, add-another counts, tab choices, the submission. The statements other areas need are lent here,
 * so no other folder writes (or even reads) the table itself: identity creates the row at login, documents ask
 * whether the application is submitted, the PDF copy and the print view read what they print, the admin CLI lists
 * who submitted. Documents write nothing here: a document question's ANSWERED is derived from their state when
 * the answers are read (`withDocumentMarks`).
 */

/** The row every applicant has (created at login; also for an account that has none: older data, a race). */
export async function createApplicationRow(db: Queryable, userId: number | string) {
  await db.query('INSERT INTO applications (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [userId]);
}

/**
 * The keys with a converted document, as an array column named `converted` (null when none): with the stored map,
 * `withDocumentMarks` (answerMap.ts) gives the answers as the applicant sees them. `userId` is the query's expression for the applicant's id.
 */
export const convertedKeysColumn = (userId: string) =>
  `(SELECT array_agg(d.answer_key ORDER BY d.answer_key) FROM document_answers d WHERE d.user_id = ${userId}) AS converted`;

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
    converted: string[] | null;
  }>(
    `SELECT a.answer, a.add_another, a.tabs, a.submitted_at, ${convertedKeysColumn('a.user_id')} FROM applications a WHERE a.user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return { answer: {}, add_another: {}, tabs: {}, submitted_at: null };
  const { converted, ...printed } = row;
  return { ...printed, answer: withDocumentMarks(row.answer, converted) };
}

/** What the print view shows of an applicant: the application, their email, submission and last save. */
export async function printViewApplication(db: Queryable, userId: number | string) {
  const { rows } = await db.query<{
    answer: Record<string, string | boolean> | null;
    add_another: Record<string, number> | null;
    tabs: Record<string, string> | null;
    username: string;
    submitted_at: Date | null;
    updated_at: Date | null;
    converted: string[] | null;
  }>(
    `SELECT a.answer, a.add_another, a.tabs, u.username, a.submitted_at, a.updated_at, ${convertedKeysColumn('u.id')}
       FROM users u LEFT JOIN applications a ON a.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return row;
  const { converted, ...shown } = row;
  return { ...shown, answer: row.answer && withDocumentMarks(row.answer, converted) };
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

/**
 * The staff console's list (staff/applicants) joins each applicant's application as `a`, for its last save (and, in
 * the export, its answers): `userId` is the query's expression for the applicant's id. `after` bounds the
 * applications too when the rows are read after an id (the export's batches: without it the planner merged each
 * batch with every application before it).
 */
export const applicationJoin = (userId: string, after?: string) =>
  `LEFT JOIN applications a ON a.user_id = ${userId}${after ? ` AND a.user_id > ${after}` : ''}`;
/**
 * The console's sort by last save: the applications in their index's order (updated_at, user_id), each with its
 * list row `l`; then the accounts with no application (`neverSaved`).
 */
export const APPLICATIONS_BY_SAVE = 'applications a JOIN applicant_list l ON l.user_id = a.user_id';
export const neverSaved = (userId: string) => `NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = ${userId})`;

/** The application's last save (when it has answers) and submission, for the console's timeline. */
export async function applicationTimes(db: Queryable, userId: number | string) {
  const { rows } = await db.query<{ saved_at: Date | null; submitted_at: Date | null }>(
    `SELECT CASE WHEN answer <> '{}'::jsonb THEN updated_at END AS saved_at, submitted_at
       FROM applications WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? { saved_at: null, submitted_at: null };
}

/**
 * Many applications at once (the demo seed, server/src/demo): `records` is JSON of
 * [{user_id, answer, submitted_at, updated_at}].
 */
export async function insertApplications(db: Queryable, records: string) {
  await db.query(
    `INSERT INTO applications (user_id, answer, version, submitted_at, updated_at)
     SELECT x.user_id, x.answer, 1, x.submitted_at::timestamptz, x.updated_at::timestamptz
       FROM json_to_recordset($1::json) AS x(user_id bigint, answer jsonb, submitted_at text, updated_at text)`,
    [records],
  );
}
