import type { FastifyInstance } from 'fastify';
import { objectOf, str } from '../http/schemas';
import type { TokenService } from './service';

const tokenQuery = (name: string) => objectOf({ [name]: str(200, { minLength: 1 }) });

export function tokenRoutes(app: FastifyInstance, deps: { tokens: TokenService; publicRateLimit: object }) {
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
      return deps.tokens.serviceBundle(request.query.service_token);
    },
  );
}
