import type { FastifyInstance } from 'fastify';
import { unstorableText } from '../../../src/kernel/storableText';
import { badRequest } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as the client sent it (null without one): PUT /api/answer stores it as it is. */
    jsonText: string | null;
  }
}

export const UNSTORABLE_TEXT_MESSAGES = {
  nullCharacter: 'The request contains a null character (U+0000), which cannot be stored.',
  halfCharacter: 'The request contains half of a character (such as an emoji cut in two), which cannot be stored.',
} as const;

/** The first reason a parsed JSON value cannot be stored, in any string, key or value (null when none). */
function unstorableIn(value: unknown): keyof typeof UNSTORABLE_TEXT_MESSAGES | null {
  if (typeof value === 'string') return unstorableText(value);
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const reason = unstorableText(key) ?? unstorableIn(inner);
    if (reason) return reason;
  }
  return null;
}

/** An escape that may stand for text that cannot be stored: \u0000, or a surrogate (\uD800 to \uDFFF). */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * The JSON body parser of every route: Fastify's own (prototype poisoning refused), plus
 * - an empty body reads as none (SPEC §7: "body only when there is a payload");
 * - the text is kept on the request without its byte order mark (which JSON.parse skips and jsonb refuses);
 * - text PostgreSQL cannot store (src/kernel/storableText.ts: a null character, half of a surrogate pair)
 *   anywhere is a 400; the query would fail as a 500. Only a body whose text has such an escape is walked: JSON
 *   carries either only escaped (UTF-8 cannot encode half a pair).
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
      const reason = SUSPECT_ESCAPE.test(text) ? unstorableIn(parsed) : null;
      if (reason) return done(badRequest(UNSTORABLE_TEXT_MESSAGES[reason]), undefined);
      return done(null, parsed);
    });
  });
}
