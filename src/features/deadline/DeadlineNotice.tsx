import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../shared/hooks';

/** The countdown and the passed state: a chunk of its own, fetched only where a deadline is set (or Submit refused). */
const DeadlineStatus = lazy(() => import(/* webpackChunkName: "deadline" */ './DeadlineStatus'));

/**
 * The form pages' deadline notice (FormLayout): nothing at all unless the page's app-config names a deadline (the
 * chunk reads it: readApplicationDeadline) or the server refused a Submit for one.
 */
export function DeadlineNotice() {
  const closed = useAppSelector((s) => s.deadline !== null);
  return closed || globalThis.document?.querySelector('[content*=deadline]') ? (
    <Suspense fallback={null}>
      <DeadlineStatus />
    </Suspense>
  ) : null;
}

/** Whether the bottom bar offers 'Submit Application': not once the deadline passed, unless reopened for them. */
export const useSubmitOffered = () => useAppSelector((s) => s.deadline === null);
