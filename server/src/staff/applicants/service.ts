import { applicationTimes, printViewApplication } from '../../applications/table';
import { pdfFileName } from '../../pdf/fileNames';
import { documentAnswersOf } from '../../documents/service';
import { CONTENT_TYPES, inspectUpload } from '../../documents/inspect';
import type { ApplicationPdfService } from '../../pdf/service';
import type { Storage } from '../../documents/storage';
import { AppError, badRequest, notFound } from '../../http/errors';
import { applicationIdOf } from '../../../../src/kernel/applicationId';
import type { Gate, Queryable } from '../audit/gate';
import { queryDetail } from '../audit/log';
import type { AuditContext } from '../accounts/service';
import { BadCursor, listApplicants, type ListQuery } from './list';
import type { ApplicantDetail, StaffShape } from '../../../../src/kernel/staff/contract';
import type { DeadlineConfig } from '../../config';
import { deadlineOfApplicant } from '../deadline/service';
import { searchWords, type ApplicantStatus } from '../../../../src/kernel/staff/applicants';

const NO_APPLICANT = 'There is no applicant with this id.';

/** How long a staff download waits for a PDF copy being built (a complete application builds in well under 1 s). */
const PDF_WAIT_MS = 30_000;

export interface TimelineEvent {
  at: string;
  what: string;
}

/**
 * What happened to an application, oldest first: the account, logins, saves, submission, documents and the
 * counselor's school report (each request mailed, reminders sent, received, declined, bounced, cancelled, marked by
 * staff; a staff mark without a request has no "requested" line: it mailed nobody).
 * The 'validating' status is recorded by every Submit, refused or not (SPEC §4: the applicant's app posts it when
 * Submit is pressed, and the submission itself writes all three statuses, which the app counts), so on a submitted
 * application it means a refusal only when the answers a refused Submit found missing were posted before the
 * submission (/api/validations). On one not submitted it can only come from a Submit that did not go through.
 */
