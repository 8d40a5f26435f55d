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
