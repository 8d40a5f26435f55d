/**
 * The deadline's notice at the top of every form page (its own chunk, DeadlineNotice loads it): before the deadline
 * how long is left, updating, and the moment in the college's zone and the applicant's own; after it, the passed
 * state (Submit is no longer offered, the answers stay readable, whom to contact), unless staff reopened Submit for
 * this applicant: then until when. A Submit the server refused for the deadline shows the passed state too.
 */
import { useEffect, useRef, useState } from 'react';
import { DEADLINE_PASSED } from '../../kernel/deadline/messages';
import { DEADLINE_PASSED_CODE } from '../../kernel/messages';
import { PARTNER } from '../../kernel/partner';
import { readCollegeTimeZone } from '../../kernel/time';
import { Banner } from '../../components/Banner';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { momentIn, momentText, ownTimeZone, readApplicationDeadline, timeLeftText } from './countdown';
import { useGetDeadlineQuery } from './deadlineApi';

/** The countdown's words change each minute; a tick a second keeps them (and the moment of closing) exact. */
const TICK_MS = 1_000;

/** Now, every TICK_MS until `until` (then it stops: nothing changes after it). */
function useNow(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  const running = until !== null && now < until;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * `announce`: it passed while the applicant was here (role=alert). `focus`: the server refused the Submit just
 * pressed, whose button is now gone: the applicant lands on why. (A deadline passing by the clock never moves the
 * focus of someone typing.)
 */
function Passed({ closesAt, announce, focus }: { closesAt: number | null; announce: boolean; focus: boolean }) {
  const notice = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) notice.current?.focus();
  }, [focus]);
  const closed =
    closesAt === null
      ? ''
      : ` Applications closed on ${momentText(momentIn(closesAt, readCollegeTimeZone(), ownTimeZone()))}.`;
  return (
    <section ref={notice} tabIndex={-1} aria-labelledby="deadline-passed-title" className="shell-banner">
      <div role={announce ? 'alert' : undefined}>
        <p>
          <strong id="deadline-passed-title">The application deadline has passed</strong>
        </p>
        <p>
          {DEADLINE_PASSED}
          {closed}
        </p>
        <p>Your answers are kept, and you can still read them on these pages.</p>
        <p>
          If you think you should still be able to submit, contact the {PARTNER.department}: call{' '}
          <a href={`tel:${PARTNER.phone.replace(/[^0-9+]/g, '')}`}>{PARTNER.phone}</a> or visit the{' '}
          <a href={PARTNER.links.admission}>admission website</a>.
        </p>
      </div>
    </section>
  );
}

/** The countdown's action when Submit closes by this page's clock: it carries the deadline's code (deadlineSlice.ts). */
const passedHere = () => ({ type: 'deadline/passedHere', payload: { code: DEADLINE_PASSED_CODE } });

export default function DeadlineStatus() {
  const dispatch = useAppDispatch();
  // APPLICATION_DEADLINE from the page (null: none here, but the server refused a Submit for one).
  const [closesAt] = useState(() => readApplicationDeadline());
  const closedInStore = useAppSelector((s) => s.deadline !== null);
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  // Whether staff reopened Submit for this applicant: asked again each time the form pages open.
  const reopening = useGetDeadlineQuery(undefined, { skip: !isLoggedIn, refetchOnMountOrArgChange: true });
  // Until the answer comes, this page does not know when Submit closes for a logged-in applicant.
  const known = !isLoggedIn || reopening.isSuccess || reopening.isError;
  const reopenedUntil = reopening.data?.reopenedUntil ? Date.parse(reopening.data.reopenedUntil) : null;
  const end = closesAt === null ? null : Math.max(closesAt, reopenedUntil ?? closesAt);
  const now = useNow(known ? end : null);
  const closedHere = end !== null && known && now >= end;
  const passed = closedInStore || closedHere;
  // Whether the applicant saw Submit open here: passing after that is announced; passed on arrival, shown quietly.
  const [sawOpen, setSawOpen] = useState(false);
  if (!passed && known && end !== null && !sawOpen) setSawOpen(true);

  useEffect(() => {
    if (closedHere && !closedInStore) dispatch(passedHere());
  }, [dispatch, closedHere, closedInStore]);

  if (passed) {
    // Closed in the store while this page's clock says open: the server refused a Submit.
    const refused = !closedHere;
    return <Passed closesAt={closesAt} announce={sawOpen || refused} focus={refused} />;
  }
  if (end === null || !known) return null;
  const zone = readCollegeTimeZone();
  const left = timeLeftText(end - now);
  if (end !== closesAt) {
    return (
      <Banner label="Submit reopened for you" title={`${left} left to submit your application.`}>
        {now >= closesAt! ? 'The application deadline has passed, but the' : 'The'} admission office reopened Submit for
        you until {momentText(momentIn(end, zone, ownTimeZone()))}.
      </Banner>
    );
  }
  return (
    <Banner label="Time left to submit" title={`${left} left to submit your application.`}>
      The deadline is {momentText(momentIn(end, zone, ownTimeZone()))}.
    </Banner>
  );
}
