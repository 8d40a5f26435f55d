/** The console's home: who is signed in, what their role allows, and the pages it has. */
import { Link } from 'react-router-dom';
import { can, PERMISSIONS, roleName, STAFF_PERMISSIONS } from '../../kernel/staff/roles';
import { STAFF_PATHS } from '../../kernel/staff/paths';
import { useMe } from '../me';
import { usePageTitle } from '../ui';

const PAGES = [
  {
    to: STAFF_PATHS.applicants,
    label: 'Applicants',
    about: 'search, filter and read applications, their documents and PDF copies',
    permission: 'applicants-search',
  },
  {
    to: STAFF_PATHS.accounts,
    label: 'Staff accounts',
    about: 'add and remove staff, and change their roles',
    permission: 'staff-manage',
  },
  { to: STAFF_PATHS.audit, label: 'Audit log', about: 'who read or changed what, and when', permission: 'audit-read' },
  { to: STAFF_PATHS.roles, label: 'Roles', about: 'what each role may do', permission: 'console' },
] as const;

export default function HomePage() {
  usePageTitle('Home');
  const me = useMe();
  return (
    <>
      <h1>Welcome, {me.email}</h1>
      <p>
        You are signed in as <strong>{roleName(me.role)}</strong>
        {me.via === 'sso' ? ' with your college account' : ''}.
      </p>
      <p className="staff-lead">
        <Link className="staff-button staff-button-primary" to={STAFF_PATHS.applicants}>
          Find and read applications
        </Link>
      </p>
      <div className="staff-panel">
        <h2>Your role allows you to</h2>
        <ul>
          {STAFF_PERMISSIONS.filter((permission) => can(me.role, permission)).map((permission) => (
            <li key={permission}>{PERMISSIONS[permission]}</li>
          ))}
        </ul>
      </div>
      <div className="staff-panel">
        <h2>Your pages</h2>
        <ul>
          {PAGES.filter((page) => can(me.role, page.permission)).map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>: {page.about}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
