import { can, PERMISSIONS, ROLES, rolesWith, STAFF_PERMISSIONS, STAFF_ROLES, type StaffPermission } from './roles';

/** What each role may do, as docs/staff.md's table says: a new role is a new line here. */
const EXPECTED: Record<string, readonly StaffPermission[]> = {
  reader: ['console', 'applicants-search', 'applicants-read', 'documents-download'],
  admin: STAFF_PERMISSIONS,
};

test.each(STAFF_ROLES)('%s holds what docs/staff.md says, and nothing else', (role) => {
  expect(STAFF_PERMISSIONS.filter((permission) => can(role, permission))).toEqual(EXPECTED[role]);
});

test('every role is listed here, may use the console, and names only permissions that exist', () => {
  expect(Object.keys(EXPECTED).sort()).toEqual([...STAFF_ROLES].sort());
  for (const role of STAFF_ROLES) {
    expect(can(role, 'console')).toBe(true);
    for (const permission of ROLES[role].permissions) expect(Object.hasOwn(PERMISSIONS, permission)).toBe(true);
  }
});

test('only admins change the counselor’s request, mark the school report and keep the checklist', () => {
  expect(rolesWith('school-report-manage')).toEqual(['admin']);
});

test('only admins reopen an applicant’s Submit after the deadline', () => {
  expect(rolesWith('deadline-reopen')).toEqual(['admin']);
  expect(can('reader', 'deadline-reopen')).toBe(false);
});

test('someone may always manage staff, and a role this code does not define may do nothing', () => {
  expect(rolesWith('staff-manage').length).toBeGreaterThan(0);
  expect(STAFF_PERMISSIONS.some((permission) => can('owner', permission))).toBe(false);
});
