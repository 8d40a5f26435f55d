import crypto from 'node:crypto';
import { CONVERSION_DELAYED } from '../../../src/kernel/documents/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { AppError, badRequest, conflict, tooMany } from '../http/errors';
import { FILE_MAX_BYTES } from '../../../src/kernel/constants';
import { FILE_MESSAGES } from '../../../src/kernel/documents/fileRules';
import { CONTENT_TYPES, checkFileName, inspectUpload } from './inspect';
import { verifyPolicy, type PolicyFields } from './policy';
import type { Storage } from './storage';
import { submittedAt } from '../applications/table';
import { ANSWER_KEY_PATTERN, type CONVERSION_STATUSES } from '../../../src/kernel/api/contract';
import { isSchoolReportKey, sizeLimitOf } from '../../../src/kernel/schoolReport/rules';

/** SPEC §4 "Document conversion status". */
/** A conversion's status as GET /api/pdf/document-answer/:key answers it (the contract's). */
type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

export const UPLOAD_TTL_MS = 10 * 60_000;
/** Pre-signed uploads an applicant may ask for per hour. */
export const UPLOADS_PER_HOUR = 60;
/** A job is retried this many times when storage fails, then it fails for good. */
export const MAX_ATTEMPTS = 3;

export const DOCUMENT_MESSAGES = {
  uploadRefused: 'This upload form is not valid. Please choose your file again.',
  uploadExpired: 'This upload link has expired. Please choose your file again.',
  notYourUpload: 'This upload does not belong to your account.',
  uploadIncomplete: 'The upload must send its form fields first, then one file.',
  alreadyUploaded: 'A file was already uploaded with this form. Please choose your file again.',
  notUploaded: 'Your file has not been uploaded yet. Please upload it first.',
  notIssued: 'This file was not uploaded for this question.',
  tooManyUploads: 'Too many uploads in the last hour. Please wait a while and try again.',
  alreadySubmitted: 'Your application has already been submitted and can no longer be changed.',
  uploaded: 'Your file was uploaded.',
  started: 'Your file is being converted.',
  removed: 'The file was removed.',
  /** While the file store cannot be reached (the job waits and retries): the applicant's file is not at fault. */
  delayed: CONVERSION_DELAYED,
  status: {
    unprocessed: 'Your file is waiting to be converted.',
    in_progress: 'Your file is being converted.',
    completed: 'Your file was converted.',
    not_answered: 'No file has been uploaded for this question.',
  },
} as const;

/** The answer key a document belongs to: a question key of the form (SPEC §3), nothing that could be a path. */
const ANSWER_KEY = new RegExp(ANSWER_KEY_PATTERN);

export interface DocumentAnswer {
  file_name: string;
  file_size: number;
}

/** GET /api/document-answer, and document_answer in the profile and the service bundle: key → name, size. */
export interface DocumentAnswerRow {
  answer_key: string;
  file_name: string;
  file_size: number;
}

/** Rows in answer_key order → the map (the profile aggregates the same rows into its one query). */
export function documentAnswerMap(rows: DocumentAnswerRow[]) {
  const map: Record<string, DocumentAnswer> = {};
  for (const row of rows) map[row.answer_key] = { file_name: row.file_name, file_size: Number(row.file_size) };
  return map;
}

/**
 * SQL that leaves out the counselor's documents (keys `school_report_…`, src/kernel/schoolReport/rules.ts): they are
 * stored for the applicant but are for staff, never the applicant's own calls, profile or PDF copy.
 */
export const APPLICANTS_OWN_DOCUMENTS_SQL = `answer_key NOT LIKE 'school\\_report\\_%'`;

/** An applicant's documents; `withSchoolReport` adds the counselor's (staff and the print view read those). */
export async function documentAnswersOf(
  db: Queryable,
  userId: number | string,
  { withSchoolReport = false }: { withSchoolReport?: boolean } = {},
) {
  const { rows } = await db.query<DocumentAnswerRow>(
    `SELECT answer_key, file_name, file_size FROM document_answers
      WHERE user_id = $1 ${withSchoolReport ? '' : `AND ${APPLICANTS_OWN_DOCUMENTS_SQL}`} ORDER BY answer_key`,
    [userId],
  );
  return documentAnswerMap(rows);
}

/** Who calls: the applicant on their own questions, or a counselor on the applicant's school report documents. */
type Uploader = 'applicant' | 'counselor';

