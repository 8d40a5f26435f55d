import type { FastifyInstance } from 'fastify';
import { AuditPage, AuditQuery, type StaffShape } from '../../../../src/kernel/staff/contract';
import { badRequest } from '../../http/errors';
import { csvLines, safeCell, sendCsv } from '../csv';
import { STAFF_MESSAGES } from '../../../../src/kernel/staff/messages';
import { queryDetail } from './log';
import { auditContext } from '../plugin';
import type { Gate } from './gate';
import { auditPage, auditRows, filtersAreValid } from './read';

const CSV_HEADER = ['id', 'at', 'actor', 'action', 'target', 'detail', 'ip', 'user_agent'];

/** Admins read the audit log, filtered, a page at a time, and download it as CSV. Both reads are audited too. */
export function auditRoutes(scope: FastifyInstance, deps: { gate: Gate; timeZone: () => string }) {
  const { gate, timeZone } = deps;
  scope.get<{ Querystring: StaffShape<typeof AuditQuery> }>(
    '/audit',
    {
      schema: { querystring: AuditQuery, response: { 200: AuditPage } },
      config: { staff: { permission: 'audit-read', audit: 'audit-read' } },
    },
    async (request) => {
      if (!filtersAreValid(request.query)) throw badRequest(STAFF_MESSAGES.datesInvalid);
      return gate.audited(
        { ...auditContext(request), action: 'audit-read', detail: queryDetail(request.query) },
        (db) => auditPage(db, request.query, timeZone()),
      );
    },
  );

  scope.get<{ Querystring: StaffShape<typeof AuditQuery> }>(
    '/audit.csv',
    { schema: { querystring: AuditQuery }, config: { staff: { permission: 'audit-read', audit: 'audit-downloaded' } } },
    async (request, reply) => {
      if (!filtersAreValid(request.query)) throw badRequest(STAFF_MESSAGES.datesInvalid);
      // The download is audited before its first byte; the rows then stream in batches as the client reads.
      const db = await gate.openAudited({
        ...auditContext(request),
        action: 'audit-downloaded',
        detail: queryDetail(request.query),
      });
      async function* csv() {
        yield csvLines([CSV_HEADER]);
        for await (const row of auditRows(db, request.query, timeZone())) {
          yield csvLines([
            [row.id, row.at, row.actor, row.action, row.target, row.detail, row.ip, row.userAgent].map(safeCell),
          ]);
        }
      }
      return sendCsv(reply, 'audit', csv());
    },
  );
}
