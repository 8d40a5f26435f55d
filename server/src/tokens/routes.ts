import type { FastifyInstance } from 'fastify';
import { ServiceDocumentQuery, tokenQuery, type Shape } from '../../../src/kernel/api/contract';
import type { TokenService } from './service';
import type { Storage } from '../documents/storage';
import { AppError } from '../http/errors';
import { auditServiceTokenUse } from './audit';
import { documentPdfName } from '../pdf/fileNames';

export function tokenRoutes(
  app: FastifyInstance,
  deps: { tokens: TokenService; publicRateLimit: object; storage: Storage },
) {
  const config = { rateLimit: deps.publicRateLimit };
  app.get<{ Querystring: { token: string } }>(
    '/public/tmp',
    { schema: { querystring: tokenQuery('token') }, config },
    async (request) => deps.tokens.publicAnswers(request.query.token),
  );
  app.get<{ Querystring: { service_token: string } }>(
    '/service/tmp-pdf',
    { schema: { querystring: tokenQuery('service_token') }, config },
    async (request, reply) => {
      // Staff data: never cached by a shared proxy or the browser.
      reply.header('Cache-Control', 'no-store');
      return deps.tokens.printViewBundle(request.query.service_token, auditServiceTokenUse(app, request));
    },
  );
  // A converted document of the applicant the service token names, opened from the print view (read-only, inline).
  app.get<{ Querystring: Shape<typeof ServiceDocumentQuery> }>(
    '/service/document',
    {
      schema: { querystring: ServiceDocumentQuery },
      config,
    },
    async (request, reply) => {
      const { pdfKey, fileName } = await deps.tokens.serviceDocument(
        request.query.service_token,
        request.query.key,
        auditServiceTokenUse(app, request),
      );
      const bytes = await deps.storage.get(pdfKey);
      if (!bytes) throw new AppError(503, 'This document could not be read from our storage. Please try again later.');
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${documentPdfName(fileName)}"`)
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );
}
