import type { DeadlineConfig } from '../config';
import type { Queryable } from '../db/client';
import { AppError } from '../http/errors';
import { DEADLINE_PASSED_CODE } from '../../../src/kernel/messages';
import { DEADLINE_PASSED } from '../../../src/kernel/deadline/messages';
import { reopeningOf } from './reopenings';

/**
 * The application deadline's rule (APPLICATION_DEADLINE, DEADLINE_GRACE_MINUTES; docs/configuration.md): a submit is
 * judged by when its request arrived, never by when it is checked or finishes, so one that arrived in time is
 * accepted however long the server then takes (a queue of last-minute submits, a slow database). It arrived in time
 * before the deadline plus the grace, or, for an applicant whose Submit staff reopened (reopenings.ts), before that
 * reopening's end plus the grace. Saving answers and uploads are not closed: the answers stay the applicant's to read
 * and correct, and a reopened applicant submits what they already have.
 */
export function createDeadline(db: Queryable, deadline: DeadlineConfig | undefined) {
  const inTime = (arrivedAt: Date, closesAt: Date) => arrivedAt.getTime() < closesAt.getTime() + deadline!.graceMs;

  return {
    /** The settings (the staff console shows them beside a reopening). */
    settings: deadline,

    /** Refuses (403 DeadlinePassed, the kernel's words) a submit whose request arrived too late. */
    async admitSubmit(userId: number, arrivedAt: Date): Promise<void> {
      if (!deadline || inTime(arrivedAt, deadline.closesAt)) return;
      const reopening = await reopeningOf(db, userId);
      if (reopening && inTime(arrivedAt, reopening.until)) return;
      throw new AppError(403, DEADLINE_PASSED, DEADLINE_PASSED_CODE);
    },

    /** GET /api/deadline: the deadline and this applicant's reopening, for the form pages' countdown. */
    async forApplicant(userId: number) {
      if (!deadline) return { closesAt: null, reopenedUntil: null };
      const reopening = await reopeningOf(db, userId);
      return { closesAt: deadline.closesAt.toISOString(), reopenedUntil: reopening?.until.toISOString() ?? null };
    },
  };
}

export type Deadline = ReturnType<typeof createDeadline>;
