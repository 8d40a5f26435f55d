import type { CounselorBodyT } from '../../../../src/kernel/schoolReport/contract';
import type { StaffSchoolReport, StaffShape } from '../../../../src/kernel/staff/contract';
import { applicationIdOf } from '../../../../src/kernel/applicationId';
import type { SchoolReportService } from '../../schoolReport/service';
import { notFound } from '../../http/errors';
import { answersAndAddress } from '../../applications/table';
import type { Gate } from '../audit/gate';
import type { AuditContext } from '../accounts/service';

const NO_APPLICANT = 'There is no applicant with this id.';
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * The console's side of the counselor's school report: reads go through the gate (the audit row first), changes go
 * to the school report service (its own transactions: requests, links and mails) and are logged once they are made,
 * so the log never shows a change that was refused (a refused one answers 4xx with the service's words).
 */
export function createStaffSchoolReport(deps: { gate: Gate; schoolReport: () => SchoolReportService }) {
  const { gate } = deps;
  const actor = (by: AuditContext) => `staff:${by.actor}` as const;

  async function assertApplicant(id: string) {
    if (!(await deps.schoolReport().applicantAddress(Number(id)))) throw notFound(NO_APPLICANT);
  }

  /** A change made, then its row (target the application id, detail what changed). */
  async function changed<T>(
    id: string,
    by: AuditContext,
    action: Parameters<Gate['log']['append']>[0]['action'],
    detail: string,
    change: () => Promise<T>,
  ) {
    await assertApplicant(id);
    const result = await change();
    await gate.log.append({ ...by, action, target: applicationIdOf(id), detail });
    return result;
  }

  return {
    async read(id: string, by: AuditContext): Promise<StaffShape<typeof StaffSchoolReport>> {
      const found = await gate.audited(
        { ...by, action: 'school-report-read', target: applicationIdOf(id) },
        async (db) => {
          const { answer, username } = await answersAndAddress(db, id);
          if (!username) return null;
          const typed = await db.query<{ has: boolean }>(
            `SELECT recommendation_text <> '' AS has FROM school_report_requests WHERE user_id = $1 AND current`,
            [id],
          );
          const items = await db.query<{
            id: string;
            label: string;
            done_at: Date | null;
            created_by: string;
            created_at: Date;
          }>(
            `SELECT id::text AS id, label, done_at, created_by, created_at FROM application_checklist_items
              WHERE user_id = $1 ORDER BY id`,
            [id],
          );
          return { answer, hasText: Boolean(typed.rows[0]?.has), items: items.rows };
        },
      );
      if (!found) throw notFound(NO_APPLICANT);
      const service = deps.schoolReport();
      const [status, history] = await Promise.all([service.status(Number(id)), service.history(Number(id))]);
      return {
        status,
        history,
        answered: {
          first_name: str(found.answer.counselor_first_name),
          last_name: str(found.answer.counselor_last_name),
          email: str(found.answer.counselor_email_address),
        },
        hasRecommendationText: found.hasText,
        items: found.items.map((item) => ({
          id: item.id,
          label: item.label,
          doneAt: iso(item.done_at),
          createdBy: item.created_by,
          createdAt: iso(item.created_at)!,
        })),
      };
    },

    /** The counselor's typed recommendation: a document of the file, opened as the others are (document-opened). */
    async recommendation(id: string, by: AuditContext) {
      const found = await gate.audited(
        { ...by, action: 'document-opened', target: applicationIdOf(id), detail: 'school_report_recommendation_text' },
        async (db) => {
          const { rows } = await db.query<{ text: string; waived: boolean | null }>(
            `SELECT recommendation_text AS text, recommendation_waived AS waived FROM school_report_requests
              WHERE user_id = $1 AND current AND recommendation_text <> ''`,
            [id],
          );
          return rows[0];
        },
      );
      if (!found) throw notFound('The counselor has not typed a recommendation.');
      return found;
    },

    replace: (id: string, counselor: CounselorBodyT, by: AuditContext) =>
      changed(id, by, 'school-report-counselor-changed', `to ${counselor.email}`, () =>
        deps.schoolReport().replace(Number(id), counselor, actor(by)),
      ),

    cancel: (id: string, by: AuditContext) =>
      changed(id, by, 'school-report-cancelled', '', () => deps.schoolReport().cancel(Number(id), actor(by))),

    mark: (id: string, mark: 'received_other_means' | 'waived', note: string, by: AuditContext) =>
      changed(id, by, 'school-report-marked', `${mark}: ${note.trim()}`, () =>
        deps.schoolReport().staffMark(Number(id), mark, note, actor(by)),
      ),

    addItem: (id: string, label: string, by: AuditContext) =>
      changed(id, by, 'checklist-item-added', label.trim(), () =>
        deps.schoolReport().addChecklistItem(Number(id), label, actor(by)),
      ),

    itemDone: (id: string, itemId: string, by: AuditContext) =>
      changed(id, by, 'checklist-item-done', `item ${itemId}`, () =>
        deps.schoolReport().markChecklistItemDone(Number(id), Number(itemId), actor(by)),
      ),
  };
}

export type StaffSchoolReportService = ReturnType<typeof createStaffSchoolReport>;
