/**
 * The console's routes under /staff. Every page is a lazy chunk of its own (webpackChunkName "staff-page-…"), and
 * so is the signed-in layout ("staff-layout"): the sign-in page's first download carries neither the menu nor a
 * table. scripts/bundle-budget.json names the chunks the budget counts.
 */
import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router-dom';
import { STAFF_PATHS } from '../kernel/staff/paths';
import { STAFF_MESSAGES } from '../kernel/staff/messages';
import { whenSessionEnds } from './api';
import { signInPath } from './signInPath';
import { Loading, PlainLayout, StaffErrorScreen, StaffRoot } from './StaffRoot';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const staffRoutes: RouteObject[] = [
  {
    path: STAFF_PATHS.home,
    element: <StaffRoot />,
    errorElement: <StaffErrorScreen />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        element: <PlainLayout />,
        children: [
          {
            path: STAFF_PATHS.signIn,
            lazy: page(() => import(/* webpackChunkName: "staff-page-sign-in" */ './signIn/SignInPage')),
          },
          {
            path: STAFF_PATHS.enrol,
            lazy: page(() => import(/* webpackChunkName: "staff-page-enrol" */ './enrol/EnrolPage')),
          },
        ],
      },
      {
        lazy: page(() => import(/* webpackChunkName: "staff-layout" */ './StaffLayout')),
        children: [
          { index: true, lazy: page(() => import(/* webpackChunkName: "staff-page-home" */ './home/HomePage')) },
          {
            path: STAFF_PATHS.applicants,
            lazy: page(() => import(/* webpackChunkName: "staff-page-applicants" */ './applicants/ApplicantsPage')),
          },
          {
            path: `${STAFF_PATHS.applicants}/:id`,
            lazy: page(() => import(/* webpackChunkName: "staff-page-applicant" */ './applicants/ApplicantPage')),
          },
          {
            path: STAFF_PATHS.accounts,
            lazy: page(() => import(/* webpackChunkName: "staff-page-accounts" */ './accounts/AccountsPage')),
          },
          {
            path: STAFF_PATHS.audit,
            lazy: page(() => import(/* webpackChunkName: "staff-page-audit" */ './audit/AuditPage')),
          },
          {
            path: STAFF_PATHS.roles,
            lazy: page(() => import(/* webpackChunkName: "staff-page-roles" */ './roles/RolesPage')),
          },
          { path: '*', lazy: page(() => import(/* webpackChunkName: "staff-page-home" */ './home/NotFoundPage')) },
        ],
      },
    ],
  },
  // staff.html is served for /staff/* only; anything else the router meets goes to the console's home.
  { path: '*', element: <Navigate to={STAFF_PATHS.home} replace /> },
];

/**
 * The console's router. A call that finds the session gone (401) comes to the sign-in page, which says so and
 * returns to the page the staff member was on once they sign in again. Tests
 * pass initialEntries for a memory router.
 */
export function createStaffRouter(options: { initialEntries?: string[] } = {}) {
  const router = options.initialEntries
    ? createMemoryRouter(staffRoutes, { initialEntries: options.initialEntries })
    : createBrowserRouter(staffRoutes);
  whenSessionEnds(() => {
    const { pathname, search } = router.state.location;
    if (pathname === STAFF_PATHS.signIn) return;
    void router.navigate(signInPath(`${pathname}${search}`), {
      replace: true,
      state: { message: STAFF_MESSAGES.notSignedIn },
    });
  });
  return router;
}

export type StaffRouter = ReturnType<typeof createStaffRouter>;
