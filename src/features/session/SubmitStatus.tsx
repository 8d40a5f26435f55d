import { useAppSelector } from '../../shared/hooks';
import { SUBMIT_STATE } from '../../kernel/submit';

/**
 * What a Submit at work is doing, by the Submit button: announced politely (a status, never an error dialog), and
 * empty while none is, so the live region is in place before its first words.
 */
export function SubmitStatus() {
  const phase = useAppSelector((s) => s.session.submit);
  return (
    <p className="submit-status" role="status" aria-live="polite" data-state={phase}>
      {phase === 'idle' ? null : SUBMIT_STATE[phase]}
    </p>
  );
}
