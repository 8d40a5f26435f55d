import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AuditPage, AuditQuery, type StaffShape } from '../../../../src/kernel/staff/contract';
import { badRequest } from '../../http/errors';
import { csvLines, safeCell } from '../csv';
import { auditContext } from '../plugin';
import type { Gate } from './gate';
import { auditPage, auditRows, filtersAreValid } from './read';

const CSV_HEADER = ['id', 'at', 'actor', 'action', 'target', 'detail', 'ip', 'user_agent'];

/** Admins read the audit log, filtered, a page at a time, and download it as CSV. Both reads are audited too. */
export function auditRoutes(scope: FastifyInstance, deps: { gate: Gate }) {
  const { gate } = deps;
  const describe = (q: StaffShape<typeof AuditQuery>) =>
    Object.entries(q)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');

  scope.get<{ Querystring: StaffShape<typeof AuditQuery> }>(
    '/audit',
    {
      schema: { querystring: AuditQuery, response: { 200: AuditPage } },
      config: { staff: { role: 'admin', audit: 'audit-read' } },
    },
    async (request) => {
      if (!filtersAreValid(request.query)) throw badRequest('Enter dates as YYYY-MM-DD.');
      return gate.audited({ ...auditContext(request), action: 'audit-read', detail: describe(request.query) }, (db) =>
        auditPage(db, request.query),
      );
    },
  );

  scope.get<{ Querystring: StaffShape<typeof AuditQuery> }>(
    '/audit.csv',
    { schema: { querystring: AuditQuery }, config: { staff: { role: 'admin', audit: 'audit-downloaded' } } },
    async (request, reply) => {
      if (!filtersAreValid(request.query)) throw badRequest('Enter dates as YYYY-MM-DD.');
      // The download is audited before its first byte; the rows then stream in batches as the client reads.
      const db = await gate.audited(
        { ...auditContext(request), action: 'audit-downloaded', detail: describe(request.query) },
        async (reader) => reader,
      );
      async function* csv() {
        yield csvLines([CSV_HEADER]);
        for await (const row of auditRows(db, request.query)) {
          yield csvLines([
            [row.id, row.at, row.actor, row.action, row.target, row.detail, row.ip, row.userAgent].map(safeCell),
          ]);
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .send(Readable.from(csv()));
    },
  );
}
