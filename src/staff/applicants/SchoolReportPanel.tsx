/**
 * The applicant page's school report panel (docs/staff.md, "School report"): the checklist, the current request,
 * the requests before it, the waiver as recorded, and the counselor as the applicant answered beside the request's
 * own address when they differ. Staff with school-report-manage change the counselor (a corrected address is a
 * resend), cancel, mark the report received by other means or not needed (a note required), and keep the checklist.
 * A chunk of its own, loaded with the applicant.
 */
import { useRef, useState, type FormEvent } from 'react';
import { SCHOOL_REPORT_MESSAGES } from '../../kernel/schoolReport/messages';
import { DONE_STATES, SCHOOL_REPORT_STATE_LABELS, STAFF_NOTE_MAX_CHARS } from '../../kernel/schoolReport/rules';
import type { SchoolReportRequestT } from '../../kernel/schoolReport/contract';
import { can } from '../../kernel/staff/roles';
import { errorMessage } from '../api';
import { useMe } from '../me';
import { useCollegeTime } from '../time';
import { ErrorMessage, Field, StatusMessage, TextField, focusFirstInvalid } from '../ui';
import {
  useAddChecklistItemMutation,
  useCancelRequestMutation,
  useChangeCounselorMutation,
  useChecklistItemDoneMutation,
  useLazyRecommendationQuery,
  useMarkSchoolReportMutation,
  useSchoolReportQuery,
  type SchoolReportPanelData,
} from './schoolReportEndpoints';

type Time = (iso: string) => string;

const fullName = (c: { first_name: string; last_name: string }) => `${c.first_name} ${c.last_name}`.trim();
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The outcome of the last action, shown (and announced) under the panel's heading. */
interface Outcome {
  message?: string;
  error?: string;
}

function When({ at, time }: { at: string | null; time: Time }) {
  return at ? <time dateTime={at}>{time(at)}</time> : <>—</>;
}

function RequestFacts({ request, time }: { request: SchoolReportRequestT; time: Time }) {
  return (
    <dl className="staff-facts">
      <div>
        <dt>Counselor</dt>
        <dd>
          {fullName(request.counselor) || 'Not named'} {request.counselor.email && `<${request.counselor.email}>`}
        </dd>
      </div>
      <div>
        <dt>State</dt>
        <dd>
          {SCHOOL_REPORT_STATE_LABELS[request.state]}
          {request.received_via === 'other_means' && ' (by other means)'} since{' '}
          <When at={request.state_at} time={time} />
        </dd>
      </div>
      <div>
        <dt>Requested</dt>
        <dd>
          <When at={request.requested_at} time={time} />
        </dd>
      </div>
      <div>
        <dt>Next reminder</dt>
        <dd>{request.next_reminder_at ? <When at={request.next_reminder_at} time={time} /> : 'None'}</dd>
      </div>
      <div>
        <dt>Reminders sent</dt>
        <dd>{request.reminders_sent}</dd>
      </div>
      {request.decline_reason && (
        <div>
          <dt>Reason the counselor declined</dt>
          <dd>{request.decline_reason}</dd>
        </div>
      )}
      {request.staff_note && (
        <div>
          <dt>Staff note</dt>
          <dd>{request.staff_note}</dd>
        </div>
      )}
    </dl>
  );
}

