import { lazy, Suspense } from 'react';

/**
 * Its own chunk, asked for by the layout's first render (after the page has painted): the first download, nearly
 * at its budget, carries only these lines.
 */
const ServiceStatusPoller = lazy(() => import(/* webpackChunkName: "service-status" */ './ServiceStatusPoller'));

/** The operator's notice and the maintenance message, at the top of the page; nothing while there is neither. */
export function ServiceStatus() {
  return (
    <Suspense>
      <ServiceStatusPoller />
    </Suspense>
  );
}
