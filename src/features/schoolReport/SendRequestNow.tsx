import { useState } from 'react';
import { shallowEqual } from 'react-redux';
import { counselorFromAnswers } from '../../kernel/schoolReport/counselor';
import { SCHOOL_REPORT_STATE_LABELS } from '../../kernel/schoolReport/rules';
import { formatCollegeTime, readCollegeTimeZone } from '../../kernel/time';
import { useAppSelector } from '../../shared/hooks';
import { useGetSchoolReportQuery, useRequestSchoolReportMutation } from './schoolReportApi';
import { failureMessage } from '../notifications';
import './schoolReport.css';

/** The answers the request is made from (Your Academics' counselor, Final Steps' waiver). */
const KEYS = ['counselor_first_name', 'counselor_last_name', 'counselor_email_address', 'counselor_waiver_request'];

/**
 * "Send the request now", under the waiver question: the counselor may start before the application is submitted.
 * The request is made from the saved answers, so the button waits until they are saved (a few seconds after
 * typing) and says why it waits. Once a request exists it says when it went and its state.
 */
export default function SendRequestNow() {
  // Only these four answers: a keystroke in another question (the personal statement) renders nothing here.
  const values = useAppSelector((s) => KEYS.map((key) => s.answers.values[key]), shallowEqual);
  const unsaved = useAppSelector((s) => s.sync.dirty.some((key) => KEYS.includes(key)) || s.sync.status === 'saving');
  const own = useAppSelector((s) => s.session.username) ?? '';
  // Only an applicant's own session may ask: a visitor trying the form, or a service user, sees nothing here.
  const applicant = useAppSelector((s) => s.session.is_logged_in && !s.session.is_service_user);
  const { data } = useGetSchoolReportQuery(undefined, { skip: !applicant });
  const [requestNow, { isLoading }] = useRequestSchoolReportMutation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const checked = counselorFromAnswers(Object.fromEntries(KEYS.map((key, i) => [key, values[i]])), own);
  const blocker = !checked.ok ? checked.message : unsaved ? 'Saving your answers first…' : null;
  const request = data?.request;
  const sent = request && request.state !== 'cancelled';

  async function send() {
    try {
      setNotice({ ok: true, text: (await requestNow().unwrap()).message });
    } catch (error) {
      setNotice({ ok: false, text: failureMessage(error) });
    }
  }

  if (!applicant) return null;
  return (
    <div className="school-report-now">
      <h3>Your counselor’s school report</h3>
      {sent ? (
        <p>
          We asked {request.counselor.first_name} {request.counselor.last_name} on{' '}
          {formatCollegeTime(request.requested_at, readCollegeTimeZone())}:{' '}
          <strong>{SCHOOL_REPORT_STATE_LABELS[request.state]}</strong>. After you submit, your status page shows what
          has arrived.
        </p>
      ) : (
        <>
          <p id="send-now-hint">
            We email your counselor when you submit. You can send the request now, so they can start sooner.
          </p>
          <button
            type="button"
            className="shell-btn"
            aria-describedby="send-now-hint send-now-blocker"
            aria-disabled={Boolean(blocker) || isLoading || undefined}
            onClick={() => {
              if (!blocker && !isLoading) void send();
            }}
          >
            Send the request now
          </button>
          {blocker && (
            <p id="send-now-blocker" className="school-report-date">
              {blocker}
            </p>
          )}
        </>
      )}
      <div aria-live="polite">{notice && <p role={notice.ok ? 'status' : 'alert'}>{notice.text}</p>}</div>
    </div>
  );
}