function Checklist({
  id,
  data,
  time,
  mayManage,
  onOutcome,
}: {
  id: string;
  data: SchoolReportPanelData;
  time: Time;
  mayManage: boolean;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [markDone, done] = useChecklistItemDoneMutation();
  const itemIds = new Map(data.items.map((item) => [`item-${item.id}`, item.id]));
  return (
    <>
      <h3>Checklist</h3>
      <ul className="staff-checklist">
        {data.status.checklist.map((item) => {
          const itemId = itemIds.get(item.key);
          return (
            <li key={item.key}>
              {item.label}: {item.status}
              {item.at && (
                <>
                  {' '}
                  (<When at={item.at} time={time} />)
                </>
              )}
              {mayManage && itemId && !item.done && (
                <button
                  type="button"
                  className="staff-button"
                  aria-label={`Mark done: ${item.label}`}
                  disabled={done.isLoading}
                  onClick={async () => {
                    const result = await markDone({ id, itemId });
                    onOutcome(
                      result.error ? { error: errorMessage(result.error) } : { message: `${item.label}: marked done.` },
                    );
                  }}
                >
                  Mark done
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p>{data.status.complete ? 'The application is complete.' : 'The application is not complete yet.'}</p>
    </>
  );
}

function Waiver({ data, time }: { data: SchoolReportPanelData; time: Time }) {
  const waiver = data.status.waiver;
  return (
    <>
      <h3>Waiver</h3>
      {!waiver ? (
        <p>No waiver recorded yet.</p>
      ) : (
        <dl className="staff-facts">
          <div>
            <dt>Choice</dt>
            <dd>
              {waiver.choice === 'Y' ? 'Waived the right to see the recommendation' : 'Did not waive'}
              {waiver.revoked_at && ' (revoked)'}
            </dd>
          </div>
          <div>
            <dt>Text shown (version {waiver.version})</dt>
            <dd>
              <blockquote>{waiver.text}</blockquote>
            </dd>
          </div>
          <div>
            <dt>Recorded</dt>
            <dd>
              <When at={waiver.recorded_at} time={time} />
            </dd>
          </div>
          {waiver.revoked_at && (
            <div>
              <dt>Revoked</dt>
              <dd>
                <When at={waiver.revoked_at} time={time} />: <q>{waiver.revocation_text}</q>
              </dd>
            </div>
          )}
        </dl>
      )}
    </>
  );
}

function TypedRecommendation({ id }: { id: string }) {
  const [read, recommendation] = useLazyRecommendationQuery();
  return (
    <div>
      <button type="button" className="staff-button" onClick={() => void read(id)} disabled={recommendation.isFetching}>
        Read the typed recommendation
      </button>
      {recommendation.isError && <ErrorMessage message={errorMessage(recommendation.error)} />}
      {recommendation.data && (
        <>
          <p>
            {recommendation.data.waived === true
              ? 'Arrived while the applicant’s waiver was in force.'
              : recommendation.data.waived === false
                ? 'Arrived without a waiver in force: the applicant may see it.'
                : ''}
          </p>
          <blockquote className="staff-recommendation">{recommendation.data.text}</blockquote>
        </>
      )}
    </div>
  );
}

function ChangeCounselor({
  id,
  data,
  onOutcome,
}: {
  id: string;
  data: SchoolReportPanelData;
  onOutcome: (o: Outcome) => void;
}) {
  const start = data.status.request?.counselor ?? data.answered;
  const [change, changing] = useChangeCounselorMutation();
  const [cancel, cancelling] = useCancelRequestMutation();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const counselor = {
      first_name: String(form.get('first_name') ?? ''),
      last_name: String(form.get('last_name') ?? ''),
      email: String(form.get('email') ?? ''),
    };
    const result = await change({ id, counselor });
    onOutcome(result.error ? { error: errorMessage(result.error) } : { message: result.data.message });
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby="change-counselor-heading">
      <h4 id="change-counselor-heading">Change the counselor or resend</h4>
      <p className="staff-hint">
        A corrected address sends the request again; the old link stops working. The applicant’s answers stay as they
        submitted them.
      </p>
      <div className="staff-row">
        <TextField
          id="counselor-first"
          name="first_name"
          label="First name"
          defaultValue={start.first_name}
          required
          maxLength={100}
        />
        <TextField
          id="counselor-last"
          name="last_name"
          label="Last name"
          defaultValue={start.last_name}
          required
          maxLength={100}
        />
        <TextField
          id="counselor-email"
          name="email"
          type="email"
          label="Email"
          defaultValue={start.email}
          required
          maxLength={254}
        />
      </div>
      <div className="staff-row">
        <button type="submit" className="staff-button staff-button-primary" disabled={changing.isLoading}>
          Send the request
        </button>
        {data.status.request &&
          ['requested', 'reminded', 'overdue', 'declined', 'bounced'].includes(data.status.request.state) && (
            <button
              type="button"
              className="staff-button"
              disabled={cancelling.isLoading}
              onClick={async () => {
                const result = await cancel({ id });
                onOutcome(result.error ? { error: errorMessage(result.error) } : { message: result.data.message });
              }}
            >
              Cancel the request
            </button>
          )}
      </div>
    </form>
  );
}

function MarkReport({ id, onOutcome }: { id: string; onOutcome: (o: Outcome) => void }) {
  const [mark, marking] = useMarkSchoolReportMutation();
  const [noteError, setNoteError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    if (!note) {
      setNoteError(SCHOOL_REPORT_MESSAGES.noteRequired);
      focusFirstInvalid(formRef.current);
      return;
    }
    setNoteError(undefined);
    const value = form.get('mark') === 'waived' ? 'waived' : 'received_other_means';
    const result = await mark({ id, mark: value, note });
    onOutcome(result.error ? { error: errorMessage(result.error) } : { message: result.data.message });
  };
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} aria-labelledby="mark-heading" noValidate>
      <h4 id="mark-heading">Mark the school report</h4>
      <fieldset className="staff-fieldset">
        <legend>Mark it</legend>
        <label>
          <input type="radio" name="mark" value="received_other_means" defaultChecked /> Received by other means (a
          transcript that came by post)
        </label>
        <label>
          <input type="radio" name="mark" value="waived" /> Not needed for this applicant (waived)
        </label>
      </fieldset>
      <Field id="mark-note" label="Note (required)" error={noteError}>
        {(aria) => <textarea {...aria} name="note" className="staff-input" rows={3} maxLength={STAFF_NOTE_MAX_CHARS} />}
      </Field>
      <button type="submit" className="staff-button staff-button-primary" disabled={marking.isLoading}>
        Mark the school report
      </button>
    </form>
  );
}

function AddItem({ id, onOutcome }: { id: string; onOutcome: (o: Outcome) => void }) {
  const [add, adding] = useAddChecklistItemMutation();
  const [labelError, setLabelError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const label = String(new FormData(target).get('label') ?? '').trim();
    if (!label) {
      setLabelError('Please say what is needed.');
      focusFirstInvalid(formRef.current);
      return;
    }
    setLabelError(undefined);
    const result = await add({ id, label });
    if (!result.error) target.reset();
    onOutcome(result.error ? { error: errorMessage(result.error) } : { message: `${label}: added to the checklist.` });
  };
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} aria-labelledby="add-item-heading" noValidate>
      <h4 id="add-item-heading">Add a needed item</h4>
      <TextField
        id="item-label"
        name="label"
        label="What is needed"
        hint="For example: Official SAT scores"
        error={labelError}
        maxLength={200}
      />
      <button type="submit" className="staff-button" disabled={adding.isLoading}>
        Add to the checklist
      </button>
    </form>
  );
}

export default function SchoolReportPanel({ id }: { id: string }) {
  const report = useSchoolReportQuery(id);
  const { time } = useCollegeTime();
  const role = useMe().role;
  const mayManage = can(role, 'school-report-manage');
  const mayOpen = can(role, 'documents-download');
  const [outcome, setOutcome] = useState<Outcome>({});
  const data = report.currentData;
  const request = data?.status.request ?? null;
  const earlier = data ? data.history.filter((r) => r.id !== request?.id) : [];
  const finished = Boolean(request && DONE_STATES.includes(request.state));
  return (
    <section aria-labelledby="school-report-heading" className="staff-panel">
      <h2 id="school-report-heading">School report</h2>
      <StatusMessage message={outcome.message} />
      <div role="status">{outcome.error && <ErrorMessage message={outcome.error} />}</div>
      {report.isError ? (
        <ErrorMessage message={errorMessage(report.error)} />
      ) : !data ? (
        <p role="status">Loading the school report…</p>
      ) : (
        <>
          <Checklist id={id} data={data} time={time} mayManage={mayManage} onOutcome={setOutcome} />
          <h3>Current request</h3>
          {request ? <RequestFacts request={request} time={time} /> : <p>Not requested yet.</p>}
          {request && !sameAddress(request.counselor.email, data.answered.email) && (
            <p>
              The applicant answered: {fullName(data.answered) || 'no name'}{' '}
              {data.answered.email ? `<${data.answered.email}>` : '(no email)'}. The request goes to the address above.
            </p>
          )}
          {data.hasRecommendationText && mayOpen && <TypedRecommendation id={id} />}
          <Waiver data={data} time={time} />
          {earlier.length > 0 && (
            <>
              <h3>Earlier requests</h3>
              <ol className="staff-history">
                {earlier.map((r) => (
                  <li key={r.id}>
                    {fullName(r.counselor)} {r.counselor.email && `<${r.counselor.email}>`}:{' '}
                    {SCHOOL_REPORT_STATE_LABELS[r.state]} (<When at={r.state_at} time={time} />
                    ), requested <When at={r.requested_at} time={time} />
                    {r.decline_reason && `; declined: ${r.decline_reason}`}
                  </li>
                ))}
              </ol>
            </>
          )}
          {mayManage && (
            <>
              <h3>Actions</h3>
              {/* A report received or not needed is finished: nothing to resend, cancel or mark (the service says so). */}
              {!finished && (
                <>
                  <ChangeCounselor key={request?.id ?? 'none'} id={id} data={data} onOutcome={setOutcome} />
                  <MarkReport id={id} onOutcome={setOutcome} />
                </>
              )}
              <AddItem id={id} onOutcome={setOutcome} />
            </>
          )}
        </>
      )}
    </section>
  );
}
