/**
 * The signed-in console: who is signed in (email, role) and Sign out in the header, the menu of the pages the role
 * has, and the page. Nobody signed in (401 from /me) → the sign-in page, which returns to this page's address (a
 * link opened signed out lands where it pointed). A page the role does not allow is still
 * reachable by its address: the server refuses its calls (403, written to the audit log) and the page says so.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { can, roleName, type StaffPermission } from '../kernel/staff/roles';
import { STAFF_PATHS } from '../kernel/staff/paths';
import { STAFF_MESSAGES } from '../kernel/staff/messages';
import { staffApi, useMeQuery, useSignOutMutation, errorMessage, type StaffApiError } from './api';
import { useAppDispatch } from './hooks';
import { signInPath } from './signInPath';
import { StaffHeader } from './StaffRoot';
import { ErrorMessage } from './ui';

/** The menu: each page with the permission its calls need. */
export const STAFF_PAGES: readonly { to: string; label: string; permission: StaffPermission }[] = [
  { to: STAFF_PATHS.home, label: 'Home', permission: 'console' },
  { to: STAFF_PATHS.applicants, label: 'Applicants', permission: 'applicants-search' },
  { to: STAFF_PATHS.accounts, label: 'Staff accounts', permission: 'staff-manage' },
  { to: STAFF_PATHS.audit, label: 'Audit log', permission: 'audit-read' },
  { to: STAFF_PATHS.roles, label: 'Roles', permission: 'console' },
];

export default function StaffLayout() {
  const me = useMeQuery();
  const [signOut, signingOut] = useSignOutMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  // Signing out on purpose: /me answering 401 meanwhile (the layout may still be mounted while the sign-in page
  // loads) must not replace "You have been signed out." with "your session has ended".
  const [leaving, setLeaving] = useState(false);

  if (!leaving && me.isError && (me.error as StaffApiError).status === 401) {
    return (
      <Navigate
        to={signInPath(`${location.pathname}${location.search}`)}
        replace
        state={{ message: STAFF_MESSAGES.notSignedIn }}
      />
    );
  }

  const onSignOut = async () => {
    setLeaving(true);
    const result = await signOut();
    if ('error' in result) {
      setLeaving(false);
      return;
    }
    await navigate(STAFF_PATHS.signIn, { replace: true, state: { message: result.data.message } });
    // Nothing the console read stays in memory after sign-out (reset once this layout, which asks for /me, is gone).
    dispatch(staffApi.util.resetApiState());
  };

  const user = me.data;
  return (
    <>
      <header className="staff-header">
        <StaffHeader>
          {user && (
            <div className="staff-who">
              <span>
                Signed in as <strong>{user.email}</strong> ({roleName(user.role)})
              </span>
              <Button onClick={onSignOut} loading={signingOut.isLoading}>
                Sign out
              </Button>
            </div>
          )}
        </StaffHeader>
        {user && (
          <nav className="staff-nav" aria-label="Staff console">
            <ul>
              {STAFF_PAGES.filter((page) => can(user.role, page.permission)).map((page) => (
                <li key={page.to}>
                  <NavLink to={page.to} end={page.to === STAFF_PATHS.home}>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1} className="staff-main">
        {signingOut.isError && <ErrorMessage message={errorMessage(signingOut.error)} />}
        {user ? (
          <Outlet context={user} />
        ) : me.isError ? (
          <>
            <h1>Staff console</h1>
            <ErrorMessage message={errorMessage(me.error)} />
            <Button onClick={() => void me.refetch()}>Try again</Button>
          </>
        ) : (
          <p role="status">Loading…</p>
        )}
      </main>
    </>
  );
}
