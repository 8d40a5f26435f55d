import type { Db, Queryable } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import { normaliseEmail } from '../../../src/kernel/auth/rules';
import { counselorEmailProblem, counselorFromAnswers } from '../../../src/kernel/schoolReport/counselor';
import type { CounselorBodyT } from '../../../src/kernel/schoolReport/contract';
import { SCHOOL_REPORT_MESSAGES as M } from '../../../src/kernel/schoolReport/messages';
import {
  DONE_STATES,
  WAITING_STATES,
  WAIVER_REVOCATION_TEXT,
  WAIVER_VERSION,
  waiverText,
} from '../../../src/kernel/schoolReport/rules';
import { answersAndAddress } from '../applications/table';
import { queueMail } from './mailJobs';
import {
  applicantAddress,
  currentRequest,
  cycleOpen,
  endLink,
  insertRequest,
  setState,
  type RequestRow,
} from './requests';
import { historyOf, statusOf, waiverOf } from './status';

/** Who acts: the applicant, their submission, or a staff member (`staff:<email>`), as the request records it. */
export type Actor = 'applicant' | 'submit' | `staff:${string}`;

export interface SchoolReportDeps {
  db: Db;
  /** The server's secret the counselors' links are made with (links.ts). */
  secret: string;
  /** The cycle's last day, YYYY-MM-DD, and the college's zone (config.schoolReportCycleEnd). */
  cycleEnd: string;
  timeZone: string;
  /** A mail was queued: wake the worker. */
  onQueued?: () => void;
}

interface Answers {
  answer: Record<string, unknown>;
  username: string;
}

/**
 * The school report's requests: made at submission (or earlier from Final Steps), reminded, changed, cancelled,
 * marked by staff. The one writer of school_report_requests and school_report_waivers besides the counselor's desk
 * (counselorDesk.ts); the applicants' routes, the staff console and the worker go through here.
 */
