import { useState } from 'react';
import { formatCollegeTime, readCollegeTimeZone } from '../../kernel/time';
import { SCHOOL_REPORT_MESSAGES as M } from '../../kernel/schoolReport/messages';
import type { SchoolReportRequestT, SchoolReportStatusT } from '../../kernel/schoolReport/contract';
import { SCHOOL_REPORT_MAIL_LABELS, SCHOOL_REPORT_STATE_LABELS, WAITING_STATES } from '../../kernel/schoolReport/rules';
import {
  useCancelSchoolReportMutation,
  useChangeCounselorMutation,
  useGetSchoolReportQuery,
  useRemindCounselorMutation,
  useRequestSchoolReportMutation,
  useRevokeWaiverMutation,
} from './schoolReportApi';
import { CounselorForm } from './CounselorForm';
import { failureMessage } from '../notifications';
import './schoolReport.css';

type Notice = { ok: boolean; text: string } | null;
type Run = (call: () => Promise<{ message: string }>) => Promise<void>;

const MAIL_STATUS = { sent: 'Sent', bounced: 'Bounced', failed: 'Not delivered' } as const;

/**
 * The status page's body (the completion page, SPEC: a submitted applicant is always sent there): submitted is not
 * complete until the checklist is; the counselor's school report with its state, date and what the applicant can
 * do; the waiver and its revocation (FERPA); the mails about the request, with their dates. Times are the
 * college's, its zone named.
 */
