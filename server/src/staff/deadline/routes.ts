import type { FastifyInstance } from 'fastify';
import { ApplicantParams, MessageReply, ReopenBody, type StaffShape } from '../../../../src/kernel/staff/contract';
import { auditContext } from '../plugin';
import type { StaffDeadline } from './service';

type Params = StaffShape<typeof ApplicantParams>;

/**
 * An applicant's Submit reopened after the deadline (docs/staff.md, "The application deadline"): admins reopen it
 * until a time they choose, or withdraw the reopening. Reading it is part of the applicant's page (applicant-opened).
 */
export function deadlineRoutes(scope: FastifyInstance, deps: { deadline: StaffDeadline }) {
  const path = '/applicants/:id/reopening';

  scope.put<{ Params: Params; Body: StaffShape<typeof ReopenBody> }>(
    path,
    {
      schema: { params: ApplicantParams, body: ReopenBody, response: { 200: MessageReply } },
      config: { staff: { permission: 'deadline-reopen', audit: 'submit-reopened' } },
    },
    async (request) => deps.deadline.reopen(request.params.id, request.body.until, auditContext(request)),
  );

  scope.delete<{ Params: Params }>(
    path,
    {
      schema: { params: ApplicantParams, response: { 200: MessageReply } },
      config: { staff: { permission: 'deadline-reopen', audit: 'submit-reopen-withdrawn' } },
    },
    async (request) => deps.deadline.withdraw(request.params.id, auditContext(request)),
  );
}
