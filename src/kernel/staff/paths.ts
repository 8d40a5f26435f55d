/** The staff console's addresses: its pages (served the staff entry, webpack's "staff") and its API. */
export const STAFF_API = '/staff/api';

export const STAFF_PATHS = {
  home: '/staff',
  signIn: '/staff/sign-in',
  enrol: '/staff/enrol',
  accounts: '/staff/accounts',
  applicants: '/staff/applicants',
  audit: '/staff/audit',
  roles: '/staff/roles',
} as const;

/** One applicant's page in the console. */
export const staffApplicantPath = (id: string) => `${STAFF_PATHS.applicants}/${id}`;

/**
 * Where to go after signing in, from a ?returnTo= the console or a signed-out link gave: a console page only (a path
 * under /staff, never its API, never another origin: `//host` and `/\\host` are refused), else the console's home.
 */
export function safeStaffReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return STAFF_PATHS.home;
  if (!/^\/staff(?:[/?#]|$)/.test(value) || /[\\\s]/.test(value) || value.startsWith(STAFF_API)) {
    return STAFF_PATHS.home;
  }
  if (value.startsWith(STAFF_PATHS.signIn) || value.startsWith(STAFF_PATHS.enrol)) return STAFF_PATHS.home;
  return value;
}
