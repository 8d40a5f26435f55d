import type { DeadlineConfig } from '../../config';
import { collegeTimeToInstant } from '../../collegeDays';
import { badRequest, conflict, notFound } from '../../http/errors';
import { reopen, reopeningOf, withdraw } from '../../deadline/reopenings';
import { applicationIdOf } from '../../../../src/kernel/applicationId';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import type { ApplicantDetail, StaffShape } from '../../../../src/kernel/staff/contract';
import { formatCollegeTime } from '../../../../src/kernel/time';
import type { Gate, Queryable } from '../audit/gate';
import type { AuditContext } from '../accounts/service';

const NO_APPLICANT = 'There is no applicant with this id.';
/** PostgreSQL's foreign_key_violation: the reopening names no account. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The applicant page's part: the deadline and this applicant's reopening, read with the applicant (applicant-opened). */
export async function deadlineOfApplicant(
  db: Queryable,
  id: string,
  deadline: DeadlineConfig | undefined,
): Promise<StaffShape<typeof ApplicantDetail>['deadline']> {
  if (!deadline) return null;
  const reopening = await reopeningOf(db, id);
  return {
    closesAt: deadline.closesAt.toISOString(),
    graceMinutes: Math.round(deadline.graceMs / 60_000),
    reopening: reopening
      ? { until: reopening.until.toISOString(), by: reopening.by, at: reopening.at.toISOString() }
      : null,
  };
}

/**
 * Reopening one applicant's Submit after the application deadline (deadline-reopen, admins: docs/staff.md), until a
 * time staff type in the college's zone, and withdrawing it. Each change and its audit row are one transaction (the
 * gate's), so the log shows exactly the reopenings every instance's submit reads (server/src/deadline/rule.ts).
 */
export function createStaffDeadline(deps: { gate: Gate; deadline: DeadlineConfig | undefined; timeZone: string }) {
  const { gate, deadline, timeZone } = deps;

  return {
    async reopen(id: string, untilLocal: string, by: AuditContext, now = new Date()) {
      if (!deadline) throw conflict(STAFF_MESSAGES.noDeadline, 'NoDeadline');
      const until = collegeTimeToInstant(untilLocal, timeZone);
      if (!until) throw badRequest(STAFF_MESSAGES.reopenTimeInvalid);
      if (until <= now) throw badRequest(STAFF_MESSAGES.reopenInPast);
      if (until <= deadline.closesAt) throw badRequest(STAFF_MESSAGES.reopenBeforeDeadline);
      const entry = {
        ...by,
        action: 'submit-reopened' as const,
        target: applicationIdOf(id),
        detail: `until ${untilLocal} ${timeZone} (${until.toISOString()})`,
      };
      try {
        await gate.changed(entry, (tx) => reopen(tx, id, until, by.actor));
      } catch (error) {
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound(NO_APPLICANT);
        throw error;
      }
      return { message: `Submit reopened for this applicant until ${formatCollegeTime(until, timeZone)}.` };
    },

    async withdraw(id: string, by: AuditContext) {
      await gate.changed(
        (until: Date | undefined) => ({
          ...by,
          action: 'submit-reopen-withdrawn' as const,
          target: applicationIdOf(id),
          detail: `was until ${until?.toISOString()}`,
        }),
        async (tx) => {
          const until = await withdraw(tx, id);
          // Nothing withdrawn: the refusal undoes the transaction, its audit row with it.
          if (!until) throw notFound(STAFF_MESSAGES.notReopened);
          return until;
        },
      );
      return { message: STAFF_MESSAGES.reopenWithdrawn };
    },
  };
}

export type StaffDeadline = ReturnType<typeof createStaffDeadline>;
