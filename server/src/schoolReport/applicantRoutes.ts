import type { FastifyInstance } from 'fastify';
import { currentUser } from '../identity/gate';
import { CounselorBody, SchoolReportStatus } from '../../../src/kernel/schoolReport/contract';
import type { Shape } from '../../../src/kernel/api/contract';
import type { SchoolReportService } from './service';

/**
 * The applicant's school report calls, on the session's own application only: the status page's data, "Send the
 * request now" (Final Steps), a reminder by hand, a corrected or other counselor, cancelling, revoking the waiver.
 */
export function schoolReportRoutes(
  app: FastifyInstance,
  deps: { schoolReport: SchoolReportService; rateLimit: { max: number; timeWindow: string } },
) {
  const { schoolReport } = deps;
  const config = { applicant: { who: 'user' } } as const;
  // Each of these mails someone: limited per address as the other mailing calls are.
  const limited = { ...config, rateLimit: deps.rateLimit };
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get('/api/school-report', { schema: { response: { 200: SchoolReportStatus } }, config }, async (request) =>
    schoolReport.status(userId(request)),
  );
  app.post('/api/school-report/request', { config: limited }, async (request) =>
    schoolReport.requestNow(userId(request), 'applicant'),
  );
  app.post('/api/school-report/reminder', { config: limited }, async (request) => schoolReport.remind(userId(request)));
  app.put<{ Body: Shape<typeof CounselorBody> }>(
    '/api/school-report/counselor',
    { schema: { body: CounselorBody }, config: limited },
    async (request) => schoolReport.replace(userId(request), request.body, 'applicant'),
  );
  app.delete('/api/school-report', { config: limited }, async (request) =>
    schoolReport.cancel(userId(request), 'applicant'),
  );
  app.post('/api/school-report/waiver/revoke', { config }, async (request) =>
    schoolReport.revokeWaiver(userId(request)),
  );
}