async function timelineOf(db: Queryable, userId: string): Promise<TimelineEvent[]> {
  const times = await applicationTimes(db, userId);
  const { rows } = await db.query<{ at: Date; what: string }>(
    `SELECT created_at AS at, 'Account created' AS what FROM users WHERE id = $1
     UNION ALL SELECT confirmed_at, 'Account confirmed' FROM users WHERE id = $1 AND confirmed_at IS NOT NULL
     UNION ALL SELECT at, 'Logged in' FROM successful_logins WHERE user_id = $1
     UNION ALL SELECT at, 'First answer saved' FROM web_statuses WHERE user_id = $1 AND web_status = 'started'
     UNION ALL SELECT at, 'Submit pressed with answers missing' FROM web_statuses
                WHERE user_id = $1 AND web_status = 'validating' AND ($2::timestamptz IS NULL OR EXISTS (
                  SELECT 1 FROM validations v WHERE v.user_id = $1 AND v.at <= $2::timestamptz))
     UNION ALL SELECT created_at, 'Document uploaded: ' || file_name FROM conversion_jobs WHERE user_id = $1
     UNION ALL SELECT finished_at, CASE status WHEN 'completed' THEN 'Document converted: ' ELSE 'Document failed: ' END
                || file_name || CASE WHEN status = 'failed' AND message <> '' THEN ' (' || message || ')' ELSE '' END
                FROM conversion_jobs WHERE user_id = $1 AND finished_at IS NOT NULL AND status IN ('completed', 'failed')
     UNION ALL SELECT requested_at, 'School report requested from ' || counselor_email FROM school_report_requests r
                WHERE user_id = $1 AND EXISTS (SELECT 1 FROM school_report_mails m WHERE m.request_id = r.id
                AND m.kind = 'request')
     UNION ALL SELECT m.sent_at, 'Counselor reminded' FROM school_report_mails m JOIN school_report_requests r
                ON r.id = m.request_id WHERE r.user_id = $1 AND m.kind IN ('reminder', 'manual_reminder')
                AND m.status = 'sent'
     UNION ALL SELECT received_at, CASE received_via WHEN 'other_means' THEN 'School report marked received by other means: '
                || coalesce(staff_note, '') ELSE 'School report received from the counselor' END
                FROM school_report_requests WHERE user_id = $1 AND received_at IS NOT NULL
     UNION ALL SELECT declined_at, 'School report declined by the counselor: ' || coalesce(decline_reason, '')
                FROM school_report_requests WHERE user_id = $1 AND declined_at IS NOT NULL
     UNION ALL SELECT bounced_at, 'Counselor’s email bounced: ' || counselor_email FROM school_report_requests
                WHERE user_id = $1 AND bounced_at IS NOT NULL
     UNION ALL SELECT cancelled_at, 'School report request cancelled' FROM school_report_requests
                WHERE user_id = $1 AND cancelled_at IS NOT NULL
     UNION ALL SELECT state_at, 'School report marked not needed: ' || coalesce(staff_note, '')
                FROM school_report_requests WHERE user_id = $1 AND state = 'waived'
     ORDER BY 1`,
    [userId, times.submitted_at ?? null],
  );
  const events = [
    ...rows,
    ...(times.saved_at ? [{ at: times.saved_at, what: 'Last saved' }] : []),
    ...(times.submitted_at ? [{ at: times.submitted_at, what: 'Submitted' }] : []),
  ].map((row) => ({ at: new Date(row.at).toISOString(), what: row.what }));
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * One applicant as the console shows it: the header, the answers, documents, timeline and the deadline's reopening
 * (the reads alone).
 */
export async function applicantDetail(
  db: Queryable,
  id: string,
  deadline?: DeadlineConfig,
): Promise<StaffShape<typeof ApplicantDetail>> {
  const row = await printViewApplication(db, id);
  if (!row) throw notFound(NO_APPLICANT);
  const { rows } = await db.query<{ status: ApplicantStatus }>('SELECT status FROM applicant_list WHERE user_id = $1', [
    id,
  ]);
  return {
    id,
    applicationId: applicationIdOf(id),
    email: row.username,
    name: [row.answer?.first_name, row.answer?.last_name].filter((part) => typeof part === 'string' && part).join(' '),
    status: rows[0].status,
    submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    lastSavedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    answer: row.answer ?? {},
    addAnother: row.add_another ?? {},
    tabs: row.tabs ?? {},
    documents: await documentAnswersOf(db, id, { withSchoolReport: true }),
    timeline: await timelineOf(db, id),
    deadline: await deadlineOfApplicant(db, id, deadline),
  };
}

/** Readers find and read applications; every read is audited before it is made (the gate). */
export function createStaffApplicants(deps: {
  gate: Gate;
  storage: Storage;
  applicationPdf: ApplicationPdfService;
  timeZone: () => string;
  deadline?: DeadlineConfig;
}) {
  const { gate } = deps;

  return {
    /**
     * A page of the list. Audited as a search (with its words) when words are typed, else as a listing with its
     * filters: a filter change or a page turn is not a search, and logged as one it would bury the real ones.
     */
    async list(query: ListQuery, by: AuditContext) {
      const action = searchWords(query.q).length > 0 ? 'search' : 'applicants-listed';
      return gate.audited({ ...by, action, detail: queryDetail(query, ['after']) }, async (db) => {
        try {
          return await listApplicants(db, query, deps.timeZone());
        } catch (error) {
          if (error instanceof BadCursor) throw badRequest('This list has changed. Please start from its first page.');
          throw error;
        }
      });
    },

    /** One applicant: the header, the answers (the console renders them from the form definition), documents, timeline. */
    async open(id: string, by: AuditContext) {
      return gate.audited({ ...by, action: 'applicant-opened', target: applicationIdOf(id) }, (db) =>
        applicantDetail(db, id, deps.deadline),
      );
    },

    /** A converted document, for the console to open inline. */
    async document(id: string, key: string, by: AuditContext) {
      const found = await gate.audited(
        { ...by, action: 'document-opened', target: applicationIdOf(id), detail: key },
        async (db) => {
          const { rows } = await db.query<{ pdf_key: string; file_name: string }>(
            'SELECT pdf_key, file_name FROM document_answers WHERE user_id = $1 AND answer_key = $2',
            [id, key],
          );
          return rows[0];
        },
      );
      if (!found) throw notFound('This document is not part of the application.');
      const bytes = await deps.storage.get(found.pdf_key);
      if (!bytes) throw new AppError(503, 'This document could not be read from our storage. Please try again later.');
      return { bytes, fileName: found.file_name };
    },

    /**
     * A document as the applicant uploaded it (a Word file or an image before its conversion, which the documents area
     * keeps beside the PDF as source_key, on local disk or S3), with its content type by its content.
     */
    async original(id: string, key: string, by: AuditContext) {
      const found = await gate.audited(
        { ...by, action: 'document-original-downloaded', target: applicationIdOf(id), detail: key },
        async (db) => {
          const { rows } = await db.query<{ source_key: string; file_name: string }>(
            'SELECT source_key, file_name FROM document_answers WHERE user_id = $1 AND answer_key = $2',
            [id, key],
          );
          return rows[0];
        },
      );
      if (!found) throw notFound('This document is not part of the application.');
      const bytes = await deps.storage.get(found.source_key);
      if (!bytes) throw new AppError(503, 'This document could not be read from our storage. Please try again later.');
      const inspection = await inspectUpload(found.file_name, bytes);
      const contentType = inspection.ok ? CONTENT_TYPES[inspection.kind] : 'application/octet-stream';
      return { bytes, fileName: found.file_name, contentType };
    },

    /**
     * The PDF copy, as the applicant would download it: built on demand (or taken from the cache), waited for here
     * (the applicant's page polls instead; a member of staff clicks once), and audited once.
     */
    async pdf(id: string, by: AuditContext): Promise<{ bytes: Buffer; fileName: string }> {
      const applicant = await gate.audited({ ...by, action: 'pdf-downloaded', target: applicationIdOf(id) }, (db) =>
        printViewApplication(db, id),
      );
      if (!applicant) throw notFound(NO_APPLICANT);
      const { username } = applicant;
      // Named as the applicant's own download is ("Okafor-Ngozi-application.pdf").
      const fileName = pdfFileName(applicant.answer ?? {});
      const deadline = Date.now() + PDF_WAIT_MS;
      for (;;) {
        const state = await deps.applicationPdf.status(Number(id), username);
        if (state.status === 'failed') throw new AppError(503, state.message ?? 'The PDF copy could not be built.');
        const version = state.url && new URL(state.url, 'http://localhost').searchParams.get('v');
        if (state.status === 'completed' && version) {
          const bytes = await deps.applicationPdf.file(Number(id), version);
          if (bytes) return { bytes, fileName };
        }
        if (Date.now() > deadline) throw new AppError(503, 'The PDF copy is taking long to build. Please try again.');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

export type StaffApplicants = ReturnType<typeof createStaffApplicants>;
