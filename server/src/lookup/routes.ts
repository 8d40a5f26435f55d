import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import { LookupQuery, type Shape } from '../../../src/kernel/api/contract';
import { LOOKUP_MAX_RESULTS } from '../../../src/kernel/constants';
import type { LookupService } from './service';

type FindQuery = Shape<typeof LookupQuery>;

/** GET /lookup/find: suggestions by text, or one record's detail by id (SPEC §7). Public: visitors use it. */
export function lookupRoutes(app: FastifyInstance, deps: { lookup: LookupService; publicRateLimit: object }) {
  app.get<{ Querystring: FindQuery }>(
    '/lookup/find',
    {
      config: { rateLimit: deps.publicRateLimit },
      schema: {
        querystring: LookupQuery,
      },
    },
    async (request) => {
      const { category, text, id, max_results } = request.query;
      if (id !== undefined) return deps.lookup.detail(id, category);
      if (text === undefined) throw badRequest('Give either text (to search) or id (for a record).');
      return deps.lookup.find(text, category, Number(max_results ?? LOOKUP_MAX_RESULTS));
    },
  );
}
