import type { FastifyInstance } from 'fastify';
import { currentUser } from '../identity/gate';
import { DeadlineReply } from '../../../src/kernel/api/contract';
import type { Deadline } from './rule';

/**
 * GET /api/deadline: the applicant's own view of the deadline (the SPA asks only when app-config names one): when
 * Submit closes and, if staff reopened it for them, until when.
 */
export function deadlineRoutes(app: FastifyInstance, deps: { deadline: Deadline }) {
  app.get(
    '/api/deadline',
    { schema: { response: { 200: DeadlineReply } }, config: { applicant: { who: 'user' } } },
    async (request) => deps.deadline.forApplicant(currentUser(request).userId),
  );
}
