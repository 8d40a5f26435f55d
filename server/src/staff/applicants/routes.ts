import type { FastifyInstance } from 'fastify';
import {
  ApplicantDetail,
  ApplicantParams,
  ApplicantsPage,
  ApplicantsQuery,
  ExportQuery,
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
type ExportQueryShape = StaffShape<typeof ExportQuery>;

/** An applicant's document: the applicant's id and the document question's answer key. */
const DocumentParams = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[0-9]{1,20}$' },
    key: { type: 'string', pattern: '^[A-Za-z0-9_]{1,100}$' },
  },
  required: ['id', 'key'],
} as const;

/**
 * Content-Disposition for a download under the applicant's own file name: `filename*` carries it whole (RFC 6266,
 * UTF-8), `filename` an ASCII stand-in for older clients; quotes, backslashes and control characters never reach
 * the header as they are.
 */
function attachment(fileName: string) {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_')
      .trim() || 'document';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

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
      config: { staff: { permission: 'applicants-search', audit: ['search', 'applicants-listed'] } },
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
      schema: { params: DocumentParams },
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

  scope.get<{ Params: Params & { key: string } }>(
    '/applicants/:id/documents/:key/original',
    {
      schema: { params: DocumentParams },
      config: { staff: { permission: 'documents-download', audit: 'document-original-downloaded' } },
    },
    async (request, reply) => {
      const { bytes, fileName, contentType } = await applicants.original(
        request.params.id,
        request.params.key,
        auditContext(request),
      );
      // A download, never a page: its type is not guessed, and were it opened, nothing in it could run.
      return reply
        .header('Content-Type', contentType)
        .header('Content-Disposition', attachment(fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "sandbox; default-src 'none'")
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
   * parents, activities), the list's filters applied; with `for=excel`, the same file for Excel (a byte-order mark
   * first, named so). Audited before its first byte (who, which file and form, the filters) and again when the last
   * byte is read (rows and the SHA-256 of the bytes sent).
   */
  scope.get<{ Params: { file: ExportFile }; Querystring: ExportQueryShape }>(
    '/export/:file',
    {
      schema: {
        params: {
          type: 'object',
          properties: { file: { type: 'string', enum: EXPORT_FILES.map((f) => `${f}.csv`) } },
          required: ['file'],
        },
        querystring: ExportQuery,
      },
      config: { staff: { permission: 'export', audit: 'export' } },
    },
    async (request, reply) => {
      const file = request.params.file.replace(/\.csv$/, '') as ExportFile;
      const by = auditContext(request);
      const { for: variant = 'sis', ...filters } = request.query;
      const forExcel = variant === 'excel';
      const target = `${file}.csv v${EXPORT_VERSION}`;
      const db = await gate.openAudited({
        ...by,
        action: 'export',
        target,
        detail: `started for=${variant} ${queryDetail(filters)}`.trim(),
      });
      const chunks = exportCsv(
        db,
        file,
        filters,
        deps.timeZone(),
        ({ rows, sha256 }) =>
          gate.log.append({ ...by, action: 'export', target, detail: `for=${variant} rows=${rows} sha256=${sha256}` }),
        { forExcel },
      );
      return sendCsv(reply, forExcel ? `${file}-excel` : file, chunks);
    },
  );
}
