import { lazy, Suspense, useEffect } from 'react';
import { addListener } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../../app/store';
import { SERVICE_STATUS_POLL_MS } from '../../kernel/serviceStatus/rules';
import { connectionRestored } from '../../shared/events';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';
import { serviceStatusApi } from './serviceStatusApi';

/** Its own chunk again: loaded only when there is something to show. */
const ServiceNotice = lazy(() => import(/* webpackChunkName: "service-notice" */ './ServiceNotice'));

const { getServiceStatus } = serviceStatusApi.endpoints;
const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/**
 * Asks the server for the operator's notice and maintenance mode once a minute (SERVICE_STATUS_POLL_MS) and when the
 * tab is shown again (a new minute starts from each answer), and shows them. Maintenance also shows while the outbox
 * holds answers the server refused for it (sync status 'held', which a reload keeps), before the next answer says
 * so; an answer saying it is over sends them at once (connectionRestored), once per answer, so never in a loop.
 */
export default function ServiceStatusPoller() {
  const dispatch = useAppDispatch();
  // Staff reading the print view are not applicants: nothing to ask or show.
  const skip = useAppSelector((state) => state.session.is_service_user);
  const { data, refetch } = getServiceStatus.useQuery(undefined, { pollingInterval: SERVICE_STATUS_POLL_MS, skip });
  const held = useAppSelector((state) => state.sync.status === 'held');

  useEffect(() => {
    if (skip) return;
    const shown = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, [refetch, skip]);

  useEffect(
    () =>
      dispatch(
        addAppListener({
          matcher: getServiceStatus.matchFulfilled,
          effect: (action, { dispatch: send, getState }) => {
            if (!action.payload.maintenance && getState().sync.status === 'held') send(connectionRestored());
          },
        }),
      ),
    [dispatch],
  );

  const notice = data?.notice ?? null;
  const maintenance = data?.maintenance === true || held;
  if (skip || (notice === null && !maintenance)) return null;
  return (
    <Suspense fallback={null}>
      <ServiceNotice notice={notice} maintenance={maintenance} />
    </Suspense>
  );
}
