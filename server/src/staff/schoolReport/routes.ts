import type { FastifyInstance } from 'fastify';
import { CounselorBody, StaffMarkBody, type CounselorBodyT } from '../../../../src/kernel/schoolReport/contract';
import {
  ApplicantParams,
  ChecklistBody,
  ChecklistItemParams,
  MessageReply,
  StaffRecommendation,
  StaffSchoolReport,
  type StaffShape,
} from '../../../../src/kernel/staff/contract';
import { auditContext } from '../plugin';
import type { StaffSchoolReportService } from './service';

type Params = StaffShape<typeof ApplicantParams>;
type ItemParams = StaffShape<typeof ChecklistItemParams>;
type Mark = StaffShape<typeof StaffMarkBody>;

/**
 * The school report panel of an applicant (docs/staff.md): readers read it, `school-report-manage` changes the
 * counselor (a corrected address is a resend), cancels, marks it received by other means or not needed (with a
 * note), and keeps the checklist of what else is needed.
 */
export function schoolReportRoutes(scope: FastifyInstance, deps: { schoolReport: StaffSchoolReportService }) {
  const { schoolReport } = deps;
  const base = '/applicants/:id/school-report';
  const manage = (audit: Parameters<typeof auditFor>[0]) => auditFor(audit);

  scope.get<{ Params: Params }>(
    base,
    {
      schema: { params: ApplicantParams, response: { 200: StaffSchoolReport } },
      config: { staff: { permission: 'applicants-read', audit: 'school-report-read' } },
    },
    async (request) => schoolReport.read(request.params.id, auditContext(request)),
  );

  scope.get<{ Params: Params }>(
    `${base}/recommendation`,
    {
      schema: { params: ApplicantParams, response: { 200: StaffRecommendation } },
      config: { staff: { permission: 'documents-download', audit: 'document-opened' } },
    },
    async (request) => schoolReport.recommendation(request.params.id, auditContext(request)),
  );

  scope.put<{ Params: Params; Body: CounselorBodyT }>(
    `${base}/counselor`,
    {
      schema: { params: ApplicantParams, body: CounselorBody, response: { 200: MessageReply } },
      config: manage('school-report-counselor-changed'),
    },
    async (request) => schoolReport.replace(request.params.id, request.body, auditContext(request)),
  );

  scope.post<{ Params: Params }>(
    `${base}/cancel`,
    { schema: { params: ApplicantParams, response: { 200: MessageReply } }, config: manage('school-report-cancelled') },
    async (request) => schoolReport.cancel(request.params.id, auditContext(request)),
  );

  scope.post<{ Params: Params; Body: Mark }>(
    `${base}/mark`,
    {
      schema: { params: ApplicantParams, body: StaffMarkBody, response: { 200: MessageReply } },
      config: manage('school-report-marked'),
    },
    async (request) =>
      schoolReport.mark(request.params.id, request.body.mark, request.body.note, auditContext(request)),
  );

  scope.post<{ Params: Params; Body: { label: string } }>(
    '/applicants/:id/checklist',
    { schema: { params: ApplicantParams, body: ChecklistBody }, config: manage('checklist-item-added') },
    async (request, reply) => {
      await schoolReport.addItem(request.params.id, request.body.label, auditContext(request));
      return reply.code(201).send({ message: 'Added to the checklist.' });
    },
  );

  scope.post<{ Params: ItemParams }>(
    '/applicants/:id/checklist/:itemId/done',
    { schema: { params: ChecklistItemParams }, config: manage('checklist-item-done') },
    async (request) => {
      await schoolReport.itemDone(request.params.id, request.params.itemId, auditContext(request));
      return { message: 'Marked done.' };
    },
  );
}

const auditFor = (
  audit:
    | 'school-report-counselor-changed'
    | 'school-report-cancelled'
    | 'school-report-marked'
    | 'checklist-item-added'
    | 'checklist-item-done',
) => ({ staff: { permission: 'school-report-manage' as const, audit } });