export interface Job {
  id: string;
  user_id: string;
  answer_key: string;
  file_key: string;
  file_name: string;
  attempts: number;
  /** When the job was queued: a job the file store kept failing is given up after STORAGE_RETRY_FOR_MS. */
  created_at?: Date;
  /** The worker holding the job's lease: only it records the outcome. */
  lease_owner?: string | null;
}

/** The multipart file as the upload route hands it over: its name, and a reader bounded by the size limit. */
export interface IncomingFile {
  name: string;
  /** The bytes; throws FileTooLarge past FILE_MAX_BYTES. */
  read(): Promise<Buffer>;
  /** Drains the stream unread (after a refusal). */
  discard(): void;
}

export class FileTooLarge extends Error {}

const refuse = (status: number, message: string, code: string) => new AppError(status, message, code);

/**
 * Uploads, conversions and document answers of one applicant at a time: every method takes the session's user
 * id, and no route takes another. SQL of the area lives here; the worker drives the job methods.
 */
export function createDocumentService(deps: {
  db: Db;
  storage: Storage;
  uploadSecret: string;
  log: FastifyBaseLogger;
  /** Called when a job is queued, so the worker starts at once. */
  onJobQueued?: () => void;
}) {
  const { db, storage, uploadSecret, log } = deps;

  /** Best effort after the database no longer points at them; a leftover file is cleaned up later. */
  async function deleteObjects(keys: (string | null | undefined)[]) {
    for (const key of new Set(keys.filter((k): k is string => Boolean(k)))) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a stored file');
      }
    }
  }

  /** The applicant's documents are frozen by the submission; the counselor's arrive after it. */
  async function assertNotSubmitted(userId: number, who: Uploader = 'applicant') {
    if (who === 'counselor') return;
    if (await submittedAt(db, userId)) throw conflict(DOCUMENT_MESSAGES.alreadySubmitted, 'AlreadySubmitted');
  }

  /** Each uploader's keys are its own: an applicant never names a school report key, nor a counselor another. */
  function assertAnswerKey(answerKey: string, who: Uploader = 'applicant') {
    if (!ANSWER_KEY.test(answerKey) || isSchoolReportKey(answerKey) !== (who === 'counselor')) {
      throw badRequest('Invalid request: answer_key is not a question key.');
    }
  }

  /**
   * Removes the job, the document answer and their files for one key (so its ANSWERED goes too: it is derived
   * from the document answer); `then` runs in the same transaction (a new job replacing them). `keep` is a file that stays.
   */
  async function removeAll(
    userId: number,
    answerKey: string,
    keep?: string,
    then?: (tx: Queryable) => Promise<unknown>,
  ) {
    const keys = await db.transaction(async (tx) => {
      const jobs = await tx.query<{ file_key: string }>(
        'DELETE FROM conversion_jobs WHERE user_id = $1 AND answer_key = $2 RETURNING file_key',
        [userId, answerKey],
      );
      const docs = await tx.query<{ source_key: string; pdf_key: string }>(
        'DELETE FROM document_answers WHERE user_id = $1 AND answer_key = $2 RETURNING source_key, pdf_key',
        [userId, answerKey],
      );
      const uploads = await tx.query<{ storage_key: string }>(
        'DELETE FROM upload_keys WHERE user_id = $1 AND answer_key = $2 AND storage_key IS DISTINCT FROM $3 RETURNING storage_key',
        [userId, answerKey, keep ?? null],
      );
      await then?.(tx);
      return [
        ...jobs.rows.map((r) => r.file_key),
        ...docs.rows.flatMap((r) => [r.source_key, r.pdf_key]),
        ...uploads.rows.map((r) => r.storage_key),
      ].filter((k) => k !== keep);
    });
    await deleteObjects(keys);
  }

  return {
    storage,

    /** POST /api/presigned-url: a new, unguessable key for this applicant and question, and how to upload to it. */
    async presign(userId: number, answerKey: string, who: Uploader = 'applicant') {
      assertAnswerKey(answerKey, who);
      await assertNotSubmitted(userId, who);
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM upload_keys WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
        [userId],
      );
      if (Number(rows[0].n) >= UPLOADS_PER_HOUR) throw tooMany(DOCUMENT_MESSAGES.tooManyUploads);
      const key = `uploads/${userId}/${answerKey}/${crypto.randomBytes(24).toString('base64url')}`;
      const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
      await db.query('INSERT INTO upload_keys (storage_key, user_id, answer_key, expires_at) VALUES ($1, $2, $3, $4)', [
        key,
        userId,
        answerKey,
        expiresAt,
      ]);
      const maxBytes = sizeLimitOf(answerKey)?.maxBytes ?? FILE_MAX_BYTES;
      return storage.presignUpload({ key, userId, answerKey, expiresAt, maxBytes, uploader: who });
    },

    /**
     * The local upload endpoint (the stand-in for S3): the policy must be intact, unexpired and this applicant's,
     * and the file must pass the rules of SPEC §5 and be, by content, what its name says.
     */
    async acceptUpload(userId: number, fields: Partial<PolicyFields>, file: IncomingFile) {
      try {
        // S3 wants the fields before the file; fields sent after it are not seen.
        if (!fields.key || !fields.policy || !fields.signature) throw badRequest(DOCUMENT_MESSAGES.uploadIncomplete);
        const check = verifyPolicy(uploadSecret, fields);
        if (!check.ok) {
          throw check.reason === 'expired'
            ? refuse(403, DOCUMENT_MESSAGES.uploadExpired, 'UploadExpired')
            : refuse(403, DOCUMENT_MESSAGES.uploadRefused, 'UploadRefused');
        }
        const { policy } = check;
        if (policy.user !== userId || !policy.key.startsWith(`uploads/${userId}/`)) {
          throw refuse(403, DOCUMENT_MESSAGES.notYourUpload, 'NotYourUpload');
        }
        const { rows } = await db.query<{ uploaded_at: Date | null }>(
          'SELECT uploaded_at FROM upload_keys WHERE storage_key = $1 AND user_id = $2 AND answer_key = $3',
          [policy.key, userId, policy.answer_key],
        );
        if (!rows[0]) throw refuse(403, DOCUMENT_MESSAGES.notYourUpload, 'NotYourUpload');
        if (rows[0].uploaded_at) throw conflict(DOCUMENT_MESSAGES.alreadyUploaded, 'AlreadyUploaded');
        const limit = sizeLimitOf(policy.answer_key);
        await assertNotSubmitted(userId, limit ? 'counselor' : 'applicant');
        const nameProblem = checkFileName(file.name);
        if (nameProblem) throw badRequest(nameProblem);

        let bytes: Buffer;
        try {
          bytes = await file.read();
        } catch (error) {
          if (error instanceof FileTooLarge) {
            throw new AppError(413, limit?.tooLarge ?? FILE_MESSAGES.tooLarge, 'FileTooLarge');
          }
          throw error;
        }
        if (bytes.length > policy.max) {
          throw new AppError(413, limit?.tooLarge ?? FILE_MESSAGES.tooLarge, 'FileTooLarge');
        }
        const inspection = await inspectUpload(file.name, bytes, limit);
        if (!inspection.ok) {
          throw new AppError(
            inspection.status,
            inspection.message,
            inspection.status === 413 ? 'FileTooLarge' : 'BadFile',
          );
        }
        await storage.put(policy.key, bytes, CONTENT_TYPES[inspection.kind]);
        const stored = await db.query(
          `UPDATE upload_keys SET uploaded_at = now(), file_name = $2, file_size = $3
            WHERE storage_key = $1 AND uploaded_at IS NULL RETURNING storage_key`,
          [policy.key, file.name, bytes.length],
        );
        if (stored.rows.length === 0) throw conflict(DOCUMENT_MESSAGES.alreadyUploaded, 'AlreadyUploaded');
        return { key: policy.key, file_size: bytes.length };
      } finally {
        file.discard();
      }
    },

    /**
     * POST /api/pdf/document-answer/{key}: queues the conversion of an upload issued to this applicant for this
     * key. It replaces what the key held before (its document answer and ANSWERED mark go at once).
     */
    async startConversion(
      userId: number,
      answerKey: string,
      fileKey: string,
      fileName: string,
      who: Uploader = 'applicant',
    ) {
      assertAnswerKey(answerKey, who);
      await assertNotSubmitted(userId, who);
      const nameProblem = checkFileName(fileName);
      if (nameProblem) throw badRequest(nameProblem);
      const { rows } = await db.query<{ uploaded_at: Date | null; expires_at: Date }>(
        'SELECT uploaded_at, expires_at FROM upload_keys WHERE storage_key = $1 AND user_id = $2 AND answer_key = $3',
        [fileKey, userId, answerKey],
      );
      if (!rows[0]) throw refuse(403, DOCUMENT_MESSAGES.notIssued, 'NotYourUpload');
      // Local storage knows whether the file arrived; with S3 the worker finds out when it reads it.
      if (storage.kind === 'local' && !rows[0].uploaded_at)
        throw conflict(DOCUMENT_MESSAGES.notUploaded, 'NotUploaded');
      await removeAll(userId, answerKey, fileKey, (tx) =>
        tx.query(`INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name) VALUES ($1, $2, $3, $4)`, [
          userId,
          answerKey,
          fileKey,
          fileName,
        ]),
      );
      deps.onJobQueued?.();
      return { status: 'unprocessed' as ConversionStatus, message: DOCUMENT_MESSAGES.started };
    },

    /** GET /api/pdf/document-answer/{key}. */
    async status(
      userId: number,
      answerKey: string,
      who: Uploader = 'applicant',
    ): Promise<{ status: ConversionStatus; message: string }> {
      assertAnswerKey(answerKey, who);
      const job = await db.query<{ status: Exclude<ConversionStatus, 'not_answered'>; message: string }>(
        'SELECT status, message FROM conversion_jobs WHERE user_id = $1 AND answer_key = $2',
        [userId, answerKey],
      );
      const row = job.rows[0];
      if (row) {
        const message =
          row.status === 'failed'
            ? row.message || 'Your file could not be converted.'
            : row.status !== 'completed' && row.message === DOCUMENT_MESSAGES.delayed
              ? row.message
              : DOCUMENT_MESSAGES.status[row.status];
        return { status: row.status, message };
      }
      const doc = await db.query('SELECT 1 FROM document_answers WHERE user_id = $1 AND answer_key = $2', [
        userId,
        answerKey,
      ]);
      return doc.rows.length > 0
        ? { status: 'completed', message: DOCUMENT_MESSAGES.status.completed }
        : { status: 'not_answered', message: DOCUMENT_MESSAGES.status.not_answered };
    },

    /**
     * DELETE /api/pdf/document-answer/{key} and DELETE /api/document-answer/{key}. Both remove everything the key
     * holds (the conversion, its PDF, the document answer, the uploaded file) and clear ANSWERED: a document
     * answer without its conversion, or the reverse, would be a state no screen can show. Idempotent.
     */
    async remove(userId: number, answerKey: string, who: Uploader = 'applicant') {
      assertAnswerKey(answerKey, who);
      await assertNotSubmitted(userId, who);
      await removeAll(userId, answerKey);
      return { message: DOCUMENT_MESSAGES.removed };
    },

    list: (userId: number) => documentAnswersOf(db, userId),

    /** The converted PDFs of an applicant, in answer-key order (for the application PDF). */
    async convertedPdfs(userId: number) {
      const { rows } = await db.query<{
        answer_key: string;
        file_name: string;
        file_size: number;
        pdf_key: string;
        page_count: number;
      }>(
        `SELECT answer_key, file_name, file_size, pdf_key, page_count FROM document_answers
          WHERE user_id = $1 AND ${APPLICANTS_OWN_DOCUMENTS_SQL} ORDER BY answer_key`,
        [userId],
      );
      return rows;
    },

    /* ---- The worker's side ---- */

    /**
     * Takes the oldest job that is waiting (and not held back for a retry), or whose worker's lease lapsed (its
     * instance crashed), and leases it to `owner` for leaseMs. SKIP LOCKED: several instances on one PostgreSQL
     * never take the same job at once. A job claimed by a server from before leases (migration 005: no
     * lease_until) counts as leased for leaseMs from its start, or it would stay in_progress for ever.
     */
    async claimNext(owner: string, leaseMs: number): Promise<Job | null> {
      const { rows } = await db.query<Job>(
        `UPDATE conversion_jobs SET status = 'in_progress', started_at = now(), attempts = attempts + 1,
                lease_owner = $1, lease_until = now() + $2::float8 * interval '1 millisecond', retry_at = NULL
          WHERE id = (SELECT id FROM conversion_jobs
                       WHERE (status = 'unprocessed' AND (retry_at IS NULL OR retry_at <= now()))
                          OR (status = 'in_progress'
                              AND COALESCE(lease_until, started_at + $2::float8 * interval '1 millisecond') < now())
                       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id, answer_key, file_key, file_name, attempts, created_at, lease_owner`,
        [owner, leaseMs],
      );
      return rows[0] ?? null;
    },

    /** The worker is still converting `job`: its lease runs leaseMs more. False when the job is no longer its own. */
    async renewLease(job: Job, owner: string, leaseMs: number): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE conversion_jobs SET lease_until = now() + $3::float8 * interval '1 millisecond'
          WHERE id = $1 AND status = 'in_progress' AND lease_owner = $2 RETURNING id`,
        [job.id, owner, leaseMs],
      );
      return rows.length > 0;
    },

    /**
     * Jobs a crash left in_progress go back to unprocessed, at the start of a server on the embedded database (one
     * process owns it: staleMs 0 takes them all). On PostgreSQL the leases do it: claimNext takes a lapsed one.
     */
    async recoverInterrupted(staleMs: number) {
      const { rows } = await db.query(
        `UPDATE conversion_jobs SET status = 'unprocessed'
          WHERE status = 'in_progress' AND started_at <= now() - make_interval(secs => $1::double precision)
          RETURNING id`,
        [staleMs / 1000],
      );
      return rows.length;
    },

    /** Records the converted PDF, unless the job was deleted or replaced meanwhile (then false). */
    async complete(job: Job, result: { fileSize: number; pdfKey: string; pages: number }) {
      const old = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `UPDATE conversion_jobs SET status = 'completed', message = '', finished_at = now()
            WHERE id = $1 AND status = 'in_progress' AND lease_owner IS NOT DISTINCT FROM $2 RETURNING id`,
          [job.id, job.lease_owner ?? null],
        );
        if (rows.length === 0) return null;
        const previous = await tx.query<{ source_key: string; pdf_key: string }>(
          'DELETE FROM document_answers WHERE user_id = $1 AND answer_key = $2 RETURNING source_key, pdf_key',
          [job.user_id, job.answer_key],
        );
        await tx.query(
          `INSERT INTO document_answers (user_id, answer_key, file_name, file_size, source_key, pdf_key, page_count)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [job.user_id, job.answer_key, job.file_name, result.fileSize, job.file_key, result.pdfKey, result.pages],
        );
        return previous.rows.flatMap((r) => [r.source_key, r.pdf_key]).filter((k) => k !== job.file_key);
      });
      if (old === null) return false;
      await deleteObjects(old);
      return true;
    },

    async fail(job: Job, message: string) {
      await db.query(
        `UPDATE conversion_jobs SET status = 'failed', message = $2, finished_at = now()
          WHERE id = $1 AND status = 'in_progress' AND lease_owner IS NOT DISTINCT FROM $3`,
        [job.id, message, job.lease_owner ?? null],
      );
    },

    /**
     * Back in the queue after a passing failure (the file store unreachable), held back for `delayMs`. It does not
     * count as one of the job's attempts, and the applicant is told it is taking longer, not that the file is bad.
     */
    async retryLater(job: Job, delayMs: number) {
      await db.query(
        `UPDATE conversion_jobs SET status = 'unprocessed', attempts = greatest(attempts - 1, 0), message = $2,
                retry_at = now() + $3::float8 * interval '1 millisecond', lease_owner = NULL, lease_until = NULL
          WHERE id = $1 AND status = 'in_progress'`,
        [job.id, DOCUMENT_MESSAGES.delayed, delayMs],
      );
    },

    /** Uploads that were never converted, a day after their policy expired: their rows and files go. */
    async removeAbandonedUploads(limit = 100) {
      const { rows } = await db.query<{ storage_key: string }>(
        `DELETE FROM upload_keys WHERE storage_key IN (
           SELECT u.storage_key FROM upload_keys u
            WHERE u.expires_at < now() - interval '1 day'
              AND NOT EXISTS (SELECT 1 FROM conversion_jobs j WHERE j.file_key = u.storage_key)
              AND NOT EXISTS (SELECT 1 FROM document_answers d WHERE d.source_key = u.storage_key)
            LIMIT $1)
         RETURNING storage_key`,
        [limit],
      );
      await deleteObjects(rows.map((r) => r.storage_key));
      return rows.length;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
