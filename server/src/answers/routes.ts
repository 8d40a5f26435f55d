import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { currentUser, requireUser, sessionUser } from '../identity/guard';
import { SESSION_COOKIE, sessionHashOf, sessionLimits } from '../identity/sessions';
import { AddAnotherBody, LastPageBody, TabsBody, WebStatusBody, type Shape } from '../../../src/kernel/api/contract';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { answerMapSchema, assertAnswerLengths } from './answerMap';
import type { AnswerService } from './service';

/** The logged-in applicant's own application: every route is scoped to the session's user. */
export function answerRoutes(app: FastifyInstance, deps: { db: Db; config: Config; answers: AnswerService }) {
  const { answers } = deps;
  app.register(async (api) => {
    // onRequest: a missing session is a 401 before the body is even parsed or validated (PUT /api/answer on
    // PostgreSQL: a missing session cookie; its statement checks the session itself, see below).
    api.addHook('onRequest', requireUser(deps.db, deps.config));

    api.get('/api/profile', async (request) => {
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
        // The most frequent call: on PostgreSQL its one statement checks the session too (identity/guard.ts).
        config: { checksSession: true },
        // Where the session is checked after the body (above), a body refused as malformed, invalid or too large is
        // still told 401 first when its session is not valid (and an expired one is revoked), as on every route.
        errorHandler: async (error, request, reply) => {
          const status = error.statusCode ?? 500;
          if (!request.user && status < 500 && status !== 401) await sessionUser(deps.db, deps.config, request, reply);
          throw error;
        },
      },
      async (request, reply) => {
        assertAnswerLengths(request.body);
        const ifMatch = request.headers['if-match'];
        const baseVersion = ifMatch === undefined ? undefined : Number(ifMatch.replace(/"/g, ''));
        // The body's own text is stored (it is the map just checked), instead of stringifying the map again.
        if (!request.user) {
          const sessionHash = sessionHashOf(request.cookies[SESSION_COOKIE]);
          const saved =
            sessionHash &&
            (await answers.saveForSession(
              sessionHash,
              sessionLimits(deps.config),
              request.body,
              baseVersion,
              request.jsonText,
            ));
          if (saved) return saved;
          // Not saved by that statement: the session is looked up (a 401 when it is not valid), then the save takes
          // the path that tells a new row, a submission or another version apart.
          request.user = await sessionUser(deps.db, deps.config, request, reply);
        }
        return answers.saveAnswers(request.user.userId, request.body, baseVersion, request.jsonText);
      },
    );

    api.put<{ Body: Shape<typeof LastPageBody> }>(
      '/api/last-page',
      { schema: { body: LastPageBody } },
      async (request) => answers.setLastPage(currentUser(request).userId, request.body.last_page),
    );

    api.post<{ Body: Shape<typeof WebStatusBody> }>(
      '/api/web-status',
      { schema: { body: WebStatusBody } },
      async (request) => answers.addWebStatus(currentUser(request).userId, request.body.web_status),
    );

    api.put<{ Body: Shape<typeof AddAnotherBody> }>(
      '/api/add-another',
      { schema: { body: AddAnotherBody } },
      async (request) =>
        answers.setAddAnother(currentUser(request).userId, request.body.button_id, request.body.num_components),
    );
    api.get(
      '/api/add-another',
      async (request) => (await answers.application(currentUser(request).userId)).add_another,
    );

    api.put<{ Body: Shape<typeof TabsBody> }>('/api/tabs', { schema: { body: TabsBody } }, async (request) =>
      answers.setTab(currentUser(request).userId, request.body.tab_id, request.body.chosen_tab),
    );
    api.get('/api/tabs', async (request) => (await answers.application(currentUser(request).userId)).tabs);

    api.post<{ Body: unknown }>(
      '/api/validations',
      // The payload is the SPA's map of field → messages; kept as sent (up to 200 kB) for staff.
      { schema: { body: { type: ['object', 'array'] } }, bodyLimit: 200_000 },
      async (request) => answers.recordValidations(currentUser(request).userId, request.body),
    );

    api.post('/api/submit', async (request) => answers.submit(currentUser(request).userId));
  });
}
