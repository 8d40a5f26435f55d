/**
 * Per-field subscriptions (ARCHITECTURE: "a field subscribes to its own answer"). Every hook here selects one
 * answer, one field's messages, or a boolean computed from the few answers a condition reads, so a change in one
 * field re-renders that field and the fields that depend on it, never the page.
 */
import { useCallback, useMemo } from 'react';
import type { RootState } from '../../../app/store';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { answerChanged } from '../../answers';
import { evaluate, isQuestionVisible, isSectionVisible } from '../../../kernel/form/conditions';
import type { AnswerValue, ConditionExpr, Question, Section } from '../../../kernel/form/definition/types';

const NO_MESSAGES: readonly string[] = [];

/** One answer (undefined when never answered). */
export const useAnswer = (key: string): AnswerValue | undefined => useAppSelector((s) => s.answers.values[key]);

/** An answer as a text field shows it ('' when empty or not text). */
export const asText = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');

/** One answer as text ('' when empty or not text). */
export const useTextAnswer = (key: string): string => asText(useAnswer(key));

const SEPARATOR = '\u0000';

/** A field's messages: its validation messages (while validating) and its format messages, once each. */
const messagesOf = (answers: RootState['answers'], key: string): string[] => {
  const errors = answers.errors[key] ?? [];
  const format = answers.formatErrors?.[key] ?? [];
  return format.length === 0 ? errors : [...new Set([...errors, ...format])];
};

/** One field's messages (the same array until they change). */
export function useFieldErrors(key: string): readonly string[] {
  const joined = useAppSelector((s) => messagesOf(s.answers, key).join(SEPARATOR));
  return useMemo(() => (joined === '' ? NO_MESSAGES : joined.split(SEPARATOR)), [joined]);
}

/** The messages of several keys (a month/year pair, a group of checkboxes), once each. */
export function useGroupErrors(keys: readonly string[]): readonly string[] {
  const joined = useAppSelector((s) => {
    const all = keys.flatMap((k) => messagesOf(s.answers, k));
    return [...new Set(all)].join(SEPARATOR);
  });
  return useMemo(() => (joined === '' ? NO_MESSAGES : joined.split(SEPARATOR)), [joined]);
}

/** Whether the question shows: its condition (and group, and dependent options) against the answers it reads. */
export function useVisible(question: Question, section?: Section): boolean {
  return useAppSelector((s) =>
    section ? isQuestionVisible(question, section, s.answers.values) : evaluate(question.condition, s.answers.values),
  );
}

export const useSectionVisible = (section: Section): boolean =>
  useAppSelector((s) => isSectionVisible(section, s.answers.values));

/** Whether a question is required now: always, never, or while its condition holds. */
export function useRequired(required: boolean | ConditionExpr | undefined): boolean {
  return useAppSelector((s) =>
    required === undefined || required === false
      ? false
      : required === true
        ? true
        : evaluate(required, s.answers.values),
  );
}

/** The dispatcher of answerChanged for one key (stable). */
export function useAnswerSetter(key: string) {
  const dispatch = useAppDispatch();
  return useCallback(
    (value: AnswerValue, desc?: string) =>
      dispatch(answerChanged(desc === undefined ? { key, value } : { key, value, desc })),
    [dispatch, key],
  );
}
