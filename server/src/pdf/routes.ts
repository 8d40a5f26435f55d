import type { FastifyInstance } from 'fastify';
import { currentUser } from '../identity/gate';
import { notFound } from '../http/errors';
import { PdfFileQuery, type Shape } from '../../../src/kernel/api/contract';
import { PDF_MESSAGES, type ApplicationPdfService } from './service';

/** GET /api/pdf (SPEC §7) and the download it points to; both only ever for the session's applicant. */
export function pdfRoutes(app: FastifyInstance, deps: { applicationPdf: ApplicationPdfService }) {
  const { applicationPdf } = deps;
  const config = { applicant: { who: 'user' } } as const;
  app.register(async (api) => {
    api.get('/api/pdf', { config }, async (request, reply) => {
      const user = currentUser(request);
      reply.header('Cache-Control', 'no-store');
      return applicationPdf.status(user.userId, user.username);
    });

    api.get<{ Querystring: Shape<typeof PdfFileQuery> }>(
      '/api/pdf/file',
      { schema: { querystring: PdfFileQuery }, config },
      async (request, reply) => {
        const user = currentUser(request);
        const pdf = await applicationPdf.file(user.userId, request.query.v);
        if (!pdf) throw notFound(PDF_MESSAGES.notCurrent);
        const fileName = await applicationPdf.fileName(user.userId);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  });
}
