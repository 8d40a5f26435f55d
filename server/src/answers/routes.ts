import type { FastifyInstance } from 'fastify';
import { currentUser, type ApplicantSessions } from '../identity/gate';
import { AddAnotherBody, LastPageBody, TabsBody, WebStatusBody, type Shape } from '../../../src/kernel/api/contract';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { answerMapSchema, assertAnswerLengths } from './answerMap';
import type { AnswerService } from './service';

/**
 * The logged-in applicant's own application: every route is for the session's user ('user': the gate answers a
 * missing session with 401 before the body is even parsed or validated; PUT /api/answer on PostgreSQL: a missing
 * session cookie, its statement checks the session itself, see below).
 */
export function answerRoutes(app: FastifyInstance, deps: { answers: AnswerService; sessions: ApplicantSessions }) {
  const { answers, sessions } = deps;
  const config = { applicant: { who: 'user' } } as const;
  app.register(async (api) => {
    api.get('/api/profile', { config }, async (request) => {
      const user = currentUser(request);
      return answers.profile(user.userId, user.username);
    });

    api.put<{ Body: AnswerMap; Headers: { 'if-match'?: string } }>(
      '/api/answer',
      {
        schema: {
          body: answerMapSchema,
          headers: { type: 'object', properties: { 'if-match': { type: 'string', pattern: '^"?[0-9]{1,9}"?$' } } },
        },
        // The most frequent call: on PostgreSQL its one statement checks the session too (identity/gate.ts).
        config: { applicant: { who: 'user', checksSession: true } },
        // Where the session is checked after the body (above), a body refused as malformed, invalid or too large is
        // still told 401 first when its session is not valid (and an expired one is revoked), as on every route.
        errorHandler: async (error, request, reply) => {
          const status = error.statusCode ?? 500;
          if (!request.user && status < 500 && status !== 401) await sessions.user(request, reply);
          throw error;
        },
      },
      async (request, reply) => {
        assertAnswerLengths(request.body);
        const ifMatch = request.headers['if-match'];
        const baseVersion = ifMatch === undefined ? undefined : Number(ifMatch.replace(/"/g, ''));
        // The body's own text is stored (it is the map just checked), instead of stringifying the map again.
        if (!request.user) {
          const session = sessions.forStatement(request);
          const saved =
            session &&
            (await answers.saveForSession(
              session.sessionHash,
              session.limits,
              request.body,
              baseVersion,
              request.jsonText,
            ));
          if (saved) return saved;
          // Not saved by that statement: the session is looked up (a 401 when it is not valid), then the save takes
          // the path that tells a new row, a submission or another version apart.
          request.user = await sessions.user(request, reply);
        }
        return answers.saveAnswers(request.user.userId, request.body, baseVersion, request.jsonText);
      },
    );

    api.put<{ Body: Shape<typeof LastPageBody> }>(
      '/api/last-page',
      { schema: { body: LastPageBody }, config },
      async (request) => answers.setLastPage(currentUser(request).userId, request.body.last_page),
    );

    api.post<{ Body: Shape<typeof WebStatusBody> }>(
      '/api/web-status',
      { schema: { body: WebStatusBody }, config },
      async (request) => answers.addWebStatus(currentUser(request).userId, request.body.web_status),
    );

    api.put<{ Body: Shape<typeof AddAnotherBody> }>(
      '/api/add-another',
      { schema: { body: AddAnotherBody }, config },
      async (request) =>
        answers.setAddAnother(currentUser(request).userId, request.body.button_id, request.body.num_components),
    );
    api.get(
      '/api/add-another',
      { config },
      async (request) => (await answers.application(currentUser(request).userId)).add_another,
    );

    api.put<{ Body: Shape<typeof TabsBody> }>('/api/tabs', { schema: { body: TabsBody }, config }, async (request) =>
      answers.setTab(currentUser(request).userId, request.body.tab_id, request.body.chosen_tab),
    );
    api.get('/api/tabs', { config }, async (request) => (await answers.application(currentUser(request).userId)).tabs);

    api.post<{ Body: unknown }>(
      '/api/validations',
      // The payload is the SPA's map of field → messages; kept as sent (up to 200 kB) for staff.
      { schema: { body: { type: ['object', 'array'] } }, bodyLimit: 200_000, config },
      async (request) => answers.recordValidations(currentUser(request).userId, request.body),
    );

    // When the request arrived (Fastify's clock starts as it is routed, before the gate's session lookup): the
    // deadline judges that, however long the submit then takes.
    api.post('/api/submit', { config }, async (request, reply) =>
      answers.submit(currentUser(request).userId, { arrivedAt: new Date(Date.now() - reply.elapsedTime) }),
    );
  });
}
