import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { STAFF_API } from '../../../src/kernel/staff/paths';
import { createGate } from './audit/gate';
import type { AuditLog } from './audit/log';
import { verifyAuditLog } from './audit/verify';
import { auditRoutes } from './audit/routes';
import { createStaffSso } from './accounts/oidc';
import { createStaffSaml } from './accounts/saml';
import { samlRoutes } from './accounts/samlRoutes';
import { accountRoutes } from './accounts/routes';
import { createStaffAccounts, type StaffAccounts } from './accounts/service';
import { openTotpBox } from './accounts/totpKey';
import { registerStaffGate } from './plugin';
import { syncStaffRoles } from './roles';
import { applicantRoutes } from './applicants/routes';
import { createStaffApplicants } from './applicants/service';
import { schoolReportRoutes } from './schoolReport/routes';
import { createStaffSchoolReport } from './schoolReport/service';
import { deadlineRoutes } from './deadline/routes';
import { createStaffDeadline } from './deadline/service';
import type { Storage } from '../documents/storage';
import type { ApplicationPdfService } from '../pdf/service';

/** What the rest of the server and the admin CLI may use of the staff subtree, through the app (never imports). */
export interface StaffApi {
  /** Every service-token use, admin call and CLI command is written here too. */
  audit: AuditLog;
  accounts: StaffAccounts;
  verifyAudit: () => ReturnType<typeof verifyAuditLog>;
}

/** Paths app.ts exempts from the CSRF rule of JSON from this origin (each has its own check: accounts/samlRoutes.ts). */
export { SAML_CROSS_SITE_POSTS as STAFF_CROSS_SITE_POSTS } from './accounts/samlRoutes';

/** The role names, for the CLI's usage text (what each may do: src/kernel/staff/roles.ts). */
export { STAFF_ROLES } from '../../../src/kernel/staff/roles';

declare module 'fastify' {
  interface FastifyInstance {
    staff: StaffApi;
  }
}

/**
 * The staff console's server: one subtree under /staff/api behind one gate (plugin.ts). The only import app.ts
 * makes of server/src/staff (lint holds the rest apart).
 */
export async function registerStaff(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    mailer: Mailer;
    rateLimit: object;
    storage: Storage;
    applicationPdf: ApplicationPdfService;
  },
) {
  const { db, config } = deps;
  const gate = createGate(db);
  await syncStaffRoles(gate.own, app.log);
  // The authenticator secrets' key, checked, and any secret still in clear encrypted (after the migrations).
  const totp = await openTotpBox(gate, config, app.log);
  const accounts = createStaffAccounts({ gate, mailer: deps.mailer, publicUrl: config.publicUrl, totp, log: app.log });
  const redirectUri = `${config.publicUrl}${STAFF_API}/sso/callback`;
  const oidc = config.staff.oidc;
  const sso = oidc ? createStaffSso(oidc, { db: gate.own, redirectUri }) : undefined;
  const samlConfig = config.staff.saml;
  const saml = samlConfig ? createStaffSaml(samlConfig, { db: gate.own, publicUrl: config.publicUrl }) : undefined;
  const timeZone = () => config.collegeTimeZone;
  const applicants = createStaffApplicants({
    gate,
    storage: deps.storage,
    applicationPdf: deps.applicationPdf,
    timeZone,
    deadline: config.deadline,
  });
  // The school report service is app.services' (decorated before this scope): read when called.
  const schoolReport = createStaffSchoolReport({ gate, schoolReport: () => app.services.schoolReport });
  const deadline = createStaffDeadline({ gate, deadline: config.deadline, timeZone: config.collegeTimeZone });
  app.decorate('staff', { audit: gate.log, accounts, verifyAudit: () => verifyAuditLog(db) } satisfies StaffApi);
  await app.register(
    async (scope) => {
      scope.decorateRequest('staff', null);
      registerStaffGate(scope, { gate, config: config.staff });
      accountRoutes(scope, {
        gate,
        accounts,
        sso,
        ssoName: oidc?.name ?? '',
        samlName: saml?.name,
        redirectUri,
        timeZone: config.collegeTimeZone,
        rateLimit: deps.rateLimit,
      });
      await samlRoutes(scope, { gate, accounts, saml, rateLimit: deps.rateLimit });
      auditRoutes(scope, { gate, timeZone });
      applicantRoutes(scope, { gate, applicants, timeZone });
      schoolReportRoutes(scope, { schoolReport });
      deadlineRoutes(scope, { deadline });
    },
    { prefix: STAFF_API },
  );
}
