/**
 * Staff permissions and roles: the one home of the rule. A staff route declares the permission it needs
 * (server/src/staff/plugin.ts); a role is a named set of permissions. Everything else reads this module: the gate,
 * the accounts service (which roles may manage staff), the admin API and the CLI (through the accounts service and
 * server/src/staff/index.ts), the staff_roles table (filled from ROLES at boot, server/src/staff/roles.ts), and the
 * console (its menu, home and Roles page). docs/staff.md copies the table for readers of the docs.
 *
 * To add a role, add an entry to ROLES (and its column to docs/staff.md): nothing else names roles.
 */

/** What a staff route may need, in the words staff read (each is a row of the console's Roles page). */
export const PERMISSIONS = {
  console: 'Sign in to the staff console',
  'applicants-search': 'Search and filter applicants',
  'applicants-read': 'Read applications',
  'documents-download': 'Open their documents and download PDF copies',
  'school-report-manage': 'Change or cancel the counselor’s request, mark the school report, keep the checklist',
  'deadline-reopen': 'Reopen one applicant’s Submit after the application deadline',
  export: 'Export applications for the student-information system',
  'staff-manage': 'Add and remove staff, and change their roles',
  'audit-read': 'Read and download the audit log',
} as const;
export type StaffPermission = keyof typeof PERMISSIONS;
export const STAFF_PERMISSIONS = Object.keys(PERMISSIONS) as StaffPermission[];

interface RoleDefinition {
  /** As the console shows it. */
  name: string;
  /** Every role has `console`: without it, a member could sign in and then reach nothing. */
  permissions: readonly StaffPermission[];
}

/** The roles, in the order the console lists them. A role's key is what staff_accounts.role holds. */
export const ROLES = {
  reader: {
    name: 'Reader',
    permissions: ['console', 'applicants-search', 'applicants-read', 'documents-download'],
  },
  admin: { name: 'Admin', permissions: STAFF_PERMISSIONS },
} as const satisfies Record<string, RoleDefinition>;
export type StaffRole = keyof typeof ROLES;
export const STAFF_ROLES = Object.keys(ROLES) as StaffRole[];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && Object.hasOwn(ROLES, value);

/** Whether `role` holds `permission`. An unknown role (a value this code no longer defines) holds none. */
export const can = (role: string, permission: StaffPermission): boolean =>
  isStaffRole(role) && (ROLES[role].permissions as readonly StaffPermission[]).includes(permission);

export const roleName = (role: string): string => (isStaffRole(role) ? ROLES[role].name : role);

/** The roles that hold `permission` (the accounts service keeps at least one member who may manage staff). */
export const rolesWith = (permission: StaffPermission): StaffRole[] =>
  STAFF_ROLES.filter((role) => can(role, permission));
