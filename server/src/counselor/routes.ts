import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CounselorConversionBody,
  CounselorView,
  KindParams,
  RecommendationBody,
} from '../../../src/kernel/counselor/contract';
import { DeclineBody } from '../../../src/kernel/schoolReport/contract';
import { COUNSELOR_FILE_MAX_BYTES } from '../../../src/kernel/schoolReport/rules';
import type { Shape } from '../../../src/kernel/api/contract';
import { readLocalUpload } from '../documents/localUpload';
import { COUNSELOR_UPLOAD_PATH } from '../documents/storage';
import { COUNSELOR_API } from '../../../src/kernel/counselor/paths';
import type { CounselorDesk } from '../schoolReport/counselorDesk';
import { currentCounselorRequest as current, type CounselorRouteConfig } from './gate';

type KindOf = { Params: Shape<typeof KindParams> };
const declare = (audit: CounselorRouteConfig['audit'], rateLimit: object) => ({
  counselor: { who: 'link', audit } as CounselorRouteConfig,
  rateLimit,
});

/** The counselor's page's calls, each on the request its link opens (gate.ts). */
export async function counselorRoutes(
  scope: FastifyInstance,
  deps: { desk: CounselorDesk; rateLimit: object; localUploads: boolean },
) {
  const { desk, rateLimit } = deps;

  scope.get(
    '/request',
    { schema: { response: { 200: CounselorView } }, config: declare('viewed', rateLimit) },
    async (request) => desk.view(current(request)),
  );

  scope.post<{ Body: Shape<typeof DeclineBody> }>(
    '/decline',
    { schema: { body: DeclineBody }, config: declare('declined', rateLimit) },
    async (request) => desk.decline(current(request), request.body.reason),
  );

  scope.put<{ Body: Shape<typeof RecommendationBody> }>(
    '/recommendation',
    { schema: { body: RecommendationBody }, config: declare('recommendation-saved', rateLimit) },
    async (request) => desk.saveRecommendation(current(request), request.body.text),
  );

  scope.post('/submit', { config: declare('submitted', rateLimit) }, async (request) => desk.submit(current(request)));

  scope.post<{ Body: { kind: Shape<typeof KindParams>['kind'] } }>(
    '/presigned-url',
    { schema: { body: KindParams }, config: declare('uploaded', rateLimit) },
    async (request) => desk.presign(current(request), request.body.kind),
  );

  scope.post<KindOf & { Body: Shape<typeof CounselorConversionBody> }>(
    '/document/:kind',
    { schema: { params: KindParams, body: CounselorConversionBody }, config: declare('uploaded', rateLimit) },
    async (request, reply) => {
      const { file_key: fileKey, file_name: fileName } = request.body;
      const result = await desk.startConversion(current(request), request.params.kind, fileKey, fileName);
      return reply.code(202).send(result);
    },
  );

  scope.get<KindOf>(
    '/document/:kind',
    { schema: { params: KindParams }, config: declare('viewed', rateLimit) },
    async (request) => desk.documentStatus(current(request), request.params.kind),
  );

  scope.delete<KindOf>(
    '/document/:kind',
    { schema: { params: KindParams }, config: declare('document-removed', rateLimit) },
    async (request) => desk.removeDocument(current(request), request.params.kind),
  );

  if (!deps.localUploads) return;
  // As the applicants' /api/upload: the policy's fields first, then `file`; the counselor's larger limit.
  await scope.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: COUNSELOR_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    });
    // COUNSELOR_UPLOAD_PATH, within this scope's prefix: where a local presign sends the counselor's browser.
    upload.post(
      COUNSELOR_UPLOAD_PATH.slice(COUNSELOR_API.length),
      { config: declare('uploaded', rateLimit) },
      async (request, reply) => {
        const report = current(request);
        await readLocalUpload(request, (fields, file) => desk.acceptUpload(report, fields, file));
        return reply.code(204).send();
      },
    );
  });
}