export function createSchoolReportService(deps: SchoolReportDeps) {
  const { db } = deps;
  const queued = () => deps.onQueued?.();

  const answersOf = (q: Queryable, userId: number): Promise<Answers> => answersAndAddress(q, userId);
  const checkedCounselor = ({ answer, username }: Answers) => counselorFromAnswers(answer, username);

  async function assertCycleOpen(q: Queryable) {
    if (!(await cycleOpen(q, deps.cycleEnd, deps.timeZone))) throw conflict(M.cycleEnded, 'CycleEnded');
  }

  /** Records the waiver as answered when it is the first record or differs from the last choice. */
  async function recordWaiver(q: Queryable, userId: number, choice: 'Y' | 'N') {
    const last = await waiverOf(q, userId);
    if (last && last.choice === choice && !last.revoked_at) return;
    await q.query('INSERT INTO school_report_waivers (user_id, choice, text, version) VALUES ($1, $2, $3, $4)', [
      userId,
      choice,
      waiverText(choice),
      WAIVER_VERSION,
    ]);
  }

  /** Retires the current request (replaced or marked): its link dies, and a counselor still asked is told. */
  async function retire(tx: Queryable, current: RequestRow, by: Actor, state: 'cancelled' | null) {
    const waiting = WAITING_STATES.includes(current.state);
    if (state) await setState(tx, current.id, state, { cancelled_at: new Date(), cancelled_by: by });
    await endLink(tx, current.id);
    if (waiting) await queueMail(tx, Number(current.id), 'link_ended', current.counselor_email);
  }

  async function newRequest(tx: Queryable, userId: number, counselor: CounselorBodyT, by: Actor) {
    await assertCycleOpen(tx);
    const previous = await currentRequest(tx, userId, true);
    if (previous) {
      await tx.query('UPDATE school_report_requests SET current = false WHERE id = $1', [previous.id]);
    }
    const id = await insertRequest(tx, {
      userId,
      counselor,
      by,
      cycleEnd: deps.cycleEnd,
      timeZone: deps.timeZone,
      secret: deps.secret,
    });
    if (previous) await tx.query('UPDATE school_report_requests SET replaced_by = $2 WHERE id = $1', [previous.id, id]);
    return id;
  }

  /**
   * A request can be made from the answers: they name a counselor and the waiver, and there is none or it was
   * cancelled. After a decline or a bounce the answers' counselor is the one that failed: the applicant names
   * another (replace).
   */
  async function canRequest(userId: number, current: RequestRow | undefined) {
    if (current && current.state !== 'cancelled') return false;
    return checkedCounselor(await answersOf(db, userId)).ok;
  }

  return {
    status: (userId: number) => statusOf(db, userId, (current) => canRequest(userId, current)),

    history: (userId: number) => historyOf(db, userId),

    /** "Send the request now" (Final Steps), or "Ask your counselor" on the status page: from the saved answers. */
    async requestNow(userId: number, by: Actor) {
      await db.transaction(async (tx) => {
        const checked = checkedCounselor(await answersOf(tx, userId));
        if (!checked.ok) throw badRequest(checked.message);
        const current = await currentRequest(tx, userId, true);
        if (current && (WAITING_STATES.includes(current.state) || DONE_STATES.includes(current.state))) {
          throw conflict(M.alreadyRequested, 'AlreadyRequested');
        }
        await recordWaiver(tx, userId, checked.waiver);
        await newRequest(tx, userId, checked.counselor, by);
      });
      queued();
      return { message: M.requested };
    },

    /**
     * In the submission's transaction: records the waiver as submitted and, unless a request already exists, asks
     * the counselor the answers name. Never throws for the answers (submission never waits for the counselor): an
     * application without a usable counselor is submitted, and its status page says what to do.
     */
    async onSubmitted(tx: Queryable, userId: number) {
      const checked = checkedCounselor(await answersOf(tx, userId));
      if (!checked.ok) return;
      await recordWaiver(tx, userId, checked.waiver);
      if (await currentRequest(tx, userId)) return;
      if (await cycleOpen(tx, deps.cycleEnd, deps.timeZone)) await newRequest(tx, userId, checked.counselor, 'submit');
    },
    /** After the submission committed: the request's mail goes at once. */
    afterSubmitted: queued,

    async remind(userId: number) {
      await db.transaction(async (tx) => {
        const current = await currentRequest(tx, userId, true);
        if (!current) throw conflict(M.noRequest, 'NoRequest');
        if (!WAITING_STATES.includes(current.state)) throw conflict(M.notWaiting, 'NotWaiting');
        if (current.manual_reminder_at) throw conflict(M.reminderUsed, 'ReminderUsed');
        await tx.query('UPDATE school_report_requests SET manual_reminder_at = now() WHERE id = $1', [current.id]);
        await queueMail(tx, Number(current.id), 'manual_reminder', current.counselor_email);
      });
      queued();
      return { message: M.reminded };
    },

    /** A corrected address or another counselor: the old link dies (its holder told), a new request goes. */
    async replace(userId: number, body: CounselorBodyT, by: Actor) {
      const counselor = {
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        email: normaliseEmail(body.email),
      };
      if (!counselor.first_name || !counselor.last_name) throw badRequest(M.needsAnswers);
      await db.transaction(async (tx) => {
        const answers = await answersOf(tx, userId);
        const problem = counselorEmailProblem(counselor.email, answers.username);
        if (problem) throw badRequest(problem);
        const current = await currentRequest(tx, userId, true);
        if (current && DONE_STATES.includes(current.state)) throw conflict(M.finished, 'Finished');
        // A waiting request is cancelled by the change; a declined or bounced one keeps its state in the history.
        if (current) await retire(tx, current, by, WAITING_STATES.includes(current.state) ? 'cancelled' : null);
        const waiver = answers.answer.counselor_waiver_request;
        if (waiver === 'Y' || waiver === 'N') {
          if (!(await waiverOf(tx, userId))) await recordWaiver(tx, userId, waiver);
        }
        await newRequest(tx, userId, counselor, by);
      });
      queued();
      return { message: M.changed };
    },

    async cancel(userId: number, by: Actor) {
      await db.transaction(async (tx) => {
        const current = await currentRequest(tx, userId, true);
        if (!current || current.state === 'cancelled') throw conflict(M.noRequest, 'NoRequest');
        if (DONE_STATES.includes(current.state)) throw conflict(M.finished, 'Finished');
        await retire(tx, current, by, 'cancelled');
      });
      queued();
      return { message: M.cancelled };
    },

    /** FERPA (34 CFR §99.12): a waiver may be revoked, for recommendations that arrive after the revocation. */
    async revokeWaiver(userId: number) {
      await db.transaction(async (tx) => {
        const waiver = await waiverOf(tx, userId);
        if (!waiver || waiver.choice !== 'Y' || waiver.revoked_at) {
          throw conflict(M.nothingToRevoke, 'NothingToRevoke');
        }
        await tx.query(
          `INSERT INTO school_report_waivers (user_id, choice, text, version) VALUES ($1, 'revoked', $2, $3)`,
          [userId, WAIVER_REVOCATION_TEXT, WAIVER_VERSION],
        );
      });
      return { message: M.waiverRevoked };
    },

    /** Staff: the report came another way (a transcript by post), or is not needed; with their note. */
    async staffMark(userId: number, mark: 'received_other_means' | 'waived', note: string, by: Actor) {
      if (!note.trim()) throw badRequest(M.noteRequired);
      await db.transaction(async (tx) => {
        let current = await currentRequest(tx, userId, true);
        if (current && DONE_STATES.includes(current.state)) throw conflict(M.finished, 'Finished');
        if (!current) {
          // Nothing was requested: the mark gets a request of its own, with no link and no mail.
          const checked = checkedCounselor(await answersOf(tx, userId));
          const counselor = checked.ok ? checked.counselor : { first_name: '', last_name: '', email: '' };
          await tx.query(
            `INSERT INTO school_report_requests (user_id, counselor_first_name, counselor_last_name, counselor_email,
                    state, requested_by, link_expires_at) VALUES ($1, $2, $3, $4, 'requested', $5, now())`,
            [userId, counselor.first_name, counselor.last_name, counselor.email, by],
          );
          current = (await currentRequest(tx, userId, true))!;
        } else {
          await retire(tx, current, by, null);
        }
        await setState(
          tx,
          current.id,
          mark === 'waived' ? 'waived' : 'received',
          mark === 'waived'
            ? { staff_note: note.trim() }
            : { staff_note: note.trim(), received_at: new Date(), received_via: 'other_means' },
        );
      });
      queued();
      return { message: mark === 'waived' ? M.markedWaived : M.markedReceived };
    },

    async addChecklistItem(userId: number, label: string, by: Actor) {
      if (!label.trim()) throw badRequest(M.noteRequired);
      await db.query('INSERT INTO application_checklist_items (user_id, label, created_by) VALUES ($1, $2, $3)', [
        userId,
        label.trim(),
        by,
      ]);
    },

    async markChecklistItemDone(userId: number, itemId: number, by: Actor) {
      const { rows } = await db.query(
        `UPDATE application_checklist_items SET done_at = now(), note = $3
          WHERE id = $1 AND user_id = $2 AND done_at IS NULL RETURNING id`,
        [itemId, userId, `done by ${by}`],
      );
      if (rows.length === 0) throw new AppError(404, 'There is no such open checklist item.', 'NotFound');
    },

    /** The applicant's address, for the worker's and the desk's mails to them. */
    applicantAddress: (userId: number) => applicantAddress(db, userId),
  };
}

export type SchoolReportService = ReturnType<typeof createSchoolReportService>;
