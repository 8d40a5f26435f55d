import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../shared/hooks';

/** The idle timer (react-idle-timer) is downloaded only by applicants who are logged in: visitors never need it. */
const InactivityWatcher = lazy(() =>
  import(/* webpackChunkName: "inactivity" */ './InactivityWatcher').then((m) => ({ default: m.InactivityWatcher })),
);

/** Watches for inactivity while, and only while, the applicant is logged in (SPEC §4). */
export function InactivityGuard() {
  const isLoggedIn = useAppSelector((s) => s.session.is_logged_in);
  if (!isLoggedIn) return null;
  return (
    <Suspense fallback={null}>
      <InactivityWatcher />
    </Suspense>
  );
}
