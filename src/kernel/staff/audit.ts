/**
 * What the audit log records (server/src/staff/audit/): one action name per kind of read or change. The console's
 * filter offers the same list.
 */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'enrolled',
  'recovery-code-used',
  'access-refused',
  'staff-added',
  'staff-removed',
  'staff-role-changed',
  'staff-sso-reset',
  'staff-listed',
  'audit-read',
  'audit-downloaded',
  'applicant-opened',
  'document-opened',
  'document-original-downloaded',
  'pdf-downloaded',
  'applicants-listed',
  'search',
  'export',
  'service-token-minted',
  'service-token-used',
  'service-token-revoked',
  'public-link-minted',
  'public-link-revoked',
  'admin-api',
  'backup',
  'demo-seeded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
