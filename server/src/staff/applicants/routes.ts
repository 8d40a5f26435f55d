import type { FastifyInstance } from 'fastify';
import {
  ApplicantDetail,
  ApplicantParams,
  ApplicantsPage,
  ApplicantsQuery,
  type StaffShape,
} from '../../../../src/kernel/staff/contract';
import { EXPORT_FILES, EXPORT_VERSION, type ExportFile } from '../../../../src/kernel/staff/exportColumns';
import type { Gate } from '../audit/gate';
import { auditContext } from '../plugin';
import { exportCsv } from './export';
import { sendCsv } from '../csv';
import { queryDetail } from '../audit/log';
import { documentPdfName } from '../../pdf/fileNames';
import type { StaffApplicants } from './service';

type Query = StaffShape<typeof ApplicantsQuery>;
type Params = StaffShape<typeof ApplicantParams>;

/** Readers find and read applications; admins export them. Every route is audited by its service or here. */
export function applicantRoutes(
  scope: FastifyInstance,
  deps: { gate: Gate; applicants: StaffApplicants; timeZone: () => string },
) {
  const { applicants, gate } = deps;

  scope.get<{ Querystring: Query }>(
    '/applicants',
    {
      schema: { querystring: ApplicantsQuery, response: { 200: ApplicantsPage } },
      config: { staff: { permission: 'applicants-search', audit: 'search' } },
    },
    async (request) => applicants.list(request.query, auditContext(request)),
  );

  scope.get<{ Params: Params }>(
    '/applicants/:id',
    {
      schema: { params: ApplicantParams, response: { 200: ApplicantDetail } },
      config: { staff: { permission: 'applicants-read', audit: 'applicant-opened' } },
    },
    async (request) => applicants.open(request.params.id, auditContext(request)),
  );

  scope.get<{ Params: Params & { key: string } }>(
    '/applicants/:id/documents/:key',
    {
      schema: {
        params: {
          type: 'object',
          properties: {
            id: { type: 'string', pattern: '^[0-9]{1,20}$' },
            key: { type: 'string', pattern: '^[A-Za-z0-9_]{1,100}$' },
          },
          required: ['id', 'key'],
        },
      },
      config: { staff: { permission: 'documents-download', audit: 'document-opened' } },
    },
    async (request, reply) => {
      const { bytes, fileName } = await applicants.document(
        request.params.id,
        request.params.key,
        auditContext(request),
      );
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${documentPdfName(fileName)}"`)
        .send(bytes);
    },
  );

  scope.get<{ Params: Params }>(
    '/applicants/:id/pdf',
    {
      schema: { params: ApplicantParams },
      config: { staff: { permission: 'documents-download', audit: 'pdf-downloaded' } },
    },
    async (request, reply) => {
      const { bytes, fileName } = await applicants.pdf(request.params.id, auditContext(request));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  /**
   * The export for the student-information system (docs/export.md): one CSV file per request (applications,
   * parents, activities), the list's filters applied. Audited before its first byte (who, which file, the filters)
   * and again when the last byte is read (rows and the file's SHA-256).
   */
  scope.get<{ Params: { file: ExportFile }; Querystring: Query }>(
    '/export/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: { file: { type: 'string', enum: EXPORT_FILES.map((f) => `${f}.csv`) } },
          required: ['file'],
        },
        querystring: ApplicantsQuery,
      },
      config: { staff: { permission: 'export', audit: 'export' } },
    },
    async (request, reply) => {
      const file = request.params.file.replace(/\.csv$/, '') as ExportFile;
      const by = auditContext(request);
      const target = `${file}.csv v${EXPORT_VERSION}`;
      const db = await gate.openAudited({
        ...by,
        action: 'export',
        target,
        detail: `started ${queryDetail(request.query)}`.trim(),
      });
      const chunks = exportCsv(db, file, request.query, deps.timeZone(), ({ rows, sha256 }) =>
        gate.log.append({ ...by, action: 'export', target, detail: `rows=${rows} sha256=${sha256}` }),
      );
      return sendCsv(reply, file, chunks);
    },
  );
}
