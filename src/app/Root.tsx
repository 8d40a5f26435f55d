import { Outlet } from 'react-router-dom';
import { RouteGuards } from './RouteGuards';
import { PageVisitReporter } from './PageVisitReporter';

/** The root route: guards and reporters around whichever layout the route uses. */
export function Root() {
  return (
    <>
      <RouteGuards />
      <PageVisitReporter />
      <Outlet />
    </>
  );
}
