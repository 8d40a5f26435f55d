import { useContext, useEffect, useMemo, useRef } from 'react';
import { OnlyAnsweredContext } from '../renderer/onlyAnswered';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks';
import { ADD_ANOTHER_MAX_COUNT } from '../../../kernel/constants';
import { entryAddRequested, entryRemoveRequested } from '../../addAnother';
import type { AddAnotherQuestion as AddAnotherQuestionDef } from '../../../kernel/form/definition/types';
import { answerKeysOf, entryPrefixes, entryQuestion } from '../../../kernel/form/definition/walk';
import { Hint, type QuestionProps } from '../renderer/Field';
import { entryCount } from './entryCount';

/** SPEC §8's 'Error adding another {id}', naming the question by its label, not its internal id. */
export const addAnotherError = (question: string) => `Error adding another ${question}`;

/**
 * Repeated groups (SPEC §4 "Add another"): entries 1..count, each its template with prefixed keys (activity_name,
 * activity_2_name…). A logged-in applicant below the maximum gets the add button: it asks for the entry
 * (entryAddRequested; the Add-another listeners store the new count, then the entry shows) and focus moves into
 * the entry once it shows. A failure shows an error toast.
 */
export function AddAnotherQuestion({
  question,
  readOnly = false,
  section,
  Nested,
}: QuestionProps<AddAnotherQuestionDef>) {
  const { buttonId } = question;
  const dispatch = useAppDispatch();
  const stored = useAppSelector((s) => s.addAnother.counts[buttonId]);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const count = entryCount(stored, question);
  const limit = Math.min(question.maxNumberOfComponents, entryPrefixes(question).length, ADD_ANOTHER_MAX_COUNT);
  const busy = useAppSelector((s) => s.addAnother.adding?.[buttonId] ?? false);
  const focusEntry = useRef<number | null>(null);
  const focusGroup = useRef(false);
  const container = useRef<HTMLDivElement>(null);

  const entries = useMemo(() => {
    const templateKeys = new Set(question.questions.flatMap(answerKeysOf));
    return entryPrefixes(question)
      .slice(0, count)
      .map((prefix, i) => ({
        number: i + 1,
        prefix,
        questions: question.questions.map((template) => entryQuestion(template, prefix, templateKeys)),
      }));
  }, [question, count]);

  // After an entry was added, focus moves to its first field.
  useEffect(() => {
    const wanted = focusEntry.current;
    if (wanted === null || wanted > count) return;
    focusEntry.current = null;
    const entry = container.current?.querySelectorAll<HTMLElement>('.form-entry')[wanted - 1];
    entry?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [count]);

  // After an entry was removed, focus moves to the group (its label is read), not to the page's top.
  useEffect(() => {
    if (!focusGroup.current) return;
    focusGroup.current = false;
    container.current?.focus();
  }, [count]);

  /** Removes entry `number`: the later entries move up one, the last one's answers are cleared; Undo puts it back. */
  const remove = (number: number) => {
    focusGroup.current = true;
    dispatch(
      entryRemoveRequested({
        buttonId,
        number,
        keys: entries.map((entry) => entry.questions.flatMap(answerKeysOf)),
        entryName: `${question.entryLabel} ${number}`,
        title: addAnotherError(question.label),
      }),
    );
  };

  const add = () => {
    const next = count + 1;
    focusEntry.current = next;
    dispatch(entryAddRequested({ buttonId, count: next, title: addAnotherError(question.label) }));
  };

  // A view of answers only leaves out the entries with none (a string, so the selector's result compares by value).
  const onlyAnswered = useContext(OnlyAnsweredContext);
  const isAnswered = readOnly ? onlyAnswered : null;
  const hiddenEntries = useAppSelector((s) =>
    isAnswered
      ? entries
          .filter((entry) => !entry.questions.some((q) => isAnswered(q, s.answers.values)))
          .map((entry) => entry.number)
          .join(',')
      : '',
  )
    .split(',')
    .filter(Boolean)
    .map(Number);

  const labelId = `${question.key}-label`;
  return (
    <div
      id={question.key}
      ref={container}
      className="form-add-another"
      role="group"
      aria-labelledby={labelId}
      tabIndex={-1}
    >
      <p id={labelId} className="form-group-label">
        {question.label}
      </p>
      {!readOnly && <Hint id={question.key} hint={question.hint} />}
      {entries.map((entry) => (
        <fieldset key={entry.prefix} className="form-entry" hidden={hiddenEntries.includes(entry.number)}>
          <legend className="form-legend">
            {question.entryLabel} {entry.number}
          </legend>
          {entry.questions.map((q) => (
            <Nested key={q.key} question={q} section={section} readOnly={readOnly} />
          ))}
          {!readOnly && isLoggedIn && count > 1 && (
            <button
              type="button"
              className="shell-btn form-remove-button"
              onClick={() => remove(entry.number)}
              disabled={busy}
            >
              Remove {question.entryLabel} {entry.number}
            </button>
          )}
        </fieldset>
      ))}
      {!readOnly && isLoggedIn && count < limit && (
        <button type="button" className="shell-btn form-add-button" onClick={add} disabled={busy}>
          {question.addLabel}
        </button>
      )}
    </div>
  );
}
