import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNSELOR_TOKEN_HEADER } from '../../../src/kernel/counselor/paths';
import type { CounselorDesk } from '../schoolReport/counselorDesk';
import type { RequestRow } from '../schoolReport/requests';

/**
 * Every counselor route declares who may call it and what it records. `link`: the caller holds a live link's
 * token (sent in COUNSELOR_TOKEN_HEADER, never in the URL), which opens that one request and nothing else.
 * `audit`: the action logged with the request's id (and the applicant's), whatever the answer.
 */
export interface CounselorRouteConfig {
  who: 'link';
  audit: 'viewed' | 'uploaded' | 'document-removed' | 'recommendation-saved' | 'declined' | 'submitted';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request the counselor's link opens, on /counselor/api (null elsewhere). */
    counselor: RequestRow | null;
  }
  interface FastifyContextConfig {
    counselor?: CounselorRouteConfig;
  }
}

export function currentCounselorRequest(request: FastifyRequest): RequestRow {
  if (!request.counselor) throw new Error('A counselor route ran without its gate.');
  return request.counselor;
}

/**
 * The gate of the counselor's scope: a route without its declaration does not boot; every call resolves its token
 * to the live request it names (410 with the page's words when the link is dead, unknown or missing), after the
 * rate limit and before the body is read. Applicant and staff cookies mean nothing here: only the header counts. Answers are never cached.
 */
export function registerCounselorGate(scope: FastifyInstance, desk: CounselorDesk) {
  scope.decorateRequest('counselor', null);
  scope.addHook('onRoute', (route) => {
    if (!route.config?.counselor) {
      throw new Error(
        `Counselor route ${String(route.method)} ${route.url} must declare config.counselor { who, audit }`,
      );
    }
  });
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  // After the rate limit (a route's own onRequest hook, which runs after the scope's): every try of a token is
  // counted, a found one or not, so tokens cannot be guessed at speed (they are 256-bit anyway). Before the body.
  scope.addHook('preParsing', async (request, _reply, payload) => {
    const header = request.headers[COUNSELOR_TOKEN_HEADER];
    request.counselor = await desk.open(typeof header === 'string' ? header : undefined);
    return payload;
  });
  scope.addHook('onResponse', async (request, reply) => {
    const declared = request.routeOptions.config.counselor;
    if (!declared || !request.counselor) return;
    request.log.info(
      {
        counselorAction: declared.audit,
        schoolReportRequest: Number(request.counselor.id),
        applicant: Number(request.counselor.user_id),
        status: reply.statusCode,
      },
      'counselor action',
    );
  });
}
