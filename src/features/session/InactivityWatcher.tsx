import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_EVENTS, useIdleTimer, type EventsType, type ITimers } from 'react-idle-timer';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { logoutRequested } from '../../shared/events';
import { selectWorkPending } from '../../shared/workPending';
import { preloadDialog } from '../../components/Dialog';
import { InactivityWarning } from './InactivityWarning';
import { readInactivityConfig } from './inactivityConfig';

/** Shared by every tab of the app: activity in one counts for all (crossTab). */
export const INACTIVITY_CHANNEL = 'admission-inactivity';
/** How often a tab tells the others it saw activity (react-idle-timer syncTimers, ms). */
const SYNC_TIMERS_MS = 200;

/**
 * What counts as activity: the library's list with keyup in place of keydown. A key press is still activity, but
 * the timers' reset and the other tabs' message (every other keystroke) run after the typed character is painted
 * instead of before it (figures: bench/HISTORY.md).
 */
const ACTIVITY_EVENTS: EventsType[] = DEFAULT_EVENTS.map((type) => (type === 'keydown' ? 'keyup' : type));

/**
 * The window's timers, looked up on each call. react-idle-timer keeps a reference to the timers it found at
 * import; these follow whatever the window has now (jest's fake timers too). Its Web Worker timers are not used:
 * they start from a blob: URL, which the CSP (script-src 'self') forbids.
 */
const WINDOW_TIMERS: ITimers = {
  setTimeout: (fn, delay) => window.setTimeout(fn, delay),
  clearTimeout: (id) => window.clearTimeout(id),
  setInterval: (fn, delay) => window.setInterval(fn, delay),
  clearInterval: (id) => window.clearInterval(id),
};

/**
 * Logs an idle applicant out (SPEC §4). Enabled only while logged in: after the configured idle time minus the
 * warning time, 'Still working?' asks; with no answer, the idle timer logs out with reason 'inactivity' (the
 * listener shows the inactivity message on /login). If the device slept (timers do not run), the first sign of
 * life after more than the timeout since the last activity (the tab shown again, the window focused) logs out
 * the same way. Activity in any tab of the app resets every tab's timer.
 *
 * Work the applicant is waiting on (selectWorkPending: a save, an upload or conversion, a Submit) counts as
 * activity: while it lasts the clock is reset every half of the time to the warning (so no warning shows over a
 * Submit at work, and no logout cuts it), in every tab, as a key press would, and when it ends the normal clock
 * starts again from then. A warning or logout due meanwhile is kept back; after work too short for a beat (the
 * autosave's one call), it comes at the work's end, as it would have. Activity rather than the library's pause: a
 * pause is sent to the other tabs too, and a tab closed in the middle of an upload would leave them paused for good.
 */
export function InactivityWatcher() {
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  const dispatch = useAppDispatch();
  const { timeoutMs, warningMs } = useMemo(() => readInactivityConfig(), []);
  /** The warning is due: shown, or kept back because it came while work was pending (shown once it is over). */
  const [prompted, setPrompted] = useState<false | 'shown' | 'kept'>(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const workPending = useAppSelector(selectWorkPending);
  /** Read by the timer's callbacks, which the library keeps from the first render. */
  const pendingRef = useRef(workPending);
  /** Set once a logout was asked for, so the idle timer and the wake-up check do not both ask. */
  const loggingOut = useRef(false);

  const requestLogout = useCallback(
    (reason: 'user' | 'inactivity') => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      dispatch(logoutRequested({ reason }));
    },
    [dispatch],
  );
  const logOut = useCallback(
    (reason: 'user' | 'inactivity') => {
      setPrompted(false);
      requestLogout(reason);
    },
    [requestLogout],
  );

  const { activate, getLastActiveTime, getRemainingTime, isIdle } = useIdleTimer({
    timeout: timeoutMs,
    promptBeforeIdle: warningMs,
    // A warning due while work is pending shows only once the work is over (`open` below), unless the work's next
    // beat starts the clock afresh first; a logout due meanwhile waits for the work's end (below).
    onPrompt: () => {
      setSecondsLeft(Math.ceil(warningMs / 1000));
      setPrompted(pendingRef.current ? 'kept' : 'shown');
    },
    onActive: () => setPrompted(false),
    onIdle: () => {
      if (!pendingRef.current) logOut('inactivity');
    },
    disabled: !isLoggedIn,
    events: ACTIVITY_EVENTS,
    crossTab: true,
    syncTimers: SYNC_TIMERS_MS,
    name: INACTIVITY_CHANNEL,
    timers: WINDOW_TIMERS,
  });

  // Pending work (above): a beat every half of the time to the warning while it lasts. When it ends: work that lasted
  // a beat counts as activity, and the clock starts afresh; shorter work (the autosave's one call) leaves the clock as
  // it was, and what fell due meanwhile comes now: the warning kept back (`open`), or the logout.
  const beaten = useRef(false);
  useEffect(() => {
    pendingRef.current = workPending;
    if (!isLoggedIn) return;
    if (!workPending) {
      if (beaten.current) activate();
      else if (isIdle()) requestLogout('inactivity');
      beaten.current = false;
      return;
    }
    const beat = window.setInterval(
      () => {
        beaten.current = true;
        activate(); // also closes a warning that came before the work
      },
      Math.max(500, Math.floor((timeoutMs - warningMs) / 2)),
    );
    return () => window.clearInterval(beat);
  }, [isLoggedIn, workPending, activate, isIdle, requestLogout, timeoutMs, warningMs]);

  // A new login (after a logout in this same layout) starts a new watch.
  useEffect(() => {
    if (isLoggedIn) loggingOut.current = false;
  }, [isLoggedIn]);

  // Have the modal ready before it is needed (the warning should show even if the network is gone by then), but
  // not while the page loads: antd (~70 KB) would compete with the page itself on a slow phone. The first touch,
  // click or key press starts the download. Without one, the warning loads it when due, and if that fails the
  // native fallback dialog shows instead (components/Dialog).
  useEffect(() => {
    if (!isLoggedIn) return;
    const events = ['pointerdown', 'keydown'] as const;
    const load = () => {
      for (const type of events) window.removeEventListener(type, load, true);
      void preloadDialog().catch(() => undefined);
    };
    for (const type of events) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, load, true);
    };
  }, [isLoggedIn]);

  // The device slept or the tab was frozen: timers did not run, so check the clock when the applicant is back.
  useEffect(() => {
    if (!isLoggedIn) return;
    const check = () => {
      if (document.visibilityState === 'hidden' || pendingRef.current) return;
      const lastActive = getLastActiveTime();
      if (lastActive && Date.now() - lastActive.getTime() > timeoutMs) logOut('inactivity');
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [isLoggedIn, getLastActiveTime, timeoutMs, logOut]);

  // The countdown in the warning.
  const open = isLoggedIn && (prompted === 'shown' || (prompted === 'kept' && !workPending));
  useEffect(() => {
    if (!open) return;
    const tick = window.setInterval(() => setSecondsLeft(Math.ceil(getRemainingTime() / 1000)), 1000);
    return () => window.clearInterval(tick);
  }, [open, getRemainingTime]);

  return (
    <InactivityWarning
      open={open}
      secondsLeft={secondsLeft}
      onStay={() => {
        setPrompted(false);
        activate();
      }}
      onLogOut={() => logOut('user')}
    />
  );
}
