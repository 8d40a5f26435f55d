/**
 * The recommendation, optional: a file (as the other documents) or text typed here, with its live count, saved with
 * PUT /recommendation. The text is the page's own state until saved; "Review and submit" saves it first, so nothing
 * typed is lost on the way.
 */
import { useId, useState } from 'react';
import type { CounselorDocumentT } from '../kernel/counselor/contract';
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';
import { RECOMMENDATION_MAX_CHARS } from '../kernel/schoolReport/rules';
import { errorMessage, useSaveRecommendationMutation } from './api';
import { DocumentField } from './DocumentField';
import { charCount } from './format';
import { Alert, CharCount, Status } from './ui';

export type RecommendationWay = 'file' | 'text';

export interface RecommendationDraft {
  way: RecommendationWay;
  text: string;
}

/** Saves the typed text when it differs from what the server holds; the error to show, or undefined. */
export function useSaveDraft(saved: string) {
  const [save, { isLoading }] = useSaveRecommendationMutation();
  const run = async (text: string): Promise<{ error?: string; message?: string }> => {
    if (charCount(text) > RECOMMENDATION_MAX_CHARS) return { error: COUNSELOR_MESSAGES.recommendationTooLong };
    if (text === saved) return {};
    try {
      return { message: (await save(text).unwrap()).message };
    } catch (failure) {
      return { error: errorMessage(failure) };
    }
  };
  return [run, isLoading] as const;
}

export function RecommendationField({
  doc,
  saved,
  draft,
  onDraft,
  onChanged,
}: {
  doc: CounselorDocumentT;
  saved: string;
  draft: RecommendationDraft;
  onDraft: (draft: RecommendationDraft) => void;
  onChanged: () => void;
}) {
  const id = useId();
  const [save, saving] = useSaveDraft(saved);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  async function onSave() {
    setNotice(undefined);
    const result = await save(draft.text);
    setError(result.error);
    setNotice(result.message ?? (result.error ? undefined : COUNSELOR_MESSAGES.recommendationSaved));
  }

  return (
    <section className="c-doc" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="c-doc-title">
        {doc.label} <span className="c-tag">(optional)</span>
      </h3>
      <fieldset className="c-choice">
        <legend>How would you like to send it?</legend>
        {(
          [
            ['file', 'Upload a file'],
            ['text', 'Type it here'],
          ] as const
        ).map(([way, text]) => (
          <label key={way} className="c-radio">
            <input
              type="radio"
              name={`${id}-way`}
              value={way}
              checked={draft.way === way}
              onChange={() => onDraft({ ...draft, way })}
            />{' '}
            {text}
          </label>
        ))}
      </fieldset>
      {draft.way === 'file' ? (
        <DocumentField doc={doc} onChanged={onChanged} titled={false} />
      ) : (
        <div className="c-field">
          <label htmlFor={`${id}-text`}>Your recommendation</label>
          <textarea
            id={`${id}-text`}
            rows={12}
            value={draft.text}
            aria-describedby={`${id}-count ${id}-error`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onDraft({ ...draft, text: event.currentTarget.value })}
          />
          <CharCount id={`${id}-count`} text={draft.text} max={RECOMMENDATION_MAX_CHARS} />
          <button type="button" className="c-button c-button-secondary" onClick={onSave} disabled={saving}>
            Save the recommendation
          </button>
          <Status message={notice} />
          <Alert id={`${id}-error`} message={error} />
        </div>
      )}
    </section>
  );
}
