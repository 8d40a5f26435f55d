import type { FastifyInstance } from 'fastify';
import { COUNSELOR_API } from '../../../src/kernel/counselor/paths';
import { COUNSELOR_MESSAGES } from '../../../src/kernel/counselor/messages';
import type { Db } from '../db/client';
import type { DocumentService } from '../documents/service';
import { createCounselorDesk } from '../schoolReport/counselorDesk';
import { registerCounselorGate } from './gate';
import { counselorRoutes } from './routes';

/**
 * The counselor's server: one scope under /counselor/api behind one gate (gate.ts), the third audience beside the
 * applicants' and the staff's (docs/architecture.md, "One gated scope per audience"). The only import app.ts makes
 * of server/src/counselor.
 */
export async function registerCounselor(
  app: FastifyInstance,
  deps: {
    db: Db;
    documents: DocumentService;
    collegeName: string;
    rateLimit: object;
    onQueued: () => void;
  },
) {
  const desk = createCounselorDesk({
    db: deps.db,
    documents: deps.documents,
    collegeName: deps.collegeName,
    messages: COUNSELOR_MESSAGES,
    onQueued: deps.onQueued,
  });
  await app.register(
    async (scope) => {
      registerCounselorGate(scope, desk);
      await counselorRoutes(scope, {
        desk,
        rateLimit: deps.rateLimit,
        localUploads: deps.documents.storage.kind === 'local',
      });
    },
    { prefix: COUNSELOR_API },
  );
}
