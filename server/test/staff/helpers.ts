import { totpCode } from '../../../testing/totp';
import { cookieHeader, json, outboxFor, PASSWORD, type TestApp } from '../helpers';
import type { StaffRole } from '../../../src/kernel/staff/roles';

export const STAFF_PASSWORD = PASSWORD;

/** The code an authenticator app shows (testing/totp.ts), for the staff tests that import it from here. */
export { totpCode };

/** The enrolment link mailed to `email` (the newest). */
export function enrolToken(t: TestApp, email: string): string {
  const match = outboxFor(t.config, email)
    .at(-1)
    ?.match(/(http\S+\/staff\/enrol\?token=\S+)/);
  if (!match) throw new Error(`no enrolment link mailed to ${email}`);
  return new URL(match[1]).searchParams.get('token')!;
}

export interface EnrolledStaff {
  email: string;
  secret: string;
  recoveryCodes: string[];
  /** The Cookie header of the session enrolment started. */
  cookie: string;
}

/** Adds a staff account as the CLI does, enrols it from the mailed link, and returns its key and session. */
export async function newStaff(t: TestApp, email: string, role: StaffRole): Promise<EnrolledStaff> {
  await t.app.staff.accounts.add({ email, role }, { actor: 'cli' });
  return enrol(t, email);
}

export async function enrol(t: TestApp, email: string): Promise<EnrolledStaff> {
  const token = enrolToken(t, email);
  const start = await t.app.inject({ method: 'POST', url: '/staff/api/enrol/start', ...json({ token }) });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json();
  const finish = await t.app.inject({
    method: 'POST',
    url: '/staff/api/enrol/finish',
    ...json({ token, password: STAFF_PASSWORD, confirm_password: STAFF_PASSWORD, code: totpCode(secret) }),
  });
  expect(finish.statusCode).toBe(200);
  return { email, secret, recoveryCodes: finish.json().recoveryCodes, cookie: cookieHeader(finish) };
}

/** Signs in with the password and the authenticator's next code (the current one was used by enrolment). */
export async function staffSignIn(
  t: TestApp,
  staff: Pick<EnrolledStaff, 'email' | 'secret'>,
  offsetSteps = 1,
  code = totpCode(staff.secret, offsetSteps),
) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/api/sign-in',
    ...json({ email: staff.email, password: STAFF_PASSWORD, code }),
  });
}

/** Request options for a staff call: the staff cookie, and JSON on state-changing calls. */
export function asStaff(cookie: string, payload?: unknown) {
  return {
    headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
}

/** The audit log's rows, oldest first. */
export async function auditRows(t: TestApp) {
  const { rows } = await t.app.db.query<{ id: string; actor: string; action: string; target: string; detail: string }>(
    'SELECT id::text AS id, actor, action, target, detail FROM audit_log ORDER BY audit_log.id',
  );
  return rows;
}
