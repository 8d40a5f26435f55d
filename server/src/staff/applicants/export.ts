import crypto from 'node:crypto';
import {
  exportCell,
  EXPORT_COLUMNS,
  ENTRY_PREFIXES,
  type ExportFile,
} from '../../../../src/kernel/staff/exportColumns';
import { applicationIdOf } from '../../../../src/kernel/applicationId';
import type { Queryable } from '../audit/gate';
import { exportedApplications, type ExportedApplication } from '../../applications/table';
import { csvLines, safeCell, UTF8_BOM } from '../csv';
import { filters, lookUpSearch, param, whereSql, type ListQuery } from './list';

/**
 * Rows per statement. Each batch is a statement of its own, paged by id (never one long transaction: on the
 * embedded database a transaction holds every other request), so memory stays flat whatever the number of
 * applicants, and saves go on between batches. 100, not more: each row's answer map is parsed whole (about 300
 * keys), and measured at 50,000 applicants a batch of 500 grew the server by about 90 MB while it streamed, 100 by
 * half that, for the same time (6.5 s against 5.9 s for the whole export in the database alone).
 */
const BATCH = 100;

interface ListRow {
  id: string;
  username: string;
  status: string;
  created_at: Date;
  school_report: string;
  /** The school report's columns (docs/export.md, version 3), of the applications file's batches only. */
  waiver?: string | null;
  received_at?: Date | null;
}

/**
 * The school report's columns in the batch's own statement: the waiver recorded last, the current request's received
 * date, each a lookup by the applicant's index for the 100 rows the batch returns. As two statements of their own
 * per batch they made the export of 50,000 applications about 40 % slower on the embedded database, where every
 * statement has its own cost (bench/HISTORY.md, 2026-12-02).
 */
const SCHOOL_REPORT_COLUMNS = `,
  (SELECT w.choice FROM school_report_waivers w WHERE w.user_id = l.user_id ORDER BY w.id DESC LIMIT 1) AS waiver,
  (SELECT r.received_at FROM school_report_requests r WHERE r.user_id = l.user_id AND r.current) AS received_at`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : '');
const cell = (value: string | boolean | undefined) => safeCell(value === undefined ? '' : String(value));

/** An entry (a parent, an activity) is in the file when any of its fields is answered. */
const answered = (values: (string | boolean | undefined)[]) =>
  values.some((v) => v !== undefined && v !== '' && v !== false);

function linesOf(file: ExportFile, row: ListRow, application: ExportedApplication | undefined): string[][] {
  const answer = (application ? JSON.parse(application.answer) : {}) as Record<string, string | boolean>;
  const { answerKeys } = EXPORT_COLUMNS[file];
  const applicationId = applicationIdOf(row.id);
  if (file === 'applications') {
    return [
      [
        applicationId,
        row.username,
        row.status,
        iso(row.created_at),
        iso(application?.submitted_at ?? null),
        iso(application?.updated_at ?? null),
        ...answerKeys.map((key) => exportCell(key, answer)),
        row.waiver ?? '',
        row.school_report,
        iso(row.received_at ?? null),
      ].map(cell),
    ];
  }
  return ENTRY_PREFIXES[file].flatMap((prefix, index) => {
    const keys = answerKeys.map((key) => `${prefix}${key}`);
    if (!answered(keys.map((key) => answer[key]))) return [];
    return [[applicationId, String(index + 1), ...keys.map((key) => exportCell(key, answer))].map(cell)];
  });
}

/**
 * One export file (docs/export.md) for the current filters, as CSV chunks (RFC 4180: a header row, CRLF, UTF-8), with
 * its row count and SHA-256 when it has all been read (the audit log's second row for the export). For Excel the
 * same text follows a byte-order mark, which the hash covers: it is the hash of the bytes sent.
 */
export async function* exportCsv(
  db: Queryable,
  file: ExportFile,
  query: ListQuery,
  timeZone: string,
  done: (summary: { rows: number; sha256: string }) => Promise<void>,
  options: { forExcel: boolean } = { forExcel: false },
): AsyncGenerator<string> {
  const hash = crypto.createHash('sha256');
  let rows = 0;
  const emit = (text: string) => {
    hash.update(text);
    return text;
  };
  yield emit(`${options.forExcel ? UTF8_BOM : ''}${csvLines([EXPORT_COLUMNS[file].columns])}`);
  let after = '0';
  const search = await lookUpSearch(db, query.q);
  for (;;) {
    const built = filters(query, search, timeZone, true);
    const from = param(built, after);
    built.where.push(`l.user_id > ${from}::bigint`);
    // The batch's list rows, then their applications by id (each its own statement, by a primary key).
    const batch = await db.query<ListRow>(
      `SELECT l.user_id::text AS id, l.email AS username, l.status, l.created_at, l.school_report${
        file === 'applications' ? SCHOOL_REPORT_COLUMNS : ''
      }
         FROM applicant_list l ${whereSql(built)} ORDER BY l.user_id LIMIT ${BATCH}`,
      built.params,
    );
    const applications = await exportedApplications(
      db,
      batch.rows.map((row) => row.id),
    );
    const lines = batch.rows.flatMap((row) => linesOf(file, row, applications.get(row.id)));
    rows += lines.length;
    if (lines.length) yield emit(csvLines(lines));
    if (batch.rows.length < BATCH) break;
    after = batch.rows[batch.rows.length - 1].id;
  }
  await done({ rows, sha256: hash.digest('hex') });
}
