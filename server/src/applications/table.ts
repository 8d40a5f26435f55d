import type { Queryable } from '../db/client';
import type { Statement } from '../db/statements';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { withDocumentMarks } from './documentMarks';

/**
 * The applications table's one home, below the areas: every area that needs an application calls a function here
 * (none is handed SQL text to splice), so no area imports another for it. The answers area writes what the
 * applicant edits (answers/service.ts: the answer map and its version, the last page, add-another counts, tab
 * choices, the submission); identity creates the row at login, documents ask whether the application is submitted,
 * the PDF copy and the print view read what they print, staff read the times and answers they list and export, the
 * admin CLI lists who submitted. Documents write nothing here: a document question's ANSWERED is derived from
 * their state when the answers are read (`withDocumentMarks`).
 */

/** createApplicationRow's statement, for a batch (the login's: identity/service.ts). */
export const applicationRowStatement = (userId: number | string): Statement => ({
  sql: 'INSERT INTO applications (user_id) VALUES ($1) ON CONFLICT DO NOTHING',
  params: [userId],
});

/** The row every applicant has (created at login; also for an account that has none: older data, a race). */
export async function createApplicationRow(db: Queryable, userId: number | string) {
  const { sql, params } = applicationRowStatement(userId);
  await db.query(sql, params);
}

/**
 * The keys with a converted document, as an array column named `converted` (null when none): with the stored map,
 * `withDocumentMarks` (documentMarks.ts) gives the answers as the applicant sees them. `userId` is the query's
 * expression for the applicant's id. This file's own: callers get the marked answers, never the column.
 */
const convertedKeysColumn = (userId: string) =>
  `(SELECT array_agg(d.answer_key ORDER BY d.answer_key) FROM document_answers d WHERE d.user_id = ${userId}) AS converted`;

/** The stored row as the applicant's own calls read it (answers/service.ts). */
export interface ApplicationRow {
  answer: AnswerMap;
  version: number;
  last_page: string | null;
  add_another: Record<string, number>;
  tabs: Record<string, string>;
  submitted_at: Date | null;
}

/**
 * The row with the answers as the applicant sees them (each document question's ANSWERED from its document), or
 * undefined when the account has none yet.
 */
export async function answeredApplication(db: Queryable, userId: number): Promise<ApplicationRow | undefined> {
  const { rows } = await db.query<ApplicationRow & { converted: string[] | null }>(
    `SELECT a.answer, a.version, a.last_page, a.add_another, a.tabs, a.submitted_at, ${convertedKeysColumn('a.user_id')}
       FROM applications a WHERE a.user_id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { converted, ...stored } = row;
  return { ...stored, answer: withDocumentMarks(row.answer, converted) };
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
 * Each listed applicant's last save (the staff list's column), by id; an applicant with no application is not in
 * the map. One statement for a page of ids (the primary key's index).
 */
export async function lastSaves(db: Queryable, userIds: readonly string[]): Promise<Map<string, Date | null>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; updated_at: Date | null }>(
    'SELECT user_id::text AS id, updated_at FROM applications WHERE user_id = ANY($1::bigint[])',
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, row.updated_at]));
}

/** What the staff export writes of each application in a batch, by id (none for an account with no application). */
export interface ExportedApplication {
  submitted_at: Date | null;
  updated_at: Date | null;
  /**
   * The answer map as JSON text, parsed by the export: from the embedded database's thread a text crosses far
   * cheaper than the parsed map. (Taking the file's keys out in SQL instead was 5 times slower: each key decompresses
   * the map.)
   */
  answer: string;
}

/** A batch of applications for the staff export (staff/applicants/export.ts), by id: one statement per batch. */
export async function exportedApplications(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, ExportedApplication>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<ExportedApplication & { id: string }>(
    `SELECT user_id::text AS id, submitted_at, updated_at, answer::text AS answer
       FROM applications WHERE user_id = ANY($1::bigint[])`,
    [userIds],
  );
  return new Map(rows.map(({ id, ...application }) => [id, application]));
}

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

/** The applicant's stored answers (empty when no row yet) and account address: the school report reads both. */
export async function answersAndAddress(
  db: Queryable,
  userId: number | string,
): Promise<{ answer: Record<string, unknown>; username: string }> {
  const { rows } = await db.query<{ answer: Record<string, unknown> | null; username: string }>(
    'SELECT a.answer, u.username FROM users u LEFT JOIN applications a ON a.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return { answer: rows[0]?.answer ?? {}, username: rows[0]?.username ?? '' };
}
