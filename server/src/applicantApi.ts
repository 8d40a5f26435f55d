import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { applicantSessions, refuseUngatedApiRoutes, registerApplicantGate } from './identity/gate';
import { identityRoutes } from './identity/routes';
import type { IdentityService } from './identity/service';
import { answerRoutes } from './answers/routes';
import type { AnswerService } from './answers/service';
import { documentRoutes } from './documents/routes';
import type { DocumentService } from './documents/service';
import { pdfRoutes } from './pdf/routes';
import type { ApplicationPdfService } from './pdf/service';
import { schoolReportRoutes } from './schoolReport/applicantRoutes';
import type { SchoolReportService } from './schoolReport/service';
import { registerMaintenanceGate } from './serviceStatus/maintenance';
import { serviceStatusRoutes } from './serviceStatus/routes';
import type { ServiceStatusService } from './serviceStatus/service';
import { deadlineRoutes } from './deadline/routes';
import type { Deadline } from './deadline/rule';

/**
 * The applicants' audience: SPEC §7's account calls (/public/…) and their own application (/api/…, with the school report's calls), in one
 * encapsulated scope behind one gate (identity/gate.ts), as the staff console is (staff/index.ts). Each route there
 * declares who may call it (config.applicant) or the server does not boot; an /api route registered anywhere else
 * does not boot either. The gate holds the database; the areas' routes get their services (and the answers route,
 * whose statement may check the session itself, the sessions), never the database. In maintenance mode every change
 * sent here is refused before the gate runs (serviceStatus/maintenance.ts); the page learns of it and of the
 * operator's notice from GET /public/service-status.
 */
export async function registerApplicantApi(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    identity: IdentityService;
    answers: AnswerService;
    documents: DocumentService;
    applicationPdf: ApplicationPdfService;
    schoolReport: SchoolReportService;
    serviceStatus: ServiceStatusService;
    deadline: Deadline;
    publicRateLimit: { max: number; timeWindow: string };
  },
) {
  const { db, config, publicRateLimit } = deps;
  refuseUngatedApiRoutes(app);
  const sessions = applicantSessions(db, config);
  await app.register(async (scope) => {
    registerMaintenanceGate(scope, deps.serviceStatus);
    registerApplicantGate(scope, { db, config, sessions });
    identityRoutes(scope, { config, identity: deps.identity, publicRateLimit });
    answerRoutes(scope, { answers: deps.answers, sessions });
    documentRoutes(scope, { documents: deps.documents, uploadRateLimit: publicRateLimit });
    pdfRoutes(scope, { applicationPdf: deps.applicationPdf });
    schoolReportRoutes(scope, { schoolReport: deps.schoolReport, rateLimit: publicRateLimit });
    serviceStatusRoutes(scope, { serviceStatus: deps.serviceStatus, rateLimit: publicRateLimit });
    deadlineRoutes(scope, { deadline: deps.deadline });
  });
}