export function SchoolReportStatus({ ownEmail }: { ownEmail: string }) {
  const { data, isError, refetch } = useGetSchoolReportQuery();
  const [notice, setNotice] = useState<Notice>(null);
  const zone = readCollegeTimeZone();
  const when = (iso: string | null | undefined) => (iso ? formatCollegeTime(iso, zone) : '');

  const run: Run = async (call) => {
    try {
      setNotice({ ok: true, text: (await call()).message });
    } catch (error) {
      setNotice({ ok: false, text: failureMessage(error) });
    }
  };

  if (isError) {
    return (
      <section className="school-report" aria-labelledby="status-heading">
        <h2 id="status-heading">Your application’s status</h2>
        <p role="alert">We could not load your application’s status.</p>
        <button type="button" className="shell-btn" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!data) return <p className="school-report-loading">Loading your application’s status…</p>;

  return (
    <section className="school-report" aria-labelledby="status-heading">
      <h2 id="status-heading">Your application’s status</h2>
      <p className={`school-report-summary ${data.complete ? 'is-complete' : ''}`}>
        {data.complete ? (
          <>
            <strong>Complete.</strong> We have everything we need and will review your application.
          </>
        ) : (
          <>
            <strong>Submitted, not yet complete.</strong> Your application is submitted; we review it once the checklist
            below is complete.
          </>
        )}
      </p>
      {data.submitted_at && <p>Submitted on {when(data.submitted_at)}.</p>}
      <div
        className={notice?.ok === false ? 'school-report-notice is-error' : 'school-report-notice'}
        aria-live="polite"
      >
        {notice && <p role={notice.ok ? 'status' : 'alert'}>{notice.text}</p>}
      </div>

      <h3>Checklist</h3>
      <ul className="school-report-checklist">
        {data.checklist.map((item) => (
          <li key={item.key} className={item.done ? 'is-done' : ''}>
            <span aria-hidden="true">{item.done ? '✓' : '○'}</span> <strong>{item.label}</strong>: {item.status}
            {item.at && <span className="school-report-date"> ({when(item.at)})</span>}
          </li>
        ))}
      </ul>

      <CounselorRequest status={data} ownEmail={ownEmail} run={run} when={when} />
      <Waiver status={data} run={run} when={when} />

      {data.mails.length > 0 && (
        <>
          <h3>Emails about your school report</h3>
          <ul className="school-report-mails">
            {data.mails.map((mail, index) => (
              <li key={`${mail.at}-${index}`}>
                <span className="school-report-date">{when(mail.at)}</span>: {SCHOOL_REPORT_MAIL_LABELS[mail.kind]} (
                {mail.to}): {MAIL_STATUS[mail.status]}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CounselorRequest({
  status,
  ownEmail,
  run,
  when,
}: {
  status: SchoolReportStatusT;
  ownEmail: string;
  run: Run;
  when: (iso: string | null) => string;
}) {
  const [requestNow, asking] = useRequestSchoolReportMutation();
  const [remind, reminding] = useRemindCounselorMutation();
  const [change, changing] = useChangeCounselorMutation();
  const [cancel, cancelling] = useCancelSchoolReportMutation();
  const [mode, setMode] = useState<'view' | 'change' | 'confirm-cancel'>('view');
  const request: SchoolReportRequestT | null = status.request;
  const waiting = request ? WAITING_STATES.includes(request.state) : false;
  const failed = request?.state === 'declined' || request?.state === 'bounced';
  const needsCounselor = !request || request.state === 'cancelled' || failed;

  const changeForm = (label: string, initial = request?.counselor) => (
    <CounselorForm
      initial={initial}
      ownEmail={ownEmail}
      submitLabel={label}
      busy={changing.isLoading}
      onCancel={waiting ? () => setMode('view') : undefined}
      onSubmit={(counselor) =>
        void run(async () => {
          const result = await change(counselor).unwrap();
          setMode('view');
          return result;
        })
      }
    />
  );

  return (
    <>
      <h3>Your counselor’s school report</h3>
      {request && request.state !== 'cancelled' && (
        <p>
          {request.counselor.first_name} {request.counselor.last_name} ({request.counselor.email}):{' '}
          <strong>{SCHOOL_REPORT_STATE_LABELS[request.state]}</strong> on {when(request.state_at)}.
        </p>
      )}
      {request?.state === 'declined' && request.decline_reason && (
        <p>
          Your counselor said: <q>{request.decline_reason}</q> Name another counselor below.
        </p>
      )}
      {request?.state === 'bounced' && (
        <p>
          Our email to {request.counselor.email} could not be delivered. Correct the address or name another counselor.
        </p>
      )}
      {request?.state === 'received' && request.received_via === 'other_means' && (
        <p>The admission office received it by other means.</p>
      )}
      {waiting && request && (
        <>
          <p>
            We asked them on {when(request.requested_at)}.{' '}
            {request.next_reminder_at
              ? `We will remind them automatically on ${when(request.next_reminder_at)}.`
              : 'We have sent all our automatic reminders.'}
          </p>
          {mode === 'view' && (
            <div className="school-report-actions">
              {request.manual_reminder_available ? (
                <button
                  type="button"
                  className="shell-btn"
                  disabled={reminding.isLoading}
                  onClick={() => void run(() => remind().unwrap())}
                >
                  Send a reminder
                </button>
              ) : (
                // Kept in place, disabled, so the applicant sees why there is no second one.
                <>
                  <button type="button" className="shell-btn" disabled aria-describedby="reminder-used">
                    Send a reminder
                  </button>
                  <p id="reminder-used">{M.reminderUsed}</p>
                </>
              )}
              <button type="button" className="shell-btn" onClick={() => setMode('change')}>
                Change counselor or email
              </button>
              <button type="button" className="shell-btn" onClick={() => setMode('confirm-cancel')}>
                Cancel the request
              </button>
            </div>
          )}
          {mode === 'change' && changeForm('Send the request to this counselor')}
          {mode === 'confirm-cancel' && (
            <div className="school-report-actions" role="group" aria-label="Cancel the request?">
              <p>Cancel the request? Your counselor’s link will stop working at once.</p>
              <button
                type="button"
                className="shell-btn"
                disabled={cancelling.isLoading}
                onClick={() =>
                  void run(async () => {
                    const result = await cancel().unwrap();
                    setMode('view');
                    return result;
                  })
                }
              >
                Yes, cancel it
              </button>
              <button type="button" className="shell-btn" onClick={() => setMode('view')}>
                No, keep it
              </button>
            </div>
          )}
        </>
      )}
      {needsCounselor && status.can_request && (
        <div className="school-report-actions">
          <p>Your application names your counselor. We can email them to ask for your school report.</p>
          <button
            type="button"
            className="shell-btn"
            disabled={asking.isLoading}
            onClick={() => void run(() => requestNow().unwrap())}
          >
            Ask your counselor
          </button>
        </div>
      )}
      {needsCounselor && (
        <>
          <p>{failed ? 'Who should we ask instead?' : 'You can also name a counselor here.'}</p>
          {changeForm('Send the request', request?.state === 'bounced' ? request.counselor : undefined)}
        </>
      )}
    </>
  );
}

function Waiver({
  status,
  run,
  when,
}: {
  status: SchoolReportStatusT;
  run: Run;
  when: (iso: string | null) => string;
}) {
  const [revoke, revoking] = useRevokeWaiverMutation();
  const [confirming, setConfirming] = useState(false);
  const waiver = status.waiver;
  if (!waiver) return null;
  return (
    <>
      <h3>Your right to see the recommendation</h3>
      <p>
        You answered on {when(waiver.recorded_at)}: <q>{waiver.text}</q>
      </p>
      {waiver.revoked_at && (
        <p>
          You revoked your waiver on {when(waiver.revoked_at)}: <q>{waiver.revocation_text}</q> It counts for
          recommendations that arrive after that date.
        </p>
      )}
      {waiver.choice === 'Y' && !waiver.revoked_at && !confirming && (
        <button type="button" className="shell-btn" onClick={() => setConfirming(true)}>
          Revoke my waiver
        </button>
      )}
      {confirming && (
        <div className="school-report-actions" role="group" aria-label="Revoke your waiver?">
          <p>
            Revoke your waiver? You will have the right to see recommendations that arrive from now on (not ones already
            received). This cannot be undone here.
          </p>
          <button
            type="button"
            className="shell-btn"
            disabled={revoking.isLoading}
            onClick={() =>
              void run(async () => {
                const result = await revoke().unwrap();
                setConfirming(false);
                return result;
              })
            }
          >
            Yes, revoke my waiver
          </button>
          <button type="button" className="shell-btn" onClick={() => setConfirming(false)}>
            No, keep it
          </button>
        </div>
      )}
    </>
  );
}
