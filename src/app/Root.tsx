import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteGuards } from './RouteGuards';
import { PageVisitReporter } from './PageVisitReporter';
import { useAppSelector } from './hooks';
import { hasShell, removeShell } from '../shell/removeShell';

/** Shown for the instant before the start-up loader has run, unless the pre-rendered shell is still showing. */
export function StartupFallback() {
  return hasShell() ? null : <p role="status">Loading…</p>;
}

/** The root route: guards and reporters around whichever layout the route uses. */
export function Root() {
  // The first commit of the routes replaces the pre-rendered shell (its markup is this very screen). The staff
  // view's shell is its review of the answers, which the app shows only once they have arrived: the review
  // replaces it then (features/review/StaffReview.tsx).
  const isServiceUser = useAppSelector((s) => s.session.is_service_user);
  useLayoutEffect(() => {
    if (!isServiceUser) removeShell();
  }, [isServiceUser]);
  return (
    <>
      <RouteGuards />
      <PageVisitReporter />
      <Outlet />
    </>
  );
}
