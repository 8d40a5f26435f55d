import { ANSWER_KEY_MAX_LENGTH, ANSWER_VALUE_MAX_LENGTH } from '../../../src/kernel/constants';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { badRequest } from '../http/errors';

/**
 * PUT /api/answer's body, in two parts. The schema holds the shape: an object of at most 5000 strings and
 * booleans. `assertAnswerLengths` holds the lengths of keys and values.
 *
 * Why not `maxLength` in the schema: ajv counts a string's length in code points, one character at a time. For
 * the 7 KB map of a whole application that count was most of the route's validation (figures: bench/HISTORY.md).
 * `.length` (UTF-16 units) is also what the form's own rules count (yup's `max`),
 * so the server now refuses exactly what the form would.
 */
export const answerMapSchema = {
  type: 'object',
  maxProperties: 5000,
  additionalProperties: { type: ['string', 'boolean'] },
} as const;

export const ANSWER_MAP_MESSAGES = {
  emptyKey: 'Invalid request: an answer has no name.',
  longKey: `Invalid request: an answer's name is longer than ${ANSWER_KEY_MAX_LENGTH} characters.`,
  longValue: (key: string) => `Invalid request: ${key} must NOT have more than ${ANSWER_VALUE_MAX_LENGTH} characters.`,
} as const;

/** Throws a 400 for the first key or value over its length (after the schema has checked the types). */
export function assertAnswerLengths(map: AnswerMap): void {
  for (const key in map) {
    if (key.length === 0) throw badRequest(ANSWER_MAP_MESSAGES.emptyKey);
    if (key.length > ANSWER_KEY_MAX_LENGTH) throw badRequest(ANSWER_MAP_MESSAGES.longKey);
    const value = map[key];
    if (typeof value === 'string' && value.length > ANSWER_VALUE_MAX_LENGTH) {
      throw badRequest(ANSWER_MAP_MESSAGES.longValue(key));
    }
  }
}
