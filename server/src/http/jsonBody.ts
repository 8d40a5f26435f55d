import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as the client sent it (null without one): PUT /api/answer stores it as it is. */
    jsonText: string | null;
  }
}

export const NULL_CHARACTER_MESSAGE = 'The request contains a null character (U+0000), which cannot be stored.';

/** Whether a parsed JSON value holds U+0000 in any string, key or value. */
function holdsNullCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNullCharacter(inner)) return true;
  }
  return false;
}

/**
 * The JSON body parser of every route: Fastify's own (prototype poisoning refused), plus
 * - an empty body reads as none (SPEC §7: "body only when there is a payload");
 * - the text is kept on the request without its byte order mark (which JSON.parse skips and jsonb refuses);
 * - a null character anywhere is a 400: PostgreSQL's text and jsonb cannot hold one, and the query would fail
 *   as a 500. Only a body whose text has the escape is walked (JSON can only carry U+0000 escaped).
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.decorateRequest('jsonText', null);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body.length === 0) return done(null, undefined);
    const text = body.toString().replace(/^\uFEFF/, '');
    request.jsonText = text;
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      if (/\\u0000/i.test(text) && holdsNullCharacter(parsed))
        return done(badRequest(NULL_CHARACTER_MESSAGE), undefined);
      return done(null, parsed);
    });
  });
}
