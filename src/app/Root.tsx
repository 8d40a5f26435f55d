import { Outlet } from 'react-router-dom';
import { RouteGuards } from './RouteGuards';
import { PageVisitReporter } from './PageVisitReporter';
import { PageChangeFocus } from './PageChangeFocus';
import { ServiceStatus } from '../features/serviceStatus';
import { useShellReplaced, useShellShowing } from './shellHandover';

/** Shown for the instant before the start-up loader has run, unless the pre-rendered shell is still showing. */
export function StartupFallback() {
  return useShellShowing() ? null : <p role="status">Loading…</p>;
}

/**
 * The root route: guards and reporters around whichever layout the route uses, and the operator's notice above it
 * (every applicant page, from one place).
 */
export function Root() {
  // The first commit of the routes replaces the pre-rendered shell (its markup is this very screen).
  useShellReplaced();
  return (
    <>
      <RouteGuards />
      <PageVisitReporter />
      <PageChangeFocus />
      <ServiceStatus />
      <Outlet />
    </>
  );
}
