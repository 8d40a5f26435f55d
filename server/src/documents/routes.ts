import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../identity/gate';
import { ConversionBody, KeyParams, PresignBody, type Shape } from '../../../src/kernel/api/contract';
import { FILE_MAX_BYTES } from '../../../src/kernel/constants';
import type { DocumentService } from './service';
import { readLocalUpload } from './localUpload';
import { LOCAL_UPLOAD_PATH } from './storage';

type KeyParamsOf = { Params: Shape<typeof KeyParams> };

/** SPEC §7's document calls, plus the local upload endpoint that stands in for S3. All on the session's user. */
export function documentRoutes(
  app: FastifyInstance,
  deps: { documents: DocumentService; uploadRateLimit: { max: number; timeWindow: string } },
) {
  const { documents } = deps;
  const config = { applicant: { who: 'user' } } as const;
  const limited = { ...config, rateLimit: deps.uploadRateLimit };
  app.register(async (api) => {
    api.post<{ Body: Shape<typeof PresignBody> }>(
      '/api/presigned-url',
      {
        schema: { body: PresignBody },
        config: limited,
      },
      async (request) => documents.presign(currentUser(request).userId, request.body.answer_key),
    );

    api.get('/api/document-answer', { config }, async (request) => documents.list(currentUser(request).userId));

    api.delete<KeyParamsOf>('/api/document-answer/:key', { schema: { params: KeyParams }, config }, async (request) =>
      documents.remove(currentUser(request).userId, request.params.key),
    );

    api.post<KeyParamsOf & { Body: Shape<typeof ConversionBody> }>(
      '/api/pdf/document-answer/:key',
      {
        schema: { params: KeyParams, body: ConversionBody },
        config: limited,
      },
      async (request, reply) => {
        const { key } = request.params;
        const result = await documents.startConversion(
          currentUser(request).userId,
          key,
          request.body.file_key,
          request.body.file_name,
        );
        return reply.code(202).send(result);
      },
    );

    api.get<KeyParamsOf>('/api/pdf/document-answer/:key', { schema: { params: KeyParams }, config }, async (request) =>
      documents.status(currentUser(request).userId, request.params.key),
    );

    api.delete<KeyParamsOf>(
      '/api/pdf/document-answer/:key',
      { schema: { params: KeyParams }, config },
      async (request) => documents.remove(currentUser(request).userId, request.params.key),
    );

    if (documents.storage.kind !== 'local') return;

    // The browser posts here as it would to S3: the policy's fields first, then `file`. Multipart is parsed only
    // on this route (and CSRF accepts multipart only on this path).
    await api.register(async (upload) => {
      await upload.register(fastifyMultipart, {
        throwFileSizeLimit: true,
        limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
      upload.post(LOCAL_UPLOAD_PATH, { config: limited }, async (request, reply) => {
        const user = currentUser(request);
        await readLocalUpload(request, (fields, file) => documents.acceptUpload(user.userId, fields, file));
        // As S3 answers a pre-signed POST by default: 204, no body.
        return reply.code(204).send();
      });
    });
  });
}
