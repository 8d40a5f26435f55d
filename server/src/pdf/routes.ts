import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { currentUser, requireUser } from '../identity/guard';
import { notFound } from '../http/errors';
import { PdfFileQuery, type Shape } from '../../../src/kernel/api/contract';
import { PDF_MESSAGES, type ApplicationPdfService } from './service';
import { printedApplication } from '../applications/table';
import { pdfFileName } from './fileNames';

/** GET /api/pdf (SPEC §7) and the download it points to; both only ever for the session's applicant. */
export function pdfRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; applicationPdf: ApplicationPdfService },
) {
  const { applicationPdf } = deps;
  app.register(async (api) => {
    api.addHook('onRequest', requireUser(deps.db, deps.config));

    api.get('/api/pdf', async (request, reply) => {
      const user = currentUser(request);
      reply.header('Cache-Control', 'no-store');
      return applicationPdf.status(user.userId, user.username);
    });

    api.get<{ Querystring: Shape<typeof PdfFileQuery> }>(
      '/api/pdf/file',
      { schema: { querystring: PdfFileQuery } },
      async (request, reply) => {
        const user = currentUser(request);
        const pdf = await applicationPdf.file(user.userId, request.query.v);
        if (!pdf) throw notFound(PDF_MESSAGES.notCurrent);
        const fileName = pdfFileName((await printedApplication(deps.db, user.userId)).answer);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  });
}
