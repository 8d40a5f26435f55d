import type { Db, Queryable } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import { ANSWER_MAP_MAX_BYTES, WEB_STATUSES, type WebStatus } from '../../../src/kernel/constants';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { missingRequiredKeys, type AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { APPLICANTS_OWN_DOCUMENTS_SQL, documentAnswerMap, type DocumentAnswerRow } from '../documents/service';
import {
  answeredApplication as readAnsweredApplication,
  createApplicationRow,
  type ApplicationRow,
} from '../applications/table';
import { withDocumentMarks } from '../applications/documentMarks';
import { SESSION_CTE } from '../identity/sessions';

export const ANSWER_MESSAGES = {
  saved: 'Your answers were saved.',
  tooLarge: 'Your answers are too large to save (more than 1 MB in all).',
  alreadySubmitted: 'Your application has already been submitted and can no longer be changed.',
  submitted: 'Your application was successfully submitted.',
  missing: 'Some required questions are not answered yet.',
  staleVersion: 'Your answers were changed in another window or device since this page last saved.',
  submittedBeforeStatus: 'The application can only be marked submitted by submitting it.',
} as const;

interface ProfileRow {
  answer: AnswerMap;
  version: number;
  last_page: string | null;
  /** Aggregates: null when the applicant has none. */
  logins: Date[] | null;
  statuses: WebStatus[] | null;
  documents: DocumentAnswerRow[] | null;
}

/**
 * GET /api/profile in one round trip (it is read on every page load): the application row and, as aggregates, the
 * logins, the statuses and the documents, each in the order the separate queries used.
 */
const PROFILE_SQL = `
  SELECT a.answer, a.version, a.last_page,
         (SELECT array_agg(l.at ORDER BY l.at) FROM successful_logins l WHERE l.user_id = a.user_id) AS logins,
         (SELECT array_agg(w.web_status ORDER BY w.at) FROM web_statuses w WHERE w.user_id = a.user_id) AS statuses,
         (SELECT json_agg(json_build_object('answer_key', d.answer_key, 'file_name', d.file_name,
                                            'file_size', d.file_size) ORDER BY d.answer_key)
            FROM document_answers d WHERE d.user_id = a.user_id AND ${APPLICANTS_OWN_DOCUMENTS_SQL}) AS documents
    FROM applications a WHERE a.user_id = $1`;

/**
 * PUT /api/answer's one statement on the common path (the row exists, not submitted, the version matches). The bench
 * runs it alone too, through saveAnswers, to hold the route's rate against the database's own (bench/dbRate.ts).
 */
const SAVE_ANSWERS_SQL = `
  UPDATE applications SET answer = $2::jsonb, version = version + 1, updated_at = now()
   WHERE user_id = $1 AND submitted_at IS NULL AND ($3::int IS NULL OR version = $3::int) RETURNING version`;

/**
 * The same save where the statement itself checks the session (SESSION_CTE): PUT /api/answer's one statement on
 * PostgreSQL, where a session lookup would be a round trip of its own. No row: no valid session, or the save did
 * not apply; the route then resolves the session and takes saveAnswers' path, which says which.
 */
const SAVE_ANSWERS_FOR_SESSION_SQL = `
  WITH ${SESSION_CTE}
  UPDATE applications SET answer = $5::jsonb, version = version + 1, updated_at = now()
   WHERE user_id = (SELECT user_id FROM session) AND submitted_at IS NULL AND ($6::int IS NULL OR version = $6::int)
  RETURNING version`;

/**
 * The text a save stores: the request's own text of `answer` when the route has it (jsonb reads it as JSON.parse did,
 * the last of duplicate keys winning, and it saves stringifying a 7 KB map again). Whitespace counts toward the
 * limit only if the text is over it: then the map's own JSON decides.
 */
function storableAnswerJson(answer: AnswerMap, sentJson?: string | null): string {
  let json = sentJson ?? JSON.stringify(answer);
  if (overLimit(json)) json = JSON.stringify(answer);
  if (overLimit(json)) throw badRequest(ANSWER_MESSAGES.tooLarge);
  return json;
}

/**
 * Over ANSWER_MAP_MAX_BYTES in UTF-8. A UTF-16 unit is at most 3 bytes there, so a text of up to a third of the
 * limit in units is under it without counting (every save of a real application: ~7 KB).
 */
const overLimit = (text: string) =>
  text.length * 3 > ANSWER_MAP_MAX_BYTES && Buffer.byteLength(text) > ANSWER_MAP_MAX_BYTES;

/** Per-user application data. Every query is keyed by the session's user id: no route takes a user id. */
export interface Submitted {
  userId: number;
  username: string;
  /** The applicant's name as answered ("Ngozi Okafor"), '' when not given. */
  name: string;
  submittedAt: Date;
}

export interface SubmitOptions {
  /** When the request arrived (the route's start): the submission's time, whatever the wait before its work. */
  arrivedAt: Date;
}

export interface SubmissionHooks {
  /**
   * Runs in the submission's transaction (the receipt is queued there, as a job: mail/receiptJobs.ts), so what it
   * writes exists exactly when the submission does. A throw undoes the submission.
   */
  recordSubmitted?: (tx: Queryable, submitted: Submitted) => Promise<void>;
  /** Runs once the submission is committed (the receipt's worker is woken there); it must not throw. */
  onSubmitted?: (submitted: Submitted) => void;
  /** Refuses a submit whose request arrived after the application deadline (deadline/rule.ts); runs first. */
  admitSubmit?: (userId: number, arrivedAt: Date) => Promise<void>;
}

export function createAnswerService(db: Db, hooks: SubmissionHooks = {}) {
  /** Login creates the application row; this covers an account that has none (older data, or a race). */
  async function ensureApplication(userId: number) {
    await createApplicationRow(db, userId);
  }

  /** The application row, created first when this account has none. */
  async function readRow<T>(userId: number, sql: string): Promise<T> {
    const read = () => db.query<T>(sql, [userId]);
    let { rows } = await read();
    if (!rows[0]) {
      await ensureApplication(userId);
      ({ rows } = await read());
    }
    return rows[0];
  }

  /**
   * The stored row: its version, page, counts, tabs and submission. Its answer map is as saved, so it says nothing
   * reliable of document questions: where the answers are shown or checked, `answeredApplication` gives them.
   */
  const application = (userId: number) =>
    readRow<ApplicationRow>(
      userId,
      'SELECT answer, version, last_page, add_another, tabs, submitted_at FROM applications WHERE user_id = $1',
    );

  /** The row with the answers as the applicant sees them: each document question's ANSWERED from its document. */
  async function answeredApplication(userId: number): Promise<ApplicationRow> {
    const row = await readAnsweredApplication(db, userId);
    if (row) return row;
    await ensureApplication(userId);
    return (await readAnsweredApplication(db, userId))!;
  }

  async function assertNotSubmitted(userId: number) {
    if ((await application(userId)).submitted_at) throw conflict(ANSWER_MESSAGES.alreadySubmitted, 'AlreadySubmitted');
  }

  return {
    application,

    async profile(userId: number, username: string) {
      const read = () => db.prepared<ProfileRow>('profile', PROFILE_SQL, [userId]);
      let { rows } = await read();
      if (!rows[0]) {
        await ensureApplication(userId);
        ({ rows } = await read());
      }
      const row = rows[0];
      return {
        username,
        last_page: row.last_page,
        // Beyond SPEC §3: the version the answers are at, for If-Match on the next save.
        version: row.version,
        successful_login: (row.logins ?? []).map((at) => new Date(at).toISOString()),
        web_status: (row.statuses ?? []).map((web_status) => ({ web_status })),
        answer: withDocumentMarks(
          row.answer,
          (row.documents ?? []).map((d) => d.answer_key),
        ),
        // The converted documents: key → file_name, file_size (SPEC §3 "Document answer").
        document_answer: documentAnswerMap(row.documents ?? []),
        // Beyond SPEC §3: the id staff know the application by, for the applicant to quote.
        application_id: applicationIdOf(userId),
      };
    },

    /**
     * Replaces the answer map. With `baseVersion` (the If-Match header), the save only lands when nobody saved
     * since that version; otherwise 409 with the current answers and version, so the client can merge (two tabs
     * or two devices). Without it, the last save wins (the SPEC's plain PUT).
     */
    async saveAnswers(userId: number, answer: AnswerMap, baseVersion?: number, sentJson?: string | null) {
      const json = storableAnswerJson(answer, sentJson);
      // One statement on the common path (the row exists, not submitted, version matches); the reasons for a
      // refusal are only looked up when it did not apply.
      const update = () =>
        db.prepared<{ version: number }>('save_answers', SAVE_ANSWERS_SQL, [userId, json, baseVersion ?? null]);
      let { rows } = await update();
      if (!rows[0]) {
        const existing = await application(userId); // creates the row if this account has none yet
        if (!existing.submitted_at && (baseVersion === undefined || baseVersion === existing.version)) {
          ({ rows } = await update());
        }
      }
      if (rows[0]) return { message: ANSWER_MESSAGES.saved, version: rows[0].version };
      const now = await answeredApplication(userId);
      if (now.submitted_at) throw conflict(ANSWER_MESSAGES.alreadySubmitted, 'AlreadySubmitted');
      throw new AppError(409, ANSWER_MESSAGES.staleVersion, 'VersionConflict', {
        answer: now.answer,
        version: now.version,
      });
    },

    /**
     * saveAnswers for the holder of a session, checked by the save's own statement: the new version, or null when
     * it did not apply (no valid session, no row yet, submitted, another version). `limits`: sessionLimits(config).
     */
    async saveForSession(
      sessionHash: string,
      limits: number[],
      answer: AnswerMap,
      baseVersion?: number,
      sentJson?: string | null,
    ) {
      const json = storableAnswerJson(answer, sentJson);
      const { rows } = await db.prepared<{ version: number }>(
        'save_answers_for_session',
        SAVE_ANSWERS_FOR_SESSION_SQL,
        [sessionHash, ...limits, json, baseVersion ?? null],
      );
      return rows[0] ? { message: ANSWER_MESSAGES.saved, version: rows[0].version } : null;
    },

    async setLastPage(userId: number, lastPage: string) {
      await application(userId);
      await db.query('UPDATE applications SET last_page = $2 WHERE user_id = $1', [userId, lastPage]);
      return { message: 'Last page saved.' };
    },

    async addWebStatus(userId: number, status: WebStatus) {
      const app = await application(userId);
      if (status === 'submitted' && !app.submitted_at) throw conflict(ANSWER_MESSAGES.submittedBeforeStatus);
      await db.query('INSERT INTO web_statuses (user_id, web_status) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        userId,
        status,
      ]);
      return { message: 'Status saved.' };
    },

    async setAddAnother(userId: number, buttonId: string, count: number) {
      await assertNotSubmitted(userId);
      await db.query(
        `UPDATE applications SET add_another = add_another || jsonb_build_object($2::text, $3::int) WHERE user_id = $1`,
        [userId, buttonId, count],
      );
      return { message: 'Saved.' };
    },

    async setTab(userId: number, tabId: string, chosenTab: string) {
      await assertNotSubmitted(userId);
      await db.query(
        `UPDATE applications SET tabs = tabs || jsonb_build_object($2::text, $3::text) WHERE user_id = $1`,
        [userId, tabId, chosenTab],
      );
      return { message: 'Saved.' };
    },

    async recordValidations(userId: number, errors: unknown) {
      await db.query('INSERT INTO validations (user_id, errors) VALUES ($1, $2::jsonb)', [
        userId,
        JSON.stringify(errors),
      ]);
      return { message: 'Saved.' };
    },

    /**
     * Submits the application, once: a submit for one already submitted answers as the first did (the applicant's
     * double click, second tab, or retry after the answer was lost on the way), with no second receipt and the first
     * submission's time. Two at once make one submission: the update only applies while none is recorded, so the
     * second waits for the first's row lock (PostgreSQL) or its turn (the embedded database), finds it submitted and
     * answers the same. The time stored is `arrivedAt`, when the request reached the server (routes.ts), not when
     * the work got to it: what the applicant did at 23:59:59 stays 23:59:59 however long the queue.
     */
    async submit(userId: number, { arrivedAt }: SubmitOptions) {
      const done = { message: ANSWER_MESSAGES.submitted };
      const app = await answeredApplication(userId);
      if (app.submitted_at) return done;
      // After the one above: a repeat of a submission made in time still answers as the first did.
      await hooks.admitSubmit?.(userId, arrivedAt);
      const missing = missingRequiredKeys(app.answer);
      if (missing.length > 0) throw badRequest(ANSWER_MESSAGES.missing, { missing });
      const name = [app.answer.first_name, app.answer.last_name]
        .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
        .map((part) => part.trim())
        .join(' ');
      const submitted = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ submitted_at: Date; username: string }>(
          `UPDATE applications a SET submitted_at = $2 FROM users u
            WHERE a.user_id = $1 AND u.id = a.user_id AND a.submitted_at IS NULL
            RETURNING a.submitted_at, u.username`,
          [userId, arrivedAt],
        );
        // Submitted meanwhile by another request (a second tab, or the same press sent twice): that one recorded it.
        if (!rows[0]) return null;
        // The SPA derives its status from how many distinct statuses exist (SPEC §4: 3 = submitted).
        for (const status of WEB_STATUSES) {
          await tx.query('INSERT INTO web_statuses (user_id, web_status) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            userId,
            status,
          ]);
        }
        const recorded = { userId, username: rows[0].username, name, submittedAt: new Date(rows[0].submitted_at) };
        await hooks.recordSubmitted?.(tx, recorded);
        return recorded;
      });
      if (submitted) hooks.onSubmitted?.(submitted);
      return done;
    },
  };
}

export type AnswerService = ReturnType<typeof createAnswerService>;
