/**
 * Staff roles and what each may do: the one home of the rule. The server checks a route's role against it
 * (server/src/staff/plugin.ts), and the console shows the same table to staff (and docs/staff.md copies it).
 */
export const STAFF_ROLES = ['reader', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** An admin is a reader who may also do more: a role allows what every role before it allows. */
const RANK: Record<StaffRole, number> = { reader: 0, admin: 1 };

export const roleAllows = (role: StaffRole, needed: StaffRole) => RANK[role] >= RANK[needed];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** Who may do what, in the words staff read (the console's "Roles" page). */
export const ROLE_CAPABILITIES: readonly { capability: string; role: StaffRole }[] = [
  { capability: 'Sign in to the staff console', role: 'reader' },
  { capability: 'Read applications, their documents and PDF copies', role: 'reader' },
  { capability: 'Search and filter applicants', role: 'reader' },
  { capability: 'Export applications for the student-information system', role: 'admin' },
  { capability: 'Add and remove staff, and change their roles', role: 'admin' },
  { capability: 'Read and download the audit log', role: 'admin' },
];
