/**
 * The request while it waits: the documents to send, then a review of what will go and Submit; or Decline with a
 * reason. Three steps on one page (edit, review, decline); moving between them puts the focus on the step's heading.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CounselorViewT } from '../kernel/counselor/contract';
import { COUNSELOR_MESSAGES } from '../kernel/counselor/messages';
import { DECLINE_REASON_MAX_CHARS } from '../kernel/schoolReport/rules';
import { errorMessage, useDeclineMutation, useSubmitMutation } from './api';
import { DocumentField, FILE_HINT, isConverting } from './DocumentField';
import { RecommendationField, useSaveDraft, type RecommendationDraft } from './RecommendationField';
import { charCount } from './format';
import { Alert, CharCount } from './ui';

type Step = 'edit' | 'review' | 'decline';

/** The page's own: the server's schema refuses a longer reason before its code sees it. */
const REASON_TOO_LONG = 'Your reason is too long.';

/** What the review lists for each document: its file's name, the typed text, or that nothing goes. */
function whatGoes(view: CounselorViewT, kind: string): string {
  const doc = view.documents.find((d) => d.kind === kind)!;
  if (doc.status === 'completed' && doc.file_name) return doc.file_name;
  if (kind === 'recommendation' && view.recommendation_text.trim() !== '') {
    return `Typed in this page (${charCount(view.recommendation_text).toLocaleString('en-US')} characters)`;
  }
  return 'Nothing';
}

export function ReportForm({
  view,
  refetch,
  onSubmitted,
  onDeclined,
}: {
  view: CounselorViewT;
  refetch: () => void;
  onSubmitted: (message: string) => void;
  onDeclined: (message: string) => void;
}) {
  const id = useId();
  const [step, setStep] = useState<Step>('edit');
  const [error, setError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const recommendation = view.documents.find((d) => d.kind === 'recommendation')!;
  const [draft, setDraft] = useState<RecommendationDraft>(() => ({
    way: recommendation.status === 'not_answered' && view.recommendation_text !== '' ? 'text' : 'file',
    text: view.recommendation_text,
  }));
  const [saveDraft, saving] = useSaveDraft(view.recommendation_text);
  const [submit, { isLoading: submitting }] = useSubmitMutation();
  const [decline, { isLoading: declining }] = useDeclineMutation();
  const [reason, setReason] = useState('');

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);
  const go = (next: Step) => {
    moved.current = true;
    setError(undefined);
    setStep(next);
  };

  /** The page's own check before the server's (which checks again): the transcript is there, nothing converting. */
  function problem(): string | undefined {
    const transcript = view.documents.find((d) => d.kind === 'transcript')!;
    if (view.documents.some((d) => isConverting(d.status))) return COUNSELOR_MESSAGES.stillConverting;
    if (transcript.status !== 'completed') return COUNSELOR_MESSAGES.transcriptRequired;
    return undefined;
  }

  async function toReview() {
    const refused = problem();
    if (refused) return setError(refused);
    if (draft.way === 'text') {
      const saved = await saveDraft(draft.text);
      if (saved.error) return setError(saved.error);
    }
    go('review');
  }

  async function onSubmit() {
    const refused = problem();
    if (refused) return setError(refused);
    try {
      onSubmitted((await submit().unwrap()).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  async function onDecline() {
    if (reason.trim() === '') return setError(COUNSELOR_MESSAGES.declineReasonRequired);
    if (charCount(reason) > DECLINE_REASON_MAX_CHARS) return setError(REASON_TOO_LONG);
    try {
      onDeclined((await decline(reason.trim()).unwrap()).message);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  if (step === 'review') {
    return (
      <section aria-labelledby={`${id}-review`}>
        <h2 id={`${id}-review`} ref={heading} tabIndex={-1}>
          Review what you will send
        </h2>
        <dl className="c-list">
          {view.documents.map((doc) => (
            <div key={doc.kind}>
              <dt>{doc.label}</dt>
              <dd>{whatGoes(view, doc.kind)}</dd>
            </div>
          ))}
        </dl>
        <p>Once you submit, you can look at what you sent for 24 hours, but not change it.</p>
        <Alert message={error} />
        <div className="c-actions">
          <button type="button" className="c-button" onClick={onSubmit} disabled={submitting}>
            Submit the school report
          </button>
          <button type="button" className="c-button c-button-secondary" onClick={() => go('edit')}>
            Back to make changes
          </button>
        </div>
      </section>
    );
  }

  if (step === 'decline') {
    return (
      <section aria-labelledby={`${id}-decline`}>
        <h2 id={`${id}-decline`} ref={heading} tabIndex={-1}>
          Decline this request
        </h2>
        <p>We will tell the student you declined, with your reason, so they can ask someone else.</p>
        <div className="c-field">
          <label htmlFor={`${id}-reason`}>Why are you declining? (required)</label>
          <textarea
            id={`${id}-reason`}
            rows={5}
            value={reason}
            aria-describedby={`${id}-reason-count ${id}-reason-error`}
            aria-invalid={error ? true : undefined}
            aria-required="true"
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <CharCount id={`${id}-reason-count`} text={reason} max={DECLINE_REASON_MAX_CHARS} />
        </div>
        <Alert id={`${id}-reason-error`} message={error} />
        <div className="c-actions">
          <button type="button" className="c-button c-button-danger" onClick={onDecline} disabled={declining}>
            Send my decline
          </button>
          <button type="button" className="c-button c-button-secondary" onClick={() => go('edit')}>
            Back
          </button>
        </div>
      </section>
    );
  }

  return (
    <>
      <section aria-labelledby={`${id}-documents`}>
        <h2 id={`${id}-documents`} ref={heading} tabIndex={-1}>
          Send the school report
        </h2>
        <p>
          Upload the transcript; the school profile and a recommendation are optional. {FILE_HINT} Each file is saved as
          soon as you choose it: you can leave this page and come back with the same link.
        </p>
        {view.documents
          .filter((doc) => doc.kind !== 'recommendation')
          .map((doc) => (
            <DocumentField key={doc.kind} doc={doc} onChanged={refetch} />
          ))}
        <RecommendationField
          doc={recommendation}
          saved={view.recommendation_text}
          draft={draft}
          onDraft={setDraft}
          onChanged={refetch}
        />
        <Alert message={error} />
        <div className="c-actions">
          <button type="button" className="c-button" onClick={toReview} disabled={saving}>
            Review and submit
          </button>
        </div>
      </section>
      <section aria-labelledby={`${id}-cannot`} className="c-decline">
        <h2 id={`${id}-cannot`}>Can’t send a school report?</h2>
        <p>You can decline this request. We will tell the student, with your reason.</p>
        <button type="button" className="c-button c-button-secondary" onClick={() => go('decline')}>
          Decline this request
        </button>
      </section>
    </>
  );
}
