/**
 * The checks a question declares, as one list: `required` (with the label as its message unless
 * requiredMessage) first, then its rules. The yup schema and the server's required-answer check both read this.
 */
import type { LeafQuestion, Rule } from './types';

export function checksOf(question: LeafQuestion): Rule[] {
  if (question.type === 'content') return [];
  const checks: Rule[] = [];
  if (question.required !== undefined && question.required !== false) {
    checks.push({
      kind: 'required',
      message: question.requiredMessage ?? question.label,
      ...(question.required === true ? {} : { when: question.required }),
    });
  }
  return [...checks, ...(question.rules ?? [])];
}
