/**
 * The applicant page's application deadline (docs/staff.md, "The application deadline"): when Submit closes for
 * everyone, and whether it is reopened for this applicant, until when and by whom. Staff with deadline-reopen
 * (admins) reopen it until a date and time in the college's zone, or withdraw the reopening; both are in the audit
 * log. A chunk of its own, loaded only when the server has a deadline.
 */
import { useRef, useState, type FormEvent } from 'react';
import { can } from '../../kernel/staff/roles';
import { errorMessage } from '../api';
import { useMe } from '../me';
import { useCollegeTime } from '../time';
import { ErrorMessage, StatusMessage, TextField, focusFirstInvalid } from '../ui';
import { useReopenSubmitMutation, useWithdrawReopeningMutation, type ApplicantDetail } from './endpoints';

type Deadline = NonNullable<ApplicantDetail['deadline']>;

interface Outcome {
  message?: string;
  error?: string;
}

export default function DeadlinePanel({ id, deadline }: { id: string; deadline: Deadline }) {
  const { zone, time } = useCollegeTime();
  const mayReopen = can(useMe().role, 'deadline-reopen');
  const [now] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<Outcome>({});
  const [untilError, setUntilError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const [reopen, reopening] = useReopenSubmitMutation();
  const [withdraw, withdrawing] = useWithdrawReopeningMutation();
  const { closesAt, graceMinutes, reopening: reopened } = deadline;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const until = String(new FormData(event.currentTarget).get('until') ?? '');
    if (!until) {
      setUntilError('Choose the date and time Submit stays open until.');
      focusFirstInvalid(formRef.current);
      return;
    }
    setUntilError(undefined);
    const result = await reopen({ id, until });
    setOutcome(result.error ? { error: errorMessage(result.error) } : { message: result.data.message });
  };

  return (
    <section aria-labelledby="deadline-heading" className="staff-panel">
      <h2 id="deadline-heading">Application deadline</h2>
      <StatusMessage message={outcome.message} />
      <div role="status">{outcome.error && <ErrorMessage message={outcome.error} />}</div>
      <dl className="staff-facts">
        <div>
          <dt>Submit closes</dt>
          <dd>
            <time dateTime={closesAt}>{time(closesAt)}</time>
            {graceMinutes > 0 && ` (submits still taken for ${graceMinutes} minutes after)`}
          </dd>
        </div>
        <div>
          <dt>For this applicant</dt>
          <dd>
            {reopened ? (
              <>
                Reopened until <time dateTime={reopened.until}>{time(reopened.until)}</time> by {reopened.by} (
                <time dateTime={reopened.at}>{time(reopened.at)}</time>)
              </>
            ) : Date.parse(closesAt) <= now ? (
              'Closed'
            ) : (
              'Open until the deadline'
            )}
          </dd>
        </div>
      </dl>
      {mayReopen && (
        <>
          <form ref={formRef} onSubmit={(event) => void submit(event)} aria-labelledby="reopen-heading" noValidate>
            <h3 id="reopen-heading">{reopened ? 'Change until when Submit is reopened' : 'Reopen Submit'}</h3>
            <TextField
              id="reopen-until"
              name="until"
              type="datetime-local"
              label="Open until"
              hint={`A date and time in the college’s time zone (${zone}), after the deadline.`}
              error={untilError}
            />
            <button type="submit" className="staff-button" disabled={reopening.isLoading}>
              Reopen Submit for this applicant
            </button>
          </form>
          {reopened && (
            <button
              type="button"
              className="staff-button"
              disabled={withdrawing.isLoading}
              onClick={async () => {
                const result = await withdraw({ id });
                setOutcome(result.error ? { error: errorMessage(result.error) } : { message: result.data.message });
              }}
            >
              Withdraw the reopening
            </button>
          )}
        </>
      )}
    </section>
  );
}
