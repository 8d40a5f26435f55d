import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { applicantsOverview } from '../applications/table';
import { seedDemo } from '../demo/seedDemo';
import type { ServiceStatus } from '../serviceStatus/service';
import type { LookupCategory } from '../../../src/kernel/constants';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { applicationIdOf } from '../../../src/kernel/applicationId';

type StaffApi = FastifyInstance['staff'];
/** Who is acting, as the audit log keeps it: `cli:<user>` or `admin-api`, with the caller's address and browser. */
export type AdminActor = Parameters<StaffApi['accounts']['add']>[1];
export type StaffListed = Awaited<ReturnType<StaffApi['accounts']['list']>>[number];
export type AuditVerified = Awaited<ReturnType<StaffApi['verifyAudit']>>;
/** The longest a service token or public link may live, in days (a year's links for a whole cycle, ten times). */
export const MAX_TOKEN_DAYS = 3650;
/** The most fictional applicants one `seed-demo` adds. */
export const MAX_DEMO_APPLICANTS = 1_000_000;

/** One applicant of `users`; the times are strings when they came over HTTP. */
export interface ApplicantListed {
  username: string;
  confirmed_at: Date | string | null;
  created_at: Date | string;
  submitted_at: Date | string | null;
}

/**
 * What the admin CLI can do, in one shape for both of its paths: on the database itself (adminOperations, also what
 * the admin API's routes run, so both audit alike) and through a running server's admin API (client.ts).
 */
export interface AdminOperations {
  listApplicants(): Promise<ApplicantListed[]>;
  mintServiceToken(username: string, days?: number): Promise<{ token: string; url: string }>;
  /** Whether a live token (service token or public link) was revoked. */
  revoke(token: string): Promise<boolean>;
  /** How many service tokens of the applicant were revoked. */
  revokeServiceTokens(username: string): Promise<number>;
  mintPublicLink(answer: AnswerMap, days?: number): Promise<{ token: string; url: string }>;
  /** How many records were imported. */
  importLookup(category: LookupCategory, csv: string, append: boolean): Promise<number>;
  seedDemo(count: number): Promise<void>;
  verifyAudit(): Promise<AuditVerified>;
  /** The operator's notice to every applicant page and maintenance mode, as the applicants' pages read them. */
  serviceStatus(): Promise<ServiceStatus>;
  /** Sets the notice every applicant page shows (null clears it); each page shows it within a minute. */
  setNotice(text: string | null): Promise<ServiceStatus>;
  /** Maintenance mode: while on, every change an applicant sends is refused (503); reads keep working. */
  setMaintenance(on: boolean): Promise<ServiceStatus>;
  staff: {
    add(email: string, role: string): Promise<unknown>;
    list(): Promise<StaffListed[]>;
    setRole(email: string, role: string): Promise<unknown>;
    remove(email: string): Promise<unknown>;
    resetSso(email: string): Promise<unknown>;
  };
}

/**
 * The operations on the app's own database, each audited as `by`. Links start with `publicUrl`, the app's
 * PUBLIC_URL: the server's when the admin API runs them, the CLI's environment's when the CLI does.
 */
export function adminOperations(app: FastifyInstance, publicUrl: string, by: AdminActor): AdminOperations {
  const { tokens, lookup, serviceStatus } = app.services;
  const { audit, accounts } = app.staff;
  return {
    async listApplicants() {
      await audit.append({ ...by, action: 'applicants-listed', detail: 'every applicant' });
      return applicantsOverview(app.db);
    },
    async mintServiceToken(username, days) {
      let minted: Awaited<ReturnType<typeof tokens.createServiceToken>>;
      try {
        minted = await tokens.createServiceToken(username, days);
      } catch {
        throw notFound(`No applicant with the username ${username}`);
      }
      await audit.append({
        ...by,
        action: 'service-token-minted',
        target: applicationIdOf(minted.applicantId),
        detail: `token ${minted.id}`,
      });
      return { token: minted.token, url: `${publicUrl}/about?service_token=${minted.token}` };
    },
    async revoke(token) {
      const revoked = await tokens.revoke(token);
      if (!revoked) return false;
      await audit.append({
        ...by,
        action: revoked.kind === 'service' ? 'service-token-revoked' : 'public-link-revoked',
        detail: `token ${revoked.id}`,
      });
      return true;
    },
    async revokeServiceTokens(username) {
      const ids = await tokens.revokeAllFor(username);
      for (const id of ids) {
        await audit.append({ ...by, action: 'service-token-revoked', target: username, detail: `token ${id}` });
      }
      return ids.length;
    },
    async mintPublicLink(answer, days) {
      const { token, id } = await tokens.createPublicLink(answer, days);
      await audit.append({ ...by, action: 'public-link-minted', detail: `token ${id}` });
      return { token, url: `${publicUrl}/about?token=${token}` };
    },
    importLookup: (category, csv, append) => lookup.importCsv(category, csv, { append }),
    async seedDemo(count) {
      await seedDemo(app.db, count);
      await audit.append({ ...by, action: 'demo-seeded', detail: `${count} fictional applicants` });
    },
    verifyAudit: () => app.staff.verifyAudit(),
    serviceStatus: () => serviceStatus.current(),
    async setNotice(text) {
      const status = await serviceStatus.setNotice(text);
      await audit.append(
        status.notice === null
          ? { ...by, action: 'notice-cleared', target: 'notice' }
          : { ...by, action: 'notice-set', target: 'notice', detail: status.notice },
      );
      return status;
    },
    async setMaintenance(on) {
      const status = await serviceStatus.setMaintenance(on);
      await audit.append({ ...by, action: on ? 'maintenance-on' : 'maintenance-off', target: 'maintenance' });
      return status;
    },
    staff: {
      add: (email, role) => accounts.add({ email, role }, by),
      list: () => accounts.list(by),
      setRole: (email, role) => accounts.setRole({ email }, role, by),
      remove: (email) => accounts.remove({ email }, by),
      resetSso: (email) => accounts.resetSso({ email }, by),
    },
  };
}
