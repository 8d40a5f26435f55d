import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors';
import { str } from '../http/schemas';
import { LOOKUP_CATEGORIES, LOOKUP_MAX_RESULTS, type LookupCategory } from '../../../src/kernel/constants';
import type { LookupService } from './service';

interface FindQuery {
  category: LookupCategory;
  text?: string;
  id?: string;
  max_results?: string;
}

/** GET /lookup/find: suggestions by text, or one record's detail by id (SPEC §7). Public: visitors use it. */
export function lookupRoutes(app: FastifyInstance, deps: { lookup: LookupService; publicRateLimit: object }) {
  app.get<{ Querystring: FindQuery }>(
    '/lookup/find',
    {
      config: { rateLimit: deps.publicRateLimit },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['category'],
          properties: {
            category: { type: 'string', enum: LOOKUP_CATEGORIES },
            text: str(100),
            id: str(100, { minLength: 1 }),
            max_results: { type: 'string', pattern: `^[1-${LOOKUP_MAX_RESULTS}]$` },
          },
        },
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
