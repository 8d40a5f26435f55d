import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { currentUser, requireUser } from '../http/auth';
import { objectOf, str } from '../http/schemas';
import { ADD_ANOTHER_MAX_COUNT, WEB_STATUSES, type WebStatus } from '../../../src/kernel/constants';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { answerMapSchema, assertAnswerLengths } from './answerMap';
import type { AnswerService } from './service';

const ID_MAX = 100;

/** The logged-in applicant's own application: every route is scoped to the session's user. */
export function answerRoutes(app: FastifyInstance, deps: { db: Db; config: Config; answers: AnswerService }) {
  const { answers } = deps;
  app.register(async (api) => {
    // onRequest: a missing session is a 401 before the body is even parsed or validated.
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
      },
      async (request) => {
        assertAnswerLengths(request.body);
        const ifMatch = request.headers['if-match'];
        const baseVersion = ifMatch === undefined ? undefined : Number(ifMatch.replace(/"/g, ''));
        // The body's own text is stored (it is the map just checked), instead of stringifying the map again.
        return answers.saveAnswers(currentUser(request).userId, request.body, baseVersion, request.jsonText);
      },
    );

    api.put<{ Body: { last_page: string } }>(
      '/api/last-page',
      { schema: { body: objectOf({ last_page: str(200, { pattern: '^/[A-Za-z0-9/_-]*$' }) }) } },
      async (request) => answers.setLastPage(currentUser(request).userId, request.body.last_page),
    );

    api.post<{ Body: { web_status: WebStatus } }>(
      '/api/web-status',
      { schema: { body: objectOf({ web_status: { type: 'string', enum: WEB_STATUSES } }) } },
      async (request) => answers.addWebStatus(currentUser(request).userId, request.body.web_status),
    );

    api.put<{ Body: { button_id: string; num_components: number } }>(
      '/api/add-another',
      {
        schema: {
          body: objectOf({
            button_id: str(ID_MAX, { minLength: 1 }),
            num_components: { type: 'integer', minimum: 1, maximum: ADD_ANOTHER_MAX_COUNT },
          }),
        },
      },
      async (request) =>
        answers.setAddAnother(currentUser(request).userId, request.body.button_id, request.body.num_components),
    );
    api.get(
      '/api/add-another',
      async (request) => (await answers.application(currentUser(request).userId)).add_another,
    );

    api.put<{ Body: { tab_id: string; chosen_tab: string } }>(
      '/api/tabs',
      {
        schema: {
          body: objectOf({ tab_id: str(ID_MAX, { minLength: 1 }), chosen_tab: str(ID_MAX, { minLength: 1 }) }),
        },
      },
      async (request) => answers.setTab(currentUser(request).userId, request.body.tab_id, request.body.chosen_tab),
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
